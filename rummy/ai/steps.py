"""The expert's own discard in the declare family: keep the hand with the most ways forward.

The hard level lets go of a card that leaves the least deficiency (the cards a hand still
needs for a valid show, :mod:`rummy.ai.deficiency`) and breaks ties by the count the hand
is expected to have after the next draw. A deal between two players lasts about five
draws a seat, so what decides it is how soon a hand gets to a show, not its count on the
way. Among the discards that leave the least deficiency, :class:`StepsBot` keeps the hand
that the most cards still to come would take a step nearer a show: its *steps in*
(mahjong's ukeire). For every face that may still come (its live copies:
:func:`rummy.ai.tracking.live_counts`), the hand with that card added, best 13 of 14, has a
lower deficiency or not; the steps in are the live copies of the faces that do. Ties go to
hard's own choice, then to the card of the higher count.

Measured against hard over two-player ``indian_13`` deals (seats rotated): see
docs/benchmarks.md#bots. Everything else (the draw, the drop, the declare) is hard's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rummy.model.cards import Card, Rank
from rummy.model.melds import is_joker
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView

from .common import taken_from_open
from .deficiency import Deficiency
from .hard import HardBot, card_of
from .tracking import near

__all__ = ["StepsBot", "steps_in"]


def steps_in(variant: Variant, hand: Sequence[Card], wild: Rank | None,
             live: Counter[str], deficiency: Deficiency, short: int | None = None) -> int:
    """The live copies of the faces that, added to the 13-card ``hand``, lower its
    deficiency (``short``, when already known). Only a joker or a card next to one of the
    hand's natural cards (:func:`~rummy.ai.tracking.near`) can: the others are not tried."""
    if short is None:
        short = deficiency.of(variant, hand, wild)
    if short == 0:
        return 0
    naturals = [c for c in hand if not is_joker(c, wild)]
    total = 0
    for face, copies in live.items():
        card = card_of(face)
        if not (is_joker(card, wild) or any(near(card, c) for c in naturals)):
            continue
        if deficiency.of(variant, [*hand, card], wild) < short:
            total += copies
    return total


class StepsBot(HardBot):
    """Hard's play with the discard of the most steps in; see the module docstring."""

    name = "steps"

    def pick_discard(self, view: PlayerView, hand: Sequence[Card]) -> tuple[Card, bool]:
        hard_card, finish = super().pick_discard(view, hand)
        if finish:
            return hard_card, True
        wild = view.wild_rank
        taken = taken_from_open(view)
        faces: dict[str, Card] = {}
        for card in hand:
            if not is_joker(card, wild) and card != taken:
                faces.setdefault(card.face, card)
        if not faces:
            return hard_card, False
        rests: dict[str, list[Card]] = {}
        short: dict[str, int] = {}
        for face, card in faces.items():
            rest = list(hand)
            rest.remove(card)
            rests[face] = rest
            short[face] = self.deficiency.of(view.variant, rest, wild)
        least = min(short.values())
        best: tuple[tuple[int, int, int], Card] | None = None
        for face, card in faces.items():
            if short[face] != least:
                continue
            ways = steps_in(view.variant, rests[face], wild, self.tracker.live,
                            self.deficiency, least)
            key = (-ways, card != hard_card, -view.variant.card_value(card, wild))
            if best is None or key < best[0]:
                best = (key, card)
        assert best is not None
        return best[1], False
