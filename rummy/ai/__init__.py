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

from collections.abc import Callable, Sequence
from typing import Protocol

from rummy.model.actions import Action
from rummy.model.view import PlayerView

from .easy import EasyBot
from .greedy import GreedyBot
from .hard import HardBot
from .medium import MediumBot
from .meld_levels import MeldEasyBot, MeldHardBot, MeldMediumBot
from .random_bot import RandomBot
from .table_bots import GreedyBot as MeldGreedyBot
from .table_bots import RandomBot as MeldRandomBot


class Bot(Protocol):
    """What the game asks of a bot."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal`` (never empty when asked)."""
        ...


class EveryFamily:
    """One bot name that plays every rule family: ``declare`` plays the hands kept until a
    declaration, ``melds`` the families whose melds lie on the table."""

    def __init__(self, name: str, declare: Bot, melds: Bot) -> None:
        self.name = name
        self.declare = declare
        self.melds = melds

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        bot = self.melds if view.melds_on_table else self.declare
        return bot.choose(view, legal)


def _every_family(name: str, declare: Callable[[int], Bot], melds: Callable[[int], Bot]
                  ) -> Callable[[int], Bot]:
    return lambda seed: EveryFamily(name, declare(seed), melds(seed))


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": _every_family("random", RandomBot, MeldRandomBot),
    "greedy": _every_family("greedy", GreedyBot, MeldGreedyBot),
    "easy": _every_family("easy", EasyBot, MeldEasyBot),
    "medium": _every_family("medium", MediumBot, MeldMediumBot),
    "hard": _every_family("hard", HardBot, MeldHardBot),
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


__all__ = ["BOTS", "LEVELS", "Bot", "EasyBot", "EveryFamily", "GreedyBot", "HardBot",
           "MediumBot", "RandomBot", "make_bot"]
