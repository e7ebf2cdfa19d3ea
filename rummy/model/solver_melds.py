"""The best arrangement of a hand in the table and contract families: fewest points left.

``points`` is the lowest value left in the hand after laying the best melds from the hand
alone (runs and sets under the table's rules); ``groups`` are those melds and ``valid``
says whether every card can be melded. With super_rummy's defaults on one deck this is gin
rummy's minimum deadwood.

How it works. A hand of distinct natural cards (one deck, no jokers: gin rummy's case) is
one integer with a bit per face, searched over a table of every meld the rules allow,
made once per variant (see ``_one_deck``). Any other hand, and a contract player's plan
with limits on its melds, goes through the general search: identical faces (several
packs) are interchangeable and printed jokers are interchangeable, so the search state
is the count left of each distinct face plus the jokers left, memoised. It takes the
first face left (rank, then suit): that card is deadwood, or it joins a set of its rank
or a run through its place, with any other cards and jokers that make the meld valid.
Leftover jokers join any meld already made (a set takes any number; a run while it has
room); with no meld they are deadwood.

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.variant import load_variant
>>> r = best_arrangement(load_variant("super_rummy"), parse_cards("AS 2S 3S 7H 7D 7C KD QD 9C 4H"))
>>> r.points, r.valid, [" ".join(map(str, g)) for g in r.groups]
(33, False, ['AS 2S 3S', '7H 7D 7C'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from functools import cache
from typing import NamedTuple

from .arrangement import Arrangement
from .cards import Card, Rank, Suit
from .melds import MAX_SEQUENCE_LENGTH, MeldRules, lay_run, lay_set
from .variant import Variant

__all__ = ["best_arrangement", "card_points"]

# A meld found by the search: its faces (one index per natural card), jokers used, and
# whether it can take more jokers afterwards, whether it is a run.
_Meld = tuple[tuple[int, ...], int, bool, bool]


def card_points(variant: Variant, card: Card) -> int:
    """What a card left in hand scores in these families (jokers: ``joker_points``)."""
    return variant.joker_points if card.rank is None else variant.points_of_rank(card.rank)


def best_arrangement(variant: Variant, cards: Iterable[Card],
                     limits: tuple[int, int] | None = None) -> Arrangement:
    """The melds that leave the fewest points in ``cards``; see the module docstring.

    ``limits`` = (sets, runs) allows at most that many melds of each kind (a contract
    player planning its lay-down); None allows any number."""
    hand = tuple(cards)
    if limits is None:
        hit = _TABLES.get(id(variant))
        table = hit[1] if hit is not None and hit[0] is variant else _table(variant)
        quick = _one_deck(table, hand) if table is not None else None
        if quick is not None:
            return quick
    rules = MeldRules.of(variant)
    naturals = sorted((c for c in hand if c.rank is not None),
                      key=lambda c: (int(c.rank or 0), c.sort_key()))
    jokers = [c for c in hand if c.rank is None]
    faces: list[str] = []
    pools: list[list[Card]] = []
    for card in naturals:
        if not faces or faces[-1] != card.face:
            faces.append(card.face)
            pools.append([])
        pools[-1].append(card)
    face_cards = [p[0] for p in pools]
    values = [card_points(variant, c) for c in face_cards]
    joker_value = variant.joker_points
    by_rank: dict[int, list[int]] = {}
    for i, c in enumerate(face_cards):
        by_rank.setdefault(int(c.rank or 0), []).append(i)
    max_size = rules.max_size or 10**6

    def melds_of(f: int, counts: tuple[int, ...], jokers_left: int) -> list[_Meld]:
        card = face_cards[f]
        assert card.rank is not None
        out: list[_Meld] = []
        # Sets: f plus any copies of faces of its rank, jokers to make up the minimum.
        same = [g for g in by_rank[int(card.rank)] if counts[g]]
        picks: list[tuple[int, ...]] = [(f,)]
        for g in same:
            room = counts[g] - (1 if g == f else 0)
            picks = [p + (g,) * k for p in picks for k in range(room + 1)]
        for pick in picks:
            need = max(0, rules.set_min - len(pick))
            if need <= jokers_left and len(pick) + need <= max_size:
                out.append((pick, need, rules.max_size is None, False))
        # Runs through f's place(s): every other place holds a natural or a joker.
        for p in rules.positions(card.rank):
            out.extend(runs_through(f, p, counts, jokers_left))
        return out

    def candidates(pos: int, counts: tuple[int, ...], suit: object) -> list[int]:
        rank = 1 if pos == 14 else pos
        return [g for g in by_rank.get(rank, ()) if counts[g]
                and (rules.mixed_suits or face_cards[g].suit == suit)]

    def runs_through(f: int, p: int, counts: tuple[int, ...], jokers_left: int) -> list[_Meld]:
        suit = face_cards[f].suit
        longest = min(max_size, MAX_SEQUENCE_LENGTH)
        # Each side as (length, faces, jokers), growing one place at a time.
        sides: list[list[tuple[int, tuple[int, ...], int]]] = []
        for step, limit in ((-1, rules.lowest), (1, rules.highest)):
            grown: list[tuple[int, tuple[int, ...], int]] = [(0, (), 0)]
            frontier: list[tuple[tuple[int, ...], int]] = [((), 0)]
            pos = p + step
            length = 1
            while frontier and (pos - limit) * step <= 0 and length < longest:
                nxt: list[tuple[tuple[int, ...], int]] = []
                options = candidates(pos, counts, suit)
                for used, jk in frontier:
                    nxt.extend((used + (g,), jk) for g in options)
                    if jk < jokers_left:
                        nxt.append((used, jk + 1))
                frontier = nxt
                length += 1
                grown.extend((length - 1, u, j) for u, j in frontier)
                pos += step
            sides.append(grown)
        out: list[_Meld] = []
        for n_down, down, j_down in sides[0]:
            for n_up, up, j_up in sides[1]:
                n = 1 + n_down + n_up
                jk = j_down + j_up
                if n < rules.run_min or n > longest or jk > jokers_left:
                    continue
                if (p == 14 and n_down == 13) or (p - n_down < 1 or p + n_up > 14):
                    continue
                if p - n_down == 1 and p + n_up == 14:
                    continue
                out.append(((f, *down, *up), jk, n < longest, True))
        return out

    @cache
    def solve(counts: tuple[int, ...], jokers_left: int, can_absorb: bool,
              budget: tuple[int, int]) -> tuple[int, int]:
        """(fewest points left, index of the choice in ``choices`` or -1 for the leaf)."""
        f = next((i for i, n in enumerate(counts) if n), -1)
        if f < 0:
            return (0 if can_absorb or not jokers_left else jokers_left * joker_value), -1
        rest = list(counts)
        rest[f] -= 1
        best = (values[f] + solve(tuple(rest), jokers_left, can_absorb, budget)[0], 0)
        for index, (used, jk, room, run) in enumerate(melds_of(f, counts, jokers_left), 1):
            if not budget[run]:
                continue
            left = list(counts)
            for g in used:
                left[g] -= 1
            score = solve(tuple(left), jokers_left - jk, can_absorb or room,
                          _spend(budget, run))[0]
            if score < best[0]:
                best = (score, index)
                if score == 0:
                    break
        return best

    start = tuple(len(p) for p in pools)
    budget = (_MANY, _MANY) if limits is None else limits
    points, _ = solve(start, len(jokers), False, budget)
    groups, loose = _rebuild(solve, melds_of, start, len(jokers), pools, jokers, rules, budget)
    return Arrangement(points, not loose, groups, loose, points)


def _rebuild(
    solve: Callable[[tuple[int, ...], int, bool, tuple[int, int]], tuple[int, int]],
    melds_of: Callable[[int, tuple[int, ...], int], list[_Meld]],
    counts: tuple[int, ...], jokers_left: int, face_pools: list[list[Card]],
    jokers: list[Card], rules: MeldRules, budget: tuple[int, int],
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Follow the memoised choices from the start and lay out the actual cards."""
    pools = [list(p) for p in face_pools]
    joker_pool = list(jokers)
    melds: list[list[Card]] = []
    loose: list[Card] = []
    absorb = False
    while True:
        _, choice = solve(counts, jokers_left, absorb, budget)
        f = next((i for i, n in enumerate(counts) if n), -1)
        if f < 0:
            break
        left = list(counts)
        if choice == 0:
            left[f] -= 1
            loose.append(pools[f].pop())
        else:
            used, jk, room, run = melds_of(f, counts, jokers_left)[choice - 1]
            budget = _spend(budget, run)
            meld = [pools[g].pop() for g in used] + [joker_pool.pop() for _ in range(jk)]
            for g in used:
                left[g] -= 1
            jokers_left -= jk
            absorb = absorb or room
            melds.append(meld)
        counts = tuple(left)
    for joker in joker_pool:
        home = next((m for m in melds if _takes(rules, m + [joker])), None)
        if home is None:
            loose.append(joker)
        else:
            home.append(joker)
    groups = []
    for meld in melds:
        laid = lay_run(rules, meld) or lay_set(rules, meld)
        groups.append(laid.cards if laid is not None else tuple(meld))
    return tuple(groups), tuple(loose)


