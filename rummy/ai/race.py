"""How a deal of the declare family stands, in expected points: the expert's leaf estimate.

A playout played to the deal's end tells one way the deal may go; its points swing by
tens from one sampled world to the next, so telling two moves apart that way takes more
worlds than a decision can afford. The expert (:mod:`rummy.ai.expert`) plays its
candidates on for a few moves instead and scores the sampled world where it stops by
this estimate, which sees every hand of the world (a world the bot dealt itself,
:mod:`rummy.ai.worlds`):

- each seat still playing is in a race to a valid show, as far behind as its deficiency
  (:mod:`rummy.ai.deficiency`: the cards it still needs); the seat to move next is a
  fraction of a card ahead of the others (:data:`TEMPO`);
- the chance that a seat shows first falls by a factor of ``e ** PACE`` for each card it
  is behind (a softmax over the deficiencies);
- a seat pays its count (capped) when another shows first and collects the others'
  counts when it does (less nothing: where the winner collects nothing, the others'
  points count for it all the same, as in :func:`rummy.ai.worlds.deal_points`).

A finished deal is scored exactly (:func:`rummy.ai.worlds.deal_points`); a seat out of
the deal pays what it owes already.
"""

from __future__ import annotations

import math

from rummy.model.solver import best_arrangement
from rummy.model.state import MeldState, SeatStatus

from .deficiency import Deficiency
from .worlds import World, deal_points

__all__ = ["PACE", "TEMPO", "race_points"]

PACE = 1.0
"""How much likelier to show first a seat is per card of deficiency it is ahead: ``e``
times. Chosen by reasoning (a card of deficiency is some three draws of a two-seat deal,
about half the deal left), then checked against deals: over 800 two-seat deals between
hard bots, the pair that fits who showed first best is 0.9 and 0.25, which predicts the
outcomes no better than this pair (``benchmarks/bench_race_fit.py``;
docs/benchmarks.md#bots)."""
TEMPO = 0.3
"""Cards of deficiency the seat to move next is taken to be ahead by (fitted: 0.25)."""


def race_points(world: World, seat: int) -> float:
    """The seat's expected points for the deal (lower is better), from where ``world``
    stands; see the module docstring."""
    if world.is_over:
        return deal_points(world, seat)
    if isinstance(world, MeldState):
        raise TypeError("the race estimate is the declare family's")
    if world.status[seat] is not SeatStatus.PLAYING:
        return float(world.penalties[seat])
    variant = world.variant
    cap = variant.declare.count_cap
    playing = world.active_seats
    # A counter of its own, not one shared: experts of several tables think on worker
    # threads at once, each with its own wild rank (a shared cache is keyed by one).
    deficiency = Deficiency()
    counts: dict[int, float] = {}
    weights: dict[int, float] = {}
    for s in playing:
        hand = world.hands[s]
        count = best_arrangement(variant, hand, world.wild_joker).count
        counts[s] = float(min(cap, count)) if cap else float(count)
        short = deficiency.of(variant, hand, world.wild_rank)
        ahead = TEMPO if s == world.turn else 0.0
        weights[s] = math.exp(-PACE * (short - ahead))
    total = sum(weights.values())
    win = weights[seat] / total
    others = sum(counts[s] for s in playing if s != seat)
    return (1.0 - win) * counts[seat] - win * others
