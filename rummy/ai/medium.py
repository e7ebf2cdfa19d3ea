"""The medium level (declare family): the greedy player, tuned.

- Draw: the open card only when it is a joker, or when it improves the hand: after the
  best discard the hand counts lower (or is a valid show); never a card it threw itself
  earlier. Otherwise the closed deck. (Like greedy, it will take a low card to swap out a
  high one: the count drops, but a draw from the closed deck is wasted; hard does not.)
- Discard: the card whose loss costs least: the lowest count of the 13 cards kept, plus
  :data:`LINK_WEIGHT` points for each link the card has with the rest of the hand (a
  suit neighbour or a same-rank card, see :func:`~rummy.ai.common.keep_value`). Greedy
  alone, before it holds a pure sequence, throws its highest card even out of a run in
  the making; medium keeps the makings of groups.
- Declares as soon as the 13 cards kept are a valid show.
- Drops a hopeless opening hand (no joker, nothing towards a pure sequence) on its first
  turn, where dropping is allowed.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Drop, Finish
from rummy.model.cards import Card
from rummy.model.melds import is_joker
from rummy.model.solver import Arrangement
from rummy.model.view import PlayerView

from .common import (
    discard_of,
    draw_choice,
    finish_with,
    hopeless_opening,
    keep_value,
    taken_from_open,
    threw_before,
)
from .greedy import GreedyBot

LINK_WEIGHT = 3
"""Points of count one link to the rest of the hand is worth when choosing a discard."""


class MediumBot(GreedyBot):
    """Greedy play, structure-aware discards and the drop rule; see the module docstring."""

    name = "medium"
    link_weight: float = LINK_WEIGHT
    grouped_draws = 0.0
    """1: take the open card only when it joins a group (stronger: it no longer wastes
    draws swapping a high card for a low one, as hard does not); 0: when the count drops."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._start(view)
        drop = next((a for a in legal if isinstance(a, Drop)), None)
        if drop is not None and self.should_drop(view):
            return drop
        draw = draw_choice(view, legal, self._open_helps)
        if draw is not None:
            return draw
        if any(isinstance(a, (Discard, Finish)) for a in legal):
            card, arrangement = self.tuned_discard(view, view.hand)
            let_go = (finish_with(legal, card) if arrangement.valid else None) or discard_of(
                legal, card)
            if let_go is not None:
                return let_go
        return legal[0]

    def should_drop(self, view: PlayerView) -> bool:
        """Drop a hopeless hand before the first draw (20 points instead of up to 80)."""
        return view.seats[view.seat].turns_done == 0 and hopeless_opening(view)

    def _open_helps(self, view: PlayerView) -> bool:
        top = view.open_top
        assert top is not None
        if is_joker(top, view.wild_rank):
            return True
        if threw_before(view, top):
            return False
        if not self.grouped_draws:
            return super()._open_helps(view)
        now = self.arrangement(view, view.hand)
        found = self._search(view, (*view.hand, top), keep=top, beat=now)
        if found is None:
            return False
        arrangement = found[1]
        if arrangement.valid:
            return True
        grouped = any(c == top for g in arrangement.groups for c in g)
        return grouped and arrangement.count < now.count

    def tuned_discard(self, view: PlayerView,
                      hand: Sequence[Card]) -> tuple[Card, Arrangement]:
        """The card to let go (see the module docstring) and the arrangement of the rest."""
        card, arrangement = self.best_discard(view, hand)
        taken = taken_from_open(view)
        if arrangement.valid or (not self.link_weight and card != taken):
            return card, arrangement
        wild = view.wild_rank
        value = view.variant.card_value
        best: tuple[tuple[float, int, tuple[int, int, int]], Card, Arrangement] | None = None
        faces: set[str] = set()
        for c in hand:
            if is_joker(c, wild) or c.face in faces or c == taken:
                continue
            faces.add(c.face)
            rest = list(hand)
            rest.remove(c)
            arr = self.arrangement(view, rest)
            key = (arr.count + self.link_weight * keep_value(c, hand, wild), -value(c, wild),
                   c.sort_key())
            if best is None or key < best[0]:
                best = (key, c, arr)
        if best is None:
            return card, arrangement
        return best[1], best[2]
