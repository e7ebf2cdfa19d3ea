"""The card rules every family shares: docs/rules.md, "Cards, in every family".

One test per rule, named after it; each drives the engine through its public functions
(``classify_group`` for the declare family, ``classify_meld`` for the classic and contract
families, ``make_deck``, the toss).
"""

from __future__ import annotations

import pytest

from rummy.model import classify_group, classify_meld, list_variant_ids, load_variant
from rummy.model.cards import Suit, make_deck, toss_key
from rummy.model.families.declare_deal import toss_leaders
from rummy.model.melds import GroupKind
from rummy.model.table_melds import MeldKind
from rummy.model.variant_fields import Toss
from rummy.model.variant_type import Variant

from .helpers import card, cards

INDIAN = load_variant("indian_13")
SUPER = load_variant("super_rummy")
DUMMY = load_variant("dummy_rummy")


def test_a_deck_is_52_cards_four_suits_thirteen_ranks_plus_0_to_2_printed_jokers() -> None:
    for jokers in (0, 1, 2):
        deck = make_deck(1, jokers)
        naturals = [c for c in deck if c.rank is not None]
        assert len(naturals) == 52 and len(deck) == 52 + jokers
        assert {c.suit for c in naturals} == set(Suit)
        assert len({c.rank for c in naturals}) == 13


def test_variants_use_1_to_3_decks() -> None:
    packs = {v: load_variant(v).packs for v in list_variant_ids()}
    assert set(packs.values()) <= {1, 2, 3}
    assert [SUPER.with_options({"deck_count": n}).packs for n in (1, 2, 3)] == [1, 2, 3]


def test_identical_faces_from_different_decks_are_different_cards() -> None:
    six, other_six = cards("6S 6S")
    assert six.face == other_six.face and six != other_six
    assert len(set(make_deck(2, 0))) == 104


def test_suit_order_spades_hearts_diamonds_clubs() -> None:
    order = sorted(cards("2C 2D 2S 2H"), key=toss_key, reverse=True)
    assert [c.suit for c in order] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]
    assert toss_leaders(Toss.HIGHEST_FIRST, cards("7C 7D 7H 7S")) == (3,)
    by_suit = sorted(cards("9C 2D KS 5H"), key=lambda c: c.sort_key())
    assert [c.suit for c in by_suit] == [Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS]


@pytest.mark.parametrize("variant", [INDIAN, SUPER.with_options({"ace_rank": "high"}), DUMMY],
                         ids=["declare", "table-ace-high", "contract"])
def test_runs_never_wrap_k_a_2(variant: Variant) -> None:
    if variant is INDIAN:
        assert classify_group(INDIAN, cards("KS AS 2S"), cut=card("9D")) is GroupKind.INVALID
        assert classify_group(INDIAN, cards("QS KS AS 2S"), cut=card("9D")) is GroupKind.INVALID
    else:
        assert classify_meld(variant, cards("QS KS AS 2S")) is MeldKind.INVALID
        assert classify_meld(variant, cards("KS AS 2S 3S")) is MeldKind.INVALID
        assert classify_meld(variant, cards("KS AS 2S")) is MeldKind.INVALID


def test_the_ace_is_low_high_or_either_as_the_variant_says() -> None:
    low, high = SUPER, SUPER.with_options({"ace_rank": "high"})
    assert classify_meld(low, cards("AS 2S 3S")) is MeldKind.RUN
    assert classify_meld(low, cards("QS KS AS")) is MeldKind.INVALID
    assert classify_meld(high, cards("QS KS AS")) is MeldKind.RUN
    assert classify_meld(high, cards("AS 2S 3S")) is MeldKind.INVALID
    for either in (INDIAN, DUMMY):
        assert either.ace.value == "both"
    cut = card("9D")
    assert classify_group(INDIAN, cards("AS 2S 3S"), cut=cut) is GroupKind.PURE_SEQUENCE
    assert classify_group(INDIAN, cards("QS KS AS"), cut=cut) is GroupKind.PURE_SEQUENCE


def test_an_ace_is_never_both_low_and_high_in_one_run() -> None:
    # A 2 ... K A would need both ends: 14 cards never make a sequence, and a joker
    # standing for the 14th card does not help.
    every_spade = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    assert classify_group(INDIAN, cards(every_spade), cut=card("9D")) is GroupKind.PURE_SEQUENCE
    assert classify_group(INDIAN, cards(every_spade + " AS@1"),
                          cut=card("9D")) is GroupKind.INVALID
    assert classify_meld(DUMMY, cards("KS AS 2S JK")) is MeldKind.INVALID
    assert classify_meld(DUMMY, cards("JS QS KS AS")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("AS 2S 3S 4S")) is MeldKind.RUN


def test_printed_jokers_are_wild_wherever_the_variant_has_them() -> None:
    assert classify_group(INDIAN, cards("5S JK 7S"), cut=card("9D")) is GroupKind.IMPURE_SEQUENCE
    assert classify_group(INDIAN, cards("5S 5H JK"), cut=card("9D")) is GroupKind.SET
    assert classify_meld(DUMMY, cards("5S JK 7S 8S")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("5S 5H JK")) is MeldKind.SET


def test_every_card_of_the_cut_rank_is_wild_in_every_suit_and_deck() -> None:
    cut = card("9D")
    for wild in ("9S", "9H", "9D@1", "9C@1"):
        group = cards(f"5S {wild} 7S")
        assert classify_group(INDIAN, group, cut=cut) is GroupKind.IMPURE_SEQUENCE, wild
    assert classify_group(INDIAN, cards("5S 9H 7S"), cut=card("8D")) is GroupKind.INVALID


def test_a_wild_rank_card_played_as_itself_is_not_a_joker() -> None:
    # K wild: A-K-Q-J of spades is pure, the king in its own place.
    cut = card("KD")
    assert classify_group(INDIAN, cards("AS KS QS JS"), cut=cut) is GroupKind.PURE_SEQUENCE
    assert classify_group(INDIAN, cards("AS KH QS JS"), cut=cut) is GroupKind.IMPURE_SEQUENCE