_MANY = 99


def _spend(budget: tuple[int, int], run: bool) -> tuple[int, int]:
    return (budget[0], budget[1] - 1) if run else (budget[0] - 1, budget[1])


def _takes(rules: MeldRules, cards: list[Card]) -> bool:
    return lay_run(rules, cards) is not None or lay_set(rules, cards) is not None


# -- one deck, no jokers: every meld precomputed ------------------------------------------
# A hand of distinct natural cards is one integer with a bit per face of the pack,
# rank-major: bit (rank - 1) * 4 + suit. Every meld the rules allow is known in advance.
# Cards that are in no meld of the hand (found with a few shifts and masks over all
# ranks at once) are left out first; the search then takes the lowest card left and tries
# it loose, in each run that starts with it (growing a card at a time, stopping at the
# first card missing) and in each set it is the first card of, memoised on the cards left.

class _Table(NamedTuple):
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


_TABLES: dict[int, tuple[Variant, _Table | None]] = {}
_BITS: dict[int, int] = {}  # id(card) -> its bit (0 for a joker); see _bits
_KEPT: list[Card] = []  # the cards _BITS knows, held so that no other object takes their id
_SUIT_BIT = {Suit.SPADES: 0, Suit.HEARTS: 1, Suit.DIAMONDS: 2, Suit.CLUBS: 3}
_LOW_BITS = sum(1 << 4 * r for r in range(14))  # bit 0 of each rank's four bits
_FIFTY_TWO = (1 << 52) - 1


