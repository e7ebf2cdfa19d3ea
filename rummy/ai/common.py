"""What the declare-family levels share: a cached solver, hand structure and the drop rule.

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.variant import load_variant
>>> v = load_variant("indian_13")
>>> [c.code for c in pure_run_cards(v, parse_cards("3S 4S 5S 9H 10H KD"), None)]
['3S', '4S', '5S']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from rummy.model.actions import Action, Discard, Draw, DrawSource, Finish
from rummy.model.cards import Card, Rank, Suit
from rummy.model.events import CardDiscarded, CardDrawn
from rummy.model.melds import is_joker, rank_positions, wild_rank_for
from rummy.model.solver import Arrangement, best_arrangement
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView

from .tracking import near

__all__ = ["VALID_SCORE", "HandSolver", "hopeless_opening", "keep_value",
           "pure_run_cards", "taken_from_open", "threw_before"]

VALID_SCORE = -20
"""The score of a hand that is a valid show: below any count, so a show always wins out."""

_CACHE_LIMIT = 20_000


class HandSolver:
    """``best_arrangement`` cached by the hand's faces, for one table (variant, wild joker).

    ``calls`` counts real solver calls (cache misses)."""

    def __init__(self, unit: bool = False, relaxed: bool = False) -> None:
        self.calls = 0
        self.relaxed = relaxed
        self.unit = unit
        """Count every natural card as 1 point: the count is then how many cards are
        loose, which is what racing to a show is about."""
        self._source: tuple[Variant, Card | None] | None = None
        self._table: tuple[Variant, Card | None] | None = None
        self._cache: dict[tuple[str, ...], Arrangement] = {}

    def start(self, view: PlayerView) -> None:
        source = (view.variant, view.wild_joker)
        if (self._source is None or self._source[0] is not source[0]
                or self._source[1] != source[1]):
            self._source = source
            variant = view.variant
            if self.unit:
                variant = dataclasses.replace(
                    variant, card_points=tuple((r, 1) for r, _ in variant.card_points))
            self._table = (variant, view.wild_joker)
            self._cache.clear()
        elif len(self._cache) > _CACHE_LIMIT:
            self._cache.clear()

    def solve(self, cards: Sequence[Card]) -> Arrangement:
        assert self._table is not None, "start() first"
        key = tuple(sorted(c.face for c in cards))
        hit = self._cache.get(key)
        if hit is None:
            self.calls += 1
            hit = best_arrangement(self._table[0], cards, self._table[1])
            self._cache[key] = hit
        return hit

    def card_value(self, card: Card, wild: Rank | None) -> int:
        """A card's points as this solver counts them."""
        assert self._table is not None
        return self._table[0].card_value(card, wild)

    def evaluate(self, cards: Sequence[Card]) -> tuple[Arrangement, int]:
        """The arrangement to read loose cards from, and the hand's count.

        With ``relaxed``, a hand short of the sequences a show needs (no pure sequence,
        or too few sequences) is counted as if it had them, plus :data:`RELAX_PENALTY`
        per sequence missing: imaginary pure runs that touch none of its cards are added.
        Then the makings of sets and second sequences count before the pure sequence is
        there, instead of every card counting alike."""
        arr = self.solve(cards)
        if not self.relaxed or arr.valid:
            return arr, arr.count
        assert self._table is not None
        variant, cut = self._table
        need = variant.declare.min_sequences
        missing = max(need - len(arr.groups), 0) if arr.groups else max(need, 1)
        if not missing:
            return arr, arr.count
        imaginary = _imaginary_runs(variant, cards, wild_rank_for(variant, cut), missing)
        if imaginary is None:
            return arr, arr.count
        relaxed = self.solve([*cards, *imaginary])
        count = relaxed.count + RELAX_PENALTY * missing
        return (relaxed, count) if count < arr.count else (arr, arr.count)

    def score(self, cards: Sequence[Card]) -> int:
        """A 13-card hand's score: its count, or :data:`VALID_SCORE` for a valid show."""
        arr, count = self.evaluate(cards)
        return VALID_SCORE if arr.valid else count

    def score_after_draw(self, cards: Sequence[Card], wild: Rank | None) -> int:
        """Roughly the best score of a 14-card hand once one card goes: the solver's
        arrangement of all 14 with the loose card of most points let go."""
        arr, count = self.evaluate(cards)
        loose = [self.card_value(c, wild) for c in arr.ungrouped]
        if not loose:
            return VALID_SCORE if arr.groups else count
        rest = count - max(loose)
        if rest == 0 and arr.groups:
            return VALID_SCORE
        return rest


RELAX_PENALTY = 2
"""Count added per sequence a hand lacks, when counted as if it had them."""


