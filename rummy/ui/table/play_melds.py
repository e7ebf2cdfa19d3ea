"""Animations of the events of the families whose melds lie on the table: a meld laid
(its cards fly from the seat to their places and it is labelled), a card laid off (the meld
visibly grows), the discard pile turned over or shuffled into a new stock, and "Rummy!".

Registered on the :class:`~.event_player.EventPlayer` by :func:`register`, which the meld
families' table parts call (:meth:`~.parts_melds.MeldParts.register_animations`); the
layout of the melds is theirs (:class:`MeldsShown`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from rummy.model import Card
from rummy.model.events import CardLaidOff, DealScored, DiscardFlipped, MeldLaid, TurnBegan
from rummy.model.table_melds import TableMeld
from rummy.ui.words import number_word

from .event_player import EventPlayer
from .layout import TableLayout
from .meld_area import MeldLayout


class MeldsShown(Protocol):
    """What the animations read and move of the melds the table shows."""

    melds: list[TableMeld]
    grown: dict[int, int]

    @property
    def placed(self) -> MeldLayout | None: ...

    def layout(self, lay: TableLayout, names: list[str]) -> MeldLayout | None: ...


def register(player: EventPlayer, parts: MeldsShown, names_of: Callable[[], list[str]]
             ) -> None:
    """Animate the meld families' events on ``player``."""
    scored = player.handlers[DealScored]
    turn_began = player.handlers[TurnBegan]
    laying: int | None = None  # the seat that laid melds this turn, and their kinds
    kinds: list[str] = []

    def relayout() -> None:
        parts.layout(player.board.lay, names_of())

    def fly_to_meld(seat: int, index: int, cards: list[Card], meld_cards: tuple[Card, ...]
                    ) -> None:
        relayout()
        placed = parts.placed
        spot = next((s for s in placed.melds if s.index == index), None) if placed else None
        if spot is None:
            parts.grown.pop(index, None)
            return
        places = dict(zip(meld_cards, spot.positions(), strict=True))
        for k, card in enumerate(cards):
            def land() -> None:
                parts.grown[index] = max(0, parts.grown.get(index, 0) - 1)
            player.leave_hand(seat, card, places.get(card, spot.rect.topleft), land,
                              end_width=spot.card_w, delay=k * player.t(0.08))

    def meld_laid(event: MeldLaid) -> None:
        nonlocal laying
        while len(parts.melds) <= event.index:
            parts.melds.append(event.meld)
        parts.melds[event.index] = event.meld
        parts.grown[event.index] = len(event.meld.cards)
        fly_to_meld(event.seat, event.index, list(event.meld.cards), event.meld.cards)
        if laying != event.seat:
            laying = event.seat
            kinds.clear()
        kinds.append(event.meld.kind.value)
        lays = player.does(event.seat, "lay", "lays")
        # A contract laid down is several melds at once: name them all, not the last.
        player.say(f"{lays} {melds_in_words(kinds)}" + (" (end of round)" if event.auto else ""),
                   False)
        player.sound("discard")

    def turn(event: TurnBegan) -> None:
        nonlocal laying
        laying = None
        turn_began(event)

    def laid_off(event: CardLaidOff) -> None:
        if event.index < len(parts.melds):
            parts.melds[event.index] = event.meld
        parts.grown[event.index] = parts.grown.get(event.index, 0) + 1
        fly_to_meld(event.seat, event.index, [event.card], event.meld.cards)
        player.sound("discard")

    def flipped(event: DiscardFlipped) -> None:
        b = player.board
        how = "shuffled into" if event.shuffled else "turned over as"
        player.say(f"The stock is empty: the discard pile is {how} a new stock", False)
        player.sound("shuffle")
        b.closed_size = event.size
        b.open_pile = []

    def round_over(event: DealScored) -> None:
        result = event.result
        if result.winner is not None:
            who = player.name(result.winner)
            player.say(f"{who}: Rummy! Hands count double" if result.rummy
                       else f"{player.does(result.winner, 'go', 'goes')} out", False)
        scored(event)

    player.register(TurnBegan, turn)
    player.register(MeldLaid, meld_laid)
    player.register(CardLaidOff, laid_off)
    player.register(DiscardFlipped, flipped)
    player.register(DealScored, round_over)


def melds_in_words(kinds: list[str]) -> str:
    """The melds a seat laid this turn, in words, kinds in the order first laid: "a set",
    "two sets", "two runs and a set"."""
    order = list(dict.fromkeys(kinds))
    parts = []
    for kind in order:
        n = kinds.count(kind)
        parts.append(f"{number_word(n, most=4, one='a')} {kind}{'s' * (n > 1)}")
    return " and ".join(parts)
