"""What is painted around the cards: buttons, seat panels, opponents' fans, messages."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from rummy.ui.palette import DIM, FELT_DARK, GOLD, INK, RED
from rummy.ui.table.sprites import CardArt, Color, TextCache

from ..widgets import ellipsize
from .layout import BUTTON_LABELS, SeatSpot, TableLayout
from .online import AWAY
from .strokes import Pen, pen_for

BUTTON_TEXT = BUTTON_LABELS


@dataclass
class TableButton:
    name: str
    rect: pygame.Rect
    enabled: bool = True
    hover: bool = False
    label: str | None = None
    """Shown instead of the button's usual label (it depends on the deal)."""
    armed: bool = False
    """Pressed once, for a move that costs something: a second press now plays it."""

    def hit(self, pos: tuple[int, int]) -> bool:
        return self.enabled and self.rect.collidepoint(pos)


def draw_button(surface: pygame.Surface | Pen, text: TextCache, button: TableButton,
                size: int) -> None:
    pen = pen_for(surface)
    r = button.rect
    if button.enabled and button.armed:  # (red until it lapses: press again to play)
        fill = (160, 60, 50) if button.hover else (135, 45, 38)
        edge, ink = (240, 200, 120), INK
    elif button.enabled:
        fill = (58, 128, 84) if button.hover else (38, 104, 66)
        edge, ink = (200, 230, 200), INK
    else:
        fill, edge, ink = (26, 70, 44), (60, 100, 70), (110, 140, 115)
    pen.rect(fill, r, border_radius=8)
    pen.rect(edge, r, width=1, border_radius=8)
    label = text.get(button.label or BUTTON_TEXT.get(button.name, button.name), size, ink)
    pen.blit(label, label.get_rect(center=r.center).topleft)


class PanelCache:
    """Translucent panels, one per size (an alpha surface per frame would be wasteful)."""

    def __init__(self) -> None:
        self._cache: dict[tuple[int, int], pygame.Surface] = {}
        self._fans: dict[tuple[int, int, int, bool], pygame.Surface] = {}

    def fan(self, art: CardArt, width: int, count: int, step: int, vertical: bool
            ) -> pygame.Surface:
        """An opponent's fan of ``count`` backs as one image (one blit instead of 13)."""
        key = (width, count, step, vertical)
        surf = self._fans.get(key)
        if surf is None:
            back = art.face(None, width)
            w, h = back.get_size()
            span = step * (count - 1)
            surf = pygame.Surface((w, h + span) if vertical else (w + span, h), pygame.SRCALPHA)
            for i in range(count):
                surf.blit(back, (0, i * step) if vertical else (i * step, 0))
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            if len(self._fans) > 200:
                self._fans.clear()
            self._fans[key] = surf
        return surf

    def get(self, size: tuple[int, int]) -> pygame.Surface:
        surf = self._cache.get(size)
        if surf is None:
            surf = pygame.Surface(size, pygame.SRCALPHA)
            pygame.draw.rect(surf, (0, 0, 0, 95), surf.get_rect(), border_radius=10)
            self._cache[size] = surf
        return surf


