"""A review in words: what ``python -m rummy review`` prints without ``--json``, and the
lines the review screen shows (docs/review.md).

>>> plural(1, "blunder"), plural(3, "decision")
('1 blunder', '3 decisions')
"""

from __future__ import annotations

from rummy.ai.hint import in_words

from .engine import Decision, Review
from .verdicts import FINE

SHOWN = 3
"""Candidates listed under each decision in the text (the screen lists more)."""


def plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def move_words(decision: Decision, best: bool = False) -> str:
    """The move played (or the expert's, ``best``) as the player would say it."""
    action = decision.best.action if best else decision.played.action
    return in_words(decision.moment.view, action)


def summary_line(review: Review) -> str:
    s = review.summary
    who = review.names[review.deal.seat]
    return (f"{who}: {plural(s.decisions, 'decision')}, {s.agreed} agreed with the expert,"
            f" {s.points_lost:.1f} points lost, {plural(s.blunders, 'blunder')}.")


def biggest_line(review: Review) -> str | None:
    """The biggest mistake, and why it mattered where the deal says."""
    s = review.summary
    if s.biggest is None:
        return None
    d = review.decisions[s.biggest]
    line = (f"Biggest mistake, turn {d.turn}: you chose to {move_words(d)}; the expert would"
            f" {move_words(d, best=True)} ({d.points_lost:.1f} points better).")
    return f"{line} {s.reason}." if s.reason else line


def verdict_words(d: Decision) -> str:
    """The verdict with its rank and points lost: "Blunder · rank 4 of 4 · 76.7 points
    lost"; a loss within the sampling's noise says so."""
    words = f"{d.verdict.capitalize()} · rank {d.rank} of {len(d.candidates)}"
    if d.verdict == "best":
        return words
    gain = _gain(d)
    if gain is not None:
        return f"{words} · as good as the expert's move ({_better(gain)})"
    noise = " (within the noise)" if d.verdict == "fine" and d.points_lost >= FINE else ""
    return f"{words} · {d.points_lost:.1f} points lost{noise}"


def _gain(d: Decision) -> float | None:
    """Points a move played that is not the expert's is expected to do better than it,
    when it does no worse: the expert keeps its own first choice unless another move
    beats it by more than the noise (rummy.ai.expert's margin), so a move can rank below
    it with fewer points expected. The review says so, not "0.0 points lost"."""
    if d.verdict == "best":
        return None
    gain = d.best.expected_points - d.played.expected_points
    return gain if gain >= 0 else None


def _better(gain: float) -> str:
    return f"{gain:.1f} points better by its estimate, within the noise"


def decision_line(d: Decision) -> str:
    verdict = d.verdict if d.verdict == "best" else f"{d.verdict}, rank {d.rank}"
    line = f"turn {d.turn:>2}: {move_words(d)} [{verdict}]"
    gain = _gain(d)
    if gain is not None:
        line += f" - as good as the expert's: {move_words(d, best=True)} ({_better(gain)})"
    elif d.verdict != "best":
        line += f" - the expert: {move_words(d, best=True)}, {d.points_lost:.1f} points lost"
    return line


def candidate_line(d: Decision, index: int) -> str:
    c = d.candidates[index]
    mark = "*" if index == d.rank - 1 else " "
    return (f"{mark} {in_words(d.moment.view, c.action)}: {c.expected_points:.1f} points"
            f" (± {c.spread:.1f})")


def review_lines(review: Review) -> list[str]:
    """The whole review, a line a decision with its best candidates under it."""
    lines = [summary_line(review)]
    biggest = biggest_line(review)
    if biggest is not None:
        lines.append(biggest)
    for d in review.decisions:
        lines.append(decision_line(d))
        shown = [*range(min(SHOWN, len(d.candidates)))]
        if d.rank > len(shown):
            shown.append(d.rank - 1)  # the move played, below the best few
        lines.extend("    " + candidate_line(d, i) for i in shown)
    return lines
