"""Opponent modelling from the public history: what a seat may know about unseen cards.

Everything here reads a :class:`~rummy.model.view.PlayerView` only: the seat's own hand,
the wild joker, and the redacted history (cards discarded, open-deck cards each seat took).

- :func:`open_deck_cards`: the open deck, rebuilt from the history (the top is last).
- :func:`known_holdings`: per other seat, the open-deck cards it took and has not thrown
  back since (they sit in its hand).
- :func:`stock_of`: what the closed deck holds once the open deck has been made into it
  (every card of it in order, where the discard pile was turned over unshuffled).
- :func:`live_counts`: per card face, how many copies may still come to this seat: the
  deck minus its own hand, the cut wild joker, the open deck and cards known in other
  hands ("live copies").
- :func:`danger`: how likely a discard is to feed an opponent, from what each one took
  from the open deck (wanted) and threw to it (not wanted).

>>> from rummy.model.cards import parse_card, parse_cards
>>> near(parse_card("7H"), parse_card("8H")), near(parse_card("7H"), parse_card("7S"))
(2, 1)
>>> near(parse_card("7H"), parse_card("7H")), near(parse_card("7H"), parse_card("10H"))
(0, 0)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from rummy.model.actions import DrawSource
from rummy.model.cards import Card, Rank, make_deck, parse_card
from rummy.model.events import (
    CardDiscarded,
    CardDrawn,
    DeckReshuffled,
    DiscardFlipped,
    Event,
    OpenCardTurned,
)
from rummy.model.melds import is_joker
from rummy.model.view import PlayerView

__all__ = ["Stock", "Tracker", "danger", "feed_chances", "forms_group", "known_holdings",
           "live_counts", "near", "open_deck_cards", "outs", "stock_of"]


def _pos(rank: Rank) -> tuple[int, ...]:
    return (1, 14) if rank is Rank.ACE else (int(rank),)


def near(a: Card, b: Card) -> int:
    """How strongly two natural cards belong together: 2 for neighbours in one suit
    (a sequence), 1 for one gap in a suit or the same rank in another suit (a set), 0
    otherwise (also for identical faces, which never share a group)."""
    if a.rank is None or b.rank is None or a.suit is None or b.suit is None:
        return 0
    if a.suit is b.suit:
        gap = min(abs(p - q) for p in _pos(a.rank) for q in _pos(b.rank))
        return 2 if gap == 1 else 1 if gap == 2 else 0
    return 1 if a.rank == b.rank else 0


def open_deck_cards(view: PlayerView) -> list[Card]:
    """The open deck as the history shows it, bottom first (the top is last)."""
    pile: list[Card] = []
    for event in view.history:
        pile = _pile_after(pile, event)
    return pile


def _pile_after(pile: list[Card], event: Event) -> list[Card]:
    """The open deck (bottom first) after ``event``: ``pile`` itself, changed in place,
    unless the event starts a new one."""
    if isinstance(event, OpenCardTurned):
        return [event.card]
    if isinstance(event, CardDiscarded):
        pile.append(event.card)
    elif isinstance(event, CardDrawn) and event.source is DrawSource.OPEN:
        if pile:
            pile.pop()
    elif isinstance(event, DeckReshuffled):
        return pile[-1:]
    return pile


@dataclass(frozen=True)
class Holdings:
    """What the history says about one other seat."""

    took: tuple[Card, ...]
    """Open-deck cards it took and has not discarded since: in its hand now."""
    threw: tuple[Card, ...]
    """Every card it discarded."""


def known_holdings(view: PlayerView) -> dict[int, Holdings]:
    """Per other seat still in the history, its known takes and its discards."""
    took: dict[int, list[Card]] = {}
    threw: dict[int, list[Card]] = {}
    for event in view.history:
        if isinstance(event, CardDrawn) and event.source is DrawSource.OPEN:
            if event.seat != view.seat and event.card is not None:
                took.setdefault(event.seat, []).append(event.card)
        elif isinstance(event, CardDiscarded) and event.seat != view.seat:
            threw.setdefault(event.seat, []).append(event.card)
            held = took.get(event.seat)
            if held and event.card in held:
                held.remove(event.card)
    seats = sorted(set(took) | set(threw))
    return {s: Holdings(tuple(took.get(s, ())), tuple(threw.get(s, ()))) for s in seats}


@dataclass(frozen=True)
class Stock:
    """The closed deck as the history tells it, once the open deck has been made into it.

    Every card of the new closed deck lay face up in the open deck first, so the seat knows
    which cards it holds; where the discard pile was turned over unshuffled (classic
    rummy's ``deck_exhaust: flip_discard``, docs/rules.md) it knows their order too, and
    so every card another seat has drawn from it since."""

    cards: tuple[Card, ...]
    """``ordered``: the closed deck, card for card (the next draw last). Otherwise the
    cards it was made of that the seat has not drawn itself since: the closed deck is
    some of them, the others sit in the other seats' hands or have been seen again."""
    ordered: bool
    drawn: dict[int, tuple[Card, ...]]
    """``ordered``: per other seat, the cards it has drawn from this closed deck."""


def stock_of(view: PlayerView) -> Stock | None:
    """What the history says about the closed deck: ``None`` before the open deck has
    been made into it (the deal's own stock is unseen), or where the history cannot name
    every card that went into it (it then says nothing rather than something wrong)."""
    pile: list[Card] = []
    stock: list[Card] | None = None
    ordered = False
    drawn: dict[int, list[Card]] = {}
    flip: DiscardFlipped | None = None
    for event in view.history:
        if isinstance(event, DiscardFlipped):
            flip = event
        elif isinstance(event, OpenCardTurned) and flip is not None:
            # the turned pile's first card starts the new open deck
            stock, ordered = _made(pile, flip.size, event.card, flip.shuffled)
            drawn, flip = {}, None
        elif isinstance(event, DeckReshuffled):  # all but the open deck's top card
            stock, ordered = _made(pile[:-1], event.size, None, True)
            drawn = {}
        elif (isinstance(event, CardDrawn) and event.source is DrawSource.CLOSED
              and stock is not None):
            if ordered:
                card = stock.pop() if stock else None
                if card is None or event.card not in (None, card):
                    return None  # not the deck the history describes
                if event.seat != view.seat:
                    drawn.setdefault(event.seat, []).append(card)
            elif event.card is not None and event.card in stock:
                stock.remove(event.card)
        pile = _pile_after(pile, event)
    if stock is None or (ordered and len(stock) != view.closed_size):
        return None
    return Stock(tuple(stock), ordered, {s: tuple(c) for s, c in drawn.items()})


def _made(pile: list[Card], size: int, turned: Card | None, shuffled: bool
          ) -> tuple[list[Card] | None, bool]:
    """The new closed deck made of ``pile`` (``size`` cards, as the event says; ``turned``
    the first of them, turned up as the new open deck): ``None`` if the history named
    fewer cards. Unshuffled, the pile is turned over, its bottom card on top (drawn last:
    the closed deck is drawn from its end)."""
    if len(pile) != size:
        return None, False
    if shuffled:
        cards = list(pile)
        if turned is not None:
            if turned not in cards:
                return None, False
            cards.remove(turned)
        return cards, False
    turned_over = list(reversed(pile))
    if turned_over[-1] != turned:
        return None, False
    return turned_over[:-1], True


def live_counts(view: PlayerView) -> Counter[str]:
    """Per face, the copies this seat has not seen: possible future draws."""
    counts: Counter[str] = Counter(
        c.face for c in make_deck(view.variant.packs, view.variant.printed_jokers))
    seen: list[Card] = list(view.hand)
    if view.wild_joker is not None:
        seen.append(view.wild_joker)
    seen.extend(open_deck_cards(view))
    for holding in known_holdings(view).values():
        seen.extend(holding.took)
    for card in seen:
        if counts[card.face] > 0:
            counts[card.face] -= 1
    return +counts


def danger(view: PlayerView, card: Card, holdings: dict[int, Holdings] | None = None) -> float:
    """How much discarding ``card`` may help the other seats still playing (0 = safe).

    A joker always helps. Otherwise each card an opponent took from the open deck and
    still holds that sits next to ``card`` (same suit, a rank or two away; same rank in
    another suit) adds to the danger; each of its discards of the same rank or a suit
    neighbour takes some away (it did not want that part of the deck).
    """
    wild = view.wild_rank
    if is_joker(card, wild):
        return 10.0
    holdings = known_holdings(view) if holdings is None else holdings
    total = 0.0
    for seat, holding in holdings.items():
        if view.seats[seat].status.is_out:
            continue
        score = 0.0
        for taken in holding.took:
            if not is_joker(taken, wild):
                score += (2.0, 1.0, 0.0)[2 - near(card, taken)]
        for thrown in holding.threw:
            if thrown.face == card.face:
                score -= 1.0
            elif not is_joker(thrown, wild) and near(card, thrown):
                score -= 0.5
        total += max(score, 0.0)
    return total


def outs(card: Card, hand: Sequence[Card], live: Counter[str],
         wild: Rank | None) -> int:
    """Live copies of the cards that would turn ``card`` and a partner in ``hand`` into a
    group: the ends of a two-card run, the middle of a gapped one, the missing suits of a
    pair. A measure of how much ``card`` may still become (0 for a card on its own)."""
    if card.rank is None or card.suit is None or is_joker(card, wild):
        return 0
    wanted: set[str] = set()
    for other in hand:
        if other is card or is_joker(other, wild) or other.rank is None:
            continue
        link = near(card, other)
        if not link:
            continue
        if other.suit is card.suit:
            for p in _pos(card.rank):
                for q in _pos(other.rank):
                    lo, hi = min(p, q), max(p, q)
                    spots = (lo - 1, hi + 1) if hi - lo == 1 else (lo + 1,) if hi - lo == 2 else ()
                    for spot in spots:
                        if 1 <= spot <= 14:
                            rank = Rank.ACE if spot in (1, 14) else Rank(spot)
                            wanted.add(rank.text + card.suit.value)
        else:
            held = {c.suit for c in hand if c.rank == card.rank}
            for suit in type(card.suit):
                if suit not in held:
                    wanted.add(card.rank.text + suit.value)
    return sum(live.get(face, 0) for face in wanted)


def forms_group(card: Card, hand: Sequence[Card], wild: Rank | None,
                jokers_count: bool = False) -> bool:
    """Whether ``card`` makes a three-card group with two natural cards of ``hand`` (with
    ``jokers_count``, also one partner and a joker). A player who takes an open card only
    when it joins a group it counts takes, before its pure sequence, only such cards."""
    if card.rank is None or card.suit is None:
        return True
    jokers = 0
    partners: list[Card] = []
    for c in hand:
        if is_joker(c, wild):
            jokers += 1
        elif near(card, c):
            partners.append(c)
    if jokers_count and ((jokers and partners) or jokers >= 2):
        return True
    spots: set[int] = set()
    suits: set[object] = set()
    for c in partners:
        assert c.rank is not None
        if c.suit is card.suit:
            spots.update(_pos(c.rank))
        else:
            suits.add(c.suit)
    if len(suits) >= 2:
        return True
    for p in _pos(card.rank):
        if {p - 1, p + 1} <= spots or {p + 1, p + 2} <= spots or {p - 2, p - 1} <= spots:
            return True
    return False


def feed_chances(view: PlayerView, cards: Sequence[Card], samples: int, seed: object,
                 holdings: dict[int, Holdings] | None = None,
                 live: Counter[str] | None = None,
                 jokers_count: bool = False) -> dict[str, float]:
    """Per face of ``cards``: the chance that the next seat to play could make a group with
    it if it were discarded now, over ``samples`` hands dealt at random (seeded) from the
    cards this seat has not seen, the cards that seat is known to hold included."""
    n = view.players
    nxt = next((s for k in range(1, n) if not view.seats[(s := (view.seat + k) % n)]
                .status.is_out), None)
    out = {c.face: 0.0 for c in cards}
    if nxt is None or samples <= 0:
        return out
    holdings = known_holdings(view) if holdings is None else holdings
    live = live_counts(view) if live is None else live
    known = list(holdings[nxt].took) if nxt in holdings else []
    size = view.seats[nxt].hand_size
    pool = sorted(live.elements())
    need = max(0, min(size - len(known), len(pool)))
    rng = random.Random(f"feed/{seed}")
    wild = view.wild_rank
    faces = {c.face: c for c in cards}
    for _ in range(samples):
        hand = known + [_face_card(f) for f in rng.sample(pool, need)]
        for face, card in faces.items():
            if forms_group(card, hand, wild, jokers_count):
                out[face] += 1.0 / samples
    return out


_FACES: dict[str, Card] = {}


def _face_card(face: str) -> Card:
    card = _FACES.get(face)
    if card is None:
        card = _FACES[face] = parse_card(face)
    return card


class Tracker:
    """Caches :func:`known_holdings` and :func:`live_counts` for one view's history."""

    def __init__(self) -> None:
        self._key: tuple[int, int, tuple[Card, ...]] | None = None
        self.holdings: dict[int, Holdings] = {}
        self.live: Counter[str] = Counter()

    def update(self, view: PlayerView) -> None:
        key = (view.seat, len(view.history), view.hand)
        if key != self._key:
            self._key = key
            self.holdings = known_holdings(view)
            self.live = live_counts(view)
