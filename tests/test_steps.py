"""The expert's own discard in the declare family: the most steps in (rummy.ai.steps)."""

from __future__ import annotations

from rummy.ai.hard import HardBot
from rummy.ai.steps import StepsBot, steps_in
from rummy.ai.tracking import live_counts
from rummy.model.actions import Discard, Finish
from rummy.model.cards import parse_card, parse_cards
from rummy.model.variant_type import Variant
from tests.bot_views import discard_legal, make_view

# Two of the discards that leave this hand two cards short of a show: after QS, 15 live
# cards would take it a step nearer; after 10C, 11. Hard throws 10C (the count it expects
# after the next draw is the lower); found by playing random hands to both bots.
HAND = "3C 8H AD 5H 6H 3D 10C 3S 4S 3D QS QD 10S KD"


def test_steps_in_counts_the_live_copies_that_lower_the_deficiency(indian: Variant) -> None:
    view = make_view(indian, HAND, cut="JC", drawn="KD")
    bot = StepsBot(1)
    live = live_counts(view)
    counted = {}
    for face in ("QS", "10C"):
        rest = list(view.hand)
        rest.remove(parse_card(face))
        assert bot.deficiency.of(indian, rest, view.wild_rank) == 2
        counted[face] = steps_in(indian, rest, view.wild_rank, live, bot.deficiency)
    assert counted == {"QS": 15, "10C": 11}
    # A valid show has no step left to take.
    show = parse_cards("AS 2S 3S 4S 5H 6H 7H 8D 8C 8S 9C 10C JC")
    assert steps_in(indian, show, None, live, bot.deficiency) == 0


def test_the_steps_bot_keeps_the_hand_with_more_steps_in(indian: Variant) -> None:
    view = make_view(indian, HAND, cut="JC", drawn="KD")
    legal = discard_legal(view)
    assert HardBot(1).choose(view, legal) == Discard(view.seat, parse_card("10C"))
    assert StepsBot(1).choose(view, legal) == Discard(view.seat, parse_card("QS"))


def test_the_steps_bot_declares_a_valid_show(indian: Variant) -> None:
    view = make_view(indian, "AS 2S 3S 4S 5H 6H 7H 8D 8C 8S 9C 10C JC KD", cut="QH",
                     drawn="KD")
    action = StepsBot(1).choose(view, discard_legal(view))
    assert isinstance(action, Finish) and action.card == parse_card("KD")
