"""Deals played to the end by bots, to review."""

from __future__ import annotations

from collections.abc import Sequence

from rummy.ai import make_bot
from rummy.session import Session


def played_deal(variant: str = "indian_13", players: int = 2, seed: int = 7,
                bots: Sequence[str] = ("medium",)) -> Session:
    """A lone deal played to its end by ``bots`` (cycled over the seats)."""
    game = Session.lone_deal(variant, players=players, seed=seed)
    seats = [make_bot(bots[s % len(bots)], seed=s) for s in range(players)]
    for _ in range(2000):
        if game.state.is_over:
            return game
        seat = game.state.turn
        game.act(seats[seat].choose(game.view(seat), game.legal_actions(seat)))
    raise AssertionError("the deal never ended")
