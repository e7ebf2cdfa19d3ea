"""The post-game review: each of a seat's decisions set beside the expert's appraisal.

:func:`review_deal` hands each decision's view and legal moves
(:mod:`rummy.review.moments`) to an :class:`~rummy.ai.appraisal.Appraiser`, finds the
move played among the appraised candidates, and says how much it lost against the best
and what that makes it (:mod:`rummy.review.verdicts`). The summary counts the decisions
that agreed with the expert, the points lost, the blunders, and names the biggest mistake
with a reason taken from how the deal went on (:mod:`rummy.review.reasons`).
What the review prints and shows: docs/review.md.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rummy.ai.appraisal import Appraisal, Appraiser
from rummy.model.actions import Action, Finish
from rummy.session import Session

from .moments import Moment, SeatDeal, seat_decisions
from .reasons import reason_for
from .verdicts import verdict

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` after each decision."""


class ReviewStopped(Exception):
    """The review was asked to stop before it was done."""


@dataclass(frozen=True)
class Decision:
    """One decision reviewed: the moment, the candidates best first, and the verdict."""

    moment: Moment
    candidates: tuple[Appraisal, ...]
    """Best (lowest expected points) first; the move played is among them."""
    played: Appraisal
    rank: int
    """The move played among the candidates, from 1 (as good as the best)."""
    points_lost: float
    verdict: str

    @property
    def turn(self) -> int:
        return self.moment.turn

    @property
    def best(self) -> Appraisal:
        return self.candidates[0]

    def to_json(self) -> dict[str, Any]:
        """The decision as ``python -m rummy review --json`` prints it (docs/review.md)."""
        return {
            "turn": self.turn,
            "played": self.played.action.to_json(),
            "best": self.best.action.to_json(),
            "rank": self.rank,
            "candidates": [{"action": c.action.to_json(),
                            "expected_points": round(c.expected_points, 2),
                            "spread": round(c.spread, 2)} for c in self.candidates],
            "points_lost": round(self.points_lost, 2),
            "verdict": self.verdict,
        }


@dataclass(frozen=True)
class Summary:
    """The deal in a few figures, and its biggest mistake."""

    decisions: int
    agreed: int
    """Decisions whose move was as good as the expert's best."""
    points_lost: float
    blunders: int
    biggest: int | None
    """The index of the decision that lost the most (None when none lost anything)."""
    reason: str | None
    """Why the biggest mistake mattered, in the player's words, where one can be given."""

    def to_json(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "agreed": self.agreed,
                "points_lost": round(self.points_lost, 2), "blunders": self.blunders}


@dataclass(frozen=True)
class Review:
    """A seat's deal reviewed."""

    deal: SeatDeal
    names: tuple[str, ...]
    """Every seat's name, in the deal's seat order."""
    decisions: tuple[Decision, ...]
    summary: Summary

    def to_json(self) -> dict[str, Any]:
        return {"decisions": [d.to_json() for d in self.decisions],
                "summary": self.summary.to_json()}

    @property
    def blunders(self) -> list[int]:
        """The indexes of the blunders, in order."""
        return [i for i, d in enumerate(self.decisions) if d.verdict == "blunder"]


def review_game(game: Session, seat: int, appraiser: Appraiser, deal: int = 0,
                names: Sequence[str] = (), progress: Progress | None = None,
                stop: Callable[[], bool] | None = None) -> Review:
    """Review match seat ``seat``'s decisions in deal ``deal`` (from 0) of ``game``;
    ``names``: every match seat's name. ValueError when the record has no such deal or
    seat; :class:`ReviewStopped` when ``stop()`` turns true."""
    seat_deal = seat_decisions(game, seat, deal)
    return review_deal(seat_deal, appraiser, seat_deal.names(names), progress, stop)


def review_deal(deal: SeatDeal, appraiser: Appraiser, names: Sequence[str] = (),
                progress: Progress | None = None,
                stop: Callable[[], bool] | None = None) -> Review:
    """Appraise every decision of ``deal`` (views only: nothing here sees a state)."""
    players = len(deal.match_seats)
    names = tuple(names) or tuple(f"Seat {s + 1}" for s in deal.match_seats)
    if len(names) != players:
        raise ValueError(f"{players} names are needed, one a seat; got {len(names)}")
    decisions: list[Decision] = []
    total = len(deal.decisions)
    for done, moment in enumerate(deal.decisions):
        if stop is not None and stop():
            raise ReviewStopped
        decisions.append(appraise_one(moment, appraiser))
        if progress is not None:
            progress(done + 1, total)
    return Review(deal, names, tuple(decisions), _summary(deal, names, decisions))


def appraise_one(moment: Moment, appraiser: Appraiser) -> Decision:
    """One decision: the candidates, the move played among them, its rank and verdict."""
    candidates = sorted(appraiser.appraise(moment.view, moment.legal),
                        key=lambda a: a.expected_points)
    if not candidates:
        raise ValueError(f"the appraiser gave no candidates for {moment.played}")
    played = next((c for c in candidates if _same(c.action, moment.played)), None)
    if played is None:  # a move the appraiser did not tell apart: appraised on its own
        alone = appraiser.appraise(moment.view, [moment.played])
        played = alone[0] if alone else Appraisal(moment.played, candidates[-1].expected_points,
                                                  candidates[-1].spread)
        played = Appraisal(moment.played, played.expected_points, played.spread)
        candidates = sorted([*candidates, played], key=lambda a: a.expected_points)
    lost = max(0.0, played.expected_points - candidates[0].expected_points)
    rank = 1 + sum(c.expected_points < played.expected_points for c in candidates)
    return Decision(moment, tuple(candidates), played, rank, lost, verdict(lost, rank))


def _same(candidate: Action, played: Action) -> bool:
    """The candidate is the move played: the same action, or the same declaration (the
    groups a player arranges by hand do not change what declaring with a card does)."""
    if candidate == played:
        return True
    return (isinstance(candidate, Finish) and isinstance(played, Finish)
            and (candidate.seat, candidate.card) == (played.seat, played.card))


def _summary(deal: SeatDeal, names: Sequence[str], decisions: list[Decision]) -> Summary:
    agreed = sum(d.verdict == "best" for d in decisions)
    lost = sum(d.points_lost for d in decisions)
    blunders = sum(d.verdict == "blunder" for d in decisions)
    worst = max(range(len(decisions)), key=lambda i: decisions[i].points_lost, default=None)
    if worst is not None and decisions[worst].points_lost <= 0:
        worst = None
    reason = None
    if worst is not None:
        reason = reason_for(decisions[worst].moment, decisions[worst].best.action,
                            deal, names)
    return Summary(len(decisions), agreed, lost, blunders, worst, reason)
