"""Pointer gestures on the table: what is being dragged and where it would land.

A press starts a :class:`Drag` (a card of the hand, or a card off the closed or open deck);
motion moves it at the display rate; a release is turned by the table into an action that
the engine checks. Here only geometry: where in the hand a card would go (the drop targets
are in :mod:`.targets`).
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

from rummy.model import Card

from .layout import TableLayout

CLICK_SLOP = 6
"""A press and release closer than this (pixels) is a click, not a drag."""


@dataclass
class Drag:
    kind: str
    """"hand" (a card of the hand), "closed" or "open" (drawing off a deck)."""
    card: Card | None
    grab: tuple[int, int]
    """Cursor offset from the card's top-left corner."""
    start: tuple[int, int]
    pos: tuple[int, int]
    moved: bool = False
    cards: tuple[Card, ...] = ()
    """What a drop plays: the dragged card, or every selected card when it is one of them."""
    count: int = 1
    """Off the discard pile: how many cards it takes (the card and all above it)."""

    def move(self, pos: tuple[int, int]) -> None:
        self.pos = pos
        if abs(pos[0] - self.start[0]) + abs(pos[1] - self.start[1]) > CLICK_SLOP:
            self.moved = True

    @property
    def card_pos(self) -> tuple[int, int]:
        return self.pos[0] - self.grab[0], self.pos[1] - self.grab[1]

    def card_rect(self, width: int, height: int) -> Rect:
        return Rect(self.card_pos, (width, height))


Place = tuple[int, int, bool]
"""(group, index, new group): where a card goes in the hand."""


def hand_place(lay: TableLayout, groups: list[list[Card]], center_x: int) -> Place:
    """Where a card whose centre is at ``center_x`` would go in ``groups`` (which must not
    hold the card itself): into the group under it, or a new group past either end or in
    the felt between two groups (dropped there, a card once joined the next group, turning
    a set "Invalid"; a play-tester)."""
    sizes = [len(g) for g in groups]
    if sum(sizes) == 0:
        return 0, 0, True
    positions = lay.hand_positions(sizes)
    half = lay.hand_w // 2
    gap = lay.hand_w // 3
    spans = [(row[0][0], row[-1][0] + lay.hand_w) for row in positions if row]
    nonempty = [i for i, row in enumerate(positions) if row]
    if center_x < spans[0][0] - gap // 2:
        return nonempty[0], 0, True
    if center_x > spans[-1][1] + gap // 2:
        return len(groups), 0, True
    for (_x0, x1), (x0, _x1), gi in zip(spans, spans[1:], nonempty[1:], strict=False):
        if x1 < center_x < x0:
            return gi, 0, True
    best = nonempty[0]
    best_d = 10**9
    for gi, (x0, x1) in zip(nonempty, spans, strict=True):
        d = 0 if x0 <= center_x <= x1 else min(abs(center_x - x0), abs(center_x - x1))
        if d < best_d:
            best, best_d = gi, d
    left = center_x - half
    index = sum(1 for (x, _y) in positions[best] if x < left)
    return best, index, False
