"""The expert's own discard in the classic family: keep the hand that goes out soonest.

Hard lets go of the card that leaves the least deadwood now and after its next draw
(:mod:`rummy.ai.meld_outlook`): a count of points. But a two-seat deal of classic rummy is
won by the hand that goes out first, and the winner collects what the other holds, so
what decides most deals is how soon a hand is all melds, not its points on the way. Among
the discards, :class:`MeldStepsBot` keeps the hand with the fewest *loose* cards (in no
meld of its best arrangement, and not fitting a meld on the table), then the one that the
most unseen cards would take a step nearer going out: its *steps in*, as the declare
family's expert keeps them (:mod:`rummy.ai.steps`; mahjong's ukeire). A drawn card is a
step when the hand with it holds no more loose cards than before the draw: it joined a
meld, and a loose card can go as the discard. Ties go to the least deadwood, then to the
higher card.

A hand alone, drawing from the stock, goes out some four draws sooner this way than by
hard's discard, and the expert with it wins more deals against hard; but a hand that
waits for melds holds more points when the other goes out first (docs/benchmarks.md#bots,
"Classic rummy's steps in"). Everything else
(the draw, holding melds, lay-offs) is hard's; the contract family keeps hard's discard,
which guards its contract.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.model.actions import Discard
from rummy.model.cards import Card
from rummy.model.solver_melds import best_arrangement, card_points
from rummy.model.table_melds import MeldRules
from rummy.model.view import PlayerView

from .meld_bots import each_discard, left_after_lay_offs
from .meld_levels import MeldHardBot
from .meld_outlook import unseen

__all__ = ["MeldStepsBot"]


class MeldStepsBot(MeldHardBot):
    """Hard's play with the discard that goes out soonest; see the module docstring."""

    name = "steps"

    def _discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard:
        if view.rules.lays_down_contracts:
            return super()._discard(view, discards)
        actions = {a.card: a for a in discards}
        rules = MeldRules.of(view.variant)
        kept = [(self._loose(view, rules, rest), card, rest)
                for card, rest in each_discard(view.hand, actions)]
        fewest = min(loose for loose, _, _ in kept)
        tied = [k for k in kept if k[0] == fewest]
        if len(tied) == 1:
            return actions[tied[0][1]]
        draws, faces = unseen(view)

        def steps(rest: list[Card]) -> int:
            return sum(copies for face, copies in draws.items()
                       if self._loose(view, rules, [*rest, faces[face]]) <= fewest)

        _, card, _ = max(tied, key=lambda k: (steps(k[2]), -self._deadwood(view, k[2]),
                                              card_points(view.variant, k[1])))
        return actions[card]

    def _loose(self, view: PlayerView, rules: MeldRules, cards: Sequence[Card]) -> int:
        """The cards of ``cards`` in no meld of their best arrangement that do not lay off
        on the table."""
        self.solver_calls += 1
        ungrouped = best_arrangement(view.variant, tuple(cards)).ungrouped
        return len(left_after_lay_offs(rules, view.melding.melds, ungrouped))
