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
    """The end of a deal: who won, every seat's points, and every hand shown.

    ``points[winner]`` is 0; ``collected`` (what the winner takes) is the sum of the others.
    ``finish_card`` is the card the winner put on the finish slot (``None`` when the deal
    ended because only one player was left).
    """

    winner: int
    points: tuple[int, ...]
    collected: int
    reasons: tuple[str, ...]
    hands: tuple[ShownHand, ...]
    finish_card: Card | None = None

    def __str__(self) -> str:
        losers = ", ".join(
            f"seat {s} {p} ({r})"
            for s, (p, r) in enumerate(zip(self.points, self.reasons, strict=True))
            if s != self.winner
        )
        return f"seat {self.winner} wins {self.collected}: {losers}"


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
    return DealResult(
        winner=winner,
        points=tuple(0 if s == winner else seats[s].points for s in order),
        collected=collected,
        reasons=tuple(seats[s].reason for s in order),
        hands=tuple(seats[s].hand for s in order),
        finish_card=finish_card,
    )


@dataclass(frozen=True)
class RoundResult:
    """The end of a round of the classic or contract family.

    ``points[s]`` is the value left in seat ``s``'s hand after any laying at the end (0 for
    the winner); ``changes[s]`` is what the round does to the seat's match score: in the
    classic family the winner gains ``collected`` (the others' points, doubled for rummy),
    or with ``deck_exhaust: end_round`` every seat loses its points (the match keeps
    scores at 0 or more); in the contract family every seat adds its points. ``winner`` is
    ``None`` when the round ended without anyone going out.
    """

    winner: int | None
    points: tuple[int, ...]
    changes: tuple[int, ...]
    collected: int
    rummy: bool
    reason: str
    hands: tuple[ShownHand, ...]

    def __str__(self) -> str:
        left = ", ".join(f"seat {s} {p}" for s, p in enumerate(self.points) if s != self.winner)
        if self.winner is None:
            return f"round over ({self.reason}): {left}"
        rummy = " (rummy: doubled)" if self.rummy else ""
        return f"seat {self.winner} goes out{rummy}, collects {self.collected}: {left}"
