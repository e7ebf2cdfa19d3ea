"""Contract rummy after laying down: the bots keep the cards they can lay off.

Once a player has laid down its contract it may only lay off, and it goes out by laying
off every card. A bot that throws a card it could lay off (a joker above all) and keeps one
that fits nowhere can never go out: before the fix, about one deal in forty between two
medium bots went round the deck until the turn limit.
"""

from __future__ import annotations

import pytest

from rummy.ai import make_bot
from rummy.model.actions import Discard
from rummy.model.cards import Card
from rummy.model.families import Phase
from rummy.model.table_melds import MeldRules, lay_off
from rummy.model.view import PlayerView
from rummy.session import Session
from rummy.simulate import simulate

pytestmark = pytest.mark.slow


def _fits(view: PlayerView, card: Card) -> bool:
    rules = MeldRules.of(view.variant)
    return any(lay_off(rules, meld, card) is not None for meld in view.melding.melds)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_laid_down_bot_keeps_what_it_can_lay_off(level: str) -> None:
    for seed in range(12):
        game = Session.lone_deal("dummy_rummy", 2, seed)
        bots = [make_bot(level, seed * 2 + s) for s in range(2)]
        turns = 0
        while not game.state.is_over and turns < 600:
            seat = game.state.turn
            view = game.view(seat)
            action = bots[seat].choose(view, game.legal_actions(seat))
            if game.state.phase is Phase.DRAW:
                turns += 1
            if (isinstance(action, Discard) and view.melding.laid_down[seat]
                    and _fits(view, action.card)):
                stuck = [c for c in view.hand if c is not action.card and not _fits(view, c)]
                assert not stuck, (f"seed {seed}: {level} threw {action.card}, which fits "
                                   f"the table, and kept {stuck}, which does not")
            game.act(action)
        assert game.state.is_over, f"seed {seed}: the deal stalled at the turn limit"


def test_medium_bots_finish_their_contract_rounds() -> None:
    summary = simulate("dummy_rummy", players=2, games=40, seed=3,
                       bots=("medium", "medium"))
    assert summary.errors == 0
    assert summary.incomplete == 0
