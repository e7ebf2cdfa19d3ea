"""The rules of docs/rules.md, "Declare", one test per rule, named after it."""

from __future__ import annotations

import copy
import random

import pytest

from rummy.model.actions import (
    Discard,
    Draw,
    DrawSource,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    Timeout,
)
from rummy.model.cards import Card, Rank, make_deck, parse_card, parse_cards
from rummy.model.events import CardsDealt, DeckReshuffled, PlayerDropped, TossMade, WildJokerCut
from rummy.model.families.declare import DeclareState, deal_from_cards, toss, toss_leaders
from rummy.model.invariants import check_invariants
from rummy.model.state import Phase, SeatStatus, apply, check_action, legal_actions, start_deal
from rummy.model.variant import Toss, Variant, load_variant

CLOSED, OPEN = DrawSource.CLOSED, DrawSource.OPEN

# Seat 0's 13 cards are a valid show with 9 wild: A-4♠, 10-Q♥, 5-7♦ pure, and a set of 8s.
READY = "AS 2S 3S 4S 10H JH QH 5D 6D@1 7D 8C 8D 8S"
# Source 003's case 3, verbatim: K♣ Q♣ J♣ | 2♦ 3♦ 4♦ Joker | 6♥ 6♦ 6♣ and 10, 8, 3 left: 21.
CASE_3 = "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3C"
# No pure sequence anywhere: all 13 count, 121 points (second copies, to fit beside the rest).
NO_PURE = "KS@1 QH@1 JD@1 10C@1 KH@1 9D@1 JC@1 10S@1 9H@1 8C@1 KC@1 8S@1 7H@1"


@pytest.fixture(scope="module")
def indian() -> Variant:
    return load_variant("indian_13")


@pytest.fixture(scope="module")
def classic() -> Variant:
    return load_variant("two_player_13")


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


# ---------------------------------------------------------------- setup


def test_toss_highest_card_moves_first() -> None:
    # Source 004: "If 6 players get A♣, A♠, A♦, A♥, 10♣, 10♠ respectively, then the one with
    # A♠ is the winner of the toss and he gets to make the first move."
    cards = parse_cards("A♣, A♠, A♦, A♥, 10♣, 10♠")
    assert toss_leaders(Toss.HIGHEST_FIRST, cards) == (1,)


@pytest.mark.parametrize("seed", range(20))
def test_toss_winner_moves_first_and_is_dealt_first(indian: Variant, seed: int) -> None:
    state = start_deal(indian, 4, seed)
    last_round = [e for e in state.history if isinstance(e, TossMade)][-1]
    winner = max(last_round.cards, key=lambda sc: (sc[1].rank.high_value, sc[1].suit.toss_order))
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
        low = min(round_.cards, key=lambda sc: (sc[1].rank.high_value, sc[1].suit.toss_order))
        assert state.dealer == low[0]
        assert state.first_player == state.turn == 1 - low[0]
        # The receiver is dealt the first card of the shuffled deck.
        deck = make_deck(classic.packs, classic.printed_jokers)
        shuffled = list(deck)
        random.Random(f"{seed}/deal").shuffle(shuffled)
        assert shuffled[0] in state.hands[state.first_player]


def test_dealer_cuts_the_wild_joker(classic: Variant) -> None:
    state = start_deal(classic, 2, 3)
    (cut,) = [e for e in state.history if isinstance(e, WildJokerCut)]
    assert cut.by == state.dealer is not None
    assert cut.card == state.wild_joker and cut.wild_rank == state.wild_joker.rank


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_13_each_then_open_card_then_wild_joker_out_of_play(indian: Variant,
                                                                  players: int) -> None:
    state = start_deal(indian, players, 11)
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
    state = start_deal(indian, 2, 13)  # seed 13 cuts a printed joker
    assert state.wild_joker is not None and state.wild_joker.is_printed_joker
    assert state.wild_rank is Rank.ACE
    built = scenario(indian, READY, CASE_3, wild="JK@1")
    assert built.wild_rank is Rank.ACE


def test_cut_card_rank_is_wild_in_every_suit(indian: Variant) -> None:
    assert scenario(indian, READY, CASE_3, wild="7S").wild_rank is Rank.SEVEN


