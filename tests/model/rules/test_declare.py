"""Declare family (Indian 13-card rummy): docs/rules.md, "Declare (Indian 13-card rummy)":
setup, a turn, dropping, the turn timer, groups, declaring, scoring, the two-player classic
and matches, in the page's order.

One test per rule, named after it, driving the engine through ``start_deal`` / ``apply`` /
``legal_actions``; groups go through ``classify_group``, shows through
``check_declaration`` and a played ``Finish``, a loser's points through ``score_loser`` and
``best_arrangement`` (the game's search for the lowest count) and a played deal. The last
section holds what the family needs beyond the rules: the engine's contract for a move,
records and the deal builder of tests/model/rules/helpers.py.
"""

from __future__ import annotations

import copy
import random
from dataclasses import replace
from pathlib import Path

import pytest

from rummy.model import best_arrangement, check_declaration, classify_group
from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    Timeout,
    action_from_json,
)
from rummy.model.cards import Card, Rank, make_deck, parse_cards, toss_key
from rummy.model.events import (
    CardsDealt,
    DeckReshuffled,
    DropAtTurnSet,
    PlayerDropped,
    TossMade,
    TurnMissed,
    WildJokerCut,
)
from rummy.model.families.declare_deal import DeclareState, toss, toss_leaders
from rummy.model.invariants import check_invariants
from rummy.model.match import finish_deal, start_match
from rummy.model.match_state import MatchState
from rummy.model.melds import GroupKind
from rummy.model.scoring import DealResult, ShownHand, score_loser
from rummy.model.state import Phase, SeatStatus, apply, check_action, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_fields import Toss
from rummy.model.variant_type import Variant
from rummy.model.view import view_for

