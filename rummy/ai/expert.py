"""The expert level: an information-set search over sampled worlds, in every rule family.

For a decision worth thinking about, the expert

1. takes its *candidates*: every legal move when there are few (a draw, a drop), else the
   moves its advisers would play (the family's best policy first: in the declare family
   hard's play with the discard of the most steps in, :mod:`rummy.ai.steps`; in the
   classic family hard's play with the discard that goes out soonest,
   :mod:`rummy.ai.meld_steps`; in the contract family the hard bot; then hard, medium,
   easy and greedy) and any move the caller asks about;
2. deals *worlds*: whole deals that agree with everything its seat knows
   (:mod:`rummy.ai.worlds`: its hand, the open deck, the melds, which open cards each
   opponent took and threw, hand sizes), never the real deal's hidden cards;
3. plays each candidate on in each world, every seat played by the family's playout bot,
   and counts the seat's points in the family's own scoring (its count, a drop or a
   wrong show, the cap; less what it collects when it goes out): to the deal's end, or,
   where the family has a *leaf* estimate (the declare family's race of deficiencies,
   :mod:`rummy.ai.race`; the melding families' race to an empty hand,
   :mod:`rummy.ai.meld_race`), for ``LEAF_DEPTH`` rounds and then by the estimate, which
   swings far less from world to world than a deal's end and costs a tenth of the
   work, so the same budget tells moves apart that whole playouts cannot;
4. chooses the candidate with the fewest points on average. Every candidate meets the same
   worlds, so their differences are measured pairwise; the first adviser's move stays the
   choice unless another beats it by more than the noise of those differences (``margin``
   standard errors), so a small sample never makes it play worse than that policy on a
   coin toss.

The budget is counted in work: moves played in playouts and hand arrangements searched by
their bots per decision (``budget``; :func:`~rummy.ai.worlds.work_of`), never seconds, so
a seed replays the same game on any machine. Worlds are played whole (every
candidate in each), at least ``MIN_WORLDS`` of them. :class:`ExpertAppraiser` is the
search as :class:`~rummy.ai.appraisal.Appraiser`, which the post-game review uses too.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from rummy.model.actions import Action
from rummy.model.view import PlayerView

from .appraisal import Appraisal
from .worlds import Leaf, World, play_on, sample_world

__all__ = ["DEFAULT_BUDGET", "ExpertAppraiser", "ExpertBot"]

DEFAULT_BUDGET = 2200
"""Work (playout moves and arrangement searches) per decision, times the family's
``scale`` (the expert's decision times are measured by ``benchmarks/bench_bots.py``;
docs/benchmarks.md). A move of Indian rummy between medium bots is about 11 of work."""
MIN_WORLDS = 1
"""Worlds every candidate is played in, whatever the budget."""
MAX_WORLDS = 64
"""More worlds than this change nothing the choice can tell apart."""
WIDTH = 6
"""Legal moves evaluated all when there are at most this many (else the advisers')."""
MARGIN = 2.0
"""Standard errors of the paired difference by which a candidate must beat the first
adviser's move to be chosen instead: at 1, with three challengers no better than its
move, up to two searched decisions in five would leave it on noise alone (each beats it
by one error one time in six); at 2, about one in fifteen. Measured at 1 in Super Rummy,
it won 26 of 48 deals against hard where 2 won 30 (``benchmarks/bench_expert_variants.py
margin-1``; docs/benchmarks.md#bots)."""
LEAF_DEPTH = 2
"""Rounds a playout goes on for after the candidate before a family's leaf estimate
scores it, where the family has one (:mod:`rummy.ai.race`); the moves are this many
times two a seat (a draw and a discard), so every seat answers the candidate. One round
and three measured no different in Super Rummy (docs/benchmarks.md#bots)."""
PLAYOUT_WORK = 20_000
"""Work after which a playout that has not ended counts as even (no points either way)."""
SHORTEST_PLAYOUT = 300
"""The least work a playout may run to, however small the budget (about a whole deal of
Indian rummy: some 25 moves)."""

BotMaker = Callable[[int], "ChoosingBot"]


class ChoosingBot(Protocol):
    """What the expert asks of an adviser or a playout bot (:class:`rummy.ai.Bot`)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal``."""
        ...


@dataclass(frozen=True)
class Scored:
    """A candidate's points over the worlds played, in world order."""

    action: Action
    points: tuple[float, ...]

    @property
    def mean(self) -> float:
        return statistics.fmean(self.points) if self.points else 0.0

    @property
    def spread(self) -> float:
        return statistics.pstdev(self.points) if len(self.points) > 1 else 0.0


class ExpertAppraiser:
    """The expert's search (see the module docstring) as an appraiser.

    ``advisers`` make the bots whose moves are the candidates (the first adviser's is the
    move kept unless beaten); ``playout`` makes the bot that plays every seat in the
    worlds. Both take a seed. The appraisal depends only on the seed, the budget and the
    view.
    """

    def __init__(self, seed: int, advisers: Sequence[BotMaker], playout: BotMaker,
                 budget: int = DEFAULT_BUDGET, width: int = WIDTH,
                 margin: float = MARGIN, leaf: Leaf | None = None,
                 depth: int = LEAF_DEPTH, reading: float = 0.0) -> None:
        if budget < 0:
            raise ValueError(f"the budget is an amount of work, not {budget}")
        if not advisers:
            raise ValueError("the expert needs at least one adviser (its best policy)")
        self.seed = seed
        self.budget = budget
        self.width = width
        self.margin = margin
        self._playout = playout
        self.leaf = leaf
        self.depth = depth
        self.reading = reading
        """How strongly worlds read the other hands from their discards
        (:func:`~rummy.ai.worlds.read_hand`; 0, not at all, as measured no better)."""
        self._advisers = [make(seed) for make in advisers]
        self.work_used = 0
        """Work done in playouts by the last appraisal."""
        self.worlds_used = 0
        """Worlds played by the last appraisal."""

    def candidates(self, view: PlayerView, legal: Sequence[Action],
                   include: Sequence[Action] = ()) -> list[Action]:
        """The moves worth playing on: all of ``legal`` when there are at most ``width``,
        else the advisers' choices; then ``include``. Hard's move first."""
        picks = [adviser.choose(view, legal) for adviser in self._advisers]
        out: list[Action] = []
        pool = [*picks, *legal] if len(legal) <= self.width else picks
        for action in [*pool, *include]:
            if action not in out:
                out.append(action)
        return out

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        """The candidates (see :meth:`candidates`; ``include`` adds moves to appraise,
        such as the one a player made), best first; the first is the expert's choice."""
        if not legal:
            return []
        for action in include:
            if action not in legal:
                raise ValueError(f"{action} is not a legal move now")
        scored = self.search(view, self.candidates(view, legal, include))
        order = self.rank(scored)
        return [Appraisal(s.action, round(s.mean, 3), round(s.spread, 3)) for s in order]

    def rank(self, scored: Sequence[Scored]) -> list[Scored]:
        """Fewest points first, except that the first candidate (the first adviser's) stays
        first unless the best beats it by ``margin`` standard errors of their difference."""
        order = sorted(scored, key=lambda s: (s.mean, scored.index(s)))
        prior = scored[0]
        best = order[0]
        if best is not prior and not self._beats(best, prior):
            order.remove(prior)
            order.insert(0, prior)
        return order

    def _beats(self, challenger: Scored, prior: Scored) -> bool:
        diffs = [a - b for a, b in zip(challenger.points, prior.points, strict=True)]
        if len(diffs) < 2:
            return False
        mean = statistics.fmean(diffs)
        error = statistics.stdev(diffs) / math.sqrt(len(diffs))
        return mean < -self.margin * error if error else mean < 0

    def search(self, view: PlayerView, candidates: Sequence[Action]) -> list[Scored]:
        """Each candidate played on in the same worlds, as many as the budget allows."""
        points: list[list[float]] = [[] for _ in candidates]
        work = worlds = 0
        key = f"{self.seed}/{view.seat}/{len(view.history)}/{view.phase.value}"
        # One world never costs more than the budget: a playout stops at its share.
        horizon = min(PLAYOUT_WORK, max(SHORTEST_PLAYOUT, self.budget // len(candidates)))
        while worlds < MAX_WORLDS and (worlds < MIN_WORLDS or work < self.budget):
            rng = random.Random(f"world/{key}/{worlds}")
            world = sample_world(view, rng, rng.randrange(2**31), self.reading)
            bots_seed = rng.randrange(2**31)
            for i, action in enumerate(candidates):
                score, done = self.play_on(world, action, view.seat, bots_seed, horizon)
                points[i].append(score)
                work += done
            worlds += 1
        self.work_used = work
        self.worlds_used = worlds
        return [Scored(a, tuple(p)) for a, p in zip(candidates, points, strict=True)]

    def play_on(self, world: World, action: Action, seat: int,
                bots_seed: int, horizon: int = PLAYOUT_WORK) -> tuple[float, int]:
        """``action`` in ``world``, then the playout bots to the deal's end or ``horizon``
        work: the seat's points (:func:`~rummy.ai.worlds.deal_points`; even when cut
        short) and the work done."""
        bots = [self._playout(bots_seed + s) for s in range(world.players)]
        return play_on(world, action, seat, bots, horizon, self.depth * 2 * world.players,
                       self.leaf)


class ExpertBot:
    """The expert level: plays the best-appraised move (see the module docstring)."""

    name = "expert"

    def __init__(self, seed: int = 0, *, advisers: Sequence[BotMaker], playout: BotMaker,
                 budget: int | None = None, scale: float = 1.0,
                 leaf: Leaf | None = None) -> None:
        """``budget`` work a decision, or ``scale`` times :data:`DEFAULT_BUDGET` (read
        now, so tests can lower it): a family whose arrangement searches cost more or
        less than Indian rummy's 13-card ones affords fewer or more in the same time."""
        self.seed = seed
        if budget is None:
            budget = round(DEFAULT_BUDGET * scale)
        self.appraiser = ExpertAppraiser(seed, advisers, playout, budget, leaf=leaf)
        self.searches = 0
        """Decisions searched so far (the others had one candidate)."""
        self.overrules = 0
        """Searched decisions where the search chose another move than the first
        adviser's."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        if len(legal) == 1:
            return legal[0]
        candidates = self.appraiser.candidates(view, legal)
        if len(candidates) == 1:
            return candidates[0]  # every adviser agrees and nothing else is in sight
        scored = self.appraiser.search(view, candidates)
        best = self.appraiser.rank(scored)[0].action
        self.searches += 1
        self.overrules += best != candidates[0]
        return best