def test_deal_from_cards_refuses_cards_that_are_not_a_deal(indian: Variant) -> None:
    with pytest.raises(ValueError, match="placed 2 times"):
        scenario(indian, READY, READY.replace("6D@1", "6D@0"))
    with pytest.raises(ValueError, match="holds 12 cards"):
        scenario(indian, READY, "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H")
    with pytest.raises(ValueError, match="wild joker"):
        scenario(indian, READY, CASE_3, wild=None)
    with pytest.raises(ValueError, match="not a card of this variant"):
        scenario(indian, READY, CASE_3, wild="2C@2")


# ---------------------------------------------------------------- a turn


def test_draw_closed_takes_the_top_card(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, closed_top="KD QS"), Draw(0, CLOSED))
    assert state.drawn == parse_card("KD") and len(state.hands[0]) == 14
    assert state.closed_deck[-1] == parse_card("QS")
    assert state.phase is Phase.DISCARD


def test_draw_open_takes_the_top_card(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, open_deck="9C 5C@1"), Draw(0, OPEN))
    assert state.drawn == parse_card("5C@1") and state.open_deck == parse_cards("9C")


def test_discard_goes_face_up_on_the_open_deck_and_passes_the_turn(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3), Draw(0, CLOSED), Discard(0, parse_card("AS")))
    assert state.open_deck[-1] == parse_card("AS") and len(state.hands[0]) == 13
    assert state.turn == 1 and state.phase is Phase.DRAW and state.turns_done == (1, 0)


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(1, CLOSED), "not your turn"),
    (Discard(0, parse_card("AS")), "draw a card first"),
    (Finish(0, parse_card("AS")), "draw a card first"),
])
def test_illegal_actions_before_drawing(indian: Variant, action: object, reason: str) -> None:
    state = scenario(indian, READY, CASE_3)
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)  # type: ignore[arg-type]


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(0, OPEN), "you already drew"),
    (Discard(0, parse_card("KC")), "that card is not in your hand"),
    (Drop(0), "only drop before drawing"),
    (Timeout(0), "no turn timer"),
])
def test_illegal_actions_after_drawing(indian: Variant, action: object, reason: str) -> None:
    state = play(scenario(indian, READY, CASE_3), Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)  # type: ignore[arg-type]
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)  # type: ignore[arg-type]


def test_legal_actions_list_each_phase(indian: Variant) -> None:
    state = scenario(indian, READY, CASE_3)
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


# ---------------------------------------------------------------- drop


def test_drop_on_first_turn_scores_20(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, NO_PURE), Drop(0))
    assert state.status[0] is SeatStatus.DROPPED and state.penalties[0] == 20
    assert state.turn == 1 and state.hands[0] == () and len(state.dead[0]) == 13


def test_drop_after_the_first_turn_scores_40(indian: Variant) -> None:
    state = scenario(indian, READY, CASE_3, NO_PURE)
    for _ in range(3):
        state = pass_turn(state)
    state = play(state, Drop(0))
    assert state.penalties[0] == 40


def test_drop_with_three_players_deal_continues(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, NO_PURE), Drop(0))
    assert not state.is_over and state.active_seats == (1, 2)
    state = pass_turn(pass_turn(state))
    assert state.turn == 1  # seat 0 is skipped


def test_last_player_left_wins_with_0(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3), Drop(0))
    assert state.is_over and state.result is not None
    assert state.result.winner == 1 and state.result.points == (20, 0)
    assert state.result.collected == 20


def test_drop_needs_a_variant_that_allows_it(classic: Variant) -> None:
    state = start_deal(classic, 2, 0)
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(state, Drop(state.turn))


# ---------------------------------------------------------------- declaring


def test_valid_show_wins_with_0(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, parse_card("KD")))
    assert state.is_over and state.result is not None and state.result.winner == 0
    assert state.finish_slot == parse_card("KD")
    assert state.result.points[0] == 0 and state.result.reasons[0] == "valid declaration"


