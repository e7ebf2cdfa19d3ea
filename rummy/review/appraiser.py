"""The appraiser the review asks, and its budget.

The review sets each move a player made beside the expert's candidates *in the same
sampled worlds* (docs/review.md), so it asks for the move played to be appraised with
them (``include``), as :meth:`rummy.ai.expert.ExpertAppraiser.appraise` allows; the order
given is the expert's (its choice first), kept as it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from rummy.ai import expert_appraiser
from rummy.ai.appraisal import Appraisal
from rummy.model.actions import Action
from rummy.model.view import PlayerView

REVIEW_BUDGET = 400
"""Moves played in playouts per decision reviewed: the expert's own play budget, which
reviews a deal of about 15 decisions well inside 30 s on the project's machine
(docs/benchmarks.md, "The review"; ``benchmarks/bench_review.py``)."""


class ReviewAppraiser(Protocol):
    """An :class:`~rummy.ai.appraisal.Appraiser` that also appraises moves asked about."""

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        """The candidates and ``include``, the appraiser's choice first."""
        ...


def review_appraiser(seed: int = 0, budget: int = REVIEW_BUDGET) -> ReviewAppraiser:
    """The expert's appraisal, for every family, at ``budget`` moves a decision."""
    return expert_appraiser(seed, budget)
