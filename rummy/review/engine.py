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

from rummy.ai.appraisal import Appraisal
from rummy.model.actions import Action, Discard, Finish
from rummy.session import Session

from .appraiser import ReviewAppraiser
from .moments import Moment, SeatDeal, seat_decisions
from .reasons import reason_for
from .verdicts import verdict

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` before the first decision and after each."""


class ReviewStopped(Exception):
    """The review was asked to stop before it was done."""


@dataclass(frozen=True)
class Decision:
    """One decision reviewed: the moment, the candidates best first, and the verdict."""

    moment: Moment
    candidates: tuple[Appraisal, ...]
    """The expert's order: its choice first, then the rest by expected points; the move
    played is among them."""
    played: Appraisal
    """The move played, as played, with its candidate's figures."""
    rank: int
    """Where the move played stands among the candidates, from 1 (the expert's choice)."""
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
    """Decisions whose move was the expert's."""
    points_lost: float
    blunders: int
    biggest: int | None
    """The index of the mistake or blunder that lost the most (None when there is none)."""
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


def review_game(game: Session, seat: int, appraiser: ReviewAppraiser, deal: int = 0,
                names: Sequence[str] = (), progress: Progress | None = None,
                stop: Callable[[], bool] | None = None,
                second_look: ReviewAppraiser | None = None) -> Review:
    """Review match seat ``seat``'s decisions in deal ``deal`` (from 0) of ``game``;
    ``names``: every match seat's name. ValueError when the record has no such deal or
    seat; :class:`ReviewStopped` when ``stop()`` turns true. See :func:`review_deal`."""
    seat_deal = seat_decisions(game, seat, deal)
    return review_deal(seat_deal, appraiser, seat_deal.names(names), progress, stop,
                       second_look)


def review_deal(deal: SeatDeal, appraiser: ReviewAppraiser, names: Sequence[str] = (),
                progress: Progress | None = None,
                stop: Callable[[], bool] | None = None,
                second_look: ReviewAppraiser | None = None) -> Review:
    """Appraise every decision of ``deal`` (views only: nothing here sees a state); a
    move found a blunder is appraised again by ``second_look`` (a larger budget), whose
    verdict stands."""
    players = len(deal.match_seats)
    names = tuple(names) or tuple(f"Seat {s + 1}" for s in deal.match_seats)
    if len(names) != players:
        raise ValueError(f"{players} names are needed, one a seat; got {len(names)}")
    decisions: list[Decision] = []
    total = len(deal.decisions)
    if progress is not None:
        progress(0, total)
    for done, moment in enumerate(deal.decisions):
        if stop is not None and stop():
            raise ReviewStopped
        decisions.append(appraise_one(moment, appraiser, second_look))
        if progress is not None:
            progress(done + 1, total)
    return Review(deal, names, tuple(decisions), _summary(deal, names, decisions))


def appraise_one(moment: Moment, appraiser: ReviewAppraiser,
                 second_look: ReviewAppraiser | None = None) -> Decision:
    """One decision: the candidates, the move played among them, its rank and verdict
    (the second look's, when the first calls the move a blunder)."""
    decision = _appraised(moment, appraiser)
    if second_look is not None and decision.verdict == "blunder":
        return _appraised(moment, second_look)
    return decision


def _appraised(moment: Moment, appraiser: ReviewAppraiser) -> Decision:
    asked = _as_legal(moment.played, moment.legal)
    candidates = _distinct(appraiser.appraise(moment.view, moment.legal, include=(asked,)))
    found = next((c for c in candidates if _same(c.action, moment.played)), None)
    if found is None:
        raise ValueError(f"the appraiser left out the move played, {moment.played}")
    rank = 1 + candidates.index(found)
    played = Appraisal(moment.played, found.expected_points, found.spread)
    lost = max(0.0, played.expected_points - candidates[0].expected_points)
    spread = max(played.spread, candidates[0].spread)
    return Decision(moment, tuple(candidates), played, rank, lost, verdict(lost, rank, spread))


def _distinct(candidates: Sequence[Appraisal]) -> list[Appraisal]:
    """The candidates with each move once: of two copies of a card thrown, the better
    appraised (the player sees one move, "discard 4♠", not two)."""
    kept: list[Appraisal] = []
    for candidate in candidates:
        if not any(_same(k.action, candidate.action) for k in kept):
            kept.append(candidate)
    return kept


def _as_legal(played: Action, legal: Sequence[Action]) -> Action:
    """The legal move that is the move played (a declaration is listed once, without the
    groups the player arranged by hand)."""
    return played if played in legal else next((a for a in legal if _same(a, played)), played)


def _same(candidate: Action, played: Action) -> bool:
    """The candidate is the move played: the same action; the same declaration (the
    groups a player arranges by hand do not change what declaring with a card does); or
    a discard of the same face (two packs' copies of a card are the same move)."""
    if candidate == played:
        return True
    if isinstance(candidate, Finish) and isinstance(played, Finish):
        return (candidate.seat, candidate.card) == (played.seat, played.card)
    if isinstance(candidate, Discard) and isinstance(played, Discard):
        return (candidate.seat, candidate.card.face) == (played.seat, played.card.face)
    return False


def _summary(deal: SeatDeal, names: Sequence[str], decisions: list[Decision]) -> Summary:
    agreed = sum(d.verdict == "best" for d in decisions)
    lost = sum(d.points_lost for d in decisions)
    blunders = sum(d.verdict == "blunder" for d in decisions)
    # The biggest mistake is a move called one: a loss within the sampling's noise is not.
    blamed = [i for i, d in enumerate(decisions) if d.verdict in ("mistake", "blunder")]
    worst = max(blamed, key=lambda i: decisions[i].points_lost, default=None)
    reason = None
    if worst is not None:
        reason = reason_for(decisions[worst].moment, decisions[worst].best.action,
                            deal, names)
    return Summary(len(decisions), agreed, lost, blunders, worst, reason)
