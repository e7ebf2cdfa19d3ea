"""Painting the board: the felt, the seats' panels, the match line, the piles (closed
deck, open deck or fanned discards, the wild joker, the finish slot), the player's own
panel, and what moves frame by frame (the hand, its labels, the buttons, the message).

Apart from :mod:`.board` (what is on the felt, its layout and hits, and the still layer
painted ahead) so that what is shown and how it is painted read apart; mixed into
:class:`~.board.Board`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy.model import Card, wild_rank_for
from rummy.ui.palette import DIM, FELT, FELT_DARK, GOLD, INK, KIND_COLORS, RED
from rummy.ui.table.sprites import CardArt, CardSprite, Color, TextCache
from rummy.ui.widgets import wrap

from .hand import HandModel
from .layout import TableLayout, card_height
from .move_log import MoveLog
from .panels import (
    PanelCache,
    TableButton,
    draw_button,
    draw_glow,
    draw_seat,
    draw_slot,
    draw_wild_badge,
)
from .parts_base import FamilyParts
from .strokes import Pen, pen_for
from .turn_clock import clock_colour, seconds_shown


def felt_surface(size: tuple[int, int]) -> pygame.Surface:
    """The felt, darker towards the edges; painted once per window size."""
    w, h = size
    surf = pygame.Surface(size)
    surf.fill(FELT_DARK)
    steps = 14
    for i in range(steps):
        t = i / (steps - 1)
        color = tuple(round(a + (b - a) * t) for a, b in zip(FELT_DARK, FELT, strict=True))
        rect = pygame.Rect(0, 0, round(w * (1.25 - 0.55 * t)), round(h * (1.35 - 0.6 * t)))
        rect.center = (w // 2, int(h * 0.45))
        pygame.draw.ellipse(surf, color, rect)
    return surf.convert() if pygame.display.get_surface() is not None else surf


class BoardPainting:
    """The board's painting (mixed into :class:`~.board.Board`)."""

    parts: FamilyParts
    art: CardArt
    text: TextCache
    hand: HandModel
    names: list[str]
    viewer: int
    interactive: bool
    lay: TableLayout
    felt: pygame.Surface
    panels: PanelCache
    sprites: dict[Card, CardSprite]
    hidden: set[Card]
    open_pile: list[Card]
    open_cards: list[Card]
    closed_size: int
    sizes: list[int]
    points: list[int]
    out: list[bool]
    wild: Card | None
    finish_taken: bool
    open_lifted: bool
    turn: int
    timer: float | None
    count: int
    count_reason: str
    labels: list[tuple[str, str, int]]
    buttons: dict[str, TableButton]
    lit: dict[str, int]
    message: str
    message_color: Color
    status_line: str
    match_line: str
    gone: list[str]
    moves: MoveLog

    if TYPE_CHECKING:
        def discard_fan(self) -> list[tuple[int, int]]: ...

    def _draw_still(self, surface: pygame.Surface) -> None:
        lay, art, text = self.lay, self.art, self.text
        surface.blit(self.felt, (0, 0))
        for seat, spot in lay.seats.items():
            timer = None
            if self.timer is not None and seat == self.turn:
                timer = f"{seconds_shown(self.timer)}s"
            size, points = self.sizes[seat], self.points[seat]
            status = "out" if self.out[seat] else f"{size} card{'' if size == 1 else 's'}"
            detail = f"{status} · score {points}"  # (as the player's own line says it)
            draw_seat(surface, lay, spot, art, text, self.panels, self.names[seat], detail,
                      self.sizes[seat], seat == self.turn, self.out[seat], timer,
                      self.moves.last_move(seat), clock_colour(self.timer or 0.0))
        self._draw_match(surface)
        self.moves.draw(surface, text, lay.move_log, lay.font_small)
        self._draw_piles(surface)
        self.parts.draw(surface, art, text, lay, self.lit)
        self._draw_me(surface)

    def draw_moving(self, surface: pygame.Surface | Pen, dragging: Card | None) -> None:
        """What changes frame by frame: the hand, its labels, buttons, the message."""
        pen = pen_for(surface)
        lay, art, text = self.lay, self.art, self.text
        fs = lay.font_small
        hh = card_height(lay.hand_w)
        for label, key, cx in self.labels if len(self.hidden) < 2 else ():
            t = text.get(label, fs, KIND_COLORS[key], bold=True)
            pen.blit(t, t.get_rect(midbottom=(cx, lay.hand_y - int(hh * 0.17))).topleft)
        drag_sprite = None
        for card in self.hand.cards:
            sprite = self.sprites.get(card)
            if sprite is None or card in self.hidden:
                continue
            if card == dragging:
                drag_sprite = sprite
                continue
            pos = sprite.pos
            if sprite.lift > 1:
                pen.blit(art.shadow(lay.hand_w, hh), (pos[0] + 3, pos[1] + 4))
            pen.blit(art.face(card, lay.hand_w), pos)
            if not card.is_printed_joker and self.hand.is_wild(card):
                draw_wild_badge(pen, self.text, pos, lay.hand_w, hh)
            if card in self.hand.selected:
                pen.rect(GOLD, (*pos, lay.hand_w, hh), width=3,
                         border_radius=max(4, lay.hand_w // 14))
        for button in self.buttons.values():
            if button.name == "hint" and not button.enabled and not self.interactive:
                continue
            if self.interactive:
                draw_button(pen, text, button, fs)
        if self.message:
            t = text.get(self.message, lay.font_normal, self.message_color, bold=True)
            r = t.get_rect(center=lay.message_pos)
            pen.blit(self.panels.get((r.width + 24, r.height + 10)), r.inflate(24, 10).topleft)
            pen.blit(t, r.topleft)
        if drag_sprite is not None:
            pos = drag_sprite.pos
            pen.blit(art.shadow(lay.hand_w, hh), (pos[0] + 8, pos[1] + 10))
            pen.blit(art.face(drag_sprite.card, lay.hand_w), pos)

    def _draw_match(self, surface: pygame.Surface) -> None:
        if not self.match_line and not self.gone:
            return
        fs = self.lay.font_small
        x = y = self.lay.count_pos[0]
        for row in match_rows(self.text.res.font(fs + 1, bold=True), self.match_line,
                              self.lay.match_room):
            surface.blit(self.text.get(row, fs + 1, GOLD, bold=True), (x, y))
            y += fs + 6
        if self.match_line:
            y += 2
        for line in self.gone:
            surface.blit(self.text.get(line, fs, RED), (x, y))
            y += fs + 4

    def _draw_piles(self, surface: pygame.Surface) -> None:
        lay, art, text = self.lay, self.art, self.text
        fs = lay.font_small
        if self.wild is not None:
            surface.blit(art.rotated(self.wild, lay.pile_w), lay.wild_joker.topleft)
            rank = wild_rank_for(self.hand.variant, self.wild)
            if rank is not None:
                # Say which rank is wild under the part of the cut card that shows.
                label = text.get(f"{rank.text}s wild", fs, GOLD, bold=True)
                x = (lay.wild_joker.left + lay.closed_deck.left) // 2
                surface.blit(label, label.get_rect(midtop=(x, lay.wild_joker.bottom + 6)))
        if self.closed_size > 0:
            depth = min(6, self.closed_size // 12 + 1)
            back = art.face(None, lay.pile_w)
            for i in range(depth):
                surface.blit(back, (lay.closed_deck.x - i * 2 + depth * 2,
                                    lay.closed_deck.y - i * 2 + depth * 2))
        else:
            draw_slot(surface, lay.closed_deck, "empty", text, fs, 0)
        t = text.get(f"{self.closed_size}", fs, DIM)
        surface.blit(t, t.get_rect(midtop=(lay.closed_deck.centerx, lay.stock_count_top)))
        if self.lit.get("open"):
            draw_glow(surface, lay.open_deck, self.lit["open"] == 2)
        pile = self.open_pile[:-1] if self.open_lifted else self.open_pile
        fan = self.discard_fan()
        if len(fan) > 1 and not self.open_lifted:
            for card, (x, y) in zip(self.open_cards, fan, strict=True):
                surface.blit(art.face(card, lay.pile_w), (x, y))
        else:
            if len(pile) > 1:
                surface.blit(art.face(pile[-2], lay.pile_w), lay.open_deck.move(3, 3))
            if pile:
                surface.blit(art.face(pile[-1], lay.pile_w), lay.open_deck.topleft)
            else:
                draw_slot(surface, lay.open_deck, self.parts.open_label, text, fs, 0)
        if not self.parts.finish_slot:
            return
        if self.finish_taken:
            surface.blit(art.face(None, lay.pile_w), lay.finish_slot.topleft)
            if self.lit.get("finish"):
                draw_glow(surface, lay.finish_slot, self.lit["finish"] == 2)
        else:
            draw_slot(surface, lay.finish_slot, "finish", text, fs, self.lit.get("finish", 0))

    def my_line(self) -> str:
        """The line under the player's name: what the hand costs now and the score (the
        clock is written beside the name, as large as the others')."""
        me = self.viewer
        now = "out of this deal" if self.out[me] else self.parts.count_words(self.count)
        return f"{now} · score {self.points[me]}"

    def _draw_me(self, surface: pygame.Surface) -> None:
        lay, text = self.lay, self.text
        fs = lay.font_small
        me = self.viewer
        active = self.turn == me
        color = GOLD if active else INK
        name = text.get(self.names[me], fs + 1, color, bold=True)
        x, y = lay.count_pos
        surface.blit(name, (x, lay.my_panel.y))
        if self.timer is not None and active:
            clock = text.get(f"{seconds_shown(self.timer)}s left", fs + 2,
                             clock_colour(self.timer), bold=True)
            surface.blit(clock, clock.get_rect(
                bottomleft=(x + name.get_width() + fs, lay.my_panel.y + name.get_height())))
        surface.blit(text.get(self.my_line(), fs, DIM), (x, lay.my_panel.y + fs + 6))
        if self.count_reason and not self.out[me]:
            # Why the count stands there, in up to two rows over the name.
            font = text.res.font(fs)
            rows = wrap(font, self.count_reason, lay.size[0] * 2 // 5)[:2]
            for i, row in enumerate(rows):
                y = lay.my_panel.y - (len(rows) - i) * (fs + 4)
                surface.blit(text.get(row, fs, DIM), (x, y))
        if self.status_line:
            t = text.get(self.status_line, fs, GOLD if active else DIM)
            mx, my = lay.message_pos
            surface.blit(t, t.get_rect(center=(mx, my + lay.font_normal + fs)))


def match_rows(font: pygame.font.Font, line: str, room: int) -> list[str]:
    """The match line in rows no wider than ``room`` (clear of the opponents along the
    top): a long contract ("Round 6 of 7: one set of three and two runs of four") goes
    on after the colon on rows of its own."""
    if not line:
        return []
    if font.size(line)[0] <= room:
        return [line]
    head, colon, words = line.partition(": ")
    if not colon:
        head, words = "", line
    rows = wrap(font, words, room)
    # As many rows, but as even as they go: no last word left on a row of its own.
    low, high = 1, room
    while low < high:
        mid = (low + high) // 2
        if len(wrap(font, words, mid)) <= len(rows):
            high = mid
        else:
            low = mid + 1
    return ([f"{head}:"] if head else []) + wrap(font, words, low)
