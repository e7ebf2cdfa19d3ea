"""How a deal of the melding families stands, in expected points: their expert's leaf estimate.

The declare family's estimate (:mod:`rummy.ai.race`) races the hands' deficiencies to a
show. In the families whose melds lie on the table a hand goes out instead, so the race is
to an empty hand, and each seat is as far behind as the cards it cannot yet get rid of:

- a seat free to lay melds (classic rummy; contract rummy once its contract is down) is
  behind by its cards that neither fit a meld of its best arrangement nor lay off on a
  meld on the table, less one (the last card goes as the discard, or with the lay-offs);
- a seat whose contract is not down yet is behind by the cards its contract still lacks
  (:func:`rummy.ai.meld_levels.contract_need`) plus half the other cards it holds, which
  must then be laid off;
- the seat to move next is :data:`TEMPO` of a card ahead; the chance that a seat goes out
  first falls by a factor of ``e ** PACE`` for each card it is behind (a softmax);
- a seat pays what it would be charged now if another went out (its deadwood where it may
  still lay its melds, its whole hand where its contract is not down) and, in a family
  whose winner collects, collects the others' when it goes out first, as
  :func:`rummy.ai.worlds.deal_points` counts a finished deal.

A finished deal is scored exactly. The constants are chosen by reasoning (a card behind is
a few draws in a deal of some ten turns a seat) and checked against deals (see
:data:`PACE`).
"""

from __future__ import annotations

import math

from rummy.model.solver_melds import best_arrangement, card_points
from rummy.model.state import MeldState

from .meld_bots import left_after_lay_offs
from .meld_levels import contract_need
from .worlds import World, deal_points

__all__ = ["PACE", "TEMPO", "meld_race_points", "standing"]

PACE = 0.7
"""How much likelier to go out first a seat is per card it is ahead: ``e ** 0.7``, about
twice (a loose card waits for one of a few cards that fit it). It fits contract rummy's
first-round deals between hard bots (fitted: 0.75; ``benchmarks/bench_race_fit.py
--variant dummy_rummy``), not classic rummy's: there the cards a hand cannot meld foretell
who goes out hardly better than a coin (fitted: 0.1), and the fitted odds played no
differently (docs/benchmarks.md#bots)."""
TEMPO = 0.3
"""Cards the seat to move next is taken to be ahead by."""
LAID_OFF_LATER = 0.5
"""Cards of the race a card beyond the contract counts for before the contract is down."""


def standing(world: MeldState, seat: int) -> tuple[float, float]:
    """(cards behind in the race, points charged if another seat went out now)."""
    variant = world.variant
    hand = world.hands[seat]
    rules = world.rules
    contract = world.contract  # a round's contract: the contract family's rounds have one
    if contract is not None and not world.laid_down(seat):
        need = contract_need(rules, contract, hand)
        size = contract[0] * rules.set_min + contract[1] * rules.run_min
        extra = max(0, len(hand) - size - 1)
        points = sum(card_points(variant, c) for c in hand)
        return need + LAID_OFF_LATER * extra, float(points)
    if contract is not None:
        # Down: no new melds this round, only lay-offs.
        loose = left_after_lay_offs(rules, world.melds, hand)
    else:
        arrangement = best_arrangement(variant, tuple(hand))
        loose = left_after_lay_offs(rules, world.melds, arrangement.ungrouped)
    points = sum(card_points(variant, c) for c in loose)
    return float(max(0, len(loose) - 1)), float(points)


def meld_race_points(world: World, seat: int, collects: bool = True) -> float:
    """The seat's expected points for the deal (lower is better), from where ``world``
    stands; ``collects``: the winner of the family collects the others' points (classic
    rummy), or is only charged nothing (contract rummy). See the module docstring."""
    if world.is_over:
        return deal_points(world, seat)
    if not isinstance(world, MeldState):
        raise TypeError("the meld race is the melding families' estimate")
    playing = range(world.players)  # no seat leaves a deal of these families early
    behind: dict[int, float] = {}
    charged: dict[int, float] = {}
    for s in playing:
        behind[s], charged[s] = standing(world, s)
    weights = {s: math.exp(-PACE * (behind[s] - (TEMPO if s == world.turn else 0.0)))
               for s in playing}
    win = weights[seat] / sum(weights.values())
    others = sum(charged[s] for s in playing if s != seat) if collects else 0.0
    return (1.0 - win) * charged[seat] - win * others