from .helpers import (
    CASE_3,
    CLOSED,
    LOOSE,
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
NO_WILD = card("2C@1")  # 2s are wild: the hands below hold none, or one in its own place


def kind(text: str, cut: str = "2C@1") -> GroupKind:
    return classify_group(INDIAN, cards(text), cut=card(cut))


def shows(*groups: str, variant: Variant = INDIAN, cut: str = "2C@1") -> bool:
    valid, _ = check_declaration(variant, [cards(g) for g in groups], card(cut))
    return valid


def points(hand: str, cut: str = "2C@1", had_turn: bool = True) -> int:
    return score_loser(INDIAN, cards(hand), card(cut), had_turn=had_turn).points


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
    dealt = [e for e in state.history if isinstance(e, CardsDealt)][0]
    assert dealt.first_player == best[0]  # and is dealt first
    # Source 004: "If 6 players get A♣, A♠, A♦, A♥, 10♣, 10♠ respectively, then the one with
    # A♠ is the winner of the toss and he gets to make the first move."
    source_004 = parse_cards("A♣, A♠, A♦, A♥, 10♣, 10♠")
    assert toss_leaders(Toss.HIGHEST_FIRST, source_004) == (1,)


def test_toss_identical_faces_toss_again_among_themselves() -> None:
    first, dealer, events = toss(INDIAN, 6, 74)  # seed 74: seats 4 and 5 both get A♦
    rounds = [e for e in events if isinstance(e, TossMade)]
    assert rounds[0].tied == (4, 5)
    assert [s for s, _ in rounds[1].cards] == [4, 5] and rounds[1].tied == ()
    assert first == 5 and dealer is None


def test_deal_13_each_the_next_card_opens_the_open_deck_and_the_cut_card_is_out_of_play(
) -> None:
    for players in range(2, 7):
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
        assert len(state.closed_deck) == 106 - 13 * players - 2
        assert state.phase is Phase.DRAW


def test_printed_joker_cut_makes_aces_wild() -> None:
    state = declare_deal(INDIAN, READY, CASE_3, wild="JK@1")
    assert state.wild_rank is Rank.ACE
    dealt = start_deal(INDIAN, 2, 13)  # seed 13 cuts a printed joker
    assert isinstance(dealt, DeclareState)
    assert dealt.wild_joker is not None and dealt.wild_joker.is_printed_joker
    assert dealt.wild_rank is Rank.ACE
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
    # Played to it in a two-player deal: the cut card stays out, and the new deck's order
    # comes from the deal's seed.
    played = start_deal(CLASSIC, 2, 8)
    assert len(played.closed_deck) == 24
    events: tuple[object, ...] = ()
    while played.reshuffles == 0:
        open_before = played.open_deck
        played, events = apply(played, Draw(played.turn, CLOSED))
        assert check_invariants(played) == []
        if played.reshuffles == 0:
            assert played.drawn is not None
            played = play(played, Discard(played.turn, played.drawn))
    assert isinstance(played, DeclareState)
    assert DeckReshuffled(1, 23) in events
    assert set(played.closed_deck) == set(open_before[:-1])
    assert played.open_deck == open_before[-1:]
    assert played.wild_joker not in played.closed_deck
    again = start_deal(CLASSIC, 2, 8)
    while again.reshuffles == 0:
        again = pass_turn(again) if again.closed_deck[:-1] else play(
            again, Draw(again.turn, CLOSED))
    assert again.closed_deck == played.closed_deck  # the reshuffle comes from the seed


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
    classic = start_deal(CLASSIC, 2, 0)  # the two-player classic: off by default
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(classic, Drop(classic.turn))


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
    # The top card each time: the next closed card comes up, the open card under it shows.
    closed = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD QS"), Draw(0, CLOSED))
    assert closed.drawn == card("KD") and len(closed.hands[0]) == 14
    assert closed.closed_deck[-1] == card("QS")
    assert closed.phase is Phase.DISCARD
    opened = play(declare_deal(INDIAN, READY, CASE_3, open_deck="9C 5C@1"), Draw(0, OPEN))
    assert opened.drawn == card("5C@1") and opened.open_deck == cards("9C")


def test_then_discard_one_card_face_up_the_hand_back_to_13() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Discard(0, card("AS")))
    assert len(state.hands[0]) == 13 and state.open_deck[-1] == card("AS")
    assert state.turn == 1 and state.phase is Phase.DRAW and state.turns_done == (1, 0)


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
    # Judged as shown: the same cards muddled into other groups are a wrong show.
    shown = tuple(cards(g) for g in ("AS 2S 3S 4S", "10H JH QH", "5D 6D@1 7D", "8C 8D 8S"))
    muddled = ((shown[0] + shown[1]),) + shown[2:]
    lost = play(state, Finish(0, card("KD"), muddled))
    assert lost.result is not None and lost.result.winner == 1
    with pytest.raises(IllegalMoveError, match="every other card"):
        apply(state, Finish(0, card("KD"), (cards("AS 2S 3S 4S"),)))


# ---------------------------------------------------------------- dropping


def test_drop_costs_20_on_first_turn_40_later() -> None:
    first = play(declare_deal(INDIAN, READY, CASE_3, NO_PURE), Drop(0))
    assert first.status[0] is SeatStatus.DROPPED and first.penalties[0] == 20
    assert first.turn == 1 and first.hands[0] == () and len(first.dead[0]) == 13
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
    assert state.is_over and state.result.collected == 20


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
    dropped = [e for e in after.history if isinstance(e, PlayerDropped)]
    assert dropped == [PlayerDropped(2, 20, at_turn=True)]


def test_drop_at_my_turn_is_offered_to_every_waiting_seat_and_may_be_taken_back() -> None:
    state = declare_deal(INDIAN, READY, NO_PURE, LOOSE)
    assert DropAtTurn(0, True) not in legal_actions(state, 0)  # to move: it may just drop
    assert legal_actions(state, 1) == [DropAtTurn(1, True)]
    assert legal_actions(state, 2) == [DropAtTurn(2, True)]
    asked = play(state, DropAtTurn(2, True))
    assert legal_actions(asked, 2) == [DropAtTurn(2, False)]  # and it may be withdrawn
    state = play(state, DropAtTurn(1, True), DropAtTurn(1, False))
    state = pass_turn(state)
    assert state.status[1] is SeatStatus.PLAYING and state.turn == 1
    with pytest.raises(IllegalMoveError, match="not asked"):
        apply(state, DropAtTurn(1, False))


def test_drop_at_my_turn_leaving_one_player_ends_the_deal() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3), DropAtTurn(1, True))
    state = pass_turn(state)
    assert state.result is not None and state.result.winner == 0
    assert state.result.points == (0, 20)


