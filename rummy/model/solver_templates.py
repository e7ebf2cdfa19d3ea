"""The groups a face of a declare-family hand can start, as *templates*.

A hand's natural cards are one packed integer with a field of a few bits per face of the
pack (so the two 6S of two packs are one field), and a group's cards are taken with one
subtraction. A face's templates are its groups with the hand's later cards, those cards
written as offsets from the face: they depend only on its rank, the later cards of its suit
and rank within reach, the wild cards a pure sequence through it could use and the number
of jokers, not on the rest of the hand, so module-wide caches share them between hands.
The search that uses them is :mod:`rummy.model.solver_search`.
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import Rank, Suit
from .melds import MAX_SEQUENCE_LENGTH, rank_positions
from .variant import Variant

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
    points: int
    layout: tuple[int, ...]     # positions, for sequences (display order)

    @classmethod
    def placed(cls, group: Group, f: int) -> Meld:
        """A template's group (faces as offsets from its first face) placed at face ``f``."""
        kind, offsets, wilds, jokers, points, layout = group
        return cls(kind, tuple(f + o for o in offsets), wilds, jokers, points, layout)


# A group inside a template: the fields of Meld, faces as offsets. A plain tuple of ints
# and tuples, because the cyclic GC stops tracking exact tuples (not NamedTuples), and the
# module-wide cache below would otherwise make every full collection slower.
Group = tuple[int, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]


# A template option: (faces used, jokers standing in, wild cards standing as themselves,
# the group type, points covered, the group). "Faces used" is in the packed-count form.
Template = tuple[int, int, int, int, int, Group]

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


LOOSE_OPTION: Template = (1, 0, 0, LOOSE, 0, (LOOSE, (), (), 0, 0, ()))
# Module-wide caches of a face's templates, and of its sets and sequences apart (see
# Search.options).
OPTIONS: dict[tuple[object, ...], tuple[Template, ...]] = {}
SETS: dict[tuple[object, ...], tuple[Template, ...]] = {}
RUNS: dict[tuple[object, ...], tuple[Template, ...]] = {}
# The same templates by one integer made from the hand without trimming it first (the
# suit's ranks from the face up, the later suits, the jokers, the free wild cards): a hit
# skips the trimming, which costs more than the lookup (see Search.options).
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
    points: tuple[int, ...]                # by rank (index 1-13)
    positions: tuple[tuple[int, ...], ...]  # places in a sequence, by rank
    position_bits: tuple[int, ...]          # the same as bit masks
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
                   variant.set_min_size, variant.declare.set_max_size,
                   (0, *(points[r] for r in Rank)),
                   ((), *(rank_positions(variant, r) for r in Rank)),
                   (0, *(sum(1 << p for p in rank_positions(variant, r)) for r in Rank)),
                   TRANSITIONS[ms, False], TRANSITIONS[ms, True])
    if len(RULES) > 64:
        RULES.clear()
    RULES[id(variant)] = (variant, rules)
    return rules


def reachable(ranks: int, starts: tuple[int, ...], jokers: int) -> int:
    """The later ranks (bits 2-13 of ``ranks``) a sequence starting at ``starts`` could
    reach: going away from the start, a rank past more than ``jokers`` missing places
    can be in no sequence with it. Templates depend on these ranks only, so the cache
    hits more often."""
    out = 0
    for start in starts:
        if start != 14:
            above = ranks >> (start + 1) << (start + 1) & 0x3FFC
            missing = ~above & (0x3FFC >> (start + 1) << (start + 1))
            for _ in range(jokers):
                missing &= missing - 1  # the jokers fill the nearest gaps
            out |= above & ((missing & -missing) - 1) if missing else above
        else:  # an ace high: the ranks below it, going down from the king
            gaps = 0
            for r in range(13, 1, -1):
                if ranks >> r & 1:
                    out |= 1 << r
                else:
                    gaps += 1
                    if gaps > jokers:
                        break
    return out


