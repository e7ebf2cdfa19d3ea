"""The rules of docs/rules.md, "Declare", one test per rule, named after it: how a deal
ends. Dropping, declaring (a valid or a wrong show), the losers' counts, and the turn
timer that plays a missed turn and drops a seat after three.
"""

from __future__ import annotations

import pytest

from rummy.model.actions import (
    Draw,
    Drop,
    Finish,
    IllegalMoveError,
    Timeout,
)
from rummy.model.cards import Card, parse_card, parse_cards
from rummy.model.events import PlayerDropped
from rummy.model.families.declare import DeclareState
from rummy.model.invariants import check_invariants
from rummy.model.state import SeatStatus, apply, start_deal
from rummy.model.variant import Variant
from tests.model.rules.helpers import (
    CASE_3,
    CLOSED,
    NO_PURE,
    OPEN,
    READY,
    declare_deal,
    pass_turn,
    play,
)

# ---------------------------------------------------------------- drop


def test_drop_on_first_turn_scores_20(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, NO_PURE), Drop(0))
    assert state.status[0] is SeatStatus.DROPPED and state.penalties[0] == 20
    assert state.turn == 1 and state.hands[0] == () and len(state.dead[0]) == 13


def test_drop_after_the_first_turn_scores_40(indian: Variant) -> None:
    state = declare_deal(indian, READY, CASE_3, NO_PURE)
    for _ in range(3):
        state = pass_turn(state)
    state = play(state, Drop(0))
    assert state.penalties[0] == 40


def test_drop_with_three_players_deal_continues(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, NO_PURE), Drop(0))
    assert not state.is_over and state.active_seats == (1, 2)
    state = pass_turn(pass_turn(state))
    assert state.turn == 1  # seat 0 is skipped


def test_last_player_left_wins_with_0(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3), Drop(0))
    assert state.is_over and state.result is not None
    assert state.result.winner == 1 and state.result.points == (20, 0)
    assert state.result.collected == 20


def test_drop_needs_a_variant_that_allows_it(classic: Variant) -> None:
    state = start_deal(classic, 2, 0)
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(state, Drop(state.turn))


# ---------------------------------------------------------------- declaring


def test_valid_show_wins_with_0(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, parse_card("KD")))
    assert state.is_over and state.result is not None and state.result.winner == 0
    assert state.finish_slot == parse_card("KD")
    assert state.result.points[0] == 0 and state.result.reasons[0] == "valid declaration"


def test_finish_with_own_groups_is_judged_as_shown(indian: Variant) -> None:
    groups = tuple(parse_cards(g) for g in ("AS 2S 3S 4S", "10H JH QH", "5D 6D@1 7D",
                                            "8C 8D 8S"))
    state = declare_deal(indian, READY, CASE_3, closed_top="KD")
    won = play(state, Draw(0, CLOSED), Finish(0, parse_card("KD"), groups))
    assert won.result is not None and won.result.winner == 0
    muddled = ((groups[0] + groups[1]),) + groups[2:]
    lost = play(state, Draw(0, CLOSED), Finish(0, parse_card("KD"), muddled))
    assert lost.result is not None and lost.result.winner == 1


def test_finish_groups_must_hold_the_rest_of_the_hand(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED))
    short = (parse_cards("AS 2S 3S 4S"),)
    with pytest.raises(IllegalMoveError, match="every other card"):
        apply(state, Finish(0, parse_card("KD"), short))


def test_wrong_show_with_two_players_opponent_wins(indian: Variant) -> None:
    state = play(declare_deal(indian, NO_PURE, CASE_3), Draw(0, CLOSED),
                 Finish(0, parse_card("KS@1")))
    assert state.is_over and state.result is not None
    assert state.result.winner == 1 and state.result.points == (80, 0)
    assert state.status[0] is SeatStatus.WRONG_SHOW and state.result.collected == 80