def test_drop_at_my_turn_needs_a_table_that_allows_dropping_and_a_seat_still_in() -> None:
    state = declare_deal(INDIAN.with_options({"allow_drop": False}), READY, CASE_3)
    assert legal_actions(state, 1) == []
    with pytest.raises(IllegalMoveError, match="does not allow dropping"):
        apply(state, DropAtTurn(1, True))
    gone = play(declare_deal(INDIAN, READY, NO_PURE, LOOSE), Drop(0))
    assert legal_actions(gone, 0) == []
    with pytest.raises(IllegalMoveError, match="out of this deal"):
        apply(gone, DropAtTurn(0, True))


def test_drop_at_my_turn_is_seen_only_by_the_seat_that_asked() -> None:
    state = play(declare_deal(INDIAN, READY, NO_PURE, LOOSE), DropAtTurn(1, True))
    mine, theirs = view_for(state, 1), view_for(state, 2)
    assert mine.declare.drop_at_turn and not theirs.declare.drop_at_turn
    assert DropAtTurnSet(1, True) in mine.history
    assert not any(isinstance(e, DropAtTurnSet) for e in theirs.history)
    assert "drop_at_turn_set" not in str(theirs.to_json())


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
    assert after.turn == 1 and after.missed == (1, 0)
    # Run out after drawing: the drawn card is discarded.
    drawn = play(declare_deal(TIMED, READY, CASE_3, open_deck="9C"), Draw(0, OPEN), Timeout(0))
    assert drawn.open_deck == cards("9C") and drawn.missed == (1, 0)


