"""The easy level (declare family): a beginner who knows the rules and keeps what is
plainly a group, but plays loosely.

- Draw: a joker from the open deck, always. Otherwise the beginner's habits: it takes the
  open card when it "goes with" a card in hand (a suit neighbour, a rank or two away, or
  the same rank), or when swapping it for a high card lowers the count, though neither
  makes a group: a draw from the closed deck (a joker one time in ten) is given up. It
  never takes back a card it threw.
- Discard: a loose card, most often at random, sometimes the one with the most points
  ("get rid of high cards"). A card is loose unless it is a joker or sits in a natural
  run of pure-sequence length or a natural set: easy never breaks its pure sequence, a
  natural set, or throws a joker while it has another choice, but it does not see the
  makings of groups (two cards of a run, a pair) nor groups held together by jokers.
- Declares whenever the 13 cards kept are a valid show; never drops.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Finish
from rummy.model.cards import Card
from rummy.model.melds import is_joker
from rummy.model.view import PlayerView

from .common import (
    discard_of,
    draw_choice,
    finish_with,
    pure_run_cards,
    taken_from_open,
    threw_before,
)
from .greedy import GreedyBot
from .tracking import near

SLOPPY_CHANCE = 0.8
"""How often easy throws a random loose card instead of its highest one."""


class EasyBot(GreedyBot):
    """Loose beginner play; see the module docstring."""

    name = "easy"
    # Tuning knobs (class attributes, so experiments can subclass):
    sloppy = SLOPPY_CHANCE
    swap_draws = 1.0
    """Take an open card that only swaps points (1) or only one that makes a group (0)."""
    keeps_jokered_groups = 0.0
    """Also keep the groups of the best arrangement that hold jokers (1)."""
    eager_open = 1.0
    """Take an open card that merely goes with a card in hand (1)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(f"easy-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._start(view)
        draw = draw_choice(view, legal, self._wants_open)
        if draw is not None:
            return draw
        if any(isinstance(a, (Discard, Finish)) for a in legal):
            card, arrangement = self.best_discard(view, view.hand)
            finish = finish_with(legal, card) if arrangement.valid else None
            if finish is not None:
                return finish
            card = self.loose_discard(view, view.hand) or card
            if card == taken_from_open(view):  # all else is protected: the least harm
                card = self.tuned_fallback(view)
            discard = discard_of(legal, card)
            if discard is not None:
                return discard
        return legal[0]

    def _wants_open(self, view: PlayerView) -> bool:
        top = view.open_top
        assert top is not None
        if is_joker(top, view.wild_rank):
            return True
        if threw_before(view, top):
            return False
        if self.eager_open and any(near(top, c) for c in view.hand
                                   if not is_joker(c, view.wild_rank)):
            return True  # "it goes with my cards": a draw from the closed deck is lost
        now = self.arrangement(view, view.hand)
        found = self._search(view, (*view.hand, top), keep=top, beat=now)
        if found is None or found[1].count >= now.count:
            return False
        return bool(self.swap_draws) or any(c == top for g in found[1].groups for c in g)

    def protected(self, view: PlayerView, hand: Sequence[Card]) -> list[Card]:
        """Cards easy never throws while it has another choice."""
        wild = view.wild_rank
        keep = [c for c in hand if is_joker(c, wild)]
        keep += pure_run_cards(view.variant, hand, wild)
        if self.keeps_jokered_groups:
            keep += [c for g in self.arrangement(view, hand).groups for c in g]
        by_rank: dict[object, dict[object, Card]] = {}
        for c in hand:
            if not is_joker(c, wild):
                by_rank.setdefault(c.rank, {}).setdefault(c.suit, c)
        for suits in by_rank.values():  # a set of natural cards: three suits or four
            if len(suits) >= view.variant.set_min_size:
                keep += suits.values()
        return keep

    def loose_discard(self, view: PlayerView, hand: Sequence[Card]) -> Card | None:
        """The beginner's discard among the loose cards (``None`` if none is loose)."""
        keep = self.protected(view, hand)
        taken = taken_from_open(view)
        loose = [c for c in hand if not any(c is k for k in keep) and c != taken]
        if not loose:
            return None
        if self.rng.random() < self.sloppy:
            return self.rng.choice(loose)
        value = view.variant.card_value
        return max(loose, key=lambda c: (value(c, view.wild_rank), c.sort_key()))

    def tuned_fallback(self, view: PlayerView) -> Card:
        """The least harmful card other than the one just taken from the open deck."""
        taken = taken_from_open(view)
        found = self._search(view, view.hand, keep=taken)
        return found[0] if found is not None else view.hand[0]
