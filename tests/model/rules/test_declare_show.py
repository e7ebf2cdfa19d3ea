"""Declare family (Indian 13-card rummy), groups, declaring and scoring: docs/rules.md,
"Declare": "Groups", "Declaring", "Scoring" and the two-player classic's objective.

One test per rule, named after it. Groups go through ``classify_group``, shows through
``check_declaration`` and a played ``Finish``, a loser's points through ``score_loser`` and
``best_arrangement`` (the game's search for the lowest count) and a played deal.
"""

from __future__ import annotations

from rummy.model import best_arrangement, check_declaration, classify_group, load_variant
from rummy.model.actions import Draw, Finish
from rummy.model.melds import GroupKind
from rummy.model.scoring import score_loser
from rummy.model.state import SeatStatus
from rummy.model.variant import Variant

from .helpers import (
    CASE_3,
    CLOSED,
    LOOSE,
    NO_PURE,
    READY,
    card,
    cards,
    declare_deal,
    pass_turn,
    play,
)

INDIAN = load_variant("indian_13")
CLASSIC = load_variant("two_player_13")
NO_WILD = card("2C@1")  # 2s are wild: the hands below hold none, or one in its own place


def kind(text: str, cut: str = "2C@1") -> GroupKind:
    return classify_group(INDIAN, cards(text), cut=card(cut))


def shows(*groups: str, variant: Variant = INDIAN, cut: str = "2C@1") -> bool:
    valid, _ = check_declaration(variant, [cards(g) for g in groups], card(cut))
    return valid


def points(hand: str, cut: str = "2C@1", had_turn: bool = True) -> int:
    return score_loser(INDIAN, cards(hand), card(cut), had_turn=had_turn).points


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


def test_a_wrong_show_costs_80_and_with_two_players_the_opponent_wins() -> None:
    state = play(declare_deal(INDIAN, NO_PURE, CASE_3), Draw(0, CLOSED),
                 Finish(0, card("KS@1")))
    assert state.result is not None and state.result.winner == 1
    assert state.result.points == (80, 0) and state.status[0] is SeatStatus.WRONG_SHOW


def test_a_wrong_show_with_more_players_the_deal_continues_without_the_declarer() -> None:
    state = play(declare_deal(INDIAN, NO_PURE, CASE_3, LOOSE), Draw(0, CLOSED),
                 Finish(0, card("KS@1")))
    assert not state.is_over and state.active_seats == (1, 2) and state.penalties[0] == 80
    assert pass_turn(pass_turn(state)).turn == 1


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


def test_a_loser_who_never_had_a_turn_scores_20() -> None:
    assert points(CASE_3, had_turn=False) == 20
    assert points(NO_PURE, had_turn=False) == 20
    # Played: seat 0 declares on its first turn; seat 1 never played.
    state = play(declare_deal(INDIAN, READY, NO_PURE, closed_top="KD"), Draw(0, CLOSED),
                 Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 20)


def test_a_loser_whose_hand_meets_the_objective_scores_2_whatever_jokers_it_uses() -> None:
    hand = "5S JK JK@1 8S@1 AH 2H 3H 10D JD QD KC KS KH"
    assert best_arrangement(INDIAN, cards(hand), cut=NO_WILD).valid
    assert points(hand) == 2
    state = play(pass_turn(pass_turn(declare_deal(INDIAN, READY, hand, closed_top="4C 4C@1 KD"))),
                 Draw(0, CLOSED), Finish(0, card("KD")))
    assert state.result is not None and state.result.points == (0, 2)


def test_a_complete_hand_that_never_had_a_turn_scores_the_lower_2() -> None:
    hand = "5S JK JK@1 8S@1 AH 2H 3H 10D JD QD KC KS KH"
    assert points(hand, had_turn=False) == 2
    assert points(CASE_3, had_turn=False) == 20


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