def test_three_consecutive_missed_turns_auto_drop_40() -> None:
    state = declare_deal(TIMED, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = play(state, Timeout(0))
        state = pass_turn(pass_turn(state))
    assert state.status[0] is SeatStatus.PLAYING
    after, events = apply(state, Timeout(0))
    assert isinstance(after, DeclareState)
    state = after
    assert state.status[0] is SeatStatus.TIMED_OUT and state.penalties[0] == 40
    assert [e.streak for e in state.history if isinstance(e, TurnMissed)] == [1, 2, 3]
    assert PlayerDropped(0, 40, auto=True) in events
    assert state.turn == 1 and check_invariants(state) == []


def test_a_turn_played_in_time_breaks_the_missed_turn_streak() -> None:
    state = declare_deal(TIMED, READY, CASE_3, NO_PURE)
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    state = pass_turn(pass_turn(pass_turn(state)))  # seat 0 plays in time
    for _ in range(2):
        state = pass_turn(pass_turn(play(state, Timeout(0))))
    assert state.status[0] is SeatStatus.PLAYING
    # Two players: the streak after a turn in time is the misses since.
    state = declare_deal(TIMED, READY, CASE_3)
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(play(state, Timeout(0)))
    state = pass_turn(pass_turn(state))  # seat 0 plays a normal turn
    state = pass_turn(play(state, Timeout(0)))
    assert state.missed[0] == 1 and state.status[0] is SeatStatus.PLAYING


# ---------------------------------------------------------------- groups


def test_a_sequence_is_3_or_more_consecutive_cards_of_one_suit_with_no_cap() -> None:
    assert kind("4H 5H 6H") is GroupKind.PURE_SEQUENCE
    assert kind("4H 5H 6H 7H 8H 9H") is GroupKind.PURE_SEQUENCE  # six cards
    assert kind("4H 5H") is GroupKind.INVALID
    assert kind("4H 5H 7H") is GroupKind.INVALID
    assert kind("4H 5S 6H") is GroupKind.INVALID


def test_a_wild_rank_card_in_its_natural_place_keeps_a_sequence_pure() -> None:
    assert kind("AS KS QS JS", cut="KD") is GroupKind.PURE_SEQUENCE
    assert kind("9S 10S JS", cut="10D") is GroupKind.PURE_SEQUENCE


def test_a_printed_joker_is_never_in_a_pure_sequence() -> None:
    assert kind("5S JK 7S") is GroupKind.IMPURE_SEQUENCE
    assert kind("5S 6S 7S JK") is GroupKind.IMPURE_SEQUENCE  # even where it could be 8S


def test_an_impure_sequence_uses_jokers_as_substitutes() -> None:
    assert kind("5S 9H 7S", cut="9D") is GroupKind.IMPURE_SEQUENCE
    assert kind("5S JK JK@1 8S") is GroupKind.IMPURE_SEQUENCE
    assert kind("5S JK 9S") is GroupKind.INVALID  # one joker cannot fill two gaps


def test_a_set_is_3_or_4_cards_of_one_rank_of_different_suits_jokers_may_fill_in() -> None:
    assert kind("6S 6H 6D") is GroupKind.SET
    assert kind("6S 6H 6D 6C") is GroupKind.SET
    assert kind("3S KH 3D", cut="KD") is GroupKind.SET
    assert kind("6S 6H 6D 6C JK") is GroupKind.INVALID  # five is too many
    assert kind("6S 6H") is GroupKind.INVALID


def test_two_identical_cards_never_make_a_set() -> None:
    assert kind("6S 6S@1 6H") is GroupKind.INVALID
    assert kind("6S 6S@1 6H JK") is GroupKind.INVALID


def test_a_group_of_jokers_only_is_an_impure_sequence() -> None:
    assert kind("JK JK@1 9H", cut="9D") is GroupKind.IMPURE_SEQUENCE
    assert kind("9S 9C 9H", cut="9D") is GroupKind.IMPURE_SEQUENCE


def test_a_group_read_several_ways_counts_as_the_best_reading() -> None:
    assert kind("6S 6S@1 6H", cut="6D") is GroupKind.IMPURE_SEQUENCE  # all jokers
    assert kind("5S 6S 7S", cut="6D") is GroupKind.PURE_SEQUENCE  # not impure
    assert kind("7S 7H JK") is GroupKind.SET
    assert kind("7S 8S JK") is GroupKind.IMPURE_SEQUENCE  # a sequence before a set


# ---------------------------------------------------------------- declaring


def test_valid_show_needs_every_card_grouped_and_min_sequences_one_of_them_pure() -> None:
    assert shows("AS 2S 3S 4S", "10H JH QH", "5D 6D@1 7D", "8C 8D 8S")
    assert shows("AS 2S 3S 4S", "10H JK QH", "5D 6D 7D", "8C 8D 8S")  # one pure is enough
    assert not shows("AS 2S 3S 4S", "10H JH QH", "5D 6D 7D", "8C 8D 9S")  # a card loose
    assert not shows("AS 2S 3S 4S", "10H 10D 10S", "5D 5C 5S", "8C 8D 8S")  # one sequence
    assert not shows("AS JK 3S 4S", "10H JK@1 QH", "5D 6D 9D", "8C 8D 8S")  # none pure


def test_the_pure_sequence_must_be_at_least_pure_min_length() -> None:
    four = INDIAN.with_options({"pure_min_length": 4})
    assert shows("AS 2S 3S", "10H JK QH", "5D 6D 7D 8D", "8C 8H 8S", variant=four)
    assert not shows("AS 2S 3S", "10H JK QH", "5D JK@1 7D 8D", "8C 8H 8S", variant=four)


def test_a_valid_declaration_wins_the_deal_with_0() -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, card("KD")))
    assert state.result is not None and state.result.winner == 0
    assert state.result.points[0] == 0 and state.result.points[1] > 0
    assert state.finish_slot == card("KD")
    assert state.result.reasons[0] == "valid declaration"


def test_a_wrong_show_costs_80_and_with_two_players_the_opponent_wins() -> None:
    state = play(declare_deal(INDIAN, NO_PURE, CASE_3), Draw(0, CLOSED),
                 Finish(0, card("KS@1")))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == (80, 0) and state.status[0] is SeatStatus.WRONG_SHOW
    assert state.result.collected == 80


