"""The review on the expert's real appraisal (at the tests' small budget): a joker thrown
and a pure sequence broken are blunders; a deal the expert played itself agrees with it
nearly everywhere; the same record and seed give the same review."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rummy.ai import make_bot
from rummy.model.actions import Action, Discard
from rummy.model.cards import Card
from rummy.model.melds import is_joker, is_pure_sequence
from rummy.model.view import PlayerView
from rummy.review import review_game, seat_decisions
from rummy.review.appraiser import review_appraisers
from rummy.review.engine import appraise_one
from rummy.session import Session
from tests.review.helpers import played_deal

BUDGET = 60
"""Work a decision at the first look (the second looks at four times that): one world,
whole playouts (the expert's shortest), enough for these blunders to stand out, a fraction
of a second."""

Twist = Callable[[PlayerView, list[Action], Action], Action | None]


def deal_with(seed: int, twist: Twist) -> tuple[Session, Action]:
    """A medium-against-medium deal in which seat 0 once plays ``twist``'s move (from its
    second turn on) instead of its own; the move returned."""
    game = Session.lone_deal("indian_13", players=2, seed=seed)
    bots = [make_bot("medium", seed=s) for s in range(2)]
    twisted: Action | None = None
    while not game.state.is_over:
        seat = game.state.turn
        view, legal = game.view(seat), game.legal_actions(seat)
        action = bots[seat].choose(view, legal)
        if seat == 0 and twisted is None and view.seats[0].turns_done >= 1:
            twisted = twist(view, legal, action)
            action = twisted or action
        game.act(action)
    assert twisted is not None, "the deal never offered the move"
    return game, twisted


def throw_a_joker(view: PlayerView, legal: list[Action], chosen: Action) -> Action | None:
    if not isinstance(chosen, Discard):
        return None
    jokers = [c for c in view.hand if is_joker(c, view.wild_rank) and Discard(0, c) in legal]
    return Discard(0, jokers[0]) if jokers else None


def break_a_pure_sequence(view: PlayerView, legal: list[Action],
                          chosen: Action) -> Action | None:
    """Throw the middle card of three in suit (a pure sequence) when the bot would not,
    a card no other card of the hand goes with (no other of its rank)."""
    if not isinstance(chosen, Discard):
        return None
    naturals = [c for c in view.hand if not is_joker(c, view.wild_rank)]
    ranks = [c.rank for c in naturals]
    for a in naturals:
        for b in naturals:
            for c in naturals:
                run: list[Card] = [a, b, c]
                if (a.suit == b.suit == c.suit and a.rank is not None and b.rank is not None
                        and c.rank is not None and a.rank + 1 == b.rank == c.rank - 1
                        and is_pure_sequence(view.variant, run) and chosen.card not in run
                        and ranks.count(b.rank) == 1):
                    return Discard(0, b)
    return None


def the_decision(game: Session, move: Action) -> str:
    deal = seat_decisions(game, 0)
    moment = next(m for m in deal.decisions if m.played == move)
    return appraise_one(moment, *review_appraisers(0, BUDGET)).verdict


@pytest.mark.parametrize("seed", [5, 6])
def test_a_joker_thrown_is_a_blunder(seed: int) -> None:
    game, move = deal_with(seed, throw_a_joker)
    assert the_decision(game, move) == "blunder"


@pytest.mark.parametrize("seed", [22, 25])
def test_a_pure_sequence_broken_for_nothing_is_a_blunder(seed: int) -> None:
    game, move = deal_with(seed, break_a_pure_sequence)
    assert the_decision(game, move) == "blunder"


@pytest.mark.slow
@pytest.mark.parametrize("variant", ["indian_13", "super_rummy", "dummy_rummy"])
def test_the_experts_own_deal_agrees_with_it_nearly_everywhere(variant: str) -> None:
    """Played at the tests' budget, reviewed with another seed: other worlds."""
    game = played_deal(variant, seed=1, bots=("expert", "medium"))
    first, second = review_appraisers(seed=7, budget=12)
    review = review_game(game, 0, first, second_look=second)
    s = review.summary
    assert s.decisions >= 10
    assert s.agreed >= 0.85 * s.decisions and s.blunders == 0


@pytest.mark.slow
def test_the_same_record_and_seed_give_the_same_review() -> None:
    game = played_deal(seed=4)
    again = Session.from_record(game.to_record())
    looks = review_appraisers(3, 12)
    first = review_game(game, 0, looks[0], second_look=looks[1]).to_json()
    looks = review_appraisers(3, 12)
    assert review_game(again, 0, looks[0], second_look=looks[1]).to_json() == first
