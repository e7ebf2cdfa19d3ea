"""How far a move fell short of the expert's, in words: ``best``, ``fine``, ``mistake``,
``blunder`` (docs/review.md, "Verdicts").

The points are the family's own, expected against the player by the end of the deal
(Indian rummy caps a hand at 80; classic and contract rummy count every card left). The
expert measures them over a few sampled worlds a decision at the review's budget, each
deal ending far apart (a spread of 20 to 40 points is usual), so a
difference means something only beyond that noise:

- ``best``: the expert's own move;
- ``fine``: another move that loses less than :data:`FINE` points, or less than the noise
  (the larger spread of the two moves over the square root of :data:`WORLDS`);
- ``blunder``: it loses :data:`BLUNDER` points or more, and twice the noise or more: a
  card a good player would not give away (a joker thrown, a pure sequence broken, a card
  fed to the next player's meld);
- ``mistake``: what lies between.

>>> verdict(0.0, rank=1), verdict(1.5, rank=2), verdict(4.0, rank=3), verdict(12.0, rank=9)
('best', 'fine', 'mistake', 'blunder')
>>> verdict(0.0, rank=2)  # another move, no worse on average than the expert's
'fine'
>>> verdict(12.0, rank=2, spread=40.0)  # 12 points, but within the noise of 40 / √8
'fine'
>>> verdict(20.0, rank=2, spread=40.0)  # beyond the noise, not twice it
'mistake'
"""

from __future__ import annotations

import math

VERDICTS = ("best", "fine", "mistake", "blunder")
"""Every verdict, best first."""
FINE = 2.0
"""Points lost below which a move that differs from the expert's is still fine."""
BLUNDER = 8.0
"""Points lost from which a move is a blunder (when beyond twice the noise)."""
WORLDS = 8
"""The worlds a difference is taken to be measured over, for its noise: about what the
review's budget plays a decision (``benchmarks/bench_review.py`` prints it)."""


def noise(spread: float) -> float:
    """How far apart two moves' expected points may be by chance, for the larger spread
    of the two."""
    return spread / math.sqrt(WORLDS)


def verdict(points_lost: float, rank: int, spread: float = 0.0) -> str:
    """The verdict on a move ranked ``rank`` (1: the expert's own) that loses
    ``points_lost`` against the expert's move; ``spread``: the larger of the two moves'
    spreads."""
    if rank == 1:
        return "best"
    chance = noise(spread)
    if points_lost < max(FINE, chance):
        return "fine"
    if points_lost >= max(BLUNDER, 2 * chance):
        return "blunder"
    return "mistake"
