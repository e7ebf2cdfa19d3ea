"""How many cards a declare-family hand still needs: its *deficiency* (mahjong's shanten).

The deficiency of a hand is the fewest cards that must come in (each replacing a card of
the hand) before it is a valid show: 0 for a valid show, 1 for a hand one card away. It
counts partial groups for what they lack, unlike the count of loose cards, which is the
same for every hand without a pure sequence.

How it is counted. The show is ``size`` cards (13) in groups of 3 or more. The hand's
natural cards are split into *partial groups* (two or more cards of a sequence in one suit,
gaps allowed; two or more cards of a set) and single cards. A partial group takes up
``footprint`` places of the show (its span, at least 3; the pure sequence at least
``pure_min_length``); the places left over make further groups of new cards, each of which
may take one single card of the hand. Jokers fill any empty place but those of the pure
sequence. The deficiency is the number of places left empty, minimised over every split;
at least ``min_sequences`` groups must be sequences (partial or new) and one of them pure.
It is an estimate in one respect: a wild-rank card always counts as a joker.

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.variant import load_variant
>>> d = Deficiency()
>>> v = load_variant("indian_13")
>>> d.of(v, parse_cards("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC QS QS"), None)
2
>>> d.of(v, parse_cards("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC KS QS"), None)
1
>>> d.of(v, parse_cards("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC KS QS QS"), None)
1
>>> d.of(v, parse_cards("2S 5S 8S JS 2H 5H 8H JH 3D 6D 9D QD 4C"), None)
6
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.model.cards import Card, Rank
from rummy.model.melds import is_joker, rank_positions
from rummy.model.variant_type import Variant

__all__ = ["Deficiency"]

_CACHE_LIMIT = 50_000

# A partial group: (mask of its cards, is a sequence, footprint, cards kept)
_Partial = tuple[int, bool, int, int]


class Deficiency:
    """:meth:`of` with a cache by the hand's faces (per variant and wild rank)."""

    def __init__(self) -> None:
        self.calls = 0
        self._key: tuple[int, Rank | None] | None = None
        self._cache: dict[tuple[str, ...], int] = {}

    def of(self, variant: Variant, cards: Sequence[Card], wild: Rank | None) -> int:
        """The deficiency of ``cards`` (13 cards, or 14: then the best 13 of them)."""
        key = (id(variant), wild)
        if key != self._key or len(self._cache) > _CACHE_LIMIT:
            self._key = key
            self._cache.clear()
        faces = tuple(sorted(c.face for c in cards))
        hit = self._cache.get(faces)
        if hit is None:
            self.calls += 1
            hit = _deficiency(variant, cards, wild)
            self._cache[faces] = hit
        return hit


def _partials(variant: Variant, naturals: list[Card]) -> list[list[_Partial]]:
    """Per card index, the partial groups whose first card (lowest index) it is."""
    n = len(naturals)
    out: list[list[_Partial]] = [[] for _ in range(n)]
    seen: set[int] = set()

    def add(mask: int, seq: bool, fp: int, kept: int) -> None:
        if mask in seen and not seq:
            return
        seen.add(mask)
        low = (mask & -mask).bit_length() - 1
        out[low].append((mask, seq, fp, kept))

    by_suit: dict[object, dict[int, list[int]]] = {}
    by_rank: dict[object, dict[object, int]] = {}
    for i, c in enumerate(naturals):
        assert c.rank is not None
        for p in rank_positions(variant, c.rank):
            by_suit.setdefault(c.suit, {}).setdefault(p, []).append(i)
        by_rank.setdefault(c.rank, {}).setdefault(c.suit, i)
    for spots in by_suit.values():
        ps = sorted(spots)
        for a, lo in enumerate(ps):
            for hi in ps[a + 1:]:
                span = hi - lo + 1
                if span > 13:
                    break
                inside = [spots[p] for p in ps if lo <= p <= hi]
                fp = max(3, span)
                if fp - len(inside) > 2:
                    continue
                masks = [0]  # one card per place; a second copy makes a second choice
                for copies in inside:
                    masks = [m | 1 << i for m in masks for i in copies]
                for mask in masks:
                    if bin(mask).count("1") == len(inside):  # else an ace at both ends
                        add(mask, True, fp, len(inside))
    for suits in by_rank.values():
        idx = sorted(suits.values())
        k = len(idx)
        for sub in range(1, 1 << k):
            members = [idx[j] for j in range(k) if sub >> j & 1]
            if len(members) < 2:
                continue
            mask = 0
            for i in members:
                mask |= 1 << i
            add(mask, False, max(3, len(members)), len(members))
    return out


def _deficiency(variant: Variant, cards: Sequence[Card], wild: Rank | None) -> int:
    size = variant.hand_size or 13
    min_seqs = variant.declare.min_sequences
    pure_len = max(3, variant.declare.pure_min_length)
    naturals = sorted((c for c in cards if not is_joker(c, wild)), key=lambda c: c.sort_key())
    jokers = len(cards) - len(naturals)
    parts = _partials(variant, naturals)
    n = len(naturals)
    best = size

    def leaf(foot: int, seqs: list[tuple[int, int]], kept: int, singles: int) -> int:
        result = size
        # the pure sequence: one of the partial sequences, or a new one
        options: list[tuple[int, int, bool]] = []  # (extra footprint, missing, is new)
        for fp, k in seqs:
            extra = max(0, pure_len - fp)
            options.append((extra, fp + extra - k, False))
        options.append((pure_len, pure_len, True))
        for extra, missing, new in options:
            f = foot + extra
            if f > size:
                continue
            left = singles
            kept_now = kept
            if new and left:
                left -= 1
                kept_now += 1
                missing -= 1
            virtual = (size - f) // 3
            if len(seqs) + (1 if new else 0) + virtual < min_seqs:
                continue
            kept_now += min(virtual, left)
            fill = min(jokers, max(0, size - kept_now - missing))
            result = min(result, max(0, size - kept_now - fill))
        return result

    def rec(i: int, used: int, foot: int, seqs: list[tuple[int, int]], kept: int,
            singles: int) -> None:
        nonlocal best
        while i < n and used >> i & 1:
            i += 1
        if i >= n:
            best = min(best, leaf(foot, seqs, kept, singles))
            return
        if size - (kept + (n - i) + jokers) >= best:
            return  # even keeping every card left cannot do better
        for mask, seq, fp, k in parts[i]:
            if mask & used or foot + fp > size:
                continue
            if seq:
                seqs.append((fp, k))
            rec(i + 1, used | mask, foot + fp, seqs, kept + k, singles)
            if seq:
                seqs.pop()
            if best == 0:
                return
        rec(i + 1, used | (1 << i), foot, seqs, kept, singles + 1)

    rec(0, 0, 0, [], 0, 0)
    return best
