"""Building deals from given cards, for the rule-by-rule tests of docs/rules.md.

Each builder starts a real deal of a shipped variant and puts the named cards where the
test needs them; every step is then played through the public ``apply``, with the model's
invariants checked after it.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TypeVar

from rummy.model.actions import Action, Discard, Draw, DrawSource
from rummy.model.cards import Card, make_deck, parse_card, parse_cards
from rummy.model.families.declare_deal import DeclareState, deal_from_cards
from rummy.model.families.melding import MeldState
from rummy.model.invariants import check_invariants
from rummy.model.state import GameState, apply, start_deal
from rummy.model.table_melds import lay_run, lay_set
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant

CLOSED, OPEN = DrawSource.CLOSED, DrawSource.OPEN

# Seat 0's 13 cards are a valid show (wild 2): A-4 of spades, 10-Q of hearts, 5-7 of
# diamonds, all pure, and a set of eights.
READY = "AS 2S 3S 4S 10H JH QH 5D 6D@1 7D 8C 8D 8S"
# A hand with a pure sequence, an impure one and a set; 10 8 3 loose: a count of 21.
CASE_3 = "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3C"
# No sequence at all, every card 7 or more: a count far over the cap.
NO_PURE = "KS@1 QH@1 JD@1 10C@1 KH@1 9D@1 JC@1 10S@1 9H@1 8C@1 KC@1 8S@1 7H@1"
LOOSE = "AD@1 3D@1 5D@1 7D@1 9C@1 JH@1 KD@1 2S@1 4S@1 6S@1 8D@1 10H@1 QC@1"


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(text: str) -> Card:
    return parse_card(text)


AnyState = TypeVar("AnyState", bound=GameState)


def play(state: AnyState, *actions: Action) -> AnyState:
    """``state`` after ``actions``, each applied and checked against every invariant (a
    deal keeps its family's state type all through)."""
    now: GameState = state
    for action in actions:
        now, _ = apply(now, action)
        assert check_invariants(now) == [], action
    assert isinstance(now, type(state))
    return now


# ---------------------------------------------------------------- declare family


def declare_deal(variant: Variant, *hands: str, open_deck: str = "5C@1",
                 wild: str | None = "2C@1", closed_top: str = "",
                 first: int = 0) -> DeclareState:
    """A declare deal from given hands (2s wild by default: the 2s of the hands above sit
    in their own places in sequences, so only the printed joker acts as one)."""
    state = deal_from_cards(
        variant, [parse_cards(h) for h in hands], parse_cards(open_deck),
        None if wild is None else parse_card(wild), closed_top=parse_cards(closed_top),
        first_player=first)
    assert check_invariants(state) == []
    return state


def pass_turn(state: AnyState) -> AnyState:
    """The seat to move draws from the closed deck (the stock) and discards that card."""
    seat = state.turn
    state = play(state, Draw(seat, CLOSED))
    assert state.drawn is not None
    return play(state, Discard(seat, state.drawn))


# ---------------------------------------------------------------- classic and contract


def meld_round(variant: Variant | str, hands: list[str], discard: str = "", stock: str = "",
               turns: int = 1, melds: tuple[tuple[str, int], ...] = (),
               rest_in_discard: bool = False, **where: int) -> MeldState:
    """A round of a classic or contract variant with these hands (seat 0 to draw), discard
    pile and stock (both listed bottom first; the rest of the deck goes under the stock),
    ``melds`` (cards, owner) already on the table, and ``turns`` turns done by each seat.
    ``rest_in_discard`` puts the rest of the deck under the discard pile instead, so the
    stock holds only ``stock``."""
    if isinstance(variant, str):
        variant = load_variant(variant)
    state: GameState = start_deal(variant, len(hands), seed=1, **where)
    assert isinstance(state, MeldState)
    held = [parse_cards(h) for h in hands]
    pile, top = parse_cards(discard), parse_cards(stock)
    laid = [(parse_cards(m), owner) for m, owner in melds]
    used = [c for h in held for c in h] + list(pile) + list(top) + [c for m, _ in laid for c in m]
    assert len(set(used)) == len(used), "a card is placed twice"
    rest = tuple(c for c in make_deck(variant.packs, variant.printed_jokers) if c not in used)
    on_table = []
    for meld_cards, owner in laid:
        meld = lay_run(state.rules, meld_cards, owner) or lay_set(state.rules, meld_cards, owner)
        assert meld is not None, meld_cards
        on_table.append(meld)
    owners = {owner for _, owner in laid}
    closed = top if rest_in_discard else rest + top
    pile = rest + pile if rest_in_discard else pile
    state = replace(state, hands=tuple(held), open_deck=pile, closed_deck=closed, turn=0,
                    turns_done=(turns,) * len(hands), melds=tuple(on_table),
                    laid_at=tuple(0 if s in owners else -1 for s in range(len(hands))))
    assert check_invariants(state) == []
    return state
