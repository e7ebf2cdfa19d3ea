"""Points at the end of a deal (points rummy, declare family).

A valid declaration wins with 0. Every other seat scores:

- a seat that dropped, timed out or made a wrong show keeps its penalty;
- a seat whose hand already is a valid declaration scores ``complete_hand_score`` (2);
- a seat that never completed a turn scores ``no_turn_score`` (20), or the lower of the
  two when its hand is also complete;
- any other seat scores its count over its best arrangement, capped (the solver caps it).

The winner collects the sum of the losers' points.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from rummy.model.variant_type import Variant

from .cards import Card
from .solver import best_arrangement


@dataclass(frozen=True)
class ShownHand:
    """A hand as laid out for everyone to see: its groups, then any cards left ungrouped."""

    groups: tuple[tuple[Card, ...], ...]
    ungrouped: tuple[Card, ...] = ()

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(c for g in self.groups for c in g) + self.ungrouped

    def __str__(self) -> str:
        parts = [" ".join(c.label for c in g) for g in self.groups]
        if self.ungrouped:
            parts.append("loose: " + " ".join(c.label for c in self.ungrouped))
        return " | ".join(parts) or "-"


@dataclass(frozen=True)
class SeatScore:
    """One seat's points for the deal, why, and its hand as shown."""

    points: int
    reason: str
    hand: ShownHand


@dataclass(frozen=True)
class DealResult:
    """The end of a deal in any family: who won, every seat's points and what they do to
    its match total, and every hand shown.

    ``points[s]`` is what seat ``s`` scored: its count (or penalty) where it lost, 0 for
    the winner. ``changes[s]`` is what the deal does to the seat's match total: its points
    where every seat adds its own (Indian and contract rummy), what the winner collects
    where the winner collects (classic rummy: the others' points, doubled for ``rummy``),
    or minus the points left in hand when a classic round ends with nobody out
    (``deck_exhaust: end_round``). ``winner`` is ``None`` when the deal ended without
    anyone going out. ``reasons[s]`` says why seat ``s`` scored what it did, ``reason`` how
    the deal ended; ``finish_card`` is the card a declaration put on the finish slot.
    """

    winner: int | None
    points: tuple[int, ...]
    changes: tuple[int, ...]
    collected: int
    reasons: tuple[str, ...]
    hands: tuple[ShownHand, ...]
    reason: str = ""
    finish_card: Card | None = None
    rummy: bool = False

    def __str__(self) -> str:
        losers = ", ".join(f"seat {s} {p} ({r})" for s, (p, r) in
                           enumerate(zip(self.points, self.reasons, strict=True))
                           if s != self.winner)
        if self.winner is None:
            return f"deal over ({self.reason}): {losers}"
        rummy = " (rummy: doubled)" if self.rummy else ""
        return (f"seat {self.winner} wins{rummy} ({self.reason}), collects {self.collected}:"
                f" {losers}")


def round_result(winner: int | None, points: tuple[int, ...], changes: tuple[int, ...],
                 reason: str, hands: tuple[ShownHand, ...], collected: int = 0,
                 rummy: bool = False) -> DealResult:
    """The end of a round where melds lie on the table: every seat but the winner scores
    the value left in its hand."""
    reasons = tuple(reason if s == winner else "left in hand" for s in range(len(points)))
    return DealResult(winner, points, changes, collected, reasons, hands, reason,
                      rummy=rummy)


def drop_penalty(variant: Variant, turns_done: int) -> int:
    """The points for dropping: less before the seat's first completed turn."""
    rules = variant.declare
    return rules.first_drop_penalty if turns_done == 0 else rules.middle_drop_penalty


def arrange(variant: Variant, cards: Iterable[Card], cut: Card | None) -> ShownHand:
    """The best arrangement of ``cards`` as a hand to show."""
    best = best_arrangement(variant, tuple(cards), cut=cut)
    return ShownHand(tuple(tuple(g) for g in best.groups), tuple(best.ungrouped))


def score_loser(variant: Variant, hand: Iterable[Card], cut: Card | None,
                had_turn: bool) -> SeatScore:
    """Points of a seat still in the deal when another seat declares validly."""
    best = best_arrangement(variant, tuple(hand), cut=cut)
    shown = ShownHand(tuple(tuple(g) for g in best.groups), tuple(best.ungrouped))
    # The hand is judged by the same show search as a declaration: whatever jokers its
    # groups use, a hand that could have been declared scores complete_hand_score. When it
    # also never had a turn, the lower of the two stands (docs/rules.md, "Declare: scoring").
    complete = best.valid
    rules = variant.declare
    if complete and (had_turn or rules.complete_hand_score <= rules.no_turn_score):
        return SeatScore(rules.complete_hand_score, "complete hand, not declared", shown)
    if not had_turn:
        return SeatScore(rules.no_turn_score, "no turn yet", shown)
    return SeatScore(int(best.points), "count", shown)


def settle(winner: int, winner_score: SeatScore, losers: Mapping[int, SeatScore],
           finish_card: Card | None = None) -> DealResult:
    """Put the seats' scores together; the winner collects the sum of the losers' points."""
    seats = {winner: winner_score, **losers}
    order = range(len(seats))
    if sorted(seats) != list(order) or winner in losers:
        raise ValueError("every seat needs exactly one score")
    collected = sum(s.points for seat, s in seats.items() if seat != winner)
    points = tuple(0 if s == winner else seats[s].points for s in order)
    return DealResult(
        winner=winner,
        points=points,
        changes=points,  # every seat adds its own points to its total
        collected=collected,
        reasons=tuple(seats[s].reason for s in order),
        hands=tuple(seats[s].hand for s in order),
        reason="valid show" if finish_card is not None else "last player left",
        finish_card=finish_card,
    )
