"""Groups of the declare family: one test per rule of docs/rules.md, sources' examples verbatim."""

from __future__ import annotations

import pytest

from rummy.model.cards import Rank, parse_card, parse_cards
from rummy.model.melds import check_declaration, classify_group, wild_rank_for
from rummy.model.variant_type import Variant


def kind(variant: Variant, cards: str, cut: str | None = None) -> str:
    return classify_group(variant, parse_cards(cards), parse_card(cut) if cut else None).value


# -- source 000, "What is a sequence?" -------------------------------------------------------
@pytest.mark.parametrize("cards", [
    "AS 2S 3S",            # A-2-3 of spades
    "AH KH QH JH",         # A-K-Q-J of hearts
    "JD 10D 9D 8D",        # J-10-9-8 of diamonds
    "2C 3C 4C 5C 6C 7C",   # 2-3-4-5-6-7 of clubs
])
def test_seed000_examples_are_sequences(indian: Variant, cards: str) -> None:
    assert kind(indian, cards, cut="5D") == "pure_sequence"


def test_seed000_king_joker_in_2_k_4_5_makes_an_impure_sequence(indian: Variant) -> None:
    assert kind(indian, "2S KH 4S 5S", cut="KD") == "impure_sequence"


def test_seed000_wild_card_as_its_natural_self_keeps_a_sequence_pure(indian: Variant) -> None:
    # "if K is the joker, then the sequence A-K-Q-J of Spades is considered a pure sequence"
    assert kind(indian, "AS KS QS JS", cut="KD") == "pure_sequence"


@pytest.mark.parametrize("cards", ["3S 3H 3D", "AS AH AD AC"])
def test_seed000_sets_of_three_and_four(indian: Variant, cards: str) -> None:
    assert kind(indian, cards) == "set"


def test_seed000_king_joker_fills_a_set(indian: Variant) -> None:
    # "if K is the joker, then 3-K-3 is a legitimate set" (the 3s of different suits)
    assert kind(indian, "3S KC 3D", cut="KD") == "set"


def test_set_has_no_more_than_four_cards(indian: Variant) -> None:
    assert kind(indian, "AS AH AD AC JK") != "set"


# -- sources 003 / 004 ---------------------------------------------------------------------
def test_seed003_same_card_twice_is_never_a_set(indian: Variant) -> None:
    # "6♠ 6♠ 6♥ cannot be considered as a valid set"
    assert kind(indian, "6S 6S 6H", cut="9D") == "invalid"


def test_seed003_set_of_different_suits(indian: Variant) -> None:
    assert kind(indian, "JS JH JC") == "set"


def test_seed003_three_spades_is_a_pure_sequence(indian: Variant) -> None:
    assert kind(indian, "3S 4S 5S") == "pure_sequence"


def test_seed003_seven_wild_makes_2s_3s_7c_a_sequence(indian: Variant) -> None:
    # "Suppose if 7♠ turns to be the wild card ... 2♠ 3♠ 7♣ is a valid sequence"
    assert kind(indian, "2S 3S 7C", cut="7S") == "impure_sequence"


def test_printed_joker_cut_makes_aces_wild(indian: Variant) -> None:
    assert wild_rank_for(indian, parse_card("JK")) is Rank.ACE
    assert kind(indian, "5H 6H AC", cut="JK") == "impure_sequence"


# -- docs/rules.md, cards and groups -----------------------------------------------------------
def test_sequences_never_wrap(indian: Variant) -> None:
    assert kind(indian, "KS AS 2S") == "invalid"


def test_ace_may_be_low_or_high_but_not_both_in_one_sequence(indian: Variant) -> None:
    assert kind(indian, "AS 2S 3S") == "pure_sequence"
    assert kind(indian, "QS KS AS") == "pure_sequence"
    thirteen_plus_ace = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS"
    assert kind(indian, thirteen_plus_ace) == "invalid"


def test_sequence_of_three_or_more_has_no_cap_at_four(indian: Variant) -> None:
    assert kind(indian, "2C 3C 4C 5C 6C 7C 8C 9C") == "pure_sequence"


def test_printed_joker_is_never_in_a_pure_sequence(indian: Variant) -> None:
    assert kind(indian, "5H 6H JK 8H") == "impure_sequence"
    assert kind(indian, "5H 6H 7H JK") == "impure_sequence"


def test_group_of_only_jokers_is_an_impure_sequence(indian: Variant) -> None:
    assert kind(indian, "JK JK 9D", cut="9S") == "impure_sequence"


def test_group_of_only_wild_rank_cards_reads_as_jokers(indian: Variant) -> None:
    # RULES: "6S 6S 6H with 6 wild reads as jokers: an impure sequence"
    assert kind(indian, "6S 6S 6H", cut="6D") == "impure_sequence"


def test_best_reading_prefers_sequence_over_set(indian: Variant) -> None:
    # 5H + two jokers reads as 5H-6H-7H or as a set of 5s: the sequence wins.
    assert kind(indian, "5H JK 9C", cut="9D") == "impure_sequence"
    assert kind(indian, "5S JK 5H", cut="9D") == "set"


def test_mixed_suits_are_not_a_sequence(indian: Variant) -> None:
    assert kind(indian, "4S 5H 6S") == "invalid"


def test_two_cards_are_not_a_group(indian: Variant) -> None:
    assert kind(indian, "4S 5S") == "invalid"


# -- declaring ---------------------------------------------------------------------------
def test_valid_show_needs_two_sequences_one_pure(indian: Variant) -> None:
    groups = [parse_cards(g) for g in ("KC QC JC", "2D 3D 4D JK", "6H 6D 6C", "10S 10H 10D")]
    assert check_declaration(indian, groups, parse_card("9S")) == (True, "valid show")


def test_show_without_pure_sequence_is_wrong(indian: Variant) -> None:
    groups = [parse_cards(g) for g in ("KC QC JK", "2D 3D JK", "6H 6D 6C", "10S 10H 10D 10C")]
    valid, reason = check_declaration(indian, groups, parse_card("9S"))
    assert not valid and "pure sequence" in reason


def test_show_with_one_sequence_is_wrong_in_indian_13(indian: Variant) -> None:
    groups = [parse_cards(g) for g in ("KC QC JC", "2D 2H 2C", "6H 6D 6C", "10S 10H 10D 10C")]
    valid, reason = check_declaration(indian, groups, parse_card("9S"))
    assert not valid and "sequences" in reason


def test_two_player_needs_one_pure_sequence_of_four(classic: Variant) -> None:
    three = [parse_cards(g) for g in ("KC QC JC", "2D 2H 2C", "6H 6D 6C", "10S 10H 10D 10C")]
    assert not check_declaration(classic, three, parse_card("9S"))[0]
    four = [parse_cards(g) for g in ("KC QC JC 10C", "2D 2H 2C", "6H 6D 6C", "10S 10H 10D")]
    assert check_declaration(classic, four, parse_card("9S"))[0]


def test_show_with_a_loose_card_is_wrong(indian: Variant) -> None:
    groups = [parse_cards(g) for g in ("KC QC JC", "2D 3D 4D", "6H 6D 6C", "10S 10H", "5S")]
    assert not check_declaration(indian, groups, parse_card("9S"))[0]