def test_a_wrong_show_with_more_players_the_deal_continues_without_the_declarer() -> None:
    state = play(declare_deal(INDIAN, NO_PURE, CASE_3, LOOSE), Draw(0, CLOSED),
                 Finish(0, card("KS@1")))
    assert not state.is_over and state.active_seats == (1, 2) and state.penalties[0] == 80
    assert pass_turn(pass_turn(state)).turn == 1
    # The declarer's 14 cards are out of play, shown; the next valid show ends the deal.
    state = play(declare_deal(INDIAN, NO_PURE, READY.replace("6D@1", "6D@0"), CASE_3.replace(
        "6D", "6D@1"), closed_top="5S KD"), Draw(0, CLOSED), Finish(0, card("KS@1")))
    assert not state.is_over and state.status[0] is SeatStatus.WRONG_SHOW
    assert state.turn == 1 and state.hands[0] == () and len(state.dead[0]) == 14
    assert state.shows[0] is not None and state.finish_slot is None
    state = play(state, Draw(1, CLOSED), Finish(1, card("KD")))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == (80, 0, 20)
    assert state.result.reasons[0] == "wrong show"


def test_two_player_objective_is_one_pure_sequence_of_at_least_4() -> None:
    assert (CLASSIC.declare.min_sequences, CLASSIC.declare.pure_min_length) == (1, 4)
    assert shows("AS 2S 3S 4S", "10H 10D 10S", "5D 5C 5S", "8C 8D 8S", variant=CLASSIC)
    assert not shows("AS 2S 3S", "4S 4D 4H 4C", "5D 5C 5S", "8C 8D 8S", variant=CLASSIC)


# ---------------------------------------------------------------- scoring losers


def test_card_points_a_k_q_j_10_score_10_2_to_9_face_value_jokers_0() -> None:
    cut = card("9D")
    for face, value in (("AS", 10), ("KS", 10), ("QS", 10), ("JS", 10), ("10S", 10),
                        ("2S", 2), ("5S", 5), ("8S", 8), ("JK", 0), ("9S", 0)):
        assert INDIAN.card_value(card(face), cut.rank) == value, face


def test_with_no_pure_sequence_all_13_cards_count() -> None:
    # An impure sequence and a set, but nothing pure: every card counts.
    hand = "5S JK 7S 8S 4H 4D 4C 3D 3H 6C 9H 10H KD"
    best = best_arrangement(INDIAN, cards(hand), cut=NO_WILD)
    assert best.count == 5 + 7 + 8 + 12 + 3 + 3 + 6 + 9 + 10 + 10


def test_with_a_pure_sequence_but_too_few_sequences_only_the_pure_one_is_left_out() -> None:
    hand = "5S 6S 7S 4H 4D 4C QH QD QC 3D 9H 10C KD"  # sets count too
    best = best_arrangement(INDIAN, cards(hand), cut=NO_WILD)
    assert best.count == 12 + 30 + 3 + 9 + 10 + 10


def test_with_the_sequences_required_every_card_in_a_valid_group_is_left_out() -> None:
    hand = "5S 6S 7S 8D 9D 10D 4H 4D 4C 3H 9H 10C KD"
    best = best_arrangement(INDIAN, cards(hand), cut=NO_WILD)
    assert best.count == 3 + 9 + 10 + 10


def test_a_loser_count_is_taken_over_the_arrangement_with_the_lowest_count() -> None:
    # The joker could lengthen the clubs (leaving 7H 7D) or make a set of sevens with
    # them: the second leaves less, and that is the count.
    hand = "5S 6S 7S 7H 7D JK 8C 9C 10C KD QH 3H 4D"
    best = best_arrangement(INDIAN, cards(hand), cut=NO_WILD)
    assert best.count == 10 + 10 + 3 + 4


