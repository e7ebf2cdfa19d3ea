"""Each rule family's pieces of the table: its drop targets, buttons, status line and the
things it paints, registered by family name (:data:`PARTS`).

The table scene composes them: it asks the parts which targets a dragged card may go to,
which buttons to show and enable (from the engine's legal actions), and hands them the
buttons it does not handle itself. Adding a family is one more :class:`TableParts`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from rummy.model import (
    Action,
    Card,
    Discard,
    Draw,
    Drop,
    Finish,
    FlipDiscard,
    LayDown,
    LayMeld,
    PlayerView,
    TableMeld,
    Variant,
)
from rummy.model.actions import DropAtTurn
from rummy.model.melds import MeldKind, MeldRules, meld_kinds

from .hand import HandModel
from .hud import GLOW_REACH
from .layers import Layer, changed_lights, lights_of
from .layout import TableLayout
from .meld_area import MeldLayout, draw_melds, draw_slots, layout_melds
from .sprites import CardArt, TextCache
from .strokes import MARGIN
from .targets import DropTarget, FinishSlot, LayDownSlot, MeldOnTable, NewMeld, OpenDeck

LIT_MARGIN = GLOW_REACH + MARGIN
"""How far past a target's rectangle its light paints."""


class TableHost(Protocol):
    """What the parts may ask of the table scene."""

    hand: HandModel

    @property
    def seat(self) -> int | None: ...
    def try_act(self, action: Action) -> bool: ...
    def say(self, text: str, bad: bool = False, seconds: float = 2.5) -> None: ...
    def selected_cards(self) -> list[Card]: ...


class TableParts:
    """The declare family's table (Indian rummy): open deck, finish slot, drop."""

    melds_on_table = False
    buttons: tuple[str, ...] = ("sort", "group", "hint", "discard", "finish", "drop",
                                "dropturn")
    """The family's buttons, left to right."""
    keys: dict[str, str] = {"s": "sort", "g": "group", "d": "discard", "h": "hint"}

    open_label = "open deck"
    """The empty discard pile's label."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    def count_words(self, count: int) -> str:
        """What the hand's count costs, in words, beside the hand."""
        cap = self.variant.declare.count_cap
        # A loser never scores more than the cap: say what the count would cost.
        if count > cap:
            return f"count {count} (costs {cap})"
        return f"count {count}"

    # -- what the pointer may drop on

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        return [OpenDeck(lay.open_deck), FinishSlot(lay.finish_slot, hand.groups_without)]

    # -- buttons

    def enabled(self, seat: int | None, legal: set[Action], one: Card | None,
                selected: list[Card]) -> dict[str, bool]:
        return {
            "discard": one is not None and seat is not None and Discard(seat, one) in legal,
            "finish": one is not None and seat is not None and Finish(seat, one, None) in legal,
            "drop": seat is not None and Drop(seat) in legal,
            "dropturn": seat is not None and (DropAtTurn(seat, True) in legal
                                              or DropAtTurn(seat, False) in legal),
        }

    def button_label(self, name: str, view: PlayerView | None) -> str | None:
        """A label that depends on the deal (None: the button's usual one)."""
        if name == "dropturn" and view is not None and view.declare.drop_at_turn:
            return "Keep my turn"
        return None

    def press(self, name: str, host: Any) -> bool:
        """Carry out a button of this family; False when it is not one."""
        if name == "dropturn" and host.seat is not None:
            # While others play: ask to drop when this seat's turn comes, or stop asking.
            host.try_act(DropAtTurn(host.seat, not host.driver.view.declare.drop_at_turn))
            return True
        return False

    def status(self, view: PlayerView, legal: set[Action]) -> str:
        if any(isinstance(a, Draw) for a in legal):
            return "Your turn: draw a card"
        return "Discard a card, or drop one on the finish slot to declare"

    # -- the felt

    def sync(self, view: PlayerView, names: Sequence[str], lay: TableLayout) -> None:
        """The family's pieces again from the engine's view."""

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout | None:
        """Lay the family's pieces out again (a resize, or a change on the table)."""
        return None

    def draw(self, surface: pygame.Surface, art: CardArt, text: TextCache, lay: TableLayout,
             lit: dict[str, int]) -> None:
        """Paint the family's pieces (under the hand)."""

    def paint_key(self, lay: TableLayout) -> tuple[object, ...]:
        """What the family's pieces are painted from, the lit targets apart (the table
        repaints them when it changes)."""
        return ()

    def lit_area(self, name: str) -> pygame.Rect | None:
        """The rectangle of the family's target whose light is keyed ``name`` (None: no
        such target here)."""
        return None

    def layers_set_aside(self) -> contextlib.AbstractContextManager[None]:
        """Paint from scratch for a while, what was painted ahead kept for after."""
        return contextlib.nullcontext()


