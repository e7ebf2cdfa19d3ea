"""How far a move fell short of the best one, in words: ``best``, ``fine``, ``mistake``,
``blunder`` (docs/review.md, "Verdicts").

The thresholds are points of the family's own scoring expected against the player by the
end of the deal. A rummy deal costs a loser tens of points (Indian rummy caps a hand at 80;
classic and contract rummy count every card left), so a move that loses less than
:data:`FINE` on average is within what the expert's sampling can tell apart, one that loses
:data:`BLUNDER` or more is a card a good player would not have given away (a joker thrown,
a pure sequence broken, a card fed to the next player's meld), and what lies between is a
mistake.

>>> verdict(0.0, rank=1), verdict(1.5, rank=2), verdict(4.0, rank=3), verdict(12.0, rank=9)
('best', 'fine', 'mistake', 'blunder')
"""

from __future__ import annotations

VERDICTS = ("best", "fine", "mistake", "blunder")
"""Every verdict, best first."""
FINE = 2.0
"""Points lost below which a move that differs from the best is still fine."""
BLUNDER = 8.0
"""Points lost from which a move is a blunder."""


def verdict(points_lost: float, rank: int) -> str:
    """The verdict on a move ranked ``rank`` (1: the best) that loses ``points_lost``."""
    if rank == 1 or points_lost <= 0:
        return "best"
    if points_lost < FINE:
        return "fine"
    if points_lost < BLUNDER:
        return "mistake"
    return "blunder"
