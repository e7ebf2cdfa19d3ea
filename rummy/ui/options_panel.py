"""The New game screen's right-hand panel (and the Play online screen's table options): one
row per choice, scrolling when they are many.

Each row is a :class:`~rummy.ui.widgets.Selector`, the line saying what it does, and, when
the engine refuses some of its values with the other choices (a hand too big for the decks
and the players, say), a line naming those values and why. The rows scroll with the wheel
and the scrollbar; controls outside the visible part take no clicks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import pygame

from rummy.model.variant_type import Variant
from rummy.ui.catalog import value_words
from rummy.ui.palette import DIM, RED
from rummy.ui.scroll import ScrollView
from rummy.ui.widgets import Selector, draw_text, wrap

MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


@dataclass
class Row:
    """One control and the lines of small text under it, in content coordinates."""

    control: Selector
    top: int = 0
    notes: list[tuple[str, tuple[int, int, int]]] = field(default_factory=list)


def refusal_note(control: Selector) -> tuple[str, tuple[int, int, int]] | None:
    """The line under a control whose values the engine refuses now (or None)."""
    refusals = control.refusals()
    if not refusals:
        return None
    current = control.refused(control.value)
    if current:
        return f"Not possible now: {current}", RED
    shown = ", ".join(control.show(value) for value, _ in refusals)
    reason = refusals[0][1].removeprefix(f"{control.label} ")  # "8 is more than the ..."
    return f"Not possible now: {shown}. {reason}", DIM


def chosen_options(variant: Variant, chosen: Mapping[str, Any]) -> dict[str, Any]:
    """The variant's options as chosen: defaults for the untouched ones; keys and values it
    no longer offers (a remembered choice from an older file) are dropped."""
    out = {}
    for option in variant.options:
        value = chosen.get(option.key, option.default)
        out[option.key] = value if value in option.values else option.default
    return out


def option_selectors(variant: Variant, chosen: Mapping[str, Any],
                     on_change: Callable[[str, Any], None],
                     refused: Callable[[str, Any], str]) -> list[Selector]:
    """One selector per option of ``variant`` (its label, values in the menu's words and
    the line saying what it does), set to ``chosen`` (see :func:`chosen_options`).
    ``on_change(key, value)`` hears a new choice; ``refused(key, value)`` says why a value
    cannot be chosen now ("" when it can)."""
    return [Selector(option.label, option.values, chosen[option.key],
                     partial(on_change, option.key), show=partial(value_words, option.key),
                     help_text=option.help, refused=partial(refused, option.key))
            for option in variant.options]


class OptionsPanel:
    """The rows of the chosen variant inside ``view``."""

    def __init__(self) -> None:
        self.rows: list[Row] = []
        self.scroll = ScrollView()
        self.font: pygame.font.Font | None = None
        self.small: pygame.font.Font | None = None
        self.row_height = 30
        self.gap = 6
        self._held: tuple[str, int] | None = None
        """The label of the row under the pointer and where it stood in the view."""

    @property
    def controls(self) -> list[Selector]:
        return [row.control for row in self.rows]

    def set_controls(self, controls: list[Selector]) -> None:
        """New rows (the screen builds them again whenever a value changes). The row under
        the pointer keeps its place on the screen at the next :meth:`place`: notes that
        come or go above it would move it, and the next click at the same spot would land
        on another row."""
        held = next(((row.control.label, row.top - self.scroll.offset) for row in self.rows
                     if row.control.hover), None)
        self.rows = [Row(control) for control in controls]
        self._held = held
        for control in controls:
            if held is not None and control.label == held[0]:
                control.hover = True  # still under the pointer

    def place(self, view: pygame.Rect, font: pygame.font.Font, small: pygame.font.Font,
              row_height: int, gap: int) -> None:
        """Lay the rows out from the top of ``view`` (the scrollbar takes its right edge)."""
        self.font, self.small = font, small
        self.row_height, self.gap = row_height, gap
        line = small.get_linesize()
        width = view.width - ScrollView.bar_for(line) - gap * 2
        y = 0
        for row in self.rows:
            row.top = y
            notes = []
            if row.control.help:
                notes += [(text, DIM) for text in wrap(small, row.control.help, width)[:2]]
            refused = refusal_note(row.control)
            if refused is not None:
                notes += [(text, refused[1]) for text in wrap(small, refused[0], width)[:3]]
            row.notes = notes
            y += row_height + len(notes) * line + gap * 2
        self.scroll.place(view, y, line)
        held, self._held = self._held, None
        if held is not None:
            label, at = held
            for kept in self.rows:
                if kept.control.label == label:
                    self.scroll.scroll_to(kept.top - at)
        self._place_controls()

    def _place_controls(self) -> None:
        if self.font is None:
            return
        view = self.scroll.view
        width = view.width - self.scroll.bar_width - self.gap * 2
        for row in self.rows:
            y = view.y + row.top - self.scroll.offset
            row.control.place(pygame.Rect(view.x, y, width, self.row_height), self.font)

    def scroll_by(self, pixels: int) -> None:
        self.scroll.scroll_by(pixels)
        self._place_controls()

    def bring_into_view(self, control: Selector) -> None:
        row = next((r for r in self.rows if r.control is control), None)
        if row is not None:
            line = self.small.get_linesize() if self.small else 0
            self.scroll.show(row.top, row.top + self.row_height + len(row.notes) * line)
            self._place_controls()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.scroll.handle(event):
            self._place_controls()
            return True
        pos = getattr(event, "pos", None)
        if event.type in MOUSE_EVENTS and pos is not None and not self.scroll.view.collidepoint(
                pos):
            for control in self.controls:
                control.hover = False
            return False
        return any(control.handle(event) for control in self.controls)

    def draw(self, surface: pygame.Surface) -> None:
        if self.small is None:
            return
        view = self.scroll.view
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        line = self.small.get_linesize()
        for row in self.rows:
            top = view.y + row.top - self.scroll.offset
            bottom = top + self.row_height + len(row.notes) * line
            if bottom < view.y or top > view.bottom:
                continue
            row.control.draw(surface)
            y = top + self.row_height + 2
            for text, color in row.notes:
                draw_text(surface, self.small, text, (view.x, y), color)
                y += line
        surface.set_clip(clip)
        self.scroll.draw(surface)
