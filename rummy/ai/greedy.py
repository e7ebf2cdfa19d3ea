"""The greedy bot: one move ahead, by the count of its best arrangement.

- Draw: take the open deck's top card only if, after the best discard, the hand counts
  lower than it does now (or becomes a valid show); otherwise draw from the closed deck.
- Then let go of the card whose removal leaves the lowest count (ties: the card with more
  points goes, then the one that sorts later): declare with it (``Finish`` with the
  engine's arrangement) when the 13 cards left are a valid show, else discard it.
- It never drops and never lets the timer run out.

"Count" is the solver's uncapped count, so a hand of 95 still improves on one of 120.
Jokers (printed and wild) are never let go while a natural card can be. Each turn asks the
solver at most once per distinct card face in the 14-card hand, plus once for the 13-card
hand (usually cached from the previous turn): at most 28 calls, and usually fewer.
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Finish
from rummy.model.cards import Card
from rummy.model.melds import is_joker
from rummy.model.solver import Arrangement, best_arrangement
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView

from .common import discard_of, draw_choice, finish_with

_CACHE_LIMIT = 512

# Sort key of a hand after letting a card go: valid shows first, then the lowest count,
# then letting go of the card with more points, then the card that sorts later.
_Key = tuple[bool, int, int, tuple[int, int, int]]


class GreedyBot:
    """One-move lookahead on the best arrangement's count; see the module docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed  # greedy play is deterministic; the seed is kept for the registry
        self.solver_calls = 0
        self._cache: dict[frozenset[Card], Arrangement] = {}
        self._table: tuple[Variant, Card | None] | None = None

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._start(view)
        draw = draw_choice(view, legal, self._open_helps)
        if draw is not None:
            return draw
        if any(isinstance(a, (Discard, Finish)) for a in legal):
            card, arrangement = self.best_discard(view, view.hand)
            let_go = (finish_with(legal, card) if arrangement.valid else None) or discard_of(
                legal, card)
            if let_go is not None:
                return let_go
        # Nothing the bot plans for (only drop or timeout left): take the first.
        return legal[0]

    # ------------------------------------------------------------------ the lookahead

    def _start(self, view: PlayerView) -> None:
        table = (view.variant, view.wild_joker)
        if self._table is None or self._table[0] is not table[0] or self._table[1] != table[1]:
            self._table = table
            self._cache.clear()
        elif len(self._cache) > _CACHE_LIMIT:
            self._cache.clear()

    def arrangement(self, view: PlayerView, cards: Sequence[Card]) -> Arrangement:
        key = frozenset(cards)
        hit = self._cache.get(key)
        if hit is None:
            self.solver_calls += 1
            hit = best_arrangement(view.variant, cards, view.wild_joker)
            self._cache[key] = hit
        return hit

    def _open_helps(self, view: PlayerView) -> bool:
        top = view.open_top
        assert top is not None
        now = self.arrangement(view, view.hand)
        found = self._search(view, (*view.hand, top), keep=top, beat=now)
        return found is not None and _rank(found[1]) < _rank(now)

    def best_discard(self, view: PlayerView, hand: Sequence[Card]) -> tuple[Card, Arrangement]:
        """The card to let go from ``hand`` and the best arrangement of the rest."""
        found = self._search(view, hand)
        assert found is not None
        return found

    def _search(self, view: PlayerView, hand: Sequence[Card], keep: Card | None = None,
                beat: Arrangement | None = None) -> tuple[Card, Arrangement] | None:
        """The best card to let go (never ``keep``), or ``None`` when none can do better
        than ``beat``.

        Pruned without changing the answer: adding a card to a hand raises its count by at
        most the card's points (the new card can always stay loose), so letting go of
        ``card`` leaves a count of at least ``count(hand) - points(card)``. Candidates are
        tried in tie-break order (most points first), so once that bound cannot beat the
        best so far, no later candidate can either.
        """
        variant = view.variant
        wild = view.wild_rank
        candidates = [c for c in hand if c != keep and not is_joker(c, wild)]
        if not candidates:
            candidates = [c for c in hand if c != keep] or list(hand)
        whole = self.arrangement(view, hand)
        best: tuple[_Key, Card, Arrangement] | None = None
        faces: set[str] = set()
        for card in sorted(candidates, key=lambda c: _tie_break(variant.card_value(c, wild), c)):
            if card.face in faces:  # identical faces leave identical hands
                continue
            faces.add(card.face)
            value = variant.card_value(card, wild)
            floor = whole.count - value
            targets = [a for a in (beat, best[2] if best else None) if a is not None]
            if any(a.valid for a in targets):
                break
            if any(0 < a.count <= floor for a in targets):
                break
            rest = list(hand)
            rest.remove(card)
            arrangement = self.arrangement(view, rest)
            key: _Key = (*_rank(arrangement), *_tie_break(value, card))
            if best is None or key < best[0]:
                best = (key, card, arrangement)
        if best is None:
            return None
        return best[1], best[2]


def _rank(arrangement: Arrangement) -> tuple[bool, int]:
    """Lower is better: a valid show first, then the lowest count."""
    return (not arrangement.valid, arrangement.count)


def _tie_break(value: int, card: Card) -> tuple[int, tuple[int, int, int]]:
    """Among equal counts, let go of the card with more points, then the later-sorting one."""
    key = card.sort_key()
    return (-value, (-key[0], -key[1], -key[2]))
