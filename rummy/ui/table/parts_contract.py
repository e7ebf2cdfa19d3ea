"""Contract rummy's table parts: :class:`ContractParts`, classic rummy's melds plus the
round's contract staged in lay-down slots until the player has laid down.

Apart from classic rummy's parts (:mod:`.parts_melds`) because staging a contract is this
family's alone.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import pygame

from rummy.model import Action, Card, Discard, Draw, LayDown, LayOff, PlayerView, Variant
from rummy.model.solver_melds import best_arrangement as best_meld_arrangement
from rummy.model.table_melds import MeldKind, MeldRules, meld_kinds

from .hand import HandModel
from .layout import TableLayout
from .meld_area import (
    MeldLayout,
    draw_melds,
    draw_slots,
    layout_melds,
    slot_card_at,
    slot_label,
)
from .parts_base import TableHost
from .parts_melds import MeldParts
from .sprites import CardArt, TextCache
from .targets import ClosedDeck, DropTarget, LayDownSlot, MeldOnTable, OpenDeck


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
        out: list[DropTarget] = [ClosedDeck(lay.closed_deck), OpenDeck(lay.open_deck)]
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

    def aside(self) -> list[list[Card]]:
        # (A save kept the hand without them: after Continue they came back as one jumbled
        # group at its end, a play-tester found.)
        return [list(g) for g in self.staged if g]

    def why_not(self, name: str, host: TableHost) -> str:
        """L with the contract short: the first slot that is not yet its meld."""
        if name != "laydown":
            return super().why_not(name, host)
        if self.down:
            return ""
        for title, verdict in zip(self.slot_titles, self.verdicts(), strict=False):
            if verdict is None:
                continue
            if verdict.startswith("not"):  # "not a run": its cards, not their number
                return f"{title} is {verdict}: take out what does not belong in it"
            return f"{title} has {verdict}: complete every slot to lay down"
        return ""

    def press(self, name: str, host: TableHost) -> bool:
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
            return "Put cards in the slots (drag, or select and click) to lay down, then discard"
        if any(isinstance(a, LayOff) for a in legal):
            return "Lay off onto the melds, then discard"
        # Nothing fits the melds, or the contract went down this turn (lay-offs wait for
        # the next one, docs/rules.md): only a discard is left.
        return "Discard a card"

    # -- staging the contract

    def verdicts(self, staged: Sequence[Sequence[Card]] | None = None) -> list[str | None]:
        """Per slot: None when its cards (``staged``, else what is staged now) make the
        meld it asks for, else why not."""
        out: list[str | None] = []
        sets = self.contract[0] if self.contract else 0
        for i, cards in enumerate(self.staged if staged is None else staged):
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

    def ready(self, staged: Sequence[Sequence[Card]] | None = None) -> bool:
        verdicts = self.verdicts(staged)
        return bool(verdicts) and all(v is None for v in verdicts)

    def stage(self, slot: int, cards: Sequence[Card]) -> bool:
        """Put ``cards`` in ``slot``; cards that make the whole contract (the cards a hint
        to lay down selects) are spread over every slot instead."""
        while len(self.staged) < len(self.slot_titles):
            self.staged.append([])
        spread = self.spread(cards)
        if spread is not None:
            self.staged = spread
            return True
        for group in self.staged:
            group[:] = [c for c in group if c not in cards]
        if 0 <= slot < len(self.staged):
            self.staged[slot].extend(cards)
        return True

    def spread(self, cards: Sequence[Card]) -> list[list[Card]] | None:
        """``cards`` as the contract's melds, slot by slot, when they are exactly the whole
        contract (every card in a meld of a slot); else None."""
        if self.contract is None or len(self.staged) < 2 or len(cards) < 2:
            return None
        plan = best_meld_arrangement(self.variant, cards, limits=self.contract)
        if plan.ungrouped or len(plan.groups) != len(self.staged):
            return None
        for order in itertools.permutations(plan.groups):  # which meld goes in which slot
            staged = [list(g) for g in order]
            if self.ready(staged):
                return staged
        return None

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
        self.contract = view.melding.contract
        self.down = bool(view.melding.laid_down) and view.melding.laid_down[view.seat]
        self.may_lay = self.down
        hand = set(view.hand)
        titles = self.slot_titles
        self.staged = [[c for c in g if c in hand] for g in self.staged[:len(titles)]]
        self.staged += [[] for _ in range(len(titles) - len(self.staged))]
        super().sync(view, names, lay)

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout:
        self.names = names
        measure = self.tag_width(lay)
        labels = [measure(slot_label(title, len(cards), verdict)[0]) + 8 for title, cards, verdict
                  in zip(self.slot_titles, self.staged, self.verdicts(), strict=False)]
        self.placed = layout_melds(lay, self.melds, names, measure, self.slot_titles,
                                   [len(g) for g in self.staged], labels)
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
        """The staged card under ``pos`` (clicking it takes that card back to the hand)."""
        placed = self.placed
        if placed is None:
            return None
        for slot in placed.slots:
            if slot.index < len(self.staged):
                card = slot_card_at(placed, slot, self.staged[slot.index], pos)
                if card is not None:
                    return card
        return None


__all__ = ["ContractParts"]
