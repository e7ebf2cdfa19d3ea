"""The groups a face of a declare-family hand can start, as *templates*.

A hand's natural cards are one packed integer with a field of a few bits per face of the
pack (so the two 6S of two packs are one field), and a group's cards are taken with one
subtraction. A face's templates are its groups with the hand's later cards, those cards
written as offsets from the face: they depend only on whether it is an ace, the later
cards of its suit and rank within reach (by distance), the wild cards a pure sequence
through it could use and the number of jokers, not on the rest of the hand, so
module-wide caches share them between hands and ranks.
This module holds their form and the rules they follow; :mod:`rummy.model.solver_groups`
builds them and :mod:`rummy.model.solver_search` searches with them.
"""

from __future__ import annotations

from typing import NamedTuple

from rummy.model.variant_type import Variant

from .cards import Rank, Suit
from .melds import rank_positions

# Group types, as transitions on the flags.
LOOSE, PURE_Q, PURE, IMPURE, SET_ROOM, SET_FULL, JOKERS = range(7)


def make_transitions(min_seq: int, exact: bool) -> tuple[tuple[int, ...], ...]:
    """Flag changes per group type. Counting needs only ``s`` and ``q``; the exact pass
    (is this a valid show?) also tracks ``p``, ``a`` and ``n``."""

    def enc(s: int, q: int, p: int, a: int, n: int) -> int:
        if not exact:
            return s | (q << 3)
        return s | (q << 3) | (p << 4) | (a << 5) | (n << 6)

    table: list[tuple[int, ...]] = []
    for kind in range(7):
        row = []
        for key in range(128):
            s, q, p, a, n = key & 7, (key >> 3) & 1, (key >> 4) & 1, (key >> 5) & 1, key >> 6
            if kind in (PURE_Q, PURE):
                s = min(s + 1, min_seq)
                a = a | p
                p = 1
                q = q | (kind == PURE_Q)
            elif kind in (IMPURE, JOKERS):
                s = min(s + 1, min_seq)
                a = 1
            row.append(enc(s, q, p, a, n))
        table.append(tuple(row))
    return tuple(table)


TRANSITIONS: dict[tuple[int, bool], tuple[tuple[int, ...], ...]] = {}


class Meld(NamedTuple):
    kind: int
    naturals: tuple[int, ...]   # faces (see face_index)
    wilds: tuple[int, ...]      # wild cards standing as themselves
    jokers: int                 # jokers standing in
    layout: tuple[int, ...]     # positions, for sequences (display order)

    @classmethod
    def placed(cls, group: Group, f: int) -> Meld:
        """A template's group (faces as offsets from its first face, places as distances
        from its rank) placed at face ``f``."""
        kind, offsets, wilds, jokers, layout = group
        rank = (f >> 2) + 1
        return cls(kind, tuple([f + o for o in offsets]), wilds, jokers,
                   tuple([rank + d for d in layout]))


# A group inside a template: the fields of Meld, faces as offsets and places as distances
# from the first face's rank, so that one template serves every rank (see
# solver_groups.templates). A plain tuple of ints and tuples, because the cyclic GC stops
# tracking exact tuples (not NamedTuples), and the module-wide cache below would otherwise
# make every full collection slower.
Group = tuple[int, tuple[int, ...], tuple[int, ...], int, tuple[int, ...]]


# A template option: (faces used, what it takes of the jokers, the group type, the points
# it covers by the rank of its first face less one, the group). "Faces used" is in the
# packed-count form; what it takes is the jokers standing in (a wild card standing as
# itself counts as one) above WILD_BITS bits of the wild cards standing as themselves, the
# form of the low bits of the search's keys, so that one subtraction takes both. With the
# points by rank, one template serves every rank but the ace's (see
# solver_groups.templates).
Template = tuple[int, int, int, tuple[int, ...], Group]
WILD_BITS = 12  # (at most 12 wild cards, of 3 packs, in a hand)
# A free wild card in a cache key: its place (0-14, distance from the place before the
# rank) and index, under a bit that says it is there.
WILD_PLACE = 9


def wild_place(place: int, index: int) -> int:
    return 256 | place << 4 | index


