"""Painting the table scene's frames: whole, or only where they changed.

A frame is the still layer (:meth:`~.board.Board.still`) with the moving part over it,
written down as :class:`~.strokes.Strokes`. When the table is the only scene shown,
:meth:`FramePainter.paint` compares this frame with the one it painted last and repaints
only the rectangles that differ; the declaration dialog and the result panel are painted
whole, every frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy.ui.palette import GOLD, INK

from .board import StillKey
from .panels import draw_glow
from .strokes import Strokes, changed_areas, merge_areas

if TYPE_CHECKING:
    from .context import Table
    from .pointer import Pointer


class FramePainter:
    """The table's painting: each frame, whole or where it changed."""

    def __init__(self, table: Table, pointer: Pointer) -> None:
        self.table = table
        self.pointer = pointer
        """Whose drag is painted."""
        self.shown: tuple[StillKey, Strokes] | None = None
        """What the last frame :meth:`paint` painted showed (None: paint it all next)."""

    def draw(self, surface: pygame.Surface) -> None:
        """The whole frame, from the still layer up."""
        surface.blit(self.table.board.still(), (0, 0))
        self.strokes().replay(surface)
        self._draw_panels(surface)

    def paint(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """This frame over the last one this scene painted on ``surface``: only where it
        changed (returns those rectangles), or all of it (returns None) when ``full``, when
        a dialog or the result panel is up (they are painted whole), or when something
        besides the lit targets changed in the still part."""
        still = self.table.board.still()
        key = self.table.board.still_key()
        strokes = self.strokes()
        t = self.table
        shown, self.shown = self.shown, None
        panels = t.dialog is not None or t.result is not None or t.gone is not None
        areas = None
        if not (full or panels or shown is None or surface.get_size() != still.get_size()):
            areas = self.table.board.still_changes(shown[0], key)
        if areas is None:
            surface.blit(still, (0, 0))
            strokes.replay(surface)
            self._draw_panels(surface)
        else:
            assert shown is not None
            areas = merge_areas(areas + changed_areas(shown[1], strokes), surface.get_rect())
            strokes.repaint(surface, still, areas)
        if not panels:
            self.shown = (key, strokes)
        return areas

    def draw_afresh(self, surface: pygame.Surface) -> None:
        """The whole frame painted from scratch, no layer painted ahead used (what every
        frame :meth:`paint` paints must equal)."""
        with self.table.board.fresh_layers():
            self.draw(surface)

    def strokes(self) -> Strokes:
        """The frame's moving part: the hand, buttons and message, the lit target under a
        dragged card, cards in flight, a card dragged off a deck."""
        out = Strokes()
        b = self.table.board
        lay = b.lay
        d = self.pointer.drag
        dragging = d.card if d is not None and d.kind == "hand" else None
        b.draw_moving(out, dragging)
        if dragging is not None:
            # The target under the cursor shows through the card held over it.
            for target in self.pointer.legal_targets:
                if b.lit.get(target.name) == 2:
                    draw_glow(out, target.rect, True)
        t = self.table
        t.ceremony.draw(out, t.seat is not None and t.ceremony.picker == t.seat)
        self.table.flights.draw(out, self.table.art)
        if d is not None and d.kind != "hand" and d.moved:
            img = self.table.art.face(d.card, lay.pile_w)
            x, y = d.card_pos
            out.blit(self.table.art.shadow(*img.get_size()), (x + 8, y + 10))
            out.blit(img, (x, y))
            if self.table.seat is not None and d.pos[1] >= lay.label_y - 10:
                out.rect(GOLD, lay.hand_area.inflate(-4, 0), width=2, border_radius=10)
        return out

    def _draw_panels(self, surface: pygame.Surface) -> None:
        """The declaration dialog and the result panel, over everything; the panel that
        says the server stopped over those."""
        lay = self.table.board.lay
        if self.table.dialog is not None:
            self.table.dialog.draw(surface, self.table.text)
        if self.table.result is not None:
            self.table.result.draw(surface, self.table.text)
            if self.table.auto_next:
                left = max(0, int(self.table.result_wait + 0.99))
                word = self.table.driver.variant.shape.deal_word
                note = "" if left > 99 else f"next {word} in {left}s"
                t = self.table.text.get(note, lay.font_small, INK)
                surface.blit(t, t.get_rect(midleft=self.table.result.note_pos))
        if self.table.gone is not None:
            self.table.gone.draw(surface, self.table.text)