def test_a_loser_never_scores_more_than_80() -> None:
    assert best_arrangement(INDIAN, cards(NO_PURE), cut=NO_WILD).count > 80
    assert points(NO_PURE) == 80
    state = declare_deal(INDIAN, READY, NO_PURE, closed_top="5H 5S KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 80)


def test_a_loser_who_never_had_a_turn_scores_20() -> None:
    assert points(CASE_3, had_turn=False) == 20
    assert points(NO_PURE, had_turn=False) == 20
    # Played: seat 0 declares on its first turn; seat 1 never played.
    state = play(declare_deal(INDIAN, READY, NO_PURE, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 20)
    assert state.result.reasons[1] == "no turn yet"


def test_a_loser_whose_hand_meets_the_objective_scores_2_whatever_jokers_it_uses() -> None:
    hand = "5S JK JK@1 8S@1 AH 2H 3H 10D JD QD KC KS KH"
    assert best_arrangement(INDIAN, cards(hand), cut=NO_WILD).valid
    assert points(hand) == 2
    state = play(pass_turn(pass_turn(declare_deal(INDIAN, READY, hand, closed_top="4C 4C@1 KD"))),
                 Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 2)
    # 9 is wild (cut 9D): 5S 9H 7S 8S is an impure sequence with the 9 standing for 6S.
    wild_nine = "AC 2C 3C 10D JD QD 5S 9H 7S 8S@1 KH KS KC"
    nine = card("9D")
    best = best_arrangement(INDIAN, cards(wild_nine), cut=nine)
    assert best.valid and best.count == 0
    assert score_loser(INDIAN, cards(wild_nine), nine, had_turn=True).points == 2
    state = declare_deal(INDIAN, READY, wild_nine, wild="9D", closed_top="5H 5S@1 KD")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 2)
    assert state.result.reasons[1] == "complete hand, not declared"


def test_a_complete_hand_that_never_had_a_turn_scores_the_lower_2() -> None:
    hand = "5S JK JK@1 8S@1 AH 2H 3H 10D JD QD KC KS KH"
    assert points(hand, had_turn=False) == 2
    assert points(CASE_3, had_turn=False) == 20
    complete = cards("AH 2H 3H 4C 5C 6C 7C 10S JS QS KD@1 KS KC")
    score = score_loser(INDIAN, complete, card("2C@1"), had_turn=False)
    assert score.points == 2 and score.reason == "complete hand, not declared"


def test_a_pure_sequence_shorter_than_pure_min_length_does_not_count_as_pure() -> None:
    four = INDIAN.with_options({"pure_min_length": 4})
    hand = "5S 6S 7S 8D 9D JK 4H 4D 4C 3H 9H 10C KD"
    assert best_arrangement(INDIAN, cards(hand), cut=NO_WILD).count == 3 + 9 + 10 + 10
    # With 4 needed, 5-6-7 is no pure sequence: the hand has none and every card counts.
    every = 5 + 6 + 7 + 8 + 9 + 12 + 3 + 9 + 10 + 10
    assert best_arrangement(four, cards(hand), cut=NO_WILD).count == every


def test_the_winner_collects_the_sum_of_the_losers_points() -> None:
    # 9s wild: CASE_3 counts 10S 8H 3C, 21; NO_PURE counts over 80, so 80.
    state = declare_deal(INDIAN, READY, CASE_3, NO_PURE, wild="9S@1",
                         closed_top="7C 7C@1 6H@1 KD")
    state = pass_turn(pass_turn(pass_turn(state)))
    state = play(state, Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 21, 80)
    assert state.result.collected == 101
    # Source 003, case 3, against one loser: two sequences and a set; 10, 8, 3 left: 21.
    state = declare_deal(INDIAN, READY, CASE_3, closed_top="5H 5S KD", wild="9S")
    state = play(pass_turn(pass_turn(state)), Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 21)
    assert state.result.collected == 21 and state.result.reasons[1] == "count"
    # A seat that dropped keeps its penalty, and the winner collects it too.
    state = declare_deal(INDIAN, READY, NO_PURE, CASE_3, closed_top="5H 5S KD", wild="9S")
    state = play(pass_turn(state), Drop(1))  # seat 1 drops on its first turn: 20
    state = pass_turn(state)
    state = play(state, Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None
    assert state.result.points == (0, 20, 21) and state.result.collected == 41
    assert state.result.reasons[1] == "dropped before a turn"
    assert sorted(state.result.hands[1].cards, key=Card.sort_key) == sorted(
        cards(NO_PURE), key=Card.sort_key)


# ---------------------------------------------------------------- two-player classic


def test_two_player_one_deck_no_printed_jokers_13_each_24_in_the_closed_deck() -> None:
    assert (CLASSIC.packs, CLASSIC.printed_jokers, CLASSIC.min_players,
            CLASSIC.max_players) == (1, 0, 2, 2)
    for seed in range(5):
        state = start_deal(CLASSIC, 2, seed)
        assert [len(h) for h in state.hands] == [13, 13]
        assert len(state.open_deck) == 1 and len(state.closed_deck) == 24
        assert isinstance(state, DeclareState) and state.wild_joker is not None
        every = [*state.hands[0], *state.hands[1], *state.open_deck, state.wild_joker,
                 *state.closed_deck]
        assert sorted(every, key=lambda c: c.sort_key()) == sorted(
            make_deck(1, 0), key=lambda c: c.sort_key())
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
    # The receiver is dealt the first card of the shuffled deck.
    shuffled = list(make_deck(CLASSIC.packs, CLASSIC.printed_jokers))
    random.Random(f"{seed}/deal").shuffle(shuffled)
    assert shuffled[0] in state.hands[state.first_player]
    assert toss_leaders(Toss.LOWEST_DEALS, parse_cards("2S 2H")) == (1,)  # hearts < spades


def test_two_player_toss_ace_is_high() -> None:
    for seed in range(60):
        state = start_deal(CLASSIC, 2, seed)
        final = [e for e in state.history if isinstance(e, TossMade)][-1]
        assert state.dealer is not None
        assert dict(final.cards)[state.dealer].rank is not Rank.ACE


def test_two_player_the_dealer_cuts_the_wild_joker() -> None:
    state = start_deal(CLASSIC, 2, 3)
    assert isinstance(state, DeclareState)
    (cut,) = [e for e in state.history if isinstance(e, WildJokerCut)]
    assert cut.by == state.dealer is not None and cut.card == state.wild_joker
    assert state.wild_joker is not None and cut.wild_rank == state.wild_joker.rank


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
    result = DealResult(points.index(0), points, points, sum(points), ("",) * len(points),
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


# ---------------------------------------------------------------- beyond the rules


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(1, CLOSED), "not your turn"),
    (Discard(0, card("AS")), "draw a card first"),
    (Finish(0, card("AS")), "draw a card first"),
])
def test_illegal_actions_before_drawing(action: Action, reason: str) -> None:
    state = declare_deal(INDIAN, READY, CASE_3)
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)


