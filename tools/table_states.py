"""Prepared rounds of classic and contract rummy: chosen hands, melds on the table, discard
pile and stock, for the screenshots and the rendering benchmark.

The cards are named by face ("5S", "JK"); with two decks the same face may be asked for
twice and each time gets the next unused copy. Every card of the decks ends up in exactly
one place (the stock takes the rest), so the engine plays the round on from there.

    game = meld_round("super_rummy", ["5S 6S 7S 8S", "AH 2H"], melds=[(1, "9C 9D 9H")])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from rummy.model import Card, Draw, DrawSource
from rummy.model.cards import make_deck
from rummy.model.families.melding import MeldState
from rummy.model.table_melds import MeldKind, MeldRules, lay_run, lay_set
from rummy.session import Session


class Faces:
    """Hands out each face's copies of the decks in turn."""

    def __init__(self, deck: Sequence[Card]) -> None:
        self.left = list(deck)

    def take(self, codes: str) -> tuple[Card, ...]:
        out = []
        for code in codes.split():
            face = code.upper().replace("T", "10") if code.upper() != "JK" else "JK"
            card = next((c for c in self.left if c.face == face), None)
            if card is None:
                raise ValueError(f"no copy of {code} left in the decks")
            self.left.remove(card)
            out.append(card)
        return tuple(out)


def meld_round(variant: str, hands: Sequence[str], melds: Sequence[tuple[int, str]] = (),
               discard: str = "JS", stock: str = "", options: dict[str, Any] | None = None,
               seed: int = 3) -> Session:
    """A round of ``variant`` with these hands (seat 0 to draw), melds on the table
    (owner, cards: a run or a set, laid as the engine lays them), discard pile and stock
    (top last), every seat past its first turn."""
    game = Session.lone_deal(variant, players=len(hands), seed=seed, options=options)
    state = game.state
    assert isinstance(state, MeldState)
    faces = Faces(make_deck(game.variant.packs, game.variant.printed_jokers))
    held = [faces.take(h) for h in hands]
    rules = MeldRules.of(game.variant)
    table = []
    for owner, codes in melds:
        cards = faces.take(codes)
        meld = lay_run(rules, cards, owner) or lay_set(rules, cards, owner)
        if meld is None:
            raise ValueError(f"{codes} is neither a run nor a set")
        table.append(meld)
    pile, top = faces.take(discard), faces.take(stock)
    laid = tuple(0 if any(m.owner == s for m in table) else -1 for s in range(len(hands)))
    game.state = replace(state, hands=tuple(held), open_deck=pile,
                         closed_deck=tuple(faces.left) + top, melds=tuple(table),
                         turn=0, turns_done=(1,) * len(hands), laid_at=laid, history=())
    return game


def drawn(game: Session) -> Session:
    """Seat 0 draws the top of the stock: its turn goes on to laying and discarding."""
    game.act(Draw(0, DrawSource.CLOSED))
    return game


# Six seats, sixteen melds of every owner, a 19-card hand (20 once it draws the 8H) whose
# cards fit many of the melds: the rendering benchmark's table and a screenshot.
SIX_SEAT_MELDS: list[tuple[int, str]] = [
    (0, "5S 6S 7S"), (0, "9H 9D 9C"),
    (1, "2H 3H 4H 5H"), (1, "KS KH KD"), (1, "8C 9C 10C"),
    (2, "10D JD QD"), (2, "4S 4D 4C"),
    (3, "AC 2C 3C"), (3, "QH QS QC"), (3, "6D 7D 8D"),
    (4, "7H 7C 7S"), (4, "9S 10S JS QS"),
    (5, "5C 6C 7C"), (5, "3S 3D 3H"), (5, "JH QH KH"), (5, "AD 2D 3D"),
]
SIX_SEAT_HANDS = [
    "4S 8S 4H 6H 10H 2C 4C 6H 9D 9S 7D KD JC QC AS 2S KC 5D 6S",
    "AH 2H 10H 8D 10C", "5H 6D 8H 10S JD", "4D 5D KS 6C JS", "8C 7H 3C 2D JC", "AS 10D 9H 5S 2S",
]
"""Seat 0's 19 cards, then five for each other seat."""


def six_seat_table(options: dict[str, Any] | None = None) -> Session:
    """The six-seat classic table with sixteen melds, seat 0 holding 20 cards after its
    draw (two decks)."""
    return drawn(meld_round("super_rummy", SIX_SEAT_HANDS, SIX_SEAT_MELDS, discard="KC 8S QD",
                            stock="8H", options={"deck_count": 2, **(options or {})}))


__all__ = ["Faces", "MeldKind", "SIX_SEAT_HANDS", "SIX_SEAT_MELDS", "drawn", "meld_round",
           "six_seat_table"]
