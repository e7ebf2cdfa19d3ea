"""The rules of docs/rules.md, "Declare", one test per rule, named after it: the toss and
the deal, a turn, and the closed deck.

How a deal ends (dropping, declaring, the losers' counts, the turn timer) is
``test_declare_rules_finish.py``.
"""

from __future__ import annotations

import copy
import random

import pytest

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    Timeout,
)
from rummy.model.cards import Card, Rank, make_deck, parse_card, parse_cards
from rummy.model.events import CardsDealt, DeckReshuffled, TossMade, WildJokerCut
from rummy.model.families.declare import DeclareState, toss, toss_leaders
from rummy.model.invariants import check_invariants
from rummy.model.state import Phase, apply, check_action, legal_actions, start_deal
from rummy.model.variant import Toss, Variant
from tests.model.rules.helpers import CASE_3, CLOSED, OPEN, READY, declare_deal, pass_turn, play

# ---------------------------------------------------------------- setup


def face_order(card: Card) -> tuple[int, int]:
    """A toss card's order: rank with the ace high, then suit (spades highest)."""
    assert card.rank is not None and card.suit is not None, "no joker in these tosses"
    return (card.rank.high_value, card.suit.toss_order)


def start_declare(variant: Variant, players: int, seed: int) -> DeclareState:
    state = start_deal(variant, players, seed)
    assert isinstance(state, DeclareState)
    return state


def test_toss_highest_card_moves_first() -> None:
    # Source 004: "If 6 players get A♣, A♠, A♦, A♥, 10♣, 10♠ respectively, then the one with
    # A♠ is the winner of the toss and he gets to make the first move."
    cards = parse_cards("A♣, A♠, A♦, A♥, 10♣, 10♠")
    assert toss_leaders(Toss.HIGHEST_FIRST, cards) == (1,)


@pytest.mark.parametrize("seed", range(20))
def test_toss_winner_moves_first_and_is_dealt_first(indian: Variant, seed: int) -> None:
    state = start_deal(indian, 4, seed)
    last_round = [e for e in state.history if isinstance(e, TossMade)][-1]
    winner = max(last_round.cards, key=lambda sc: face_order(sc[1]))
    assert state.turn == state.first_player == winner[0]
    assert state.dealer is None
    dealt = [e for e in state.history if isinstance(e, CardsDealt)][0]
    assert dealt.first_player == winner[0]


def test_toss_identical_faces_toss_again_among_the_tied(indian: Variant) -> None:
    first, dealer, events = toss(indian, 6, 74)  # seed 74: seats 4 and 5 both get A♦
    rounds = [e for e in events if isinstance(e, TossMade)]
    assert rounds[0].tied == (4, 5)
    assert [s for s, _ in rounds[1].cards] == [4, 5] and rounds[1].tied == ()
    assert first == 5 and dealer is None


def test_toss_lower_card_deals_receiver_moves_first(classic: Variant) -> None:
    assert toss_leaders(Toss.LOWEST_DEALS, parse_cards("2S 2H")) == (1,)  # hearts < spades
    for seed in range(30):
        state = start_deal(classic, 2, seed)
        (round_,) = [e for e in state.history if isinstance(e, TossMade)]
        low = min(round_.cards, key=lambda sc: face_order(sc[1]))
        assert state.dealer == low[0]
        assert state.first_player == state.turn == 1 - low[0]
        # The receiver is dealt the first card of the shuffled deck.
        deck = make_deck(classic.packs, classic.printed_jokers)
        shuffled = list(deck)
        random.Random(f"{seed}/deal").shuffle(shuffled)
        assert shuffled[0] in state.hands[state.first_player]


def test_dealer_cuts_the_wild_joker(classic: Variant) -> None:
    state = start_declare(classic, 2, 3)
    (cut,) = [e for e in state.history if isinstance(e, WildJokerCut)]
    assert cut.by == state.dealer is not None
    assert cut.card == state.wild_joker and cut.wild_rank == state.wild_joker.rank


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_13_each_then_open_card_then_wild_joker_out_of_play(indian: Variant,
                                                                  players: int) -> None:
    state = start_declare(indian, players, 11)
    assert [len(h) for h in state.hands] == [13] * players
    assert len(state.open_deck) == 1
    assert state.wild_joker is not None
    assert state.wild_joker not in state.closed_deck
    assert len(state.closed_deck) == 106 - 13 * players - 2
    assert state.phase is Phase.DRAW
    assert check_invariants(state) == []


def test_deal_is_fully_determined_by_the_seed(indian: Variant) -> None:
    assert start_deal(indian, 3, 42) == start_deal(indian, 3, 42)
    assert start_deal(indian, 3, 42).hands != start_deal(indian, 3, 43).hands


def test_players_outside_the_variant_range_are_refused(indian: Variant,
                                                       classic: Variant) -> None:
    with pytest.raises(ValueError, match="2-6 players"):
        start_deal(indian, 7, 0)
    with pytest.raises(ValueError):
        start_deal(classic, 3, 0)


