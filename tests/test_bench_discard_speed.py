"""``benchmarks/bench_discard_speed.py`` counts the draws a discard rule takes to bring a
hand alone to a show: every rule finds a show one draw away, keeps the cards that make
it, and a hand that never gets there counts one past the horizon."""

from __future__ import annotations

from types import ModuleType

import pytest

from rummy.model.cards import Rank, make_deck, parse_cards
from rummy.model.variant import load_variant

from .bench_scripts import load


def _script() -> ModuleType:
    return load("bench_discard_speed")


@pytest.mark.parametrize("rule", ["least", "steps", "steps2"])
def test_every_rule_shows_the_draw_that_completes_the_hand(rule: str) -> None:
    script = _script()
    variant = load_variant("indian_13")
    deck = make_deck(variant.packs, variant.printed_jokers)
    hand = parse_cards("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC KS QS")  # one card short
    # 8H makes 5-8 of hearts; QS is the card to let go (a K or a 9 breaks a group)
    assert script.draws_to_show(variant, hand, Rank.ACE, parse_cards("8H"), deck,
                                script.RULES[rule]) == 1
    # drawn after two cards that help nothing, it shows on the third draw
    draws = parse_cards("4D JC 8H")
    assert script.draws_to_show(variant, hand, Rank.ACE, draws, deck,
                                script.RULES[rule]) == 3


def test_a_hand_that_never_shows_counts_one_past_the_horizon() -> None:
    script = _script()
    variant = load_variant("indian_13")
    deck = make_deck(variant.packs, variant.printed_jokers)
    hand = parse_cards("2S 5S 8S JS 2H 5H 8H JH 3D 6D 9D QD 4C")
    draws = parse_cards("KC KD") * script.HORIZON
    assert script.draws_to_show(variant, hand, Rank.ACE, draws, deck,
                                script.RULES["steps"]) == script.HORIZON + 1
