"""Declare family (Indian 13-card rummy), the deal: docs/rules.md, "Declare (Indian 13-card
rummy)": setup, a turn, dropping, the turn timer, the two-player classic and matches.

Groups, declaring and scoring are in test_declare_show.py. One test per rule, named after
it, driving the engine through ``start_deal`` / ``apply`` / ``legal_actions``.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummy.model.actions import (
    Discard,
    Draw,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    Timeout,
)
from rummy.model.cards import Rank, make_deck, toss_key
from rummy.model.events import CardsDealt, DeckReshuffled, TossMade, TurnMissed, WildJokerCut
from rummy.model.families.declare import DeclareState
from rummy.model.match import finish_deal, start_match
from rummy.model.match_state import MatchState
from rummy.model.scoring import DealResult, ShownHand
from rummy.model.state import Phase, SeatStatus, apply, legal_actions, start_deal
from rummy.model.variant import load_variant

from .helpers import (
    CASE_3,
    CLOSED,
    NO_PURE,
    OPEN,
    READY,
    card,
    cards,
    declare_deal,
    pass_turn,
    play,
)

INDIAN = load_variant("indian_13")
CLASSIC = load_variant("two_player_13")
TIMED = INDIAN.with_options({"turn_timer": 30})


# ---------------------------------------------------------------- setup


def test_declare_players_2_to_6() -> None:
    for players in range(2, 7):
        assert len(start_deal(INDIAN, players, 1).hands) == players
    for players in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            start_deal(INDIAN, players, 1)


def test_indian_13_ships_2_decks_and_2_printed_jokers_13_cards_each() -> None:
    assert (INDIAN.packs, INDIAN.printed_jokers, INDIAN.hand_size) == (2, 2, 13)
    state = start_deal(INDIAN, 6, 3)
    assert all(len(h) == 13 for h in state.hands)
    assert sum(c.rank is None for c in make_deck(INDIAN.packs, INDIAN.printed_jokers)) == 2


@pytest.mark.parametrize("seed", range(12))
def test_toss_highest_card_moves_first_rank_ace_high_then_suit(seed: int) -> None:
    state = start_deal(INDIAN, 5, seed)
    final = [e for e in state.history if isinstance(e, TossMade)][-1]
    best = max(final.cards, key=lambda sc: toss_key(sc[1]))
    assert state.turn == state.first_player == best[0] and state.dealer is None
    assert toss_key(card("AC")) > toss_key(card("KS")) > toss_key(card("KH"))


def test_deal_13_each_the_next_card_opens_the_open_deck_and_the_cut_card_is_out_of_play(
) -> None:
    for players in (2, 6):
        state = start_deal(INDIAN, players, 9)
        assert isinstance(state, DeclareState)
        dealt = [e for e in state.history if isinstance(e, CardsDealt)][0]
        assert dealt.sizes == (13,) * players
        assert len(state.open_deck) == 1 and state.wild_joker is not None
        in_play = [c for h in state.hands for c in h] + list(state.open_deck) + list(
            state.closed_deck)
        assert state.wild_joker not in in_play
        assert len(in_play) + 1 == INDIAN.deck_size
        assert state.wild_rank == state.wild_joker.rank


def test_printed_joker_cut_makes_aces_wild() -> None:
    state = declare_deal(INDIAN, READY, CASE_3, wild="JK@1")
    assert state.wild_rank is Rank.ACE
    (cut,) = [e for e in state.history if isinstance(e, WildJokerCut)]
    assert cut.wild_rank is Rank.ACE


def test_closed_deck_exhausted_the_open_deck_but_its_top_is_shuffled_into_a_new_one() -> None:
    state = declare_deal(INDIAN, READY, CASE_3)
    deck_cards = state.closed_deck
    state = replace(state, closed_deck=deck_cards[-1:], open_deck=deck_cards[:-1] + (
        card("5C@1"),))
    after = play(state, Draw(0, CLOSED))  # the last closed card: the deck is refilled
    assert after.open_deck == (card("5C@1"),)
    assert set(after.closed_deck) == set(state.open_deck[:-1])
    assert after.closed_deck != state.open_deck[:-1]  # shuffled, not just turned over
    assert [e for e in after.history if isinstance(e, DeckReshuffled)] == [
        DeckReshuffled(1, len(state.open_deck) - 1)]


def test_indian_13_options_and_their_defaults() -> None:
    defaults = {o.key: (o.default, list(o.values)) for o in INDIAN.options}
    assert defaults == {
        "turn_timer": (0, [0, 15, 30, 45, 60]), "allow_drop": (True, [True, False]),
        "printed_jokers": (2, [0, 2]), "pure_min_length": (3, [3, 4]),
        "match_format": ("points", ["points", "pool_101", "pool_201", "deals_2", "deals_3",
                                    "deals_6"]),
    }
    for key, (default, _) in defaults.items():
        value = INDIAN.value_of(key)
        assert getattr(value, "value", value) == default, key
    plain = INDIAN.with_options({"printed_jokers": 0})
    assert all(c.rank is not None for c in make_deck(plain.packs, plain.printed_jokers))
    assert CLASSIC.option("allow_drop").default is False and not CLASSIC.declare.allow_drop


def test_a_table_without_dropping_offers_no_drop() -> None:
    state = declare_deal(INDIAN.with_options({"allow_drop": False}), READY, CASE_3)
    assert not any(isinstance(a, (Drop, DropAtTurn)) for a in legal_actions(state, 0))
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(state, Drop(0))


# ---------------------------------------------------------------- a turn


def test_draw_one_card_from_the_closed_or_the_open_deck_the_hand_now_has_14() -> None:
    state = declare_deal(INDIAN, READY, CASE_3, closed_top="KD")
    assert {Draw(0, CLOSED), Draw(0, OPEN)} <= set(legal_actions(state, 0))
    closed = play(state, Draw(0, CLOSED))
    opened = play(state, Draw(0, OPEN))
    assert closed.hands[0][-1] == card("KD") and opened.hands[0][-1] == card("5C@1")
    assert len(closed.hands[0]) == len(opened.hands[0]) == 14
    with pytest.raises(IllegalMoveError, match="already drew"):
        apply(closed, Draw(0, OPEN))


def test_then_discard_one_card_face_up_the_hand_back_to_13() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Discard(0, card("AS")))
    assert len(state.hands[0]) == 13 and state.open_deck[-1] == card("AS")
    assert state.turn == 1 and state.phase is Phase.DRAW


def test_or_put_a_card_on_the_finish_slot_to_declare_which_ends_the_deal() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, card("KD")))
    assert state.is_over and state.finish_slot == card("KD")


def test_a_player_may_arrange_their_hand_at_any_time() -> None:
    # The engine keeps no order to enforce: a show is judged on the groups as the player
    # arranged them, in any order, and arranging is never an action that takes a turn.
    state = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED))
    groups = (cards("8S 8D 8C"), cards("7D 5D 6D@1"), cards("QH 10H JH"), cards("4S AS 3S 2S"))
    won = play(state, Finish(0, card("KD"), groups))
    assert won.result is not None and won.result.winner == 0


# ---------------------------------------------------------------- dropping


def test_drop_costs_20_on_first_turn_40_later() -> None:
    first = play(declare_deal(INDIAN, READY, CASE_3, NO_PURE), Drop(0))
    assert first.status[0] is SeatStatus.DROPPED and first.penalties[0] == 20
    later = pass_turn(pass_turn(pass_turn(declare_deal(INDIAN, READY, CASE_3, NO_PURE))))
    assert play(later, Drop(0)).penalties[0] == 40


def test_drop_only_before_drawing() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3), Draw(0, CLOSED))
    assert not any(isinstance(a, Drop) for a in legal_actions(state, 0))
    with pytest.raises(IllegalMoveError, match="before drawing"):
        apply(state, Drop(0))


def test_after_a_drop_the_deal_continues_among_the_rest() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3, NO_PURE), Drop(0))
    assert not state.is_over and state.active_seats == (1, 2) and state.turn == 1
    assert pass_turn(pass_turn(state)).turn == 1  # seat 0 is skipped


def test_if_only_one_player_remains_that_player_wins_the_deal_with_0() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3), Drop(0))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == (20, 0)


def test_drop_at_my_turn_takes_effect_before_drawing_at_the_next_turn_for_20_or_40() -> None:
    state = declare_deal(INDIAN, READY, CASE_3, NO_PURE)
    assert DropAtTurn(2, True) in legal_actions(state, 2)  # offered while others play
    asked = play(state, DropAtTurn(2, True))
    assert asked.status[2] is SeatStatus.PLAYING
    after = pass_turn(pass_turn(asked))
    assert after.status[2] is SeatStatus.DROPPED and after.penalties[2] == 20
    assert after.turn == 0 and after.dead[2] == state.hands[2]  # it never drew
    later = play(pass_turn(pass_turn(pass_turn(state))), DropAtTurn(2, True))
    assert pass_turn(pass_turn(later)).penalties[2] == 40


# ---------------------------------------------------------------- the turn timer


def test_turn_timer_is_an_option_in_seconds_off_by_default() -> None:
    option = INDIAN.option("turn_timer")
    assert option.default == 0 and 0 in option.values and INDIAN.declare.turn_timer == 0
    state = declare_deal(INDIAN, READY, CASE_3)
    assert not any(isinstance(a, Timeout) for a in legal_actions(state, 0))
    with pytest.raises(IllegalMoveError, match="no turn timer"):
        apply(state, Timeout(0))
    assert Timeout(0) in legal_actions(declare_deal(TIMED, READY, CASE_3), 0)


def test_turn_timer_runs_out_draws_closed_and_discards_the_drawn_card() -> None:
    state = declare_deal(TIMED, READY, CASE_3, closed_top="KD")
    after = play(state, Timeout(0))
    assert after.hands[0] == state.hands[0] and after.open_deck[-1] == card("KD")
    assert after.turn == 1


def test_three_consecutive_missed_turns_auto_drop_40() -> None:
    state = declare_deal(TIMED, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = play(state, Timeout(0))
        state = pass_turn(pass_turn(state))
    assert state.status[0] is SeatStatus.PLAYING
    state = play(state, Timeout(0))
    assert state.status[0] is SeatStatus.TIMED_OUT and state.penalties[0] == 40
    assert [e.streak for e in state.history if isinstance(e, TurnMissed)] == [1, 2, 3]


def test_a_turn_played_in_time_breaks_the_missed_turn_streak() -> None:
    state = declare_deal(TIMED, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    state = pass_turn(pass_turn(pass_turn(state)))  # seat 0 plays in time
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    assert state.status[0] is SeatStatus.PLAYING


# ---------------------------------------------------------------- two-player classic


def test_two_player_one_deck_no_printed_jokers_13_each_24_in_the_closed_deck() -> None:
    assert (CLASSIC.packs, CLASSIC.printed_jokers, CLASSIC.min_players,
            CLASSIC.max_players) == (1, 0, 2, 2)
    for seed in range(5):
        state = start_deal(CLASSIC, 2, seed)
        assert [len(h) for h in state.hands] == [13, 13]
        assert len(state.open_deck) == 1 and len(state.closed_deck) == 24
    with pytest.raises(ValueError):
        start_deal(CLASSIC, 3, 0)


@pytest.mark.parametrize("seed", range(25))
def test_two_player_toss_lower_card_deals_receiver_is_dealt_first_and_moves_first(
        seed: int) -> None:
    state = start_deal(CLASSIC, 2, seed)
    final = [e for e in state.history if isinstance(e, TossMade)][-1]
    low = min(final.cards, key=lambda sc: toss_key(sc[1]))[0]
    assert state.dealer == low and state.turn == state.first_player == 1 - low
    dealt = [e for e in state.history if isinstance(e, CardsDealt)][0]
    assert dealt.first_player == 1 - low  # dealt first, then alternately


def test_two_player_toss_ace_is_high() -> None:
    for seed in range(40):
        state = start_deal(CLASSIC, 2, seed)
        final = [e for e in state.history if isinstance(e, TossMade)][-1]
        assert state.dealer is not None
        assert dict(final.cards)[state.dealer].rank is not Rank.ACE


def test_two_player_the_dealer_cuts_the_wild_joker() -> None:
    state = start_deal(CLASSIC, 2, 3)
    assert isinstance(state, DeclareState)
    (cut,) = [e for e in state.history if isinstance(e, WildJokerCut)]
    assert cut.by == state.dealer is not None and cut.card == state.wild_joker


def test_two_player_invalid_declaration_the_opponent_wins() -> None:
    hand = "KS QC JD 10C KH 9D 7C 10S 9H 4C KC 8S 7H"
    other = "AS 2S 3S 4S 10H JH QH 5D 6D 7D 8D 2H 3H"
    state = play(declare_deal(CLASSIC, hand, other, open_deck="5C", wild="2C"),
                 Draw(0, CLOSED), Finish(0, card("KS")))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points[0] == CLASSIC.declare.wrong_show_penalty == 80


# ---------------------------------------------------------------- matches


def _deal_points(match: MatchState, points: tuple[int, ...]) -> MatchState:
    """``match`` with its current deal ended with these points (the 0 is the winner),
    scored, and the next deal dealt among the seats still in."""
    result = DealResult(points.index(0), points, sum(points), ("",) * len(points),
                        (ShownHand(()),) * len(points))
    assert isinstance(match.state, DeclareState)
    state = replace(match.state, phase=Phase.OVER, result=result)
    return finish_deal(replace(match, state=state))[0]


def test_match_format_points_is_one_deal() -> None:
    match = _deal_points(start_match(INDIAN, 3, 1), (0, 30, 12))
    assert match.over and match.winner == 0


@pytest.mark.parametrize("limit", [101, 201])
def test_pool_101_or_201_eliminates_at_the_limit_and_the_last_player_left_wins(
        limit: int) -> None:
    variant = INDIAN.with_options({"match_format": f"pool_{limit}"})
    match = start_match(variant, 3, 1)
    match = _deal_points(match, (0, limit - 1, 40))
    assert not match.over and match.out == (False, False, False)
    match = _deal_points(match, (30, 1, 0))
    assert match.out == (False, True, False) and not match.over
    assert match.seats == (0, 2)
    match = _deal_points(match, (limit, 0))
    assert match.over and match.winner == 2


@pytest.mark.parametrize("deals", [2, 3, 6])
def test_deals_2_3_or_6_then_the_lowest_total_wins(deals: int) -> None:
    match = start_match(INDIAN.with_options({"match_format": f"deals_{deals}"}), 3, 1)
    for n in range(deals):
        assert not match.over
        match = _deal_points(match, (0, 5, 9) if n else (80, 0, 70))
    assert match.over and match.winner == 1
