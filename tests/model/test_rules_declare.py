"""Declare family (docs/rules.md, "Declare"): the rules that changed or were unguarded, one
test per rule, named after it. The older rules have theirs in test_declare_rules.py."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy.model.actions import (
    Discard,
    Draw,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    action_from_json,
)
from rummy.model.cards import Rank, make_deck, parse_card, parse_cards, toss_key
from rummy.model.events import DropAtTurnSet, PlayerDropped, TossMade
from rummy.model.families.declare import DeclareState
from rummy.model.scoring import score_loser
from rummy.model.solver import best_arrangement
from rummy.model.state import SeatStatus, apply, legal_actions, start_deal
from rummy.model.variant import Variant
from rummy.model.view import view_for
from tests.model.rules.helpers import (
    CASE_3,
    CLOSED,
    LOOSE,
    NO_PURE,
    READY,
    declare_deal,
    pass_turn,
    play,
)

# ---------------------------------------------------------------- the two-player table


def test_two_player_classic_deals_one_deck_no_printed_jokers_24_in_the_closed_deck(
        classic: Variant) -> None:
    for seed in range(5):
        state = start_deal(classic, 2, seed)
        assert isinstance(state, DeclareState)
        assert classic.packs == 1 and classic.printed_jokers == 0
        assert [len(h) for h in state.hands] == [13, 13]
        assert len(state.open_deck) == 1 and state.wild_joker is not None
        assert len(state.closed_deck) == 24
        every = [*state.hands[0], *state.hands[1], *state.open_deck, state.wild_joker,
                 *state.closed_deck]
        assert sorted(every, key=lambda c: c.sort_key()) == sorted(
            make_deck(1, 0), key=lambda c: c.sort_key())


def test_two_player_toss_lower_card_deals_ace_high_and_the_receiver_moves_first(
        classic: Variant) -> None:
    dealt_by_ace = 0
    for seed in range(60):
        state = start_deal(classic, 2, seed)
        final = [e for e in state.history if isinstance(e, TossMade)][-1]
        (a, card_a), (b, card_b) = final.cards
        low = a if toss_key(card_a) < toss_key(card_b) else b
        assert state.dealer == low and state.first_player == state.turn == 1 - low
        dealt_by_ace += dict(final.cards)[low].rank is Rank.ACE
    assert dealt_by_ace == 0  # the ace is high in the toss: it never is the lower card


# ---------------------------------------------------------------- drop at my turn


def test_drop_at_my_turn_is_offered_to_every_waiting_seat(indian: Variant) -> None:
    state = declare_deal(indian, READY, NO_PURE, LOOSE)
    assert DropAtTurn(0, True) not in legal_actions(state, 0)  # to move: it may just drop
    assert legal_actions(state, 1) == [DropAtTurn(1, True)]
    assert legal_actions(state, 2) == [DropAtTurn(2, True)]
    asked = play(state, DropAtTurn(2, True))
    assert legal_actions(asked, 2) == [DropAtTurn(2, False)]  # and it may be withdrawn


def test_drop_at_my_turn_takes_effect_before_drawing_with_20_on_the_first_turn(
        indian: Variant) -> None:
    state = play(declare_deal(indian, READY, NO_PURE, LOOSE), DropAtTurn(1, True))
    assert state.status[1] is SeatStatus.PLAYING and state.turn == 0
    hand = state.hands[1]
    state = pass_turn(state)
    assert state.status[1] is SeatStatus.DROPPED and state.penalties[1] == 20
    assert state.turn == 2 and state.dead[1] == hand  # it never drew
    dropped = [e for e in state.history if isinstance(e, PlayerDropped)]
    assert dropped == [PlayerDropped(1, 20, at_turn=True)]


def test_drop_at_my_turn_after_a_completed_turn_costs_40(indian: Variant) -> None:
    state = pass_turn(pass_turn(pass_turn(declare_deal(indian, READY, NO_PURE, LOOSE))))
    state = play(state, DropAtTurn(1, True))
    state = pass_turn(state)  # seat 0 plays; seat 1's turn begins with the drop
    assert state.status[1] is SeatStatus.DROPPED and state.penalties[1] == 40


def test_drop_at_my_turn_withdrawn_before_the_turn_does_nothing(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, NO_PURE, LOOSE), DropAtTurn(1, True),
                 DropAtTurn(1, False))
    state = pass_turn(state)
    assert state.status[1] is SeatStatus.PLAYING and state.turn == 1
    with pytest.raises(IllegalMoveError, match="not asked"):
        apply(state, DropAtTurn(1, False))


def test_drop_at_my_turn_leaving_one_player_ends_the_deal(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3), DropAtTurn(1, True))
    state = pass_turn(state)
    assert state.result is not None and state.result.winner == 0
    assert state.result.points == (0, 20)


def test_drop_at_my_turn_needs_a_table_that_allows_dropping(indian: Variant) -> None:
    state = declare_deal(indian.with_options({"allow_drop": False}), READY, CASE_3)
    assert legal_actions(state, 1) == []
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(state, DropAtTurn(1, True))
    gone = play(declare_deal(indian, READY, NO_PURE, LOOSE), Drop(0))
    assert legal_actions(gone, 0) == []
    with pytest.raises(IllegalMoveError, match="out of this deal"):
        apply(gone, DropAtTurn(0, True))


def test_drop_at_my_turn_is_seen_only_by_the_seat_that_asked(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, NO_PURE, LOOSE), DropAtTurn(1, True))
    mine, theirs = view_for(state, 1), view_for(state, 2)
    assert mine.declare.drop_at_turn and not theirs.declare.drop_at_turn
    assert DropAtTurnSet(1, True) in mine.history
    assert not any(isinstance(e, DropAtTurnSet) for e in theirs.history)
    assert "drop_at_turn_set" not in str(theirs.to_json())


def test_drop_at_my_turn_round_trips_as_json_and_replays(tmp_path: Path) -> None:
    for action in (DropAtTurn(3, True), DropAtTurn(0, False)):
        assert action_from_json(action.to_json()) == action
    with pytest.raises(ValueError, match="true or false"):
        action_from_json({"type": "drop_at_turn", "seat": 1, "on": "yes"})
    from rummy.session import Session
    game = Session.lone_deal("indian_13", 3, seed=4)
    game.act(DropAtTurn((game.state.turn + 1) % 3, True))
    for _ in range(2):
        seat = game.state.turn
        game.act(Draw(seat, CLOSED))
        assert isinstance(game.state, DeclareState) and game.state.drawn is not None
        game.act(Discard(seat, game.state.drawn))
    game.save(tmp_path / "deal.json")
    again = Session.load(tmp_path / "deal.json")
    assert again.state == game.state
    assert isinstance(again.state, DeclareState)
    assert SeatStatus.DROPPED in again.state.status


# ---------------------------------------------------------------- scoring losers


def test_loser_whose_hand_meets_the_objective_scores_2_with_a_wild_rank_impure_sequence(
        indian: Variant) -> None:
    # 9 is wild (cut 9D): 5S 9H 7S 8S is an impure sequence with the 9 standing for 6S.
    hand = "AC 2C 3C 10D JD QD 5S 9H 7S 8S@1 KH KS KC"
    cut = parse_card("9D")
    best = best_arrangement(indian, parse_cards(hand), cut=cut)
    assert best.valid and best.count == 0
    assert score_loser(indian, parse_cards(hand), cut, had_turn=True).points == 2
    # Played through: seat 1 holds it when seat 0 declares.
    state = declare_deal(indian, READY, hand, wild="9D", closed_top="5H 5S@1 KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 2)
    assert state.result.reasons[1] == "complete hand, not declared"


def test_loser_with_a_complete_hand_and_no_turn_scores_the_lower_2(indian: Variant) -> None:
    hand = parse_cards("AH 2H 3H 4C 5C 6C 7C 10S JS QS KD@1 KS KC")
    score = score_loser(indian, hand, parse_card("2C@1"), had_turn=False)
    assert score.points == 2 and score.reason == "complete hand, not declared"
    incomplete = parse_cards(CASE_3)
    assert score_loser(indian, incomplete, parse_card("9S"), had_turn=False).points == 20