@pytest.mark.parametrize(("action", "reason"), [
    (Draw(0, OPEN), "you already drew"),
    (Discard(0, card("KC")), "that card is not in your hand"),
    (Drop(0), "only drop before drawing"),
    (Timeout(0), "no turn timer"),
])
def test_illegal_actions_after_drawing(action: Action, reason: str) -> None:
    state = play(declare_deal(INDIAN, READY, CASE_3), Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match=reason):
        check_action(state, action)
    with pytest.raises(IllegalMoveError, match=reason):
        apply(state, action)


def test_legal_actions_list_each_phase() -> None:
    state = declare_deal(INDIAN, READY, CASE_3)
    assert legal_actions(state, 0) == [Draw(0, CLOSED), Draw(0, OPEN), Drop(0)]
    assert legal_actions(state, 1) == [DropAtTurn(1, True)]  # a waiting seat
    state = play(state, Draw(0, CLOSED))
    legal = legal_actions(state, 0)
    assert legal == [Discard(0, c) for c in state.hands[0]] + [
        Finish(0, c, None) for c in state.hands[0]]


def test_apply_never_changes_its_state() -> None:
    state = start_deal(INDIAN, 3, 5)
    before = copy.deepcopy(state)
    apply(state, Draw(state.turn, CLOSED))
    assert state == before


def test_deal_is_fully_determined_by_the_seed() -> None:
    assert start_deal(INDIAN, 3, 42) == start_deal(INDIAN, 3, 42)
    assert start_deal(INDIAN, 3, 42).hands != start_deal(INDIAN, 3, 43).hands


def test_deal_from_cards_refuses_cards_that_are_not_a_deal() -> None:
    with pytest.raises(ValueError, match="placed 2 times"):
        declare_deal(INDIAN, READY, READY.replace("6D@1", "6D@0"))
    with pytest.raises(ValueError, match="holds 12 cards"):
        declare_deal(INDIAN, READY, "KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H")
    with pytest.raises(ValueError, match="wild joker"):
        declare_deal(INDIAN, READY, CASE_3, wild=None)
    with pytest.raises(ValueError, match="not a card of this variant"):
        declare_deal(INDIAN, READY, CASE_3, wild="2C@2")


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
