"""Easy, medium and hard for the families whose melds lie on the table (table, contract).

All three build on the greedy meld bot of :mod:`rummy.ai.table_bots` (lay down as soon as
possible, the meld worth most first, every lay-off, discard the card whose loss leaves the
least deadwood):

- ``medium`` is that greedy player.
- ``easy`` plays like it but loosely: it never takes from the discard pile unless it has
  to, and now and then throws a random unmelded card instead of the best one (never a card
  of a meld in its best arrangement, nor, once it is down, a card it could lay off).
- ``hard``, in the table family, keeps its melds in hand until it can go out (melds on
  the table are places for the others to lay off, and with ``lay_at_end`` the melds held
  are laid for it if another player goes out; going out in one turn is rummy, doubled),
  and draws like greedy (the points left in hand are the score). In the contract family
  it takes the top discard only when the card can be laid off or ends up in a meld
  (never just to swap a high card for a low one, which wastes a draw from the stock:
  rounds are races), and does not throw a card that another player could lay off on the
  table or that fits what the next player took from the discard pile.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Draw, DrawSource, FlipDiscard, LayMeld
from rummy.model.cards import Card
from rummy.model.melds import MeldRules, lay_off
from rummy.model.solver_melds import best_arrangement, card_points
from rummy.model.view import PlayerView

from .table_bots import GreedyBot
from .tracking import known_holdings, near

__all__ = ["MELD_LEVELS", "MeldEasyBot", "MeldHardBot", "MeldMediumBot"]

EASY_SLOPPY_CHANCE = 0.35
"""How often easy throws a random unmelded card."""
HARD_FEED_POINTS = 6
"""Deadwood points hard will keep rather than feed a card another player can use
(contract family; in the table family, where points left in hand are the score, it
measured better not to)."""


class MeldMediumBot(GreedyBot):
    """The greedy meld player."""

    name = "medium"


class MeldEasyBot(GreedyBot):
    """Loose greedy play; see the module docstring."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(f"easy-meld-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, Draw)]
        stock = next((a for a in draws if a.source is DrawSource.CLOSED), None)
        if stock is not None:
            return stock
        action = super().choose(view, legal)
        if isinstance(action, Discard) and self.rng.random() < EASY_SLOPPY_CHANCE:
            melded = {id(c) for g in best_arrangement(view.variant, view.hand).groups
                      for c in g}
            down = bool(view.laid_down and view.laid_down[view.seat])
            loose = [a for a in legal if isinstance(a, Discard) and id(a.card) not in melded
                     and a.card not in view.taken
                     and not (down and _fits_table(view, a.card))]  # it goes out on those
            if loose:
                return self.rng.choice(loose)
        return action


class MeldHardBot(GreedyBot):
    """Greedy meld play that draws with purpose and does not feed; see the module
    docstring."""

    name = "hard"
    feed_points = HARD_FEED_POINTS
    hold_melds = 1

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        draws = [a for a in legal if isinstance(a, Draw)]
        flips = [a for a in legal if isinstance(a, FlipDiscard)]
        if draws or flips:
            stock = next((a for a in draws if a.source is DrawSource.CLOSED), None)
            top = next((a for a in draws if a.source is DrawSource.OPEN and a.count == 1),
                       None)
            if view.family == "table":  # points left count: a swap that lowers them helps
                return self._draw(view, draws, flips)
            if top is not None and view.open_top is not None and (
                    (stock is None and not flips) or _fits_table(view, view.open_top)):
                return top
            if top is not None and view.open_top is not None and self._top_melds(
                    view, view.open_top):
                return top
            if stock is not None:
                return stock
            return flips[0] if flips else draws[0]
        if (self.hold_melds and view.family == "table" and view.variant.lay_at_end
                and not self._can_go_out(view)):
            # Melds held in hand still count at the end (they are laid for us then), and
            # melds on the table are places for the others to lay off: lay them only to
            # go out (which, from a hand that laid nothing before, is rummy: doubled).
            held = [a for a in legal if not isinstance(a, LayMeld)]
            legal = held or legal
        action = super().choose(view, legal)
        if not isinstance(action, Discard):
            return action
        discards = [a for a in legal if isinstance(a, Discard)]
        return self._safe_discard(view, discards) or action

    def _can_go_out(self, view: PlayerView) -> bool:
        """Whether laying every meld of the best arrangement (and laying off the rest on
        the table) leaves at most one card: the hand can go out this turn."""
        self.solver_calls += 1
        arr = best_arrangement(view.variant, view.hand)
        return len([c for c in arr.ungrouped if not _fits_table(view, c)]) <= 1

    def _top_melds(self, view: PlayerView, top: Card) -> bool:
        """The top discard joins a meld in the best arrangement with it (and lowers the
        deadwood), or can be laid off on the table."""
        if _fits_table(view, top):
            return True
        now = self._deadwood(view, view.hand)
        self.solver_calls += 1
        arr = best_arrangement(view.variant, (*view.hand, top))
        if not any(c is top for g in arr.groups for c in g):
            return False
        after, _ = self._best_discard(view, (*view.hand, top), view.hand)
        return after < now

    def _safe_discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard | None:
        """The discard leaving the least deadwood plus a penalty for feeding."""
        holdings = known_holdings(view)
        n = view.players
        nxt = (view.seat + 1) % n
        took = holdings[nxt].took if nxt in holdings else ()
        best: tuple[int, int, Discard] | None = None
        seen: set[str] = set()
        for a in discards:
            if a.card.face in seen:
                continue
            seen.add(a.card.face)
            rest = list(view.hand)
            rest.remove(a.card)
            feeds = _fits_table(view, a.card) or sum(near(a.card, c) for c in took) >= 2
            penalty = self.feed_points if view.family == "contract" else 0
            key = (self._deadwood(view, rest) + (penalty if feeds else 0),
                   -card_points(view.variant, a.card))
            if best is None or key < best[:2]:
                best = (*key, a)
        return None if best is None else best[2]


MELD_LEVELS: dict[str, type[GreedyBot]] = {
    "easy": MeldEasyBot, "medium": MeldMediumBot, "hard": MeldHardBot,
}
"""Level name -> its bot for the table and contract families."""


def _fits_table(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` could be laid off on a meld on the table."""
    if not view.melds:
        return False
    rules = MeldRules.of(view.variant)
    return any(lay_off(rules, meld, card) is not None for meld in view.melds)
