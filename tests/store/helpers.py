"""Real games played by bots through ``rummy.session``, for the store's tests."""

from __future__ import annotations

import hashlib

from rummy.ai import make_bot
from rummy.session import Session


def play(game: Session, steps: int | None = None, bot: str = "greedy",
         limit: int = 2000) -> Session:
    """Let ``bot`` play every seat for ``steps`` actions (None: to the end of the game)."""
    bots = [make_bot(bot, seed=seat) for seat in range(game.players)]
    done = 0
    while steps is None or done < steps:
        over = game.over
        if over or done >= limit:
            break
        seat = game.state.turn
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        done += 1
    return game


def digest(game: Session) -> str:
    """A fingerprint of the whole state (the match's for a match): equal states, equal text."""
    whole = game.state if game.lone else game.match
    return hashlib.sha256(repr(whole).encode()).hexdigest()