def _table(variant: Variant) -> _Table | None:
    """The variant's melds; None when its runs may mix suits (the general search's job)."""
    rules = MeldRules.of(variant)
    table = None if rules.mixed_suits else _make_table(variant, rules)
    if len(_TABLES) > 64:
        _TABLES.clear()
    _TABLES[id(variant)] = (variant, table)
    return table


def _make_table(variant: Variant, rules: MeldRules) -> _Table:
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
    return _Table(values, {1 << f: v for f, v in enumerate(values)}, tuple(chains),
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


def _meldable(table: _Table, hand: int) -> int:
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


def _one_deck(table: _Table, hand: tuple[Card, ...]) -> Arrangement | None:
    """The answer for a hand of distinct natural cards; None for any other hand."""
    bits = _bits(hand)
    left = sum(bits)
    if left.bit_count() != len(hand):
        return None  # a joker (bit 0) or two identical cards
    melded = _meldable(table, left)
    points = sum(map(table.value_of.__getitem__, bits))
    if not melded:  # most random hands: every card is left (in hand order, as declare's)
        return Arrangement(points, False, (), hand, points)
    f = (melded & -melded).bit_length() - 1
    shape = melded >> f
    if shape in table.single and (shape < 16 and shape.bit_length() + f % 4 <= 4
                                  or shape > 15 and (f > 3 or table.ace_low)):
        # Most hands with melds: the cards in melds make one meld (a set within its
        # rank's four bits, or a run up from its lowest card), so it is the answer.
        points -= sum(map(table.value_of.__getitem__, [b for b in bits if melded & b]))
        memo = {melded: (0, melded), 0: (0, 0)}
    else:
        memo = _search(table, melded)
        points -= memo[melded][0]
    by_bit = dict(zip(bits, hand, strict=True))
    groups: list[tuple[Card, ...]] = []
    loose = left ^ melded
    while melded:
        choice = memo[melded][1] or melded & -melded
        melded ^= choice
        if choice & choice - 1 == 0:
            loose |= choice
            continue
        meld = []
        while choice:  # rank, then suit
            low = choice & -choice
            meld.append(by_bit[low])
            choice ^= low
        if meld[0].rank == Rank.ACE and meld[-1].rank == Rank.KING:
            meld.append(meld.pop(0))  # an ace beside a king stands high
        groups.append(tuple(meld))
    ungrouped = tuple([c for b, c in zip(bits, hand, strict=True) if loose & b])
    return Arrangement(points, not ungrouped, tuple(groups), ungrouped, points)


def _search(table: _Table, cards: int) -> dict[int, tuple[int, int]]:
    """The memo of the search from ``cards``: cards left -> (most points melded, the meld
    the lowest card joins there, or 0 when it stays loose)."""
    value_of, chains, sets, run_min = table.value_of, table.chains, table.sets, table.run_min
    memo: dict[int, tuple[int, int]] = {0: (0, 0)}

    def best(left: int) -> int:
        low = left & -left
        chains_here, sets_here = chains[low.bit_length() - 1], sets[low.bit_length() - 1]
        rest = left ^ low
        hit = memo.get(rest)
        score = hit[0] if hit is not None else best(rest)
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
                    sub = gain + (hit[0] if hit is not None else best(left ^ meld))
                    if sub > score:
                        score, choice = sub, meld
        for meld in sets_here:
            if left & meld == meld:
                hit = memo.get(left ^ meld)
                sub = (meld.bit_count() * value_of[low]
                       + (hit[0] if hit is not None else best(left ^ meld)))
                if sub > score:
                    score, choice = sub, meld
        memo[left] = (score, choice)
        return score

    best(cards)
    return memo
