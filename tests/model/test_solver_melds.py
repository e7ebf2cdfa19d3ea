"""The solver of the classic and contract families against a brute-force oracle.

The oracle tries every partition of a small hand (``tests/model/oracle.py``) and keeps the
blocks that ``lay_run``/``lay_set`` accept as melds: the fewest points left must match.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Sequence

import pytest

from rummy.model.cards import Card, make_deck, parse_cards
from rummy.model.solver_melds import best_arrangement, card_points, left_after_each, points_left
from rummy.model.solver_one_deck import meld_table
from rummy.model.table_melds import MeldRules, lay_run, lay_set
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant

from .oracle import partitions


def brute_force(variant: Variant, cards: tuple[Card, ...]) -> int:
    rules = MeldRules.of(variant)
    best = None
    for part in partitions(list(cards)):
        left = sum(card_points(variant, c) for block in part
                   if not (lay_run(rules, block) or lay_set(rules, block)) for c in block)
        best = left if best is None else min(best, left)
    assert best is not None
    return best


def _check(variant: Variant, hand: tuple[Card, ...]) -> None:
    result = best_arrangement(variant, hand)
    assert result.points == brute_force(variant, hand), hand
    rules = MeldRules.of(variant)
    assert all(lay_run(rules, g) or lay_set(rules, g) for g in result.groups)
    laid = [c for g in result.groups for c in g] + list(result.ungrouped)
    assert sorted(laid, key=Card.sort_key) == sorted(hand, key=Card.sort_key)
    assert result.points == sum(card_points(variant, c) for c in result.ungrouped)
    assert result.valid == (not result.ungrouped)


SUPER_OPTIONS = [{}, {"ace_rank": "high"}, {"allow_run_mixed_suit": True},
                 {"limit_meld_size": 4, "deck_count": 2}]


@pytest.mark.slow
@pytest.mark.parametrize("options", SUPER_OPTIONS, ids=str)
def test_super_rummy_matches_the_oracle(options: dict[str, object]) -> None:
    variant = load_variant("super_rummy").with_options(options)
    deck = make_deck(variant.packs, 0)
    rng = random.Random(f"solver-melds/{options}")
    for _ in range(40):
        # Dense hands (few ranks) have many melds: the interesting cases.
        pool = [c for c in deck if c.rank is not None and int(c.rank) <= 6 or
                (c.rank is not None and int(c.rank) >= 12)]
        _check(variant, tuple(rng.sample(pool, 7)))


@pytest.mark.slow
def test_dummy_rummy_with_jokers_matches_the_oracle() -> None:
    variant = load_variant("dummy_rummy")
    deck = make_deck(2, 4)
    rng = random.Random("solver-melds/dummy")
    jokers = [c for c in deck if c.rank is None]
    pool = [c for c in deck if c.rank is not None and (int(c.rank) <= 5 or int(c.rank) == 13)]
    for _ in range(40):
        hand = tuple(rng.sample(pool, 6) + rng.sample(jokers, rng.randrange(3)))
        _check(variant, hand)


def test_gin_deadwood_example() -> None:
    """With super_rummy's defaults on one deck this is gin rummy's minimum deadwood: a card
    wanted by both a run and a set goes where it leaves the least."""
    variant = load_variant("super_rummy")
    hand = parse_cards("4S 5S 6S 6H 6D 2C 9C 9H KD QD")
    result = best_arrangement(variant, hand)
    # The run 4-5-6S leaves 52; the set of sixes leaves 4 + 5 + 2 + 9 + 9 + 10 + 10 = 49.
    assert result.points == 49 and not result.valid
    assert [sorted(c.face for c in g) for g in result.groups] == [["6D", "6H", "6S"]]
    assert best_arrangement(variant, parse_cards("AS 2S 3S 7H 7D 7C 9D 10D JD QD")).valid


def test_ten_card_hands_are_fast() -> None:
    variant = load_variant("super_rummy")
    deck = make_deck(1, 0)
    rng = random.Random("solver-melds/speed")
    start = time.perf_counter()
    for _ in range(200):
        best_arrangement(variant, rng.sample(deck, 10))
    assert time.perf_counter() - start < 5.0


@pytest.mark.parametrize("options", [{}, {"ace_rank": "high"}, {"limit_meld_size": 4}], ids=str)
def test_one_deck_table_search_agrees_with_the_general_search(options: dict[str, object]) -> None:
    # Hands of distinct natural cards go through the precomputed meld table; with limits
    # on the melds (here none that bind) the general search answers. Both must agree on
    # the points left, and the table's melds must be real melds of the hand.
    variant = load_variant("super_rummy").with_options(options)
    rules = MeldRules.of(variant)
    deck = make_deck(1, 0)
    dense = [c for c in deck if c.rank is not None and (int(c.rank) <= 5 or int(c.rank) >= 11)]
    rng = random.Random(f"solver-melds/table/{options}")
    for i in range(600):
        hand = tuple(rng.sample(dense if i % 2 else deck, rng.choice([7, 10, 11])))
        fast = best_arrangement(variant, hand)
        general = best_arrangement(variant, hand, limits=(99, 99))
        assert (fast.points, fast.valid) == (general.points, general.valid), hand
        assert all(lay_run(rules, g) or lay_set(rules, g) for g in fast.groups)
        laid = [c for g in fast.groups for c in g] + list(fast.ungrouped)
        assert sorted(laid, key=Card.sort_key) == sorted(hand, key=Card.sort_key)
        assert fast.points == sum(card_points(variant, c) for c in fast.ungrouped)


@pytest.mark.parametrize("variant_id,options", [
    ("super_rummy", {}), ("super_rummy", {"ace_rank": "high"}),
    ("super_rummy", {"limit_meld_size": 4}), ("super_rummy", {"deck_count": 2}),
    ("super_rummy", {"allow_run_mixed_suit": True}), ("dummy_rummy", {})], ids=str)
def test_the_quick_counts_agree_with_the_arrangement(variant_id: str,
                                                      options: dict[str, object]) -> None:
    # Hard's look-ahead asks for the points left and the worst loose card of a hand with
    # each card it may draw, answered from the hands' bits on one deck without jokers and
    # remembered; whatever the table (two decks, jokers and mixed suits go the general
    # way, their points remembered by faces and a contract's limits), every answer must
    # be what the arrangement itself says, asked twice.
    variant = load_variant(variant_id).with_options(options)
    deck = make_deck(variant.packs, variant.printed_jokers)
    dense = [c for c in deck if c.rank is None or int(c.rank) <= 5 or int(c.rank) >= 11]
    rng = random.Random(f"solver-melds/quick/{variant_id}/{options}")
    for i in range(150):
        cards = rng.sample(dense if i % 2 else deck, 10 + 8)
        rest, draws = cards[:10], cards[10:] + rng.sample(rest_of(deck, cards), 2)
        for _ in range(2):
            answers, searched = left_after_each(variant, rest, draws)
            # the searches are work the bot counts: every draw the bits cannot answer (a
            # joker, a second copy of a face, or a hand the bits cannot hold), the same
            # count the second time, when the answers are remembered
            faces = {c.face for c in rest}
            by_bits = meld_table(variant) is not None and len(faces) == len(rest) \
                and all(c.rank is not None for c in rest)
            assert searched == sum(not by_bits or c.rank is None or c.face in faces
                                   for c in draws)
            for card, answer in zip(draws, answers, strict=True):
                arrangement = best_arrangement(variant, (*rest, card))
                worst = max((card_points(variant, c) for c in arrangement.ungrouped),
                            default=0)
                assert answer == (arrangement.points, worst), (rest, card)
        for limits in (None, (1, 1), (0, 2), None, (1, 1)):  # each asked twice
            assert (points_left(variant, rest, limits)
                    == best_arrangement(variant, rest, limits).points), (rest, limits)


def rest_of(deck: Sequence[Card], taken: Sequence[Card]) -> list[Card]:
    """The cards of ``deck`` not in ``taken`` (by identity: two packs hold equal cards)."""
    ids = {id(c) for c in taken}
    return [c for c in deck if id(c) not in ids]


@pytest.mark.parametrize("variant_id", ["super_rummy", "dummy_rummy"])
def test_a_solve_leaves_no_reference_cycle_for_the_gc(variant_id: str) -> None:
    """The meld families' searches free their memo as soon as the answer is out (a
    recursive closure that captures itself would leave it to the cyclic GC)."""
    variant = load_variant(variant_id)
    hands = ["KD AC 8H 3D 6H 2H QS 2S JS 5H", "2S 3S 4S 5S 9H 9D 9C KD QD JD"]
    if variant.printed_jokers:
        hands = [h + " JK" for h in hands]
    best_arrangement(variant, parse_cards(hands[0]))  # (anything made once is made now)
    gc.collect()
    gc.disable()
    try:
        for hand in hands:
            best_arrangement(variant, parse_cards(hand))
        assert gc.collect() == 0
    finally:
        gc.enable()
