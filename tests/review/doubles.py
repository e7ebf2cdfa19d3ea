"""Appraisers standing in for the expert's where a test is about the review's own logic
(ranks, verdicts, the summary, the screen), not about the expert's judgement."""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence

from rummy.ai.appraisal import Appraisal
from rummy.model.actions import Action
from rummy.model.view import PlayerView


class ScriptedAppraiser:
    """Each move's expected points from ``points(view, action)``, spread 1, fewest first
    (the moves asked about with ``include`` among them); remembers every view and every
    ``include`` it was given."""

    def __init__(self, points: Callable[[PlayerView, Action], float]) -> None:
        self.points = points
        self.views: list[PlayerView] = []
        self.asked: list[tuple[Action, ...]] = []

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        self.views.append(view)
        self.asked.append(tuple(include))
        moves = [*legal, *(a for a in include if a not in legal)]
        out = [Appraisal(a, self.points(view, a), 1.0) for a in moves]
        return sorted(out, key=lambda a: a.expected_points)


def hashed(view: PlayerView, action: Action) -> float:
    """A fixed, arbitrary 0 to 19 points a move: a spread of verdicts to step through."""
    return float(zlib.crc32(str(action).encode()) % 20)


def hashed_appraiser() -> ScriptedAppraiser:
    return ScriptedAppraiser(hashed)
