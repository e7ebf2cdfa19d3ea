"""The quick case of the classic and contract families' solver: one deck, no jokers.

A hand of distinct natural cards (gin rummy's case) is one integer with a bit per face of
the pack, rank-major: bit (rank - 1) * 4 + suit. Every meld the rules allow is known in
advance (a :class:`MeldTable`, made once per variant). Cards that are in no meld of the hand
(found with a few shifts and masks over all ranks at once) are left out first; the search
then takes the lowest card left and tries it loose, in each run that starts with it
(growing a card at a time, stopping at the first card missing) and in each set it is the
first card of, memoised on the cards left.

The melding bots' look-ahead needs only how many points a hand leaves and its worst loose
card, for a hand with each card it may draw: :func:`loose_of` answers that from the bits
without making the arrangement, and remembers it.

Apart from :mod:`rummy.model.solver_melds`, which asks it first and falls back to its
general search for any other hand, because the bit layout is its own world: nothing
else reads it.
"""

from __future__ import annotations

from typing import Any, NamedTuple, Protocol

from rummy.model.table_melds import MAX_SEQUENCE_LENGTH, MeldRules
from rummy.model.variant_type import Variant

from .arrangement import Arrangement
from .cards import Card, Rank, Suit


class MeldTable(NamedTuple):
    """A variant's melds, by the lowest face in them."""

    values: tuple[int, ...]                          # points of each face
    value_of: dict[int, int]                         # the same, by the face's bit
    chains: tuple[tuple[tuple[int, ...], ...], ...]  # the bits a run adds, in order
    sets: tuple[tuple[int, ...], ...]                # set masks with this face lowest
    run_min: int
    set_min: int
    ace_low: bool
    ace_high: bool
    single: frozenset[int]  # a meld's bits moved down to bit 0: runs up from a rank, sets


TABLES: dict[int, tuple[Variant, MeldTable | None]] = {}
_BITS: dict[int, int] = {}  # id(card) -> its bit (0 for a joker); see _bits
_KEPT: list[Card] = []  # the cards _BITS knows, held so that no other object takes their id
_SUIT_BIT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_LOW_BITS = sum(1 << 4 * r for r in range(14))  # bit 0 of each rank's four bits
_FIFTY_TWO = (1 << 52) - 1


def meld_table(variant: Variant) -> MeldTable | None:
    """The variant's melds; None when its runs may mix suits (the general search's job)."""
    rules = MeldRules.of(variant)
    table = None if rules.mixed_suits else _makemeld_table(variant, rules)
    if len(TABLES) > 64:
        TABLES.clear()
    TABLES[id(variant)] = (variant, table)
    return table


