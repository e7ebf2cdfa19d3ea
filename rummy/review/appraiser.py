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

REVIEW_BUDGET = 3000
"""Work per decision at the first look (the expert's unit: playout moves and the playout
bots' arrangement searches, about 11 a move of Indian rummy): every decision gets one."""
SECOND_LOOK = 4
"""The second look's budget, in first looks: a move the first look calls a blunder is
appraised again at this many times the budget, and that verdict stands. The expert's few
worlds at the first look's budget disagree with themselves from one seed to the next
(docs/review.md, "Verdicts"); four times the worlds far less, and only the moves about to
be called blunders pay for them (a second look at every mistake too would take a deal of
an Indian rummy beginner past 30 s)."""


class ReviewAppraiser(Protocol):
    """An :class:`~rummy.ai.appraisal.Appraiser` that also appraises moves asked about."""

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        """The candidates and ``include``, the appraiser's choice first."""
        ...


def review_appraisers(seed: int = 0, budget: int = REVIEW_BUDGET
                      ) -> tuple[ReviewAppraiser, ReviewAppraiser]:
    """The expert's appraisal, for every family, at the first look's ``budget`` moves a
    decision and at the second look's (:data:`SECOND_LOOK` times that)."""
    return expert_appraiser(seed, budget), expert_appraiser(seed, budget * SECOND_LOOK)
