"""Small widgets for the menus and the table: text, buttons, toggles and left/right selectors.

Colours come from :mod:`rummy.ui.palette`; :func:`paint_button` is the one look of a button
on every screen (the table's buttons paint themselves with it too).

Widgets get their rectangle and font from the scene's layout (re-run on every resize);
``handle(event)`` returns True when the widget used the event. They read positions from
``event.pos`` only, so posted events in tests behave like a real mouse. ``draw`` changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rummy.ui.palette import (
    BUTTON,
    BUTTON_EDGE,
    BUTTON_EDGE_OFF,
    BUTTON_HOVER,
    BUTTON_INK_OFF,
    BUTTON_OFF,
    DIM,
    GOLD,
    INK,
    PANEL,
    RED,
    SELECTED,
    Color,
)


def draw_text(surface: pygame.Surface, font: pygame.font.Font, text: str,
              pos: tuple[int, int], color: Color = INK,
              anchor: str = "topleft") -> pygame.Rect:
    """Blit one line of text with its rectangle's ``anchor`` (a pygame.Rect attribute) at
    ``pos``; returns the rectangle it took."""
    image = font.render(text, True, color)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    return rect


def wrap(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Break ``text`` into lines no wider than ``width`` (blank lines are kept)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = paragraph.split(" ")
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width or not line:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def ellipsize(font: pygame.font.Font, text: str, width: int) -> str:
    """``text`` cut with "…" so that it fits in ``width`` pixels."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text + "…"


def paint_button(surface: pygame.Surface, rect: pygame.Rect, label: pygame.Surface, *,
                 enabled: bool = True, hover: bool = False) -> None:
    """A button as every screen draws it: rounded, edged, its label (already rendered in
    :data:`~rummy.ui.palette.INK`, or ``BUTTON_INK_OFF`` when disabled) centred."""
    if enabled:
        fill, edge = (BUTTON_HOVER if hover else BUTTON), BUTTON_EDGE
    else:
        fill, edge = BUTTON_OFF, BUTTON_EDGE_OFF
    pygame.draw.rect(surface, fill, rect, border_radius=8)
    pygame.draw.rect(surface, edge, rect, width=1, border_radius=8)
    surface.blit(label, label.get_rect(center=rect.center))