def _makemeld_table(variant: Variant, rules: MeldRules) -> MeldTable:
    longest = min(rules.max_size or MAX_SEQUENCE_LENGTH, MAX_SEQUENCE_LENGTH)
    values = tuple(variant.points_of_rank(Rank(f // 4 + 1)) for f in range(52))
    chains: list[tuple[tuple[int, ...], ...]] = []
    sets: list[tuple[int, ...]] = []
    for f in range(52):
        rank, suit = f // 4 + 1, f % 4
        # Runs whose lowest bit is f: up from f's rank (never through the ace, whose bit
        # is the lowest of all), or, for an ace high, down from the king.
        ways: list[tuple[int, ...]] = []
        if rank != 1 or rules.ace_low:
            ways.append(tuple(1 << (r - 1) * 4 + suit for r in range(rank + 1, 14)))
        if rank == 1 and rules.ace_high:
            ways.append(tuple(1 << (r - 1) * 4 + suit for r in range(13, 1, -1)))
        chains.append(tuple(w[:longest - 1] for w in ways))
        found = []
        for bits in range(1 << (3 - suit)):
            mask = 1 << f
            for b in range(3 - suit):
                if bits >> b & 1:
                    mask |= 1 << f + 1 + b
            if rules.set_min <= mask.bit_count() <= (rules.max_size or 4):
                found.append(mask)
        sets.append(tuple(found))
    single = {sum(1 << 4 * k for k in range(n)) for n in range(rules.run_min, longest + 1)}
    single |= {m >> (m & -m).bit_length() - 1 for ms in sets for m in ms}
    return MeldTable(values, {1 << f: v for f, v in enumerate(values)}, tuple(chains),
                  tuple(sets), rules.run_min, rules.set_min, rules.ace_low, rules.ace_high,
                  frozenset(single))


def _bits(hand: tuple[Card, ...]) -> list[int]:
    """The cards' bits (0 for a printed joker), remembered by the card object's identity:
    a hand's cards are mostly the same objects from deal to deal."""
    try:
        return [_BITS[id(c)] for c in hand]
    except KeyError:
        pass
    if len(_KEPT) > 4096:
        _BITS.clear()
        _KEPT.clear()
    for card in hand:
        if card.rank is None or card.suit is None:
            bit = 0
        else:
            bit = 1 << (int(card.rank) - 1) * 4 + _SUIT_BIT[card.suit]
        if id(card) not in _BITS:
            _BITS[id(card)] = bit
            _KEPT.append(card)
    return [_BITS[id(c)] for c in hand]


def _meldable(table: MeldTable, hand: int) -> int:
    """The cards of ``hand`` that are in some run or set of it."""
    ext = hand if table.ace_low else hand & ~0xF
    if table.ace_high:
        ext |= (hand & 0xF) << 52  # the aces again, above the kings
    if table.run_min == 3:  # the usual rule, written out: this runs for every hand
        starts = ext & ext >> 4 & ext >> 8
        runs = starts | starts << 4 | starts << 8
    else:
        starts = ext
        for k in range(1, table.run_min):
            starts &= ext >> 4 * k
        runs = starts
        for k in range(1, table.run_min):
            runs |= starts << 4 * k
    runs = runs & _FIFTY_TWO | runs >> 52
    count = (hand & _LOW_BITS) + (hand >> 1 & _LOW_BITS) + (hand >> 2 & _LOW_BITS) + (
        hand >> 3 & _LOW_BITS)  # suits held, per rank
    enough = (count + (8 - table.set_min) * _LOW_BITS) >> 3 & _LOW_BITS
    return hand & (runs | enough * 15)


def one_deck(table: MeldTable, hand: tuple[Card, ...]) -> Arrangement | None:
    """The answer for a hand of distinct natural cards; None for any other hand."""
    bits = _bits(hand)
    left = sum(bits)
    if left.bit_count() != len(hand):
        return None  # a joker (bit 0) or two identical cards
    melded = _meldable(table, left)
    points = sum(map(table.value_of.__getitem__, bits))
    if not melded:  # most random hands: every card is left (in hand order, as declare's)
        return Arrangement(points, False, (), hand, points)
    melds = _chosen(table, melded)
    by_bit = dict(zip(bits, hand, strict=True))
    groups: list[tuple[Card, ...]] = []
    for choice in melds:
        points -= sum(map(table.value_of.__getitem__, _each_bit(choice)))
        meld = [by_bit[b] for b in _each_bit(choice)]  # rank, then suit
        if meld[0].rank == Rank.ACE and meld[-1].rank == Rank.KING:
            meld.append(meld.pop(0))  # an ace beside a king stands high
        groups.append(tuple(meld))
    loose = left ^ sum(melds)
    ungrouped = tuple([c for b, c in zip(bits, hand, strict=True) if loose & b])
    return Arrangement(points, not ungrouped, tuple(groups), ungrouped, points)


def hand_bits(hand: tuple[Card, ...]) -> int | None:
    """A hand of distinct natural cards as one integer; None for any other hand."""
    left = sum(_bits(hand))
    return left if left.bit_count() == len(hand) else None


def card_bit(card: Card) -> int:
    """A card's bit (0 for a printed joker)."""
    return _bits((card,))[0]


def loose_of(table: MeldTable, left: int) -> tuple[int, int]:
    """For a hand given as bits (:func:`hand_bits`): the points its best arrangement leaves
    and the points of its highest card left loose (0 when none), as :func:`one_deck`'s
    answer has them, without making it. Remembered by the bits: a seat's hand and its
    draws recur across the expert's worlds, and hard's look-ahead asks for each."""
    answers: dict[int, tuple[int, int]] = answers_for(_LOOSE, table)
    known = answers.get(left)
    if known is not None:
        return known
    melded = _meldable(table, left)
    loose = left ^ melded
    if melded:
        loose |= melded ^ sum(_chosen(table, melded))
    values = [table.value_of[b] for b in _each_bit(loose)]
    answer = sum(values), max(values, default=0)
    if len(answers) > _LOOSE_KEPT:
        answers.clear()
    answers[left] = answer
    return answer


def loose_with(table: MeldTable, hand: int, card: int, alone: tuple[int, int]) -> tuple[int, int]:
    """:func:`loose_of` the hand ``hand`` with the card ``card`` (a bit not in it), where
    ``alone`` is ``loose_of(table, hand)``: a card that melds with nothing in the hand
    leaves the hand's best arrangement as it was, and only joins its loose cards."""
    if _meldable(table, hand | card) & card:
        return loose_of(table, hand | card)
    value = table.value_of[card]
    return alone[0] + value, max(alone[1], value)


_LOOSE_KEPT = 1 << 17
"""Answers loose_of keeps a table (13 MB when full, measured)."""
_LOOSE: dict[int, tuple[object, dict[Any, Any]]] = {}


def answers_for(store: dict[int, tuple[object, dict[Any, Any]]],
                owner: object) -> dict[Any, Any]:
    """The answers ``store`` remembers for ``owner`` (a meld table or a variant, told
    apart by identity: each is made once and kept), empty for one it has not seen; a few
    owners are kept at most."""
    kept = store.get(id(owner))
    if kept is None or kept[0] is not owner:
        if len(store) > 8:
            store.clear()
        kept = store[id(owner)] = (owner, {})
    return kept[1]


def _each_bit(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low)
        mask ^= low
    return out


def _chosen(table: MeldTable, melded: int) -> list[int]:
    """The melds (as bits) the best arrangement of the meldable cards ``melded`` lays."""
    f = (melded & -melded).bit_length() - 1
    shape = melded >> f
    if shape in table.single and (shape < 16 and shape.bit_length() + f % 4 <= 4
                                  or shape > 15 and (f > 3 or table.ace_low)):
        # Most hands with melds: the cards in melds make one meld (a set within its
        # rank's four bits, or a run up from its lowest card), so it is the answer.
        return [melded]
    memo = _search(table, melded)
    melds = []
    while melded:
        choice = memo[melded][1] or melded & -melded
        melded ^= choice
        if choice & choice - 1:
            melds.append(choice)
    return melds


class _Best(Protocol):
    def __call__(self, left: int, again: _Best, /) -> int: ...


def _search(table: MeldTable, cards: int) -> dict[int, tuple[int, int]]:
    """The memo of the search from ``cards``: cards left -> (most points melded, the meld
    the lowest card joins there, or 0 when it stays loose)."""
    value_of, chains, sets, run_min = table.value_of, table.chains, table.sets, table.run_min
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def best(left: int, again: _Best) -> int:
        """(``again`` is this function: a closure that captures itself is a reference
        cycle, which would keep the memo alive until the cyclic GC ran.)"""
        low = left & -left
        chains_here, sets_here = chains[low.bit_length() - 1], sets[low.bit_length() - 1]
        rest = left ^ low
        hit = memo.get(rest)
        score = hit[0] if hit is not None else again(rest, again)
        choice = 0
        for chain in chains_here:
            meld, gain, n = low, value_of[low], 1
            for bit in chain:
                if not left & bit:
                    break
                meld |= bit
                gain += value_of[bit]
                n += 1
                if n >= run_min:
                    hit = memo.get(left ^ meld)
                    sub = gain + (hit[0] if hit is not None else again(left ^ meld, again))
                    if sub > score:
                        score, choice = sub, meld
        for meld in sets_here:
            if left & meld == meld:
                hit = memo.get(left ^ meld)
                sub = (meld.bit_count() * value_of[low]
                       + (hit[0] if hit is not None else again(left ^ meld, again)))
                if sub > score:
                    score, choice = sub, meld
        memo[left] = (score, choice)
        return score

    best(cards, best)
    return memo