def draw_seat(surface: pygame.Surface, lay: TableLayout, spot: SeatSpot, art: CardArt,
              text: TextCache, panels: PanelCache, name: str, detail: str,
              hand_size: int, active: bool, out: bool, timer: str | None,
              last_move: str | None = None, timer_colour: Color = RED) -> None:
    """A seat's panel (its name, the clock on its turn, its count and score, its last move
    while fresh) and its fan of backs."""
    panel = spot.panel
    fan = None
    if not out and hand_size > 0:
        x, y = spot.fan_origin
        if spot.vertical:
            step = min(spot.fan_step, max(2, (lay.size[1] // 3) // max(1, hand_size)))
        else:
            step = min(spot.fan_step, max(2, (panel.width - lay.back_w) // max(1, hand_size - 1)))
            x = panel.centerx - (step * (hand_size - 1) + lay.back_w) // 2
        fan = panels.fan(art, lay.back_w, hand_size, step, spot.vertical)
        if not surface.get_clip().colliderect(fan.get_rect(topleft=(x, y))) and \
                not surface.get_clip().colliderect(panel.inflate(8, 8)):
            return  # painting only elsewhere (around a target whose light changed)
    elif not surface.get_clip().colliderect(panel.inflate(8, 8)):
        return
    surface.blit(panels.get(panel.size), panel.topleft)
    if active:
        pygame.draw.rect(surface, GOLD, panel.inflate(4, 4), width=3, border_radius=12)
    fs = lay.font_small
    clock = None if timer is None else text.get(timer, fs + 2, timer_colour, bold=True)
    # The name gives way to the clock ("Ben (away)" ran into "100s") and the badge's edge.
    room = panel.width - 20 - (clock.get_width() + 6 if clock is not None else 0)
    font = text.res.font(fs + 1, True)
    if name.endswith(AWAY) and font.size(name)[0] > room:
        # "Alice (aw…" said neither: the name keeps its room, "away" goes to the line below
        name, detail = name[:-len(AWAY)], f"away · {detail}"
    shown = ellipsize(font, name, room)
    title = text.get(shown, fs + 1, GOLD if active else INK, bold=True)
    surface.blit(title, (panel.x + 10, panel.y + 6))
    surface.blit(text.get(detail, fs, RED if out else DIM), (panel.x + 10, panel.y + 10 + fs))
    if clock is not None:
        surface.blit(clock, clock.get_rect(topright=(panel.right - 8, panel.y + 6)))
    if last_move:
        said = ellipsize(text.res.font(fs), last_move, panel.width - 20)
        surface.blit(text.get(said, fs, GOLD), (panel.x + 10, panel.y + 14 + 2 * fs))
    if fan is not None:
        surface.blit(fan, (x, y))


def fan_end(lay: TableLayout, spot: SeatSpot, hand_size: int) -> tuple[int, int]:
    """Where a card joining this seat's fan lands (top-left, at the back width)."""
    x, y = spot.fan_origin
    n = max(1, hand_size)
    if spot.vertical:
        step = min(spot.fan_step, max(2, (lay.size[1] // 3) // n))
        return x, y + (n - 1) * step
    step = min(spot.fan_step, max(2, (spot.panel.width - lay.back_w) // max(1, n - 1)))
    total = step * (n - 1) + lay.back_w
    return spot.panel.centerx - total // 2 + (n - 1) * step, y


def draw_slot(surface: pygame.Surface, rect: pygame.Rect, label: str, text: TextCache,
              size: int, lit: int) -> None:
    """An empty place on the felt (finish slot, empty deck); ``lit`` 1 = may drop, 2 = over."""
    color = {0: (70, 140, 95), 1: (150, 230, 150), 2: GOLD}[lit]
    pygame.draw.rect(surface, color, rect, width=3 if lit else 2, border_radius=8)
    t = text.get(label, size, color)
    surface.blit(t, t.get_rect(center=rect.center))


GLOW_REACH = 5
"""How far a target's glow reaches past its rectangle (pixels)."""


def draw_glow(surface: pygame.Surface | Pen, rect: pygame.Rect, over: bool) -> None:
    color = GOLD if over else (150, 230, 150)
    pen_for(surface).rect(color, rect.inflate(GLOW_REACH * 2, GLOW_REACH * 2), width=4,
                          border_radius=10)


def draw_wild_badge(surface: pygame.Surface | Pen, text: TextCache, pos: tuple[int, int],
                    width: int, height: int) -> None:
    """A small gold star on a wild-rank card: it can stand for any card. It sits on the
    card's left edge below the corner index, the strip that stays in view when the next
    card of a fan covers the rest."""
    r = max(7, width // 9)
    center = (pos[0] + r + 3, pos[1] + int(height * 0.34))
    pen = pen_for(surface)
    pen.circle(GOLD, center, r)
    pen.circle(FELT_DARK, center, r, width=1)
    star = text.get("★", int(r * 1.5), FELT_DARK, bold=True)
    pen.blit(star, star.get_rect(center=center).topleft)