class MeldParts(TableParts):
    """Classic rummy (melds on the table): the discard pile (fanned with draw choice), the
    melds, the new meld zone; M lays the selected cards as a meld."""

    melds_on_table = True
    buttons: tuple[str, ...] = ("sort", "rank", "group", "hint", "meld", "discard", "flip")
    keys = {"s": "sort", "r": "rank", "g": "group", "d": "discard", "h": "hint", "m": "meld"}

    open_label = "discards"

    def count_words(self, count: int) -> str:
        return f"{count} in hand"  # what the hand costs if someone goes out now

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.melds: list[TableMeld] = []
        """The melds as shown (may trail the engine while a lay animates)."""
        self.grown: dict[int, int] = {}
        """Meld index -> cards still in flight to it (not drawn yet)."""
        self.names: Sequence[str] = ()
        self.placed: MeldLayout | None = None
        self.may_lay = True
        self._layer = Layer(alpha=True)
        """The melds painted ahead."""

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        out: list[DropTarget] = [OpenDeck(lay.open_deck)]
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

    def press(self, name: str, host: Any) -> bool:
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
        self.melds = list(view.table.melds)
        self.grown.clear()
        self.layout(lay, names)

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout:
        self.names = names
        self.placed = layout_melds(lay, self.melds, names)
        return self.placed

    def draw(self, surface: pygame.Surface, art: CardArt, text: TextCache, lay: TableLayout,
             lit: dict[str, int]) -> None:
        placed = self.placed or self.layout(lay, self.names)
        self._blit_layer(surface, lay, placed, lit, lambda layer: draw_melds(
            layer, placed, art, text, lay.font_small, lit, show_new=self.may_lay,
            locked=not self.may_lay, grown=self.grown))

    def paint_key(self, lay: TableLayout) -> tuple[object, ...]:
        placed = self.placed or self.layout(lay, self.names)
        return (lay.size, *self._layer_key(placed))

    def _layer_key(self, placed: MeldLayout) -> tuple[object, ...]:
        """What the painted melds depend on, the lit ones apart: repainted only when it
        changes."""
        # the layout itself, not its id: a new layout may reuse a freed one's id
        return (placed, self.may_lay, tuple(sorted(self.grown.items())))

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

    def meld_spot(self, index: int) -> tuple[int, int, int] | None:
        """Where the last card of meld ``index`` sits (x, y, card width), for flights."""
        placed = self.placed
        if placed is None:
            return None
        for spot in placed.melds:
            if spot.index == index:
                x, y = spot.positions()[-1]
                return x, y, spot.card_w
        return None


