"""What the solvers answer: a hand's best arrangement (shared by every rule family)."""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card

__all__ = ["Arrangement"]


@dataclass(frozen=True)
class Arrangement:
    """A hand's best arrangement.

    ``points`` is what a loser holding these cards scores (capped; 0 when ``valid``);
    ``count`` is the same before the cap. ``groups`` are the groups that count (each in
    display order, jokers in the gaps they fill); ``ungrouped`` is every other card.
    """

    points: int
    valid: bool
    groups: tuple[tuple[Card, ...], ...]
    ungrouped: tuple[Card, ...]
    count: int