def test_wrong_show_with_three_players_deal_continues(indian: Variant) -> None:
    state = play(declare_deal(indian, NO_PURE, READY.replace("6D@1", "6D@0"), CASE_3.replace(
        "6D", "6D@1"), closed_top="5S KD"), Draw(0, CLOSED), Finish(0, parse_card("KS@1")))
    assert not state.is_over and state.status[0] is SeatStatus.WRONG_SHOW
    assert state.turn == 1 and state.hands[0] == () and len(state.dead[0]) == 14
    assert state.shows[0] is not None and state.finish_slot is None
    state = play(state, Draw(1, CLOSED), Finish(1, parse_card("KD")))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == (80, 0, 20)
    assert state.result.reasons[0] == "wrong show"


# ---------------------------------------------------------------- scoring losers


def test_loser_without_a_turn_scores_20(indian: Variant) -> None:
    state = play(declare_deal(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 20)
    assert state.result.reasons[1] == "no turn yet"


def test_loser_count_is_the_best_arrangement(indian: Variant) -> None:
    # Source 003, case 3: two sequences and a set; 10, 8 and 3 are left: 21.
    state = declare_deal(indian, READY, CASE_3, closed_top="5H 5S KD", wild="9S")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 21)
    assert state.result.collected == 21 and state.result.reasons[1] == "count"


def test_loser_with_complete_hand_scores_2(indian: Variant) -> None:
    other = "AH 2H 3H 4C 5C 6C 7C 10S JS QS KD@1 KS KC"
    state = declare_deal(indian, READY, other, closed_top="5H 5S KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 2)


def test_count_capped_at_80(indian: Variant) -> None:
    state = declare_deal(indian, READY, NO_PURE, closed_top="5H 5S KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 80)


def test_dropped_seat_keeps_its_penalty_and_winner_collects_all(indian: Variant) -> None:
    state = declare_deal(indian, READY, NO_PURE, CASE_3, closed_top="5H 5S KD", wild="9S")
    state = play(pass_turn(state), Drop(1))  # seat 1 drops on its first turn: 20
    state = pass_turn(state)
    state = play(state, Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None
    assert state.result.points == (0, 20, 21) and state.result.collected == 41
    assert state.result.reasons[1] == "dropped before a turn"
    assert sorted(state.result.hands[1].cards, key=Card.sort_key) == sorted(
        parse_cards(NO_PURE), key=Card.sort_key)


# ---------------------------------------------------------------- turn timer


@pytest.fixture(scope="module")
def timed(indian: Variant) -> Variant:
    return indian.with_options({"turn_timer": 30})


def test_timeout_draws_closed_and_discards_the_drawn_card(timed: Variant) -> None:
    state = declare_deal(timed, READY, CASE_3, closed_top="KD")
    hand = state.hands[0]
    state = play(state, Timeout(0))
    assert state.hands[0] == hand and state.open_deck[-1] == parse_card("KD")
    assert state.turn == 1 and state.missed == (1, 0)


def test_timeout_after_drawing_discards_the_drawn_card(timed: Variant) -> None:
    state = play(declare_deal(timed, READY, CASE_3, open_deck="9C"), Draw(0, OPEN), Timeout(0))
    assert state.open_deck == parse_cards("9C") and state.missed == (1, 0)


def test_three_missed_turns_auto_drop_40(timed: Variant) -> None:
    state = declare_deal(timed, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    after, events = apply(state, Timeout(0))
    assert isinstance(after, DeclareState)
    state = after
    assert state.status[0] is SeatStatus.TIMED_OUT and state.penalties[0] == 40
    assert PlayerDropped(0, 40, auto=True) in events
    assert state.turn == 1 and check_invariants(state) == []


def test_a_normal_turn_resets_the_missed_turn_streak(timed: Variant) -> None:
    state = declare_deal(timed, READY, CASE_3)
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(pass_turn(state))  # seat 0 plays a normal turn
    state = pass_turn(play(state, Timeout(0)))
    assert state.missed[0] == 1 and state.status[0] is SeatStatus.PLAYING
