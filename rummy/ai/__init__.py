"""Bots: a bot picks one of the legal actions from what its seat may see.

A bot is anything with ``name`` and ``choose(view, legal) -> Action``: ``view`` is the
seat's :class:`~rummy.model.view.PlayerView` and ``legal`` the list from
``legal_actions``. Bots never get the game state (boardgame.io's rule: a bot sees what a
player sees), so they cannot cheat; ``tests/test_bots.py`` holds them to it. They are
seeded, so a game between bots replays exactly.

>>> bot = make_bot("greedy", seed=1)
>>> bot.name
'greedy'
>>> sorted(BOTS)
['easy', 'greedy', 'hard', 'medium', 'random']
>>> LEVELS
('easy', 'medium', 'hard')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from rummy.model.actions import Action, Pick
from rummy.model.view import PlayerView

from .easy import EasyBot
from .greedy import GreedyBot
from .hard import HardBot
from .medium import MediumBot
from .meld_bots import GreedyBot as MeldGreedyBot
from .meld_bots import RandomBot as MeldRandomBot
from .meld_levels import MeldEasyBot, MeldHardBot, MeldMediumBot
from .random_bot import RandomBot


class Bot(Protocol):
    """What the game asks of a bot."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal`` (never empty when asked)."""
        ...


BotMakers = dict[str, Callable[[int], Bot]]
"""Bots by name -> a constructor taking the seed."""

DECLARE_BOTS: BotMakers = {"random": RandomBot, "greedy": GreedyBot, "easy": EasyBot,
                           "medium": MediumBot, "hard": HardBot}
"""The declare family's bots (its :class:`~rummy.model.rules.Pieces` name them)."""
MELD_BOTS: BotMakers = {"random": MeldRandomBot, "greedy": MeldGreedyBot, "easy": MeldEasyBot,
                        "medium": MeldMediumBot, "hard": MeldHardBot}
"""The melding families' bots: classic and contract rummy share them (a bot of theirs asks
the family what differs)."""


def bots_of(view: PlayerView) -> BotMakers:
    """The bots of the view's rule family, found from the family."""
    bots: BotMakers = view.rules.piece("bots")
    return bots


class EveryFamily:
    """One bot name that plays every rule family: the family's own bot of that name, made
    (with the seed) the first time a view of that family is seen."""

    def __init__(self, name: str, seed: int) -> None:
        self.name = name
        self.seed = seed
        self._bots: dict[str, Bot] = {}
        self._picks = random.Random(f"{seed}/pick")

    def for_family(self, view: PlayerView) -> Bot:
        """The bot that plays the deals of ``view``'s family."""
        bot = self._bots.get(view.family)
        if bot is None:
            bot = self._bots[view.family] = bots_of(view)[self.name](self.seed)
        return bot

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        # A card of a spread face down is as good as any other: every level picks one at
        # random (its own seeded stream, so a game between bots replays exactly).
        picks = [a for a in legal if isinstance(a, Pick)]
        if picks:
            return self._picks.choice(picks)
        return self.for_family(view).choose(view, legal)


BOTS: dict[str, Callable[[int], Bot]] = {
    name: partial(EveryFamily, name) for name in DECLARE_BOTS
}
"""Bot name -> a constructor taking the seed."""

LEVELS: tuple[str, ...] = ("easy", "medium", "hard")
"""The opponent levels a player picks per seat in the menu, weakest first (``BOTS`` names;
``random`` and ``greedy`` are baselines for tests and benchmarks)."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name; ValueError listing the names for an unknown one."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r} (bots: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


__all__ = ["BOTS", "DECLARE_BOTS", "LEVELS", "MELD_BOTS", "Bot", "BotMakers", "EasyBot",
           "EveryFamily", "GreedyBot", "HardBot", "MediumBot", "RandomBot", "bots_of", "make_bot"]