def test_finish_with_own_groups_is_judged_as_shown(indian: Variant) -> None:
    groups = tuple(parse_cards(g) for g in ("AS 2S 3S 4S", "10H JH QH", "5D 6D@1 7D",
                                            "8C 8D 8S"))
    state = scenario(indian, READY, CASE_3, closed_top="KD")
    won = play(state, Draw(0, CLOSED), Finish(0, parse_card("KD"), groups))
    assert won.result is not None and won.result.winner == 0
    muddled = ((groups[0] + groups[1]),) + groups[2:]
    lost = play(state, Draw(0, CLOSED), Finish(0, parse_card("KD"), muddled))
    assert lost.result is not None and lost.result.winner == 1


def test_finish_groups_must_hold_the_rest_of_the_hand(indian: Variant) -> None:
    state = play(scenario(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED))
    short = (parse_cards("AS 2S 3S 4S"),)
    with pytest.raises(IllegalMoveError, match="every other card"):
        apply(state, Finish(0, parse_card("KD"), short))


def test_wrong_show_with_two_players_opponent_wins(indian: Variant) -> None:
    state = play(scenario(indian, NO_PURE, CASE_3), Draw(0, CLOSED),
                 Finish(0, parse_card("KS@1")))
    assert state.is_over and state.result is not None
    assert state.result.winner == 1 and state.result.points == (80, 0)
    assert state.status[0] is SeatStatus.WRONG_SHOW and state.result.collected == 80


def test_wrong_show_with_three_players_deal_continues(indian: Variant) -> None:
    state = play(scenario(indian, NO_PURE, READY.replace("6D@1", "6D@0"), CASE_3.replace(
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
    state = play(scenario(indian, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 20)
    assert state.result.reasons[1] == "no turn yet"


def test_loser_count_is_the_best_arrangement(indian: Variant) -> None:
    # Source 003, case 3: two sequences and a set; 10, 8 and 3 are left: 21.
    state = scenario(indian, READY, CASE_3, closed_top="5H 5S KD", wild="9S")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 21)
    assert state.result.collected == 21 and state.result.reasons[1] == "count"


def test_loser_with_complete_hand_scores_2(indian: Variant) -> None:
    other = "AH 2H 3H 4C 5C 6C 7C 10S JS QS KD@1 KS KC"
    state = scenario(indian, READY, other, closed_top="5H 5S KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 2)


def test_count_capped_at_80(indian: Variant) -> None:
    state = scenario(indian, READY, NO_PURE, closed_top="5H 5S KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, parse_card("KD")))
    assert state.result is not None and state.result.points == (0, 80)


def test_dropped_seat_keeps_its_penalty_and_winner_collects_all(indian: Variant) -> None:
    state = scenario(indian, READY, NO_PURE, CASE_3, closed_top="5H 5S KD", wild="9S")
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
    state = scenario(timed, READY, CASE_3, closed_top="KD")
    hand = state.hands[0]
    state = play(state, Timeout(0))
    assert state.hands[0] == hand and state.open_deck[-1] == parse_card("KD")
    assert state.turn == 1 and state.missed == (1, 0)


def test_timeout_after_drawing_discards_the_drawn_card(timed: Variant) -> None:
    state = play(scenario(timed, READY, CASE_3, open_deck="9C"), Draw(0, OPEN), Timeout(0))
    assert state.open_deck == parse_cards("9C") and state.missed == (1, 0)


def test_three_missed_turns_auto_drop_40(timed: Variant) -> None:
    state = scenario(timed, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    state, events = apply(state, Timeout(0))
    assert state.status[0] is SeatStatus.TIMED_OUT and state.penalties[0] == 40
    assert PlayerDropped(0, 40, auto=True) in events
    assert state.turn == 1 and check_invariants(state) == []


def test_a_normal_turn_resets_the_missed_turn_streak(timed: Variant) -> None:
    state = scenario(timed, READY, CASE_3)
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(pass_turn(state))  # seat 0 plays a normal turn
    state = pass_turn(play(state, Timeout(0)))
    assert state.missed[0] == 1 and state.status[0] is SeatStatus.PLAYING


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
            state = play(state, Discard(state.turn, state.drawn))  # type: ignore[arg-type]
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
