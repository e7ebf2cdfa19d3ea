"""The easy, medium, hard and expert levels: legal play only, reproducible, and blind to everything
a player may not see, in every family.

What each level chooses in set positions, and the hint, are ``test_bot_level_choices.py``.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Sequence
from typing import Any

import pytest

from rummy.ai import BOTS, LEVELS, make_bot
from rummy.model.actions import DrawSource
from rummy.model.cards import Card
from rummy.model.events import CardDiscarded, CardDrawn, OpenCardTurned, TossMade, WildJokerCut
from rummy.model.state import start_deal
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, view_for
from rummy.session import Session
from rummy.simulate import simulate
from tests.bot_views import reachable

EVERY_LEVEL = [pytest.param(n, marks=pytest.mark.slow) if n == "expert" else n for n in LEVELS]
"""The levels, the expert's searching case marked slow (seconds a deal)."""


def test_levels_are_registered_for_the_menu() -> None:
    assert LEVELS == ("easy", "medium", "hard", "expert")
    for name in LEVELS:
        bot = make_bot(name, 1)
        assert bot.name == name
        assert name in BOTS


# ---------------------------------------------------------------- hidden state


PUBLIC = {f.name for f in dataclasses.fields(PlayerView)} | {
    name for name in vars(PlayerView) if not name.startswith("_")}  # my_turn, family, ...


class GuardedView(PlayerView):
    """A view that fails on any attribute that is not one of PlayerView's public fields."""

    def __getattribute__(self, name: str) -> Any:
        if not name.startswith("__") and name not in PUBLIC:
            raise AssertionError(f"a bot reached for view.{name}")
        return super().__getattribute__(name)


def guarded(view: PlayerView) -> GuardedView:
    return GuardedView(**{f.name: getattr(view, f.name) for f in dataclasses.fields(view)})


def _public_cards(game: Session) -> set[Card]:
    out: set[Card] = set()
    for event in game.state.history:
        if isinstance(event, (OpenCardTurned, CardDiscarded, WildJokerCut)):
            out.add(event.card)
        elif isinstance(event, CardDrawn) and event.source is DrawSource.OPEN:
            assert event.card is not None
            out.add(event.card)
        elif isinstance(event, TossMade):
            out.update(c for _, c in event.cards)
    return out


@pytest.mark.parametrize("name", EVERY_LEVEL)
def test_levels_play_from_the_public_view_alone(name: str) -> None:
    """A whole deal where each level gets a view that fails on anything but its public
    fields, and the view holds no card of another hand that was not shown in public."""
    game = Session.lone_deal("indian_13", players=3, seed=5)
    bots = [make_bot(name, seed) for seed in range(3)]
    steps = 0
    while not game.state.is_over and steps < 300:
        seat = game.state.turn
        view = game.view(seat)
        if not game.state.is_over:
            secret = {c for s, hand in enumerate(game.state.hands) if s != seat for c in hand}
            secret -= _public_cards(game)
            leaked = secret & {v for v in reachable(view) if isinstance(v, Card)}
            assert not leaked, f"the view of seat {seat} holds hidden cards {leaked}"
        action = bots[seat].choose(guarded(view), game.legal_actions(seat))
        game.act(action)
        steps += 1
    assert steps > 4


@pytest.mark.parametrize("name", EVERY_LEVEL)
def test_choose_takes_a_player_view(name: str) -> None:
    bot = make_bot(name, 0)
    hints = typing.get_type_hints(type(bot).choose)
    assert hints["view"] is PlayerView
    assert list(inspect.signature(bot.choose).parameters) == ["view", "legal"]


def test_guarded_view_catches_a_reach_for_hidden_state(indian: Variant) -> None:
    view = guarded(view_for(start_deal(indian, players=2, seed=1), 0))
    assert len(view.hand) == 13
    with pytest.raises(AssertionError, match="reached for"):
        _ = view.hands  # GuardedView.__getattribute__ lets mypy accept any name


# ---------------------------------------------------------------- legal, reproducible


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_levels_play_legal_moves_indian_13(players: int) -> None:
    games = 3 if players <= 3 else 1
    summary = simulate("indian_13", players, games, seed=players, bots=LEVELS, rotate=True,
                       failed_dir=None)
    assert summary.errors == 0, [r.error for r in summary.reports]
    assert summary.completed == games


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_levels_play_legal_moves_two_player_13() -> None:
    for bots in (("easy", "medium"), ("medium", "hard"), ("hard", "easy")):
        summary = simulate("two_player_13", 2, 2, seed=3, bots=bots, rotate=True,
                           failed_dir=None)
        assert summary.errors == 0, [r.error for r in summary.reports]
        assert summary.completed == 2


def _deal_actions(bots: Sequence[str], seed: int) -> list[str]:
    game = Session.lone_deal("indian_13", players=len(bots), seed=seed)
    players = [make_bot(name, seed * 10 + i) for i, name in enumerate(bots)]
    while not game.state.is_over and len(game.actions) < 400:
        seat = game.state.turn
        game.act(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    return [str(a) for a in game.actions]


def test_levels_are_reproducible() -> None:
    bots = ("hard", "easy", "medium")
    assert _deal_actions(bots, 4) == _deal_actions(bots, 4)


# ---------------------------------------------------------------- classic and contract families


@pytest.mark.timeout(120)
@pytest.mark.parametrize("variant", ["super_rummy", "dummy_rummy"])
def test_levels_play_the_meld_families(variant: str) -> None:
    from rummy.model.variant import list_variant_ids

    if variant not in list_variant_ids():
        pytest.skip(f"{variant} has not landed")
    for players in (2, 3):
        summary = simulate(variant, players, 2, seed=players, bots=LEVELS, rotate=True,
                           failed_dir=None)
        assert summary.errors == 0, [r.error for r in summary.reports]
