"""Classic rummy's table parts (melds on the table): :class:`MeldParts`, the discard pile
fanned with draw choice, the melds painted ahead into a layer, the new meld zone.

Apart from the declare family's base (:mod:`.parts_declare`) because only the meld
families paint melds; contract rummy builds on it (:mod:`.parts_contract`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any

import pygame

from rummy.model import (
    Action,
    Card,
    Discard,
    Draw,
    FlipDiscard,
    LayMeld,
    PlayerView,
    TableMeld,
    Variant,
)
from rummy.model.hand_cost import lays_at_end, value_if_out

from . import play_melds
from .hand import HandModel
from .layers import Layer, changed_lights, lights_of
from .layout import TableLayout
from .meld_area import MeldLayout, draw_melds, layout_melds, tag_font
from .parts_base import LIT_MARGIN, FamilyParts, TableHost
from .sprites import CardArt, TextCache
from .targets import ClosedDeck, DropTarget, MeldOnTable, NewMeld, OpenDeck


class MeldParts(FamilyParts):
    """Classic rummy (melds on the table): the discard pile (fanned with draw choice), the
    melds, the new meld zone; M lays the selected cards as a meld."""

    meld_area = True
    finish_slot = False
    labels_every_group = False
    buttons: tuple[str, ...] = ("sort", "rank", "group", "hint", "meld", "discard", "flip")
    keys = {"s": "sort", "r": "rank", "g": "group", "d": "discard", "h": "hint", "m": "meld",
            "f": "flip"}

    open_label = "discards"

    def open_cards(self, view: PlayerView) -> list[Card]:
        return list(view.melding.open_cards)

    def takes_discards(self) -> bool:
        return True

    def register_animations(self, player: Any, names: Callable[[], list[str]]) -> None:
        play_melds.register(player, self, names)

    def count_of(self, hand: HandModel) -> int:
        """What the hand would cost if someone went out now, whatever its arrangement:
        melds held in hand count unless the game would lay them at the end."""
        return self.cost

    def count_words(self, count: int) -> str:
        # "pts" beside the figure: bare, "41 in hand" read as a number of cards. Where the
        # game lays the hand's melds at the end, they do not count: "in hand" read as the
        # whole hand's value (a play-tester).
        return f"{count} pts {'unmatched' if self.unmatched else 'in hand'}"

    def count_reason(self, hand: HandModel) -> str:
        if self.unmatched:
            return "Only cards in no meld count: the rest is laid for you at the end"
        return "Every card in hand counts, melds too, until you lay them"

    def buttons_at(self, variant: Variant) -> tuple[str, ...]:
        return self.buttons  # no drop in the meld families

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.melds: list[TableMeld] = []
        """The melds as shown (may trail the engine while a lay animates)."""
        self.grown: dict[int, int] = {}
        """Meld index -> cards still in flight to it (not drawn yet)."""
        self.names: Sequence[str] = ()
        self.placed: MeldLayout | None = None
        self.may_lay = True
        self.cost = 0
        """What the hand would cost if someone went out now (see :meth:`count_of`)."""
        self.unmatched = False
        """Whether that leaves out the melds the game would lay for the hand at the end."""
        self._layer = Layer(alpha=True)
        """The melds painted ahead."""

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        out: list[DropTarget] = [ClosedDeck(lay.closed_deck), OpenDeck(lay.open_deck)]
        placed = self.placed or self.layout(lay, self.names)
        out.extend(MeldOnTable(spot.rect, spot.index) for spot in placed.melds)
        out.append(NewMeld(placed.new_meld))
        return out

    def enabled(self, seat: int | None, legal: set[Action], one: Card | None,
                selected: list[Card]) -> dict[str, bool]:
        mine = seat is not None
        return {
            "discard": mine and one is not None and Discard(seat or 0, one) in legal,
            "meld": mine and len(selected) >= 3 and any(isinstance(a, LayMeld) for a in legal),
            "flip": mine and any(isinstance(a, FlipDiscard) for a in legal),
            "rank": True,
        }

    def why_not(self, name: str, host: TableHost) -> str:
        """Meld greyed out: what is wrong with the cards selected (the engine's words), or
        that a meld needs three or more."""
        seat = host.seat
        if name != "meld" or seat is None:
            return super().why_not(name, host)
        selected = host.selected_cards()
        if len(selected) < 3:
            return "Select the three or more cards of a run or a set, then Meld"
        return host.driver.check(LayMeld(seat, tuple(selected))) or ""

    def press(self, name: str, host: TableHost) -> bool:
        seat = host.seat
        if name == "rank":
            host.hand.sort_by_rank()
            return True
        if seat is None:
            return False
        if name == "meld":
            host.try_act(LayMeld(seat, tuple(host.selected_cards())))
            return True
        if name == "flip":
            host.try_act(FlipDiscard(seat))
            return True
        return False

    def status(self, view: PlayerView, legal: set[Action]) -> str:
        if any(isinstance(a, FlipDiscard) for a in legal):
            return "The stock is empty: turn the discard pile over (Flip)"
        if any(isinstance(a, Draw) for a in legal):
            return "Your turn: draw from the stock or the discard pile"
        return "Lay melds, lay off onto melds, then discard"

    def sync(self, view: PlayerView, names: Sequence[str], lay: TableLayout) -> None:
        self.cost = value_if_out(view)
        self.unmatched = lays_at_end(view)
        self.melds = list(view.melding.melds)
        self.grown.clear()
        self.layout(lay, names)

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout:
        self.names = names
        self.placed = layout_melds(lay, self.melds, names, self.tag_width(lay))
        return self.placed

    def tag_width(self, lay: TableLayout) -> Callable[[str], int]:
        """How wide an owner's name tag is written on this table."""
        measure, size = self.name_width, tag_font(lay.font_small)
        return lambda name: measure(name, size)

    def draw(self, surface: pygame.Surface, art: CardArt, text: TextCache, lay: TableLayout,
             lit: dict[str, int]) -> None:
        placed = self.placed or self.layout(lay, self.names)
        self._blit_layer(surface, lay, placed, lit, lambda layer: draw_melds(
            layer, placed, art, text, lay.font_small, lit, show_new=self.may_lay and self.seated,
            locked=not self.may_lay, grown=self.grown))

    def paint_key(self, lay: TableLayout) -> tuple[object, ...]:
        placed = self.placed or self.layout(lay, self.names)
        return (lay.size, *self._layer_key(placed))

    def _layer_key(self, placed: MeldLayout) -> tuple[object, ...]:
        """What the painted melds depend on, the lit ones apart: repainted only when it
        changes."""
        # the layout itself, not its id: a new layout may reuse a freed one's id
        return (placed, self.may_lay, self.seated, tuple(sorted(self.grown.items())))

    def lit_area(self, name: str) -> pygame.Rect | None:
        placed = self.placed
        kind, _, number = name.partition(":")
        if placed is None:
            return None
        if name == "new":
            return placed.new_meld
        spots = placed.melds if kind == "meld" else placed.slots if kind == "slot" else []
        for spot in spots:
            if str(spot.index) == number:
                return spot.rect
        return None

    def layers_set_aside(self) -> contextlib.AbstractContextManager[None]:
        return self._layer.set_aside()

    def _blit_layer(self, surface: pygame.Surface, lay: TableLayout, placed: MeldLayout,
                    lit: dict[str, int], paint: Callable[[pygame.Surface], None]) -> None:
        """The melds painted once into a layer and blitted each frame (a frame would
        otherwise blit every card of every meld)."""
        box = lay.meld_area.inflate(40, 40 + 4 * lay.font_small).clip(
            pygame.Rect((0, 0), lay.size))

        def paint_box(layer: pygame.Surface) -> None:
            layer.fill((0, 0, 0, 0), box)
            paint(layer)
        layer = self._layer.painted(lay.size, (lay.size, *self._layer_key(placed)),
                                    lights_of(lit), paint_box, self._light_areas)
        surface.blit(layer, box.topleft, area=box)

    def _light_areas(self, was: dict[str, int], now: dict[str, int]
                     ) -> list[pygame.Rect] | None:
        """Where the melds lit as ``now`` differ from them lit as ``was`` (None: a target
        with no known place)."""
        areas = []
        for name in changed_lights(was, now):
            rect = self.lit_area(name)
            if rect is None:
                if name == "open":
                    continue  # the open deck's light is not painted here
                return None
            areas.append(rect.inflate(2 * LIT_MARGIN, 2 * LIT_MARGIN))
        return areas


__all__ = ["MeldParts"]