class ContractParts(MeldParts):
    """Contract rummy: the round's contract, lay-down slots (one per meld of the contract)
    until the player has laid down, then lay-offs onto any laid-down meld."""

    buttons = ("sort", "rank", "group", "hint", "laydown", "discard")
    keys = {"s": "sort", "r": "rank", "g": "group", "d": "discard", "h": "hint",
            "l": "laydown"}

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.contract: tuple[int, int] | None = None
        self.down = False
        self.staged: list[list[Card]] = []

    @property
    def slot_titles(self) -> list[str]:
        if self.contract is None or self.down:
            return []
        sets, runs = self.contract
        return [f"Set {i + 1}" for i in range(sets)] + [f"Run {i + 1}" for i in range(runs)]

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        placed = self.placed or self.layout(lay, self.names)
        out: list[DropTarget] = [OpenDeck(lay.open_deck)]
        out.extend(MeldOnTable(spot.rect, spot.index) for spot in placed.melds)
        out.extend(LayDownSlot(slot.rect, slot.index) for slot in placed.slots)
        return out

    def enabled(self, seat: int | None, legal: set[Action], one: Card | None,
                selected: list[Card]) -> dict[str, bool]:
        mine = seat is not None
        may_lay_down = mine and any(isinstance(a, LayDown) for a in legal)
        return {
            "discard": mine and one is not None and Discard(seat or 0, one) in legal,
            "laydown": may_lay_down and self.ready(),
            "rank": True,
        }

    def press(self, name: str, host: Any) -> bool:
        if name == "laydown":
            seat = host.seat
            groups = tuple(tuple(g) for g in self.staged)
            if seat is not None and self.ready() and host.try_act(LayDown(seat, groups)):
                self.staged = [[] for _ in self.slot_titles]
            return True
        return super().press(name, host)

    def status(self, view: PlayerView, legal: set[Action]) -> str:
        if any(isinstance(a, Draw) for a in legal):
            return "Your turn: draw from the stock or the discard pile"
        if not self.down:
            return "Drag cards into the slots to lay down your contract, then discard"
        return "Lay off onto the melds, then discard"

    # -- staging the contract

    def verdicts(self) -> list[str | None]:
        """Per slot: None when its cards make the meld it asks for, else why not."""
        out: list[str | None] = []
        sets = self.contract[0] if self.contract else 0
        for i, cards in enumerate(self.staged):
            want = "set" if i < sets else "run"
            least = (self.variant.set_min_size if want == "set"
                     else self.variant.contract.run_min_length)
            if len(cards) < least:
                out.append(f"{len(cards)} of {least}+ cards")
                continue
            kind = MeldKind.SET if want == "set" else MeldKind.RUN
            kinds = meld_kinds(MeldRules.of(self.variant), tuple(cards))
            out.append(None if kind in kinds else f"not a {want}")
        return out

    def ready(self) -> bool:
        verdicts = self.verdicts()
        return bool(verdicts) and all(v is None for v in verdicts)

    def stage(self, slot: int, cards: Sequence[Card]) -> None:
        while len(self.staged) < len(self.slot_titles):
            self.staged.append([])
        for group in self.staged:
            group[:] = [c for c in group if c not in cards]
        if 0 <= slot < len(self.staged):
            self.staged[slot].extend(cards)

    def unstage(self, card: Card) -> bool:
        for group in self.staged:
            if card in group:
                group.remove(card)
                return True
        return False

    @property
    def staged_cards(self) -> set[Card]:
        return {c for g in self.staged for c in g}

    def sync(self, view: PlayerView, names: Sequence[str], lay: TableLayout) -> None:
        self.contract = view.table.contract
        self.down = bool(view.table.laid_down) and view.table.laid_down[view.seat]
        self.may_lay = self.down
        hand = set(view.hand)
        titles = self.slot_titles
        self.staged = [[c for c in g if c in hand] for g in self.staged[:len(titles)]]
        self.staged += [[] for _ in range(len(titles) - len(self.staged))]
        super().sync(view, names, lay)

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout:
        self.names = names
        self.placed = layout_melds(lay, self.melds, names, self.slot_titles,
                                   [len(g) for g in self.staged])
        return self.placed

    def draw(self, surface: pygame.Surface, art: CardArt, text: TextCache, lay: TableLayout,
             lit: dict[str, int]) -> None:
        placed = self.placed or self.layout(lay, self.names)

        def paint(layer: pygame.Surface) -> None:
            draw_melds(layer, placed, art, text, lay.font_small, lit, show_new=False,
                       locked=not self.down, grown=self.grown)
            if placed.slots:
                draw_slots(layer, placed, self.staged, self.verdicts(), art, text,
                           lay.font_small, lit)
        self._blit_layer(surface, lay, placed, lit, paint)

    def _layer_key(self, placed: MeldLayout) -> tuple[object, ...]:
        return (*super()._layer_key(placed), self.down,
                tuple(tuple(g) for g in self.staged))

    def staged_at(self, pos: tuple[int, int]) -> Card | None:
        """A staged card under ``pos`` (clicking it takes it back to the hand)."""
        placed = self.placed
        if placed is None:
            return None
        for slot in placed.slots:
            if slot.rect.collidepoint(pos) and slot.index < len(self.staged):
                cards = self.staged[slot.index]
                if cards:
                    return cards[-1]
        return None


PARTS: dict[str, type[TableParts]] = {
    "declare": TableParts, "table": MeldParts, "contract": ContractParts,
}
"""Family name -> its table parts."""


def parts_for(variant: Variant) -> TableParts:
    """The table parts of the variant's family."""
    return PARTS[variant.family](variant)


__all__ = ["PARTS", "ContractParts", "MeldParts", "TableHost", "TableParts", "parts_for"]
