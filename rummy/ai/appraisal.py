"""What each move is worth from one seat's view: the expert's appraisal.

The expert bot plays the best-appraised move; the post-game review
(``python -m rummy review``) sets each of a player's decisions beside the same
appraisal. Both see only the seat's :class:`~rummy.model.view.PlayerView` and its legal
actions, never the state, so neither can read a hidden card.

``expected_points`` is in the family's own scoring, from the seat's side: the points the
seat is expected to be charged for the deal (its count when another seat goes out, the
drop or the wrong-show penalty), less what it is expected to collect where the winner
collects. Lower is better; the best move comes first.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from rummy.model.actions import Action
from rummy.model.view import PlayerView

__all__ = ["Appraisal", "Appraiser"]


@dataclass(frozen=True)
class Appraisal:
    """One candidate move and what it is expected to lead to."""

    action: Action
    expected_points: float
    """Points against the seat by the deal's end, on average over the sampled worlds."""
    spread: float
    """The standard deviation of those points over the sampled worlds."""


class Appraiser(Protocol):
    """Anything that appraises a seat's legal moves from its view."""

    def appraise(self, view: PlayerView, legal: Sequence[Action]) -> list[Appraisal]:
        """Every move of ``legal`` worth telling apart, best (lowest expected points)
        first; never empty when ``legal`` is not."""
        ...
