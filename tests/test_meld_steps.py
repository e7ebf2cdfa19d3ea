"""The expert's own discard in the classic family: the hand that goes out soonest
(rummy.ai.meld_steps)."""

from __future__ import annotations

from rummy.ai.meld_levels import MeldHardBot
from rummy.ai.meld_outlook import unseen
from rummy.ai.meld_steps import MeldStepsBot
from rummy.model.actions import Discard
from rummy.model.cards import Card, parse_card
from rummy.model.families import Phase
from rummy.model.solver_melds import points_left
from rummy.model.table_melds import MeldRules
from rummy.model.view import PlayerView
from tests.test_meld_hard import first_view

# 10♠ J♠ Q♠ K♠ is a run; of the rest, throwing 7♥ or Q♥ leaves six loose cards either way.
# Hard throws Q♥ (three points less); but J♥ Q♥ wait for 10♥ or K♥, and 7♥ for nothing.
# Found by playing random hands to both bots.
HAND = "QS 6C KS QH 7H 2S JH AD JS 10S 4H"


def kept(view: PlayerView, face: str) -> list[Card]:
    card = parse_card(face)
    return [c for c in view.hand if c != card]


def loose(view: PlayerView, cards: list[Card]) -> int:
    return MeldStepsBot(1)._loose(view, MeldRules.of(view.variant), cards)


def steps_in(view: PlayerView, rest: list[Card]) -> int:
    """The unseen copies that, drawn, leave the hand no more loose cards than it has."""
    now = loose(view, rest)
    draws, faces = unseen(view)
    return sum(n for face, n in draws.items() if loose(view, [*rest, faces[face]]) <= now)


def test_the_steps_bot_keeps_the_hand_more_draws_bring_nearer_going_out() -> None:
    view = first_view(Phase.DISCARD, HAND, "5S")
    legal = [Discard(view.seat, card) for card in view.hand]
    assert MeldHardBot(1).choose(view, legal) == Discard(view.seat, parse_card("QH"))
    assert MeldStepsBot(1).choose(view, legal) == Discard(view.seat, parse_card("7H"))
    keep_queen, keep_seven = kept(view, "7H"), kept(view, "QH")
    assert loose(view, keep_queen) == loose(view, keep_seven) == 6
    assert points_left(view.variant, keep_queen) == points_left(view.variant, keep_seven) + 3
    assert steps_in(view, keep_queen) > steps_in(view, keep_seven)


def test_the_steps_bot_counts_its_arrangements_as_work() -> None:
    """Its counts are searches like hard's (the expert's budget is work)."""
    view = first_view(Phase.DISCARD, HAND, "5S")
    bot = MeldStepsBot(1)
    bot.choose(view, [Discard(view.seat, card) for card in view.hand])
    assert bot.solver_calls > len(view.hand)
