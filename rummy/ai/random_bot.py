"""The random bot: a seeded random legal action, with just enough sense to finish a deal.

It draws from either deck at random and discards a random card. It declares only when
the cards it keeps are a valid show (a random wrong show every turn would end every deal
at once), drops rarely where dropping is allowed, and lets the turn timer run out rarely
where there is one, so that playouts reach those rules too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Draw, Drop, Finish, Timeout
from rummy.model.solver import best_arrangement
from rummy.model.view import PlayerView

DROP_CHANCE = 0.02
"""How often the bot drops when it may, before drawing."""
TIMEOUT_CHANCE = 0.02
"""How often it lets the turn timer run out, where the table has one."""


class RandomBot:
    """Seeded random play; see the module docstring."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"random-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        rng = self.rng
        timeouts = [a for a in legal if isinstance(a, Timeout)]
        if timeouts and rng.random() < TIMEOUT_CHANCE:
            return timeouts[0]
        draws = [a for a in legal if isinstance(a, Draw)]
        drops = [a for a in legal if isinstance(a, Drop)]
        if drops and (not draws or rng.random() < DROP_CHANCE):
            return drops[0]
        if draws:
            return rng.choice(draws)
        discards = [a for a in legal if isinstance(a, Discard)]
        if discards:
            choice = rng.choice(discards)
            finish = next((a for a in legal if isinstance(a, Finish)
                           and a.card == choice.card), None)
            if finish is not None and self._valid_without(view, choice):
                return finish
            return choice
        others = [a for a in legal if not isinstance(a, (Finish, Timeout))]
        return rng.choice(others or list(legal))

    @staticmethod
    def _valid_without(view: PlayerView, discard: Discard) -> bool:
        hand = list(view.hand)
        hand.remove(discard.card)
        return best_arrangement(view.variant, hand, view.wild_joker).valid
