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
['easy', 'expert', 'greedy', 'hard', 'medium', 'random']
>>> LEVELS
('easy', 'medium', 'hard', 'expert')
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import Protocol

from rummy.model.actions import Action, Pick
from rummy.model.view import PlayerView

from .appraisal import Appraisal
from .easy import EasyBot
from .expert import ExpertBot
from .greedy import GreedyBot
from .hard import HardBot
from .medium import MediumBot
from .meld_bots import GreedyBot as MeldGreedyBot
from .meld_bots import RandomBot as MeldRandomBot
from .meld_levels import MeldEasyBot, MeldHardBot, MeldMediumBot
from .meld_race import meld_race_points
from .meld_steps import MeldStepsBot
from .race import race_points
from .random_bot import RandomBot
from .steps import StepsBot


class Bot(Protocol):
    """What the game asks of a bot."""

    name: str

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal`` (never empty when asked)."""
        ...


CLASSIC_EXPERT_SCALE = 3.0
"""The classic family's expert budget, in Indian rummy's: a unit of its work took about a
third of the time (0.11 ms against 0.39 ms, median, over a few deals of expert against
hard at one budget). Since hard's look-ahead is answered from the hands' bits it takes
less still (0.23 s median a decision), but twice this budget won no more deals
(``benchmarks/bench_expert_variants.py budget-2x``); the figures are in
docs/benchmarks.md."""
CONTRACT_EXPERT_SCALE = 0.8
"""The contract family's, likewise: a unit took about as long (0.29 ms) with a long tail
(0.8 ms at the 90th percentile), so a little less of it."""

BotMakers = dict[str, Callable[[int], Bot]]
"""Bots by name -> a constructor taking the seed."""

DECLARE_BOTS: BotMakers = {
    "random": RandomBot, "greedy": GreedyBot, "easy": EasyBot, "medium": MediumBot,
    "hard": HardBot,
    "expert": partial(ExpertBot,
                      advisers=(StepsBot, HardBot, MediumBot, EasyBot, GreedyBot),
                      playout=MediumBot, leaf=race_points),
}
"""The declare family's bots (its :class:`~rummy.model.rules.Pieces` name them)."""

_MELD_LEVELS: BotMakers = {"random": MeldRandomBot, "greedy": MeldGreedyBot,
                           "easy": MeldEasyBot, "medium": MeldMediumBot, "hard": MeldHardBot}
_MELD_ADVISERS = (MeldHardBot, MeldMediumBot, MeldEasyBot, MeldGreedyBot)
CLASSIC_BOTS: BotMakers = {
    **_MELD_LEVELS,
    "expert": partial(ExpertBot, advisers=(MeldStepsBot, *_MELD_ADVISERS), playout=MeldHardBot,
                      scale=CLASSIC_EXPERT_SCALE, leaf=meld_race_points),
}
"""The classic family's bots: the melding families share their levels (a bot of theirs
asks the family what differs); the expert's budget is scaled to the family's work. Its
first adviser is hard with the discard that goes out soonest (:mod:`rummy.ai.meld_steps`:
on 400 deals against hard it won 249 with it under the search where it won 223 with
hard's own discard). Its playouts are hard's: on the same 100 deals against hard it won
57 with them and 50 with medium's (docs/benchmarks.md#bots). Hard's discard look-ahead,
answered from the hands' bits on one deck, costs little and counts no work; with two or
three decks a hand often holds two cards of a face, the look-ahead searches
arrangements, and each search counts (decision times there too)."""
CONTRACT_BOTS: BotMakers = {
    **_MELD_LEVELS,
    "expert": partial(ExpertBot, advisers=_MELD_ADVISERS, playout=MeldMediumBot,
                      scale=CONTRACT_EXPERT_SCALE,
                      leaf=partial(meld_race_points, collects=False)),
}
"""The contract family's bots."""


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

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
"""The opponent levels a player picks per seat in the menu, weakest first (``BOTS`` names;
``random`` and ``greedy`` are baselines for tests and benchmarks)."""


class ExpertAppraisers:
    """The expert's appraisal (:class:`~rummy.ai.appraisal.Appraiser`) for every rule
    family: the family's expert, made with the seed the first time a view of it is seen,
    at ``budget`` moves a decision (``None``: the expert's default)."""

    def __init__(self, seed: int = 0, budget: int | None = None) -> None:
        self.budget = budget
        self._experts = EveryFamily("expert", seed)

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        """See :meth:`rummy.ai.expert.ExpertAppraiser.appraise` (``include``: moves to
        appraise beside the expert's candidates, such as the one a player made)."""
        expert = self._experts.for_family(view)
        assert isinstance(expert, ExpertBot)  # what every family registers as "expert"
        if self.budget is not None:
            expert.appraiser.budget = self.budget
        return expert.appraiser.appraise(view, legal, include)


def expert_appraiser(seed: int = 0, budget: int | None = None) -> ExpertAppraisers:
    """The expert's appraiser for every family (the post-game review's)."""
    return ExpertAppraisers(seed, budget)


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name; ValueError listing the names for an unknown one."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"no bot named {name!r} (bots: {', '.join(sorted(BOTS))})") from None
    return factory(seed)


__all__ = ["BOTS", "CLASSIC_BOTS", "CONTRACT_BOTS", "DECLARE_BOTS", "LEVELS", "Bot",
           "BotMakers", "EasyBot", "EveryFamily", "ExpertAppraisers", "ExpertBot", "GreedyBot",
           "HardBot", "MediumBot", "RandomBot", "bots_of", "expert_appraiser", "make_bot"]
