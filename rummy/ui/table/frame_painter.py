"""Painting the table scene's frames: whole, or only where they changed.

A frame is the still layer (:meth:`~.board.Board.still`) with the moving part over it,
written down as :class:`~.strokes.Strokes`. When the table is the only scene shown,
:meth:`FrameMixin.paint` compares this frame with the one it painted last and repaints
only the rectangles that differ; the declaration dialog and the result panel are painted
whole, every frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy.ui.palette import GOLD, INK
from rummy.ui.table.sprites import CardArt, TextCache

from .anim import Flights
from .board import Board, StillKey
from .ceremony import Ceremony
from .dialogs import DeclareDialog, ResultPanel
from .drag import Drag
from .gone import ServerGonePanel
from .panels import draw_glow
from .parts_base import FamilyParts
from .strokes import Strokes, changed_areas, merge_areas
from .targets import DropTarget


class FrameMixin:
    """The table scene's painting (mixed into :class:`~.scene.TableScene`)."""

    board: Board
    drag: Drag | None
    flights: Flights
    ceremony: Ceremony
    art: CardArt
    text: TextCache
    parts: FamilyParts
    dialog: DeclareDialog | None
    result: ResultPanel | None
    gone: ServerGonePanel | None
    auto_next: bool
    result_wait: float
    _legal_targets: list[DropTarget]
    _shown: tuple[StillKey, Strokes] | None
    """What the last frame :meth:`paint` painted showed (None: paint it all next)."""

    if TYPE_CHECKING:
        @property
        def seat(self) -> int | None: ...

    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame, from the still layer up."""
        surface.blit(self.board.still(), (0, 0))
        self.strokes().replay(surface)
        self._draw_panels(surface)

    def paint(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """This frame over the last one this scene painted on ``surface``: only where it
        changed (returns those rectangles), or all of it (returns None) when ``full``, when
        a dialog or the result panel is up (they are painted whole), or when something
        besides the lit targets changed in the still part."""
        still = self.board.still()
        key = self.board.still_key()
        strokes = self.strokes()
        shown, self._shown = self._shown, None
        panels = self.dialog is not None or self.result is not None or self.gone is not None
        areas = None
        if not (full or panels or shown is None or surface.get_size() != still.get_size()):
            areas = self.board.still_changes(shown[0], key)
        if areas is None:
            surface.blit(still, (0, 0))
            strokes.replay(surface)
            self._draw_panels(surface)
        else:
            assert shown is not None
            areas = merge_areas(areas + changed_areas(shown[1], strokes), surface.get_rect())
            strokes.repaint(surface, still, areas)
        if not panels:
            self._shown = (key, strokes)
        return areas

    def draw_afresh(self, surface: pygame.Surface) -> None:
        """The whole frame painted from scratch, no layer painted ahead used (what every
        frame :meth:`paint` paints must equal)."""
        with self.board.fresh_layers():
            self.draw(surface)

    def strokes(self) -> Strokes:
        """The frame's moving part: the hand, buttons and message, the lit target under a
        dragged card, cards in flight, a card dragged off a deck."""
        out = Strokes()
        b = self.board
        lay = b.lay
        dragging = self.drag.card if self.drag and self.drag.kind == "hand" else None
        b.draw_moving(out, dragging)
        if dragging is not None:
            # The target under the cursor shows through the card held over it.
            for target in self._legal_targets:
                if b.lit.get(target.name) == 2:
                    draw_glow(out, target.rect, True)
        self.ceremony.draw(out, self.seat is not None and self.ceremony.picker == self.seat)
        self.flights.draw(out, self.art)
        d = self.drag
        if d is not None and d.kind != "hand" and d.moved:
            img = self.art.face(d.card, lay.pile_w)
            x, y = d.card_pos
            out.blit(self.art.shadow(*img.get_size()), (x + 8, y + 10))
            out.blit(img, (x, y))
            if self.seat is not None and d.pos[1] >= lay.label_y - 10:
                out.rect(GOLD, lay.hand_area.inflate(-4, 0), width=2, border_radius=10)
        return out

    def _draw_panels(self, surface: pygame.Surface) -> None:
        """The declaration dialog and the result panel, over everything; the panel that
        says the server stopped over those."""
        lay = self.board.lay
        if self.dialog is not None:
            self.dialog.draw(surface, self.text)
        if self.result is not None:
            self.result.draw(surface, self.text)
            if self.auto_next:
                left = max(0, int(self.result_wait + 0.99))
                word = self.parts.variant.shape.deal_word
                note = "" if left > 99 else f"next {word} in {left}s"
                t = self.text.get(note, lay.font_small, INK)
                surface.blit(t, t.get_rect(midleft=self.result.note_pos))
        if self.gone is not None:
            self.gone.draw(surface, self.text)