# The cards left are one packed integer with a field of FIELD bits per face of the pack,
# rank-major: face (rank - 1) * 4 + suit (spades 0 ... clubs 3). A field holds a count
# of 0-3 copies and a guard bit above it, so a group's cards are taken with one
# subtraction and a missing card shows as a borrowed guard bit.
FIELD = 3
FACES = 52
GUARD = sum(4 << (FIELD * f) for f in range(FACES))
SUIT_INDEX = {s: 4 - s.toss_order for s in Suit}
# The same by the member's id: a suit is hashed by Python code, an id by C, and the search
# looks up every card of every hand.
SUIT_AT = {id(s): i for s, i in SUIT_INDEX.items()}


def face_index(rank: int, suit: int) -> int:
    return (rank - 1) * 4 + suit


def rules_key(variant: Variant) -> tuple[object, ...]:
    """The variant's rules that shape groups, in plain ints and strings (so the template
    cache keyed on it stays out of the cyclic GC's way)."""
    rules = variant.declare
    return (rules.sequence_min_length, rules.pure_min_length, variant.set_min_size,
            rules.set_max_size, variant.ace.value, tuple(p for _, p in variant.card_points))


# Staying loose: not among a face's templates, which are its groups (see Search.options).
LOOSE_OPTION: Template = (1, 0, LOOSE, (0,) * 13, (LOOSE, (), (), 0, ()))
# A face's templates by one integer made from the hand without trimming it first (the
# suit's ranks from the face up, the later suits, the jokers, the free wild cards): a hit
# skips the trimming, which costs more than the lookup (see Search.options). The caches
# behind it are in solver_groups; all are emptied past OPTIONS_MAX entries.
UNTRIMMED: dict[int, tuple[Template, ...]] = {}
OPTIONS_MAX = 50_000
RULES_IDS: dict[tuple[object, ...], int] = {}


class Rules(NamedTuple):
    """What the search reads from a variant, worked out once per variant object."""

    id: int  # one per distinct set of rules: the template caches are keyed on it
    seq_min: int
    pml: int
    set_min: int
    set_max: int
    min_sequences: int
    cap: int  # the count's cap
    points: tuple[int, ...]                # by rank (index 1-13)
    positions: tuple[tuple[int, ...], ...]  # places in a sequence, by rank
    position_bits: tuple[int, ...]          # the same as bit masks
    # By rank, the other places within a sequence's length of its places (bit masks); and
    # by jokers held, then by rank, those within one place more than the jokers.
    within: tuple[int, ...]
    near: tuple[tuple[int, ...], ...]
    counting: tuple[tuple[int, ...], ...]  # flag transitions of the two passes
    exact: tuple[tuple[int, ...], ...]


RULES: dict[int, tuple[Variant, Rules]] = {}  # id(variant) -> (variant, its rules)


def rules_for(variant: Variant) -> Rules:
    hit = RULES.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    key = rules_key(variant)
    ms = variant.declare.min_sequences
    for exact in (False, True):
        if (ms, exact) not in TRANSITIONS:
            TRANSITIONS[ms, exact] = make_transitions(ms, exact)
    points = variant.rank_points
    rules = Rules(RULES_IDS.setdefault(key, len(RULES_IDS)),
                   variant.declare.sequence_min_length, variant.declare.pure_min_length,
                   variant.set_min_size, variant.declare.set_max_size, ms,
                   variant.declare.count_cap,
                   (0, *(points[r] for r in Rank)),
                   ((), *(rank_positions(variant, r) for r in Rank)),
                   (0, *(sum(1 << p for p in rank_positions(variant, r)) for r in Rank)),
                   _around(variant, variant.declare.sequence_min_length - 1),
                   tuple(_around(variant, jokers + 1) for jokers in range(14)),
                   TRANSITIONS[ms, False], TRANSITIONS[ms, True])
    if len(RULES) > 64:
        RULES.clear()
    RULES[id(variant)] = (variant, rules)
    return rules


def _around(variant: Variant, distance: int) -> tuple[int, ...]:
    """By rank, the places within ``distance`` of its own places but not those (bits)."""
    out = [0]
    for r in Rank:
        own = around = 0
        for p in rank_positions(variant, r):
            own |= 1 << p
            around |= ((1 << (2 * distance + 1)) - 1) << p >> distance
        out.append(around & ~own)
    return tuple(out)