def _imaginary_runs(variant: Variant, cards: Sequence[Card], wild: Rank | None,
                    k: int) -> list[Card] | None:
    """``k`` pure runs of imaginary cards (copy 7) that no card of ``cards`` can join: in a
    suit where the hand holds nothing within a rank of them, no wild rank, no ace."""
    length = max(variant.declare.pure_min_length, variant.declare.sequence_min_length)
    held: dict[object, set[int]] = {}
    for c in cards:
        if c.rank is not None and c.suit is not None:
            held.setdefault(c.suit, set()).update(rank_positions(variant, c.rank))
    out: list[Card] = []
    for suit in Suit:
        spots = held.get(suit, set())
        start = 2
        while start + length - 1 <= 13 and len(out) < k * length:
            ranks = range(start, start + length)
            if (not spots & set(range(start - 1, start + length + 1))
                    and all(Rank(r) != wild for r in ranks)):
                out.extend(Card(Rank(r), suit, 7) for r in ranks)
                spots = spots | set(range(start - 1, start + length + 1))
                start += length + 2
            else:
                start += 1
        if len(out) >= k * length:
            return out
    return None


def pure_run_cards(variant: Variant, hand: Sequence[Card], wild: Rank | None) -> list[Card]:
    """Cards in a natural run of ``pure_min_length`` (and at least 3) in one suit: the
    cards of a pure sequence a player must never break. A wild-rank card counts as its
    natural self here."""
    need = max(variant.declare.pure_min_length, variant.declare.sequence_min_length)
    by_suit: dict[object, dict[int, Card]] = {}
    for c in hand:
        if c.rank is None or c.suit is None:
            continue
        for p in rank_positions(variant, c.rank):
            by_suit.setdefault(c.suit, {}).setdefault(p, c)
    out: list[Card] = []
    for spots in by_suit.values():
        run: list[int] = []
        for p in range(1, 16):
            if p in spots:
                run.append(p)
                continue
            if len(run) >= need:
                out.extend(spots[q] for q in run if spots[q] not in out)
            run = []
    return out


def keep_value(card: Card, hand: Sequence[Card], wild: Rank | None) -> int:
    """How much ``card`` belongs with the rest of ``hand``: 100 for a joker, else the sum
    of :func:`~rummy.ai.tracking.near` over the other natural cards."""
    if is_joker(card, wild):
        return 100
    return sum(near(card, other) for other in hand if other is not card
               and not is_joker(other, wild))


def hopeless_opening(view: PlayerView) -> bool:
    """An opening hand not worth playing: no joker, no pure sequence in sight (no two
    cards of a suit within two ranks) and nothing towards a set."""
    wild = view.wild_rank
    hand = view.hand
    if any(is_joker(c, wild) for c in hand):
        return False
    links = sum(keep_value(c, hand, wild) for c in hand)
    connectors = sum(1 for i, a in enumerate(hand) for b in hand[i + 1:]
                     if a.suit is b.suit and near(a, b))
    return connectors == 0 or (connectors <= 1 and links <= 4)


def taken_from_open(view: PlayerView) -> Card | None:
    """The card this seat took from the open deck this turn, if it did: the levels never
    throw it straight back (two players doing so would pass one card to and fro for ever)."""
    if view.drawn is None:
        return None
    for event in reversed(view.history):
        if isinstance(event, CardDrawn) and event.seat == view.seat:
            if event.source is DrawSource.OPEN and event.card == view.drawn:
                return view.drawn
            return None
    return None


def threw_before(view: PlayerView, card: Card) -> bool:
    """Whether this seat discarded a card of ``card``'s face earlier in the deal: the
    levels do not take back what they let go (that is how two bots pass cards to and fro
    for ever)."""
    return any(isinstance(e, CardDiscarded) and e.seat == view.seat and e.card.face == card.face
               for e in view.history)


def draw_choice(view: PlayerView, legal: Sequence[Action],
                wants_open: Callable[[PlayerView], bool]) -> Action | None:
    """The draw to make when drawing is legal: the open card when it is the only choice or
    ``wants_open(view)`` says so (asked only when there is a choice), else the closed deck."""
    draws = {a.source: a for a in legal if isinstance(a, Draw)}
    open_draw = draws.get(DrawSource.OPEN)
    if open_draw is not None and view.open_top is not None and (
            DrawSource.CLOSED not in draws or wants_open(view)):
        return open_draw
    return draws.get(DrawSource.CLOSED)


def finish_with(legal: Sequence[Action], card: Card) -> Action | None:
    """Declare with ``card`` on the finish slot (the engine's best grouping), if legal."""
    for a in legal:
        if isinstance(a, Finish) and a.card == card:
            return Finish(a.seat, card, None)
    return None


def discard_of(legal: Sequence[Action], card: Card) -> Action | None:
    """The legal discard of ``card``, if any."""
    return next((a for a in legal if isinstance(a, Discard) and a.card == card), None)
