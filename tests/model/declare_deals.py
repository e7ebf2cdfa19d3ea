"""Declare deals from given cards for the rules tests: hands that show, that do not, and
playing actions with the invariants checked after each.
"""

from __future__ import annotations

from rummy.model.actions import (
    Discard,
    Draw,
    DrawSource,
)
from rummy.model.cards import parse_card, parse_cards
from rummy.model.families.declare import DeclareState, deal_from_cards
from rummy.model.invariants import check_invariants
from rummy.model.state import apply
from rummy.model.variant import Variant

CLOSED, OPEN = DrawSource.CLOSED, DrawSource.OPEN


# Seat 0's 13 cards are a valid show with 9 wild: A-4♠, 10-Q♥, 5-7♦ pure, and a set of 8s.
READY = "AS 2S 3S 4S 10H JH QH 5D 6D@1 7D 8C 8D 8S"


# Source 003's case 3, verbatim: K♣ Q♣ J♣ | 2♦ 3♦ 4♦ Joker | 6♥ 6♦ 6♣ and 10, 8, 3 left: 21.
CASE_3 = "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3C"


# No pure sequence anywhere: all 13 count, 121 points (second copies, to fit beside the rest).
NO_PURE = "KS@1 QH@1 JD@1 10C@1 KH@1 9D@1 JC@1 10S@1 9H@1 8C@1 KC@1 8S@1 7H@1"


def scenario(variant: Variant, *hands: str, open_deck: str = "5C@1", wild: str | None = "2C@1",
             closed_top: str = "", first: int = 0) -> DeclareState:
    """A deal from given cards (wild 2C by default, so no card of these hands is wild)."""
    state = deal_from_cards(
        variant, [parse_cards(h) for h in hands], parse_cards(open_deck),
        None if wild is None else parse_card(wild), closed_top=parse_cards(closed_top),
        first_player=first,
    )
    assert check_invariants(state) == []
    return state


def play(state: DeclareState, *actions: object) -> DeclareState:
    for action in actions:
        state, _ = apply(state, action)  # type: ignore[arg-type]
        assert check_invariants(state) == [], action
    return state


def pass_turn(state: DeclareState) -> DeclareState:
    """The seat to move draws from the closed deck and discards what it drew."""
    seat = state.turn
    state = play(state, Draw(seat, CLOSED))
    assert state.drawn is not None
    return play(state, Discard(seat, state.drawn))