def pure_wilds(spots: list[tuple[int, int]], wmask: int, ranks: int,
                starts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """The free wild cards of a suit (``spots``: position, wild index) that a pure sequence
    from ``starts`` could use as themselves: on the unbroken run of natural cards (bits of
    ``ranks``) and such wild cards next to the start, or just before it. Only these shape
    the templates, so the cache keys leave the others out."""
    free = [(p, wi) for p, wi in spots if wmask >> wi & 1]
    if not free:
        return ()
    at = 0
    for p, _ in free:
        at |= 1 << p
    keep = 0
    for start in starts:
        step = 1 if start != 14 else -1
        keep |= at & 1 << (start - step) if start - step >= 0 else 0
        pos = start + step
        while 1 <= pos <= 14 and (pos != 14 and ranks >> pos & 1 or at >> pos & 1):
            keep |= at & 1 << pos
            pos += step
    return tuple((p, wi) for p, wi in free if keep >> p & 1)


def by_jokers(template: Template) -> int:
    return template[1]


def templates(rules: Rules, rank: int, later_ranks: int, later_suits: int,
              wild_here: tuple[tuple[int, int], ...], jokers: int) -> tuple[Template, ...]:
    """Every way a face of ``rank`` can be used when it is the first face left: loose
    first, then its groups with the later cards named (``later_ranks`` of its suit,
    ``later_suits`` of its rank, the free ``wild_here`` of its suit), sorted by jokers
    taken. Faces are offsets from the face. Cached module-wide."""
    key = (rules.id, rank, later_ranks, later_suits, wild_here, jokers)
    found = OPTIONS.get(key)
    if found is None:
        if len(OPTIONS) > OPTIONS_MAX:
            OPTIONS.clear()
            SETS.clear()
            RUNS.clear()
        maker = _Maker(rules, jokers)
        # Sets and sequences apart first: each recurs more often than the two together.
        set_key = (rules.id, rank, later_suits, min(jokers, rules.set_max))
        sets = SETS.get(set_key)
        if sets is None:
            sets = SETS[set_key] = maker.sets(rank, later_suits)
        run_key = (rules.id, rank, later_ranks, wild_here, jokers)
        runs = RUNS.get(run_key)
        if runs is None:
            groups: list[Template] = []
            by_pos = {r: (r - rank) * 4 for r in range(rank + 1, 14)
                      if later_ranks >> r & 1}
            for start in rules.positions[rank]:
                maker.pure(rank, start, by_pos, dict(wild_here), groups)
                if jokers:
                    maker.impure(rank, start, by_pos, groups)
            runs = RUNS[run_key] = tuple(groups)
        # By jokers taken (callers stop early), sets first among equals.
        found = OPTIONS[key] = (LOOSE_OPTION, *sorted(sets + runs, key=by_jokers))
    return found


class _Maker:
    """Builds the templates of one rank for a number of jokers (see :func:`templates`)."""

    def __init__(self, rules: Rules, jokers: int) -> None:
        self.rules, self.jokers = rules, jokers
        self.seq_min, self.pml = rules.seq_min, rules.pml

    def group(self, rank: int, kind: int, faces: tuple[int, ...], wilds: tuple[int, ...],
               need: int, layout: tuple[int, ...]) -> Template:
        """A template: ``faces`` are offsets from a face of ``rank``."""
        used = gain = 0
        pts = self.rules.points
        for o in faces:
            used |= 1 << FIELD * o
            gain += pts[rank + (o >> 2)]
        wused = 0
        for wi in wilds:
            wused |= 1 << wi
        # A wild card standing as itself is one fewer joker to go round.
        taken = need + len(wilds)
        return (used, taken, wused, kind, gain, (kind, faces, wilds, need, gain, layout))

    def sets(self, rank: int, later_suits: int) -> tuple[Template, ...]:
        rules = self.rules
        opts: list[Template] = []
        members = [b + 1 for b in range(3) if later_suits >> b & 1]
        for bits in range(1, 1 << len(members)):
            chosen = tuple(members[b] for b in range(len(members)) if bits >> b & 1)
            n = 1 + len(chosen)
            # Every number of jokers a set can hold: a set takes the jokers left over only
            # as many as it has room for, so the search places them (the flag ``a`` is
            # for groups that take any number: sequences).
            for need in range(max(rules.set_min - n, 0), rules.set_max - n + 1):
                if need > self.jokers:
                    break
                kind = SET_ROOM if n + need < rules.set_max else SET_FULL
                opts.append(self.group(rank, kind, (0, *chosen), (), need, ()))
        return tuple(opts)

    def pure(self, rank: int, start: int, by_pos: dict[int, int], wild_here: dict[int, int],
              opts: list[Template]) -> None:
        step = 1 if start != 14 else -1
        # Wild cards standing as themselves may also sit on the far side of the start.
        lows = [start]
        if start - step in wild_here:
            lows.append(start - step)
        for low in lows:
            used_w: list[int] = [] if low == start else [wild_here[low]]
            faces: list[int] = [0]
            layout = [low, start] if low != start else [start]
            pos = start
            while len(layout) < MAX_SEQUENCE_LENGTH:
                pos += step
                if not 1 <= pos <= 14 or (pos == 14 and 1 in layout) or (
                        pos == 1 and 14 in layout):
                    break
                if pos in by_pos and pos != 14:
                    faces.append(by_pos[pos])
                elif pos in wild_here and wild_here[pos] not in used_w:
                    used_w.append(wild_here[pos])
                else:
                    break
                layout.append(pos)
                if len(layout) >= self.seq_min and len(used_w) <= self.jokers:
                    kind = PURE_Q if len(layout) >= self.pml else PURE
                    opts.append(self.group(rank, kind, tuple(faces), tuple(used_w), 0,
                                            tuple(sorted(layout))))

    def impure(self, rank: int, start: int, by_pos: dict[int, int],
                opts: list[Template]) -> None:
        seq_min, jokers = self.seq_min, self.jokers
        if start == 14:
            cands = sorted((14 - p, g) for p, g in by_pos.items())
        else:
            cands = sorted((p - start, g) for p, g in by_pos.items() if p > start)
        # cands: (distance from the start, face), nearest first.

        def walk(idx: int, last: int, chosen: tuple[int, ...], dists: tuple[int, ...]) -> None:
            n = 1 + len(chosen)
            span = last + 1
            length = max(seq_min, span)
            need = length - n
            if 1 <= need <= jokers and length <= MAX_SEQUENCE_LENGTH and (
                    chosen or start != 14):
                if start == 14:
                    layout = tuple(sorted(14 - d for d in (0, *dists)))
                else:
                    layout = tuple(start + d for d in (0, *dists))
                opts.append(self.group(rank, IMPURE, (0, *chosen), (), need, layout))
            for j in range(idx, len(cands)):
                dist, g = cands[j]
                if dist - last - 1 + (span - n) > jokers or dist + 1 > MAX_SEQUENCE_LENGTH:
                    break
                walk(j + 1, dist, (*chosen, g), (*dists, dist))

        walk(0, 0, (), ())