def test_printed_joker_cut_makes_aces_wild(indian: Variant) -> None:
    state = start_declare(indian, 2, 13)  # seed 13 cuts a printed joker
    assert state.wild_joker is not None and state.wild_joker.is_printed_joker
    assert state.wild_rank is Rank.ACE
    built = declare_deal(indian, READY, CASE_3, wild="JK@1")
    assert built.wild_rank is Rank.ACE


def test_cut_card_rank_is_wild_in_every_suit(indian: Variant) -> None:
    assert declare_deal(indian, READY, CASE_3, wild="7S").wild_rank is Rank.SEVEN


def test_deal_from_cards_refuses_cards_that_are_not_a_deal(indian: Variant) -> None:
    with pytest.raises(ValueError, match="placed 2 times"):
        declare_deal(indian, READY, READY.replace("6D@1", "6D@0"))
    with pytest.raises(ValueError, match="holds 12 cards"):
        declare_deal(indian, READY, "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H")
    with pytest.raises(ValueError, match="wild joker"):
        declare_deal(indian, READY, CASE_3, wild=None)
    with pytest.raises(ValueError, match="not a card of this variant"):
        declare_deal(indian, READY, CASE_3, wild="2C@2")


# ---------------------------------------------------------------- a turn


def test_draw_closed_takes_the_top_card(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, closed_top="KD QS"), Draw(0, CLOSED))
    assert state.drawn == parse_card("KD") and len(state.hands[0]) == 14
    assert state.closed_deck[-1] == parse_card("QS")
    assert state.phase is Phase.DISCARD


def test_draw_open_takes_the_top_card(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, open_deck="9C 5C@1"), Draw(0, OPEN))
    assert state.drawn == parse_card("5C@1") and state.open_deck == parse_cards("9C")


def test_discard_goes_face_up_on_the_open_deck_and_passes_the_turn(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3), Draw(0, CLOSED), Discard(0, parse_card("AS")))
    assert state.open_deck[-1] == parse_card("AS") and len(state.hands[0]) == 13
    assert state.turn == 1 and state.phase is Phase.DRAW and state.turns_done == (1, 0)


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(1, CLOSED), "not your turn"),
    (Discard(0, parse_card("AS")), "draw a card first"),
    (Finish(0, parse_card("AS")), "draw a card first"),
])
def test_illegal_actions_before_drawing(indian: Variant, action: Action, reason: str) -> None:
    state = declare_deal(indian, READY, CASE_3)
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(0, OPEN), "you already drew"),
    (Discard(0, parse_card("KC")), "that card is not in your hand"),
    (Drop(0), "only drop before drawing"),
    (Timeout(0), "no turn timer"),
])
def test_illegal_actions_after_drawing(indian: Variant, action: Action, reason: str) -> None:
    state = play(declare_deal(indian, READY, CASE_3), Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)


def test_legal_actions_list_each_phase(indian: Variant) -> None:
    state = declare_deal(indian, READY, CASE_3)
    assert legal_actions(state, 0) == [Draw(0, CLOSED), Draw(0, OPEN), Drop(0)]
    assert legal_actions(state, 1) == [DropAtTurn(1, True)]  # a waiting seat
    state = play(state, Draw(0, CLOSED))
    legal = legal_actions(state, 0)
    assert legal == [Discard(0, c) for c in state.hands[0]] + [
        Finish(0, c, None) for c in state.hands[0]]


def test_apply_never_changes_its_state(indian: Variant) -> None:
    state = start_deal(indian, 3, 5)
    before = copy.deepcopy(state)
    apply(state, Draw(state.turn, CLOSED))
    assert state == before


# ---------------------------------------------------------------- the closed deck


def test_closed_deck_exhausted_reshuffles_open_deck(classic: Variant) -> None:
    state = start_deal(classic, 2, 8)
    assert len(state.closed_deck) == 24
    events: tuple[object, ...] = ()
    while state.reshuffles == 0:
        open_before = state.open_deck
        state, events = apply(state, Draw(state.turn, CLOSED))
        assert check_invariants(state) == []
        if state.reshuffles == 0:
            assert state.drawn is not None
            state = play(state, Discard(state.turn, state.drawn))
    assert isinstance(state, DeclareState)
    assert DeckReshuffled(1, 23) in events
    assert set(state.closed_deck) == set(open_before[:-1])
    assert state.open_deck == open_before[-1:]
    assert state.wild_joker not in state.closed_deck
    again = start_deal(classic, 2, 8)
    while again.reshuffles == 0:
        again = pass_turn(again) if again.closed_deck[:-1] else play(
            again, Draw(again.turn, CLOSED))
    assert again.closed_deck == state.closed_deck  # the reshuffle comes from the seed


@pytest.mark.parametrize("module", [
    "rummy.model.events", "rummy.model.state", "rummy.model.families.declare_deal",
    "rummy.model.view", "rummy.model.invariants", "rummy.session",
])
def test_docstring_examples(module: str) -> None:
    import doctest
    import importlib

    failures, _ = doctest.testmod(importlib.import_module(module))
    assert failures == 0
