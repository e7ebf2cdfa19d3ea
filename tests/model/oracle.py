"""Reference answers for the solver, written from the rules and not from the solver.

``brute_force`` tries every partition of a small hand into groups: each block is read with
``classify_with_wild`` and the whole arrangement is scored with ``arrangement_count`` (the
function that scores a shown hand). The lowest count over all partitions, and whether any
partition is a valid show, must match the solver.

``exact_search`` gives the same answer for full 13- and 14-card hands, where the partitions
are far too many. It lists every group the hand holds (any multiset of its cards that
``classify_with_wild`` accepts, found by trying every candidate: the cards of one suit or
one rank with any of the jokers) and then, memoised on the cards left, takes the first
card left either loose or in one of its groups, tracking what ``arrangement_count`` looks
at (a qualifying pure sequence, how many sequences, whether any card is loose). Identical
cards (two packs) and printed jokers are interchangeable, so the cards left are counts.

``deal`` makes the seeded hands both use in tests and in the benchmark.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import product

from rummy.model.cards import SUITS, Card, Rank, make_deck
from rummy.model.melds import (
    GroupKind,
    arrangement_count,
    classify_with_wild,
    is_joker,
    wild_rank_for,
)
from rummy.model.table_melds import MAX_SEQUENCE_LENGTH
from rummy.model.variant_type import Variant


def partitions(items: Sequence[Card]) -> Iterator[list[list[Card]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield part[:i] + [[first, *part[i]]] + part[i + 1:]


def brute_force(
    variant: Variant, cards: Sequence[Card], wild_rank: Rank | None
) -> tuple[int, bool]:
    """(lowest uncapped count, some arrangement is a valid show)."""

    @cache
    def kind(block: frozenset[Card]) -> GroupKind:
        return classify_with_wild(variant, tuple(block), wild_rank)

    best, valid = None, False
    for part in partitions(list(cards)):
        # Singletons and pairs are never groups: score them as loose cards.
        groups = [b for b in part if len(b) >= 3 and kind(frozenset(b)) is not GroupKind.INVALID]
        loose = [c for b in part if b not in groups for c in b]
        count, ok, _ = arrangement_count(variant, [*groups, *([c] for c in loose)], wild_rank)
        valid = valid or ok
        best = count if best is None else min(best, count)
    assert best is not None
    return best, valid


# -- the exact search for full hands -----------------------------------------------------
_Flags = tuple[bool, int, bool]  # (a qualifying pure sequence, sequences (capped), all grouped)


def _positions(variant: Variant, rank: Rank) -> tuple[int, ...]:
    if rank is not Rank.ACE:
        return (int(rank),)
    return {"low": (1,), "high": (14,)}.get(variant.ace.value, (1, 14))


def _span(variant: Variant, ranks: Sequence[Rank]) -> int:
    """The fewest places that hold these natural cards in one sequence (aces low or high),
    so that classify sees fewer hopeless candidates: a sequence is at least this long."""
    spans = [0]
    for r in ranks:
        spans = [s | 1 << p for s in spans for p in _positions(variant, r)]
    return min(s.bit_length() - (s & -s).bit_length() + 1 if s else 0 for s in spans)


def exact_search(
    variant: Variant, cards: Sequence[Card], wild_rank: Rank | None
) -> tuple[int, bool]:
    """(lowest uncapped count, some arrangement is a valid show), as ``brute_force``."""
    by_face: dict[str, list[Card]] = {}
    for c in sorted(cards, key=lambda c: (is_joker(c, wild_rank), c.sort_key())):
        by_face.setdefault(c.face, []).append(c)
    faces = list(by_face.values())  # natural faces first, then the jokers
    naturals = [i for i, f in enumerate(faces) if not is_joker(f[0], wild_rank)]
    jokers = [i for i, f in enumerate(faces) if is_joker(f[0], wild_rank)]
    # a natural card always has a rank (printed jokers are jokers)
    rank_of = {i: r for i in naturals if (r := faces[i][0].rank) is not None}
    assert len(rank_of) == len(naturals)
    start = tuple(len(f) for f in faces)
    joker_mixes = list(product(*(range(start[j] + 1) for j in jokers)))

    groups: dict[tuple[int, ...], tuple[int, bool, bool]] = {}

    def consider(chosen: Sequence[int], mix: Sequence[int]) -> None:
        vec = [0] * len(faces)
        for i in chosen:
            vec[i] = 1
        for j, n in zip(jokers, mix, strict=True):
            vec[j] = n
        key = tuple(vec)
        if key in groups:
            return
        hand = [c for i, n in enumerate(key) for c in faces[i][:n]]
        kind = classify_with_wild(variant, hand, wild_rank)
        if kind is not GroupKind.INVALID:
            pure_q = (kind is GroupKind.PURE_SEQUENCE
                      and len(hand) >= variant.declare.pure_min_length)
            points = sum(variant.card_value(c, wild_rank) for c in hand)
            groups[key] = (points, pure_q, kind.is_sequence)

    def subsets(items: list[int]) -> Iterator[list[int]]:
        for bits in range(1 << len(items)):
            yield [items[b] for b in range(len(items)) if bits >> b & 1]

    mix_sizes = [(mix, sum(mix)) for mix in joker_mixes]
    for suit in SUITS:  # sequences: naturals of one suit (each face once) and jokers
        for chosen in subsets([i for i in naturals if faces[i][0].suit is suit]):
            least = max(variant.declare.sequence_min_length,
                        _span(variant, [rank_of[i] for i in chosen]))
            for mix, n in mix_sizes:
                if least <= len(chosen) + n <= MAX_SEQUENCE_LENGTH:
                    consider(chosen, mix)
    for rank in Rank:  # sets: naturals of one rank (each face once) and jokers
        for chosen in subsets([i for i in naturals if faces[i][0].rank is rank]):
            for mix, n in mix_sizes:
                if variant.set_min_size <= len(chosen) + n <= variant.declare.set_max_size:
                    consider(chosen, mix)
    for mix in joker_mixes:  # jokers alone
        if sum(mix) >= 3:
            consider((), mix)

    # The cards left as one integer, 4 bits a face: a count and a guard bit above it, so
    # that "the group is among the cards left" is one subtraction (a borrow clears a guard).
    def packed(vec: Sequence[int]) -> int:
        return sum(n << 4 * i for i, n in enumerate(vec))

    guard = packed([8] * len(faces))
    by_first: dict[int, list[tuple[int, int, bool, bool]]] = {}
    for vec, (points, pure_q, seq) in groups.items():
        first = next(i for i, n in enumerate(vec) if n)
        by_first.setdefault(first, []).append((packed(vec), points, pure_q, seq))
    ms = variant.declare.min_sequences

    @cache
    def best(left: int) -> dict[_Flags, int]:
        """What the cards ``left`` can reach: flags -> the most points in groups."""
        if not left:
            return {(False, 0, True): 0}
        first = ((left & -left).bit_length() - 1) // 4
        out: dict[_Flags, int] = {}

        def merge(sub: dict[_Flags, int], gain: int, pure_q: bool, seq: bool,
                  loose: bool) -> None:
            for (q, s, full), covered in sub.items():
                flags = (q or pure_q, min(ms, s + seq), full and not loose)
                if out.get(flags, -1) < covered + gain:
                    out[flags] = covered + gain

        merge(best(left - (1 << 4 * first)), 0, False, False, True)
        for vec, points, pure_q, seq in by_first.get(first, ()):
            if (left | guard) - vec & guard == guard:
                merge(best(left - vec), points, pure_q, seq, False)
        return out

    total = sum(variant.card_value(c, wild_rank) for c in cards)
    # arrangement_count's three cases: no qualifying pure sequence counts every card; one
    # with too few sequences leaves out that sequence alone; otherwise every group is out.
    count, valid = total, False
    for points, pure_q, _seq in groups.values():
        if pure_q:
            count = min(count, total - points)
    for (q, s, full), covered in best(packed(start)).items():
        if q and s >= ms:
            count = min(count, total - covered)
            valid = valid or full
    return count, valid


# -- seeded hands --------------------------------------------------------------------------
SHAPES = ("random", "near_complete", "complete", "bridged")


def deal(rng: random.Random, variant: Variant, size: int, jokers: int,
         shape: str) -> tuple[list[Card], Card]:
    """A hand of ``size`` cards and a cut card from the variant's deck, with ``jokers``
    jokers (printed jokers and wild-rank cards, as many as the deck has).

    ``shape`` is one of ``SHAPES``. Random hands are jokers and random cards. Complete and
    near-complete hands are built from real groups: sequences of 3 to 6 cards anywhere in
    a suit (ace low or high) with jokers standing in at places chosen at random (ends,
    middle; side by side, or filling all but the two ends), and sets of 3 or 4 with jokers too;
    bridged ones start with a sequence whose two natural cards are joined by 2 to 4
    jokers; near-complete ones are then topped up with 0 to 2 random cards, and in one hand in
    four a card is swapped for a random one.
    """
    deck = list(make_deck(variant.packs, variant.printed_jokers))
    rng.shuffle(deck)
    cut = deck.pop()
    wild = wild_rank_for(variant, cut)
    spare = [c for c in deck if is_joker(c, wild)][:jokers]
    free = [c for c in deck if not is_joker(c, wild)]
    hand: list[Card] = []

    def take(rank: Rank, suit: object) -> Card | None:
        for i, c in enumerate(free):
            if c.rank is rank and c.suit is suit:
                return free.pop(i)
        return None

    def group(places: list[tuple[Rank, object]], bridge: bool = False) -> None:
        k = rng.randint(0, min(len(spare), len(places) - 1))
        way = 1.0 if bridge else rng.random()
        if way < 0.4:  # anywhere
            stand_in = set(rng.sample(range(len(places)), k))
        elif way < 0.8 or len(places) - 2 > len(spare):
            # side by side, so that the natural cards around them lie far apart
            first = rng.randint(0, len(places) - k)
            stand_in = set(range(first, first + k))
        else:  # every place but the two ends: two natural cards joined by jokers alone
            stand_in = set(range(1, len(places) - 1))
        for i, (rank, suit) in enumerate(places):
            card = None if i in stand_in else take(rank, suit)
            if card is None and spare:
                card = spare.pop()
            if card is not None:
                hand.append(card)

    near_complete = shape == "near_complete"
    room = size - rng.choice([0, 0, 1, 2]) if near_complete else size
    if shape == "bridged" and len(spare) >= 2:  # a sequence of two far-apart cards
        length = rng.randint(4, min(6, 2 + len(spare)))
        low = rng.randint(1, 15 - length)
        suit = rng.choice(SUITS)
        group([(Rank(1 if p == 14 else p), suit) for p in range(low, low + length)], True)
    while shape != "random" and room - len(hand) >= 3:
        left = room - len(hand)  # the last group fills the room: complete hands are full
        if rng.random() < 0.6 or left > 8:
            length = left if left <= 6 else rng.randint(3, min(6, left - 3))
            low = rng.randint(1, 15 - length)  # 14: the ace high
            suit = rng.choice(SUITS)
            group([(Rank(1 if p == 14 else p), suit) for p in range(low, low + length)])
        else:
            rank = Rank(rng.randint(1, 13))
            n = left if left <= 4 else rng.choice([3, 3, 4])
            group([(rank, s) for s in rng.sample(SUITS, n)])
    hand = hand[:size - len(spare)] + spare
    rng.shuffle(free)
    while len(hand) < size:
        hand.append(free.pop())
    if near_complete and rng.random() < 1 / 4:
        hand[rng.randrange(size)] = free.pop()
    rng.shuffle(hand)
    return hand, cut