class Widget:
    """A rectangle on screen that may react to the mouse."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.font: pygame.font.Font | None = None
        self.hover = False
        self.enabled = True

    def place(self, rect: pygame.Rect, font: pygame.font.Font) -> None:
        self.rect = pygame.Rect(rect)
        self.font = font

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError


class Button(Widget):
    """Fires ``on_click`` when pressed and released inside it with the left button."""

    def __init__(self, text: str, on_click: Callable[[], None], *, enabled: bool = True) -> None:
        super().__init__()
        self.text = text
        self.on_click = on_click
        self.enabled = enabled
        self._pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self._pressed = self.rect.collidepoint(event.pos)
            return self._pressed
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            fire = self._pressed and self.rect.collidepoint(event.pos)
            self._pressed = False
            if fire:
                self.on_click()
            return fire
        return False

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        text = ellipsize(self.font, self.text, self.rect.width - 12)
        label = self.font.render(text, True, INK if self.enabled else BUTTON_INK_OFF)
        paint_button(surface, self.rect, label, enabled=self.enabled, hover=self.hover)


class Selector(Widget):
    """``label   < value >``: the arrows (or a click on the value) step through ``values``.

    A two-valued boolean selector is a toggle: a click anywhere on it flips it.
    ``refused(value)`` says why a value cannot be chosen now ("" when it can): stepping
    skips those values, and a refused current value is drawn in red.
    """

    def __init__(self, label: str, values: Sequence[Any], value: Any,
                 on_change: Callable[[Any], None],
                 show: Callable[[Any], str] = str, help_text: str = "",
                 refused: Callable[[Any], str] | None = None) -> None:
        super().__init__()
        self.label = label
        self.help = " ".join(help_text.split())
        """One line saying what the control does."""
        self.values = list(values)
        self.index = self.values.index(value) if value in self.values else 0
        self.on_change = on_change
        self.show = show
        self.refused = refused or (lambda value: "")
        self.left = pygame.Rect(0, 0, 0, 0)
        self.right = pygame.Rect(0, 0, 0, 0)
        self.value_share: float | None = None
        """Part of the width the value takes; None: a quarter to a third. Either way it
        grows, as far as the label leaves room, to show the longest value whole."""

    @property
    def value(self) -> Any:
        return self.values[self.index]

    @property
    def is_toggle(self) -> bool:
        return sorted(map(repr, self.values)) == ["False", "True"]

    def refusals(self) -> list[tuple[Any, str]]:
        """(value, why not) for each value that cannot be chosen now."""
        out = []
        for value in self.values:
            reason = self.refused(value)
            if reason:
                out.append((value, reason))
        return out

    def place(self, rect: pygame.Rect, font: pygame.font.Font) -> None:
        super().place(rect, font)
        side = rect.height
        if self.value_share is not None:
            value_width = round(rect.width * self.value_share)
        else:
            value_width = min(max(rect.width // 4, 4 * side), rect.width // 3)
        if not self.is_toggle and self.values:
            # A value cut short ("Two-player classic (single …") hides what is chosen;
            # the label gives up what it does not need first.
            longest = max(font.size(self.show(v))[0] for v in self.values) + 12
            room = rect.width - 2 * side - font.size(self.label)[0] - 16
            value_width = max(value_width, min(longest, room))
        self.right = pygame.Rect(rect.right - side, rect.y, side, side)
        self.left = pygame.Rect(self.right.x - value_width - side, rect.y, side, side)

    def shown(self) -> str:
        """The value as drawn: in words, cut short only if the control is too narrow."""
        assert self.font is not None
        return ellipsize(self.font, self.show(self.value), self.right.x - self.left.right - 6)

    def step(self, delta: int) -> None:
        """The next value (``delta`` +1) or the previous one (-1) that may be chosen."""
        if len(self.values) < 2 or not self.enabled:
            return
        index = self.index
        for _ in range(len(self.values) - 1):
            index = (index + delta) % len(self.values)
            if not self.refused(self.values[index]):
                self.index = index
                self.on_change(self.value)
                return

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        if self.left.collidepoint(event.pos):
            self.step(-1)
        elif (self.right.collidepoint(event.pos) or self.is_toggle
              or event.pos[0] > self.left.right):
            self.step(+1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        if self.hover:
            pygame.draw.rect(surface, PANEL, self.rect.inflate(8, 4), border_radius=6)
        color = INK if self.enabled else DIM
        label_width = self.left.x - self.rect.x - 8
        draw_text(surface, self.font, ellipsize(self.font, self.label, label_width),
                  (self.rect.x, self.rect.centery), color, "midleft")
        middle = pygame.Rect(self.left.right, self.rect.y, self.right.x - self.left.right,
                             self.rect.height)
        refused = bool(self.refused(self.value))
        if self.is_toggle:
            on = bool(self.value)
            box = middle.inflate(-4, -6)
            pygame.draw.rect(surface, SELECTED if on else BUTTON_OFF, box, border_radius=10)
            draw_text(surface, self.font, "On" if on else "Off", box.center,
                      RED if refused else INK if on else DIM, "center")
        else:
            pygame.draw.rect(surface, PANEL, middle, border_radius=4)
            shade = RED if refused else GOLD if self.enabled else DIM
            draw_text(surface, self.font, self.shown(), middle.center, shade, "center")
        if len(self.values) > 1 and not self.is_toggle:
            for rect, points in ((self.left, ((0.65, 0.2), (0.3, 0.5), (0.65, 0.8))),
                                 (self.right, ((0.35, 0.2), (0.7, 0.5), (0.35, 0.8)))):
                pygame.draw.rect(surface, BUTTON, rect, border_radius=4)
                pygame.draw.polygon(surface, color, [
                    (rect.x + fx * rect.width, rect.y + fy * rect.height) for fx, fy in points])
