"""The best arrangement of a hand in the declare family: the lowest count a loser can score.

How it works. Jokers (printed, and wild-rank cards not standing as themselves) are
interchangeable and score 0, so the search tracks only how many are left. It walks the
natural cards in a fixed order (rank, then suit) and decides for the first card left: it
stays loose, or it starts a set or a sequence with later cards and jokers. The cards left
are one packed integer with a field of a few bits per face of the pack (so the two 6S of
two packs are one field), and a group's cards are taken with one subtraction.

Each card's possible groups are *templates*, their cards as offsets from the card. They
depend only on its rank, the hand's later cards of its suit and rank within reach, the
wild cards a pure sequence through it could use and the number of jokers, not on the rest
of the hand, so a module-wide cache shares them between hands. Faces that no group can
use are left out of the count. Results are memoised on (cards left, jokers left, wild
cards still free to stand as themselves) and are small tables from *flags* to the most
points covered:

- ``s``: sequences made so far (capped at ``min_sequences``);
- ``q``: a pure sequence of at least ``pure_min_length`` exists;
- ``p``: some pure sequence exists (a second one can absorb a joker and stay a sequence);
- ``a``: some group can absorb any number of leftover jokers (an impure sequence, a
  second pure sequence, a group of jokers; a set takes only the jokers it has room for,
  so its templates hold every number of jokers that fits and none are left to it);
- ``n``: jokers are left over and must be absorbed for the show to be valid.

Two passes. When every card has some group to join, an *exact* pass (no loose cards)
looks depth first for a valid show and stops at the first. Otherwise, or when it finds
none, the *count* pass (cards may stay loose; flags ``s`` and ``q`` only) finds the
lowest count; the three scoring cases of `docs/rules.md` (Scoring) are read off its table.

>>> from rummy.model.cards import parse_card, parse_cards
>>> from rummy.model.variant import load_variant
>>> v = load_variant("indian_13")
>>> r = best_arrangement(v, parse_cards("KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3S"),
...                      cut=parse_card("9S"))
>>> r.points, r.valid
(21, False)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import NamedTuple

from .arrangement import Arrangement
from .cards import Card, Rank, Suit
from .melds import MAX_SEQUENCE_LENGTH, rank_positions, wild_rank_for
from .solver_melds import best_arrangement as best_meld_arrangement
from .variant import Variant

__all__ = ["Arrangement", "best_arrangement", "wild_rank_for", "best_discards"]


# Group types, as transitions on the flags.
_LOOSE, _PURE_Q, _PURE, _IMPURE, _SET_ROOM, _SET_FULL, _JOKERS = range(7)


def _make_transitions(min_seq: int, exact: bool) -> tuple[tuple[int, ...], ...]:
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
            if kind in (_PURE_Q, _PURE):
                s = min(s + 1, min_seq)
                a = a | p
                p = 1
                q = q | (kind == _PURE_Q)
            elif kind in (_IMPURE, _JOKERS):
                s = min(s + 1, min_seq)
                a = 1
            row.append(enc(s, q, p, a, n))
        table.append(tuple(row))
    return tuple(table)


_TRANSITIONS: dict[tuple[int, bool], tuple[tuple[int, ...], ...]] = {}


class _Meld(NamedTuple):
    kind: int
    naturals: tuple[int, ...]   # faces (see _face_index)
    wilds: tuple[int, ...]      # wild cards standing as themselves
    jokers: int                 # jokers standing in
    points: int
    layout: tuple[int, ...]     # positions, for sequences (display order)

    @classmethod
    def placed(cls, group: _Group, f: int) -> _Meld:
        """A template's group (faces as offsets from its first face) placed at face ``f``."""
        kind, offsets, wilds, jokers, points, layout = group
        return cls(kind, tuple(f + o for o in offsets), wilds, jokers, points, layout)


# A group inside a template: the fields of _Meld, faces as offsets. A plain tuple of ints
# and tuples, because the cyclic GC stops tracking exact tuples (not NamedTuples), and the
# module-wide cache below would otherwise make every full collection slower.
_Group = tuple[int, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]


# A template option: (faces used, jokers standing in, wild cards standing as themselves,
# the group type, points covered, the group). "Faces used" is in the packed-count form.
_Template = tuple[int, int, int, int, int, _Group]

# The cards left are one packed integer with a field of _FIELD bits per face of the pack,
# rank-major: face (rank - 1) * 4 + suit (spades 0 ... clubs 3). A field holds a count
# of 0-3 copies and a guard bit above it, so a group's cards are taken with one
# subtraction and a missing card shows as a borrowed guard bit.
_FIELD = 3
_FACES = 52
_GUARD = sum(4 << (_FIELD * f) for f in range(_FACES))
_SUIT_INDEX = {s: 4 - s.toss_order for s in Suit}
# The same by the member's id: a suit is hashed by Python code, an id by C, and the search
# looks up every card of every hand.
_SUIT_AT = {id(s): i for s, i in _SUIT_INDEX.items()}


def _face_index(rank: int, suit: int) -> int:
    return (rank - 1) * 4 + suit


def _rules_key(variant: Variant) -> tuple[object, ...]:
    """The variant's rules that shape groups, in plain ints and strings (so the template
    cache keyed on it stays out of the cyclic GC's way)."""
    return (variant.sequence_min_length, variant.pure_min_length, variant.set_min_size,
            variant.set_max_size, variant.ace.value, tuple(p for _, p in variant.card_points))


_LOOSE_OPTION: _Template = (1, 0, 0, _LOOSE, 0, (_LOOSE, (), (), 0, 0, ()))
# Module-wide caches of a face's templates, and of its sets and sequences apart (see
# _Search.options).
_OPTIONS: dict[tuple[object, ...], tuple[_Template, ...]] = {}
_SETS: dict[tuple[object, ...], tuple[_Template, ...]] = {}
_RUNS: dict[tuple[object, ...], tuple[_Template, ...]] = {}
_OPTIONS_MAX = 50_000
_RAW: dict[int, tuple[_Template, ...]] = {}  # the same templates by the hand's own cards
_RULES_IDS: dict[tuple[object, ...], int] = {}


class _Rules(NamedTuple):
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


_RULES: dict[int, tuple[Variant, _Rules]] = {}  # id(variant) -> (variant, its rules)


def _rules_for(variant: Variant) -> _Rules:
    hit = _RULES.get(id(variant))
    if hit is not None and hit[0] is variant:
        return hit[1]
    key = _rules_key(variant)
    ms = variant.min_sequences
    for exact in (False, True):
        if (ms, exact) not in _TRANSITIONS:
            _TRANSITIONS[ms, exact] = _make_transitions(ms, exact)
    points = variant.rank_points
    rules = _Rules(_RULES_IDS.setdefault(key, len(_RULES_IDS)),
                   variant.sequence_min_length, variant.pure_min_length,
                   variant.set_min_size, variant.set_max_size,
                   (0, *(points[r] for r in Rank)),
                   ((), *(rank_positions(variant, r) for r in Rank)),
                   (0, *(sum(1 << p for p in rank_positions(variant, r)) for r in Rank)),
                   _TRANSITIONS[ms, False], _TRANSITIONS[ms, True])
    if len(_RULES) > 64:
        _RULES.clear()
    _RULES[id(variant)] = (variant, rules)
    return rules


def _reachable(ranks: int, starts: tuple[int, ...], jokers: int) -> int:
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


def _pure_wilds(spots: list[tuple[int, int]], wmask: int, ranks: int,
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


def _by_jokers(template: _Template) -> int:
    return template[1]


class _Search:
    """One hand's search over the packed counts of its natural cards (see ``_FIELD``):
    identical cards from different packs share a field."""

    def __init__(self, variant: Variant, cards: tuple[Card, ...], wild_rank: Rank | None):
        rules = self.rules = _rules_for(variant)
        self.v = variant
        self.seq_min, self.pml = rules.seq_min, rules.pml
        self.tr = self.counting_tr = rules.counting
        self.exact_tr = rules.exact
        printed: list[Card] = []
        wild: list[Card] = []
        keyed: list[tuple[int, Card]] = []
        suit_at = _SUIT_AT
        for c in cards:
            r = c.rank
            if r is None:
                printed.append(c)
            elif r == wild_rank:
                wild.append(c)
            else:
                keyed.append(((((r - 1) << 2 | suit_at[id(c.suit)]) << 4) + c.copy, c))
        # Natural cards by rank first, identical faces together (one field each). Sequences
        # then start at their lowest card and sets at their first suit, and the memo sees
        # about 20% fewer states than with suits first.
        keyed.sort()
        self.printed, self.wild = printed, wild
        copies: dict[int, list[Card]] = {}  # face -> its cards in the hand
        ids: list[int] = []                 # the faces present, in order
        # Ranks held per suit and suits held per rank (bit masks), for the templates;
        # positions held per suit, natural or a wild card able to stand as itself, for the
        # quick tests before the search.
        suit_ranks = [0, 0, 0, 0]
        rank_suits = [0] * 14
        held = [0, 0, 0, 0]
        rank_pts, rank_pos, rank_bits = rules.points, rules.positions, rules.position_bits
        total = start = 0
        for key, c in keyed:
            face = key >> 4
            group = copies.get(face)
            if group is None:
                copies[face] = [c]
                ids.append(face)
                rank, suit = (face >> 2) + 1, face & 3
                suit_ranks[suit] |= 1 << rank
                rank_suits[rank] |= 1 << suit
                held[suit] |= rank_bits[rank]
            else:
                group.append(c)
            total += rank_pts[(face >> 2) + 1]
            start += 1 << (_FIELD * face)
        self.copies, self.ids = copies, ids
        self.suit_ranks, self.rank_suits = suit_ranks, rank_suits
        self.total, self.start = total, start
        self.jokers = len(printed) + len(wild)
        self.all_wild = (1 << len(wild)) - 1
        self.count_start = start  # what the counting table starts from (see solve)
        # Wild cards able to stand as themselves: suit -> [(position, wild index)].
        self.wild_at: dict[int, list[tuple[int, int]]] = {}
        for wi, c in enumerate(wild):
            assert c.rank is not None and c.suit is not None
            suit = suit_at[id(c.suit)]
            for pos in rank_pos[c.rank]:
                self.wild_at.setdefault(suit, []).append((pos, wi))
            held[suit] |= rank_bits[c.rank]
        self.held = held
        self.templates: dict[int, tuple[_Template, ...]] = {}  # (f << 16 | wild mask) ->
        self.memo: dict[int, dict[int, int]] = {}
        self.joker_group = False

    def use_pass(self, exact: bool) -> None:
        """Counting (cards may stay loose; flags ``s`` and ``q``) or the exact pass (every
        card grouped; every flag). The group templates serve both."""
        self.tr = self.exact_tr if exact else self.counting_tr
        self.memo = {}

    # -- the ways the first face left can be used ---------------------------------------
    def options(self, f: int, wmask: int) -> tuple[_Template, ...]:
        """Every way face ``f`` can be used when it is the first face left: loose first (the
        exact pass skips it), then its groups with later faces of the hand (assumed still
        there), sorted by jokers taken. Faces are offsets from ``f`` (a later rank of the
        suit is 4 fields on per rank, a later suit of the rank 1 per suit), and callers
        shift the cards left down by ``f``'s field.

        So they depend only on the rank, the later ranks of its suit and later suits of
        its rank in the hand (relative), the wild cards free in its suit and the jokers,
        not on the suit, and recur from hand to hand: a module-wide cache keeps them."""
        found = self.templates.get(f << 16 | wmask)
        if found is not None:
            return found
        rank, suit = (f >> 2) + 1, f & 3
        spots = self.wild_at.get(suit)
        # The cards of the hand that can share a group with the face name its templates:
        # one int, looked up before working out the narrower key below.
        ranks = self.suit_ranks[suit]
        raw = ((((self.rules.id << 4 | rank) << 15 | (ranks if rank == 1 else
               ranks >> rank + 1)) << 3 | self.rank_suits[rank] >> suit + 1) << 5
               | self.jokers)
        free = 0
        if spots:  # the wild cards of the suit still free to stand as themselves
            for pos, wi in spots:
                if wmask >> wi & 1:
                    raw = (raw << 4 | pos) << 5 | wi
                    free += 1
        raw = raw << 4 | free  # how many (position, wild card) fields precede: no two
        #                        different hands' keys can read as the same int
        found = _RAW.get(raw)
        if found is not None:
            self.templates[f << 16 | wmask] = found
            return found
        wild_here = _pure_wilds(spots, wmask, self.suit_ranks[suit],
                                self.rules.positions[rank]) if spots else ()
        later_ranks = _reachable(self.suit_ranks[suit], self.rules.positions[rank],
                                 self.jokers)
        later_suits = self.rank_suits[rank] >> (suit + 1)  # bit 0: the next suit
        key = (self.rules.id, rank, later_ranks, later_suits, wild_here, self.jokers)
        found = _OPTIONS.get(key)
        if found is None:
            if len(_OPTIONS) > _OPTIONS_MAX:
                _OPTIONS.clear()
                _SETS.clear()
                _RUNS.clear()
                _RAW.clear()
            # Sets and sequences apart first: each recurs more often than the two together.
            set_key = (self.rules.id, rank, later_suits, min(self.jokers, self.rules.set_max))
            sets = _SETS.get(set_key)
            if sets is None:
                sets = _SETS[set_key] = self._sets(rank, later_suits)
            run_key = (self.rules.id, rank, later_ranks, wild_here, self.jokers)
            runs = _RUNS.get(run_key)
            if runs is None:
                groups: list[_Template] = []
                by_pos = {r: (r - rank) * 4 for r in range(rank + 1, 14)
                          if later_ranks >> r & 1}
                for start in self.rules.positions[rank]:
                    self._pure(rank, start, by_pos, dict(wild_here), groups)
                    if self.jokers:
                        self._impure(rank, start, by_pos, groups)
                runs = _RUNS[run_key] = tuple(groups)
            # By jokers taken (callers stop early), sets first among equals.
            found = _OPTIONS[key] = (_LOOSE_OPTION, *sorted(sets + runs, key=_by_jokers))
        self.templates[f << 16 | wmask] = found
        if len(_RAW) > 4 * _OPTIONS_MAX:
            _RAW.clear()
        _RAW[raw] = found
        return found

    def _group(self, rank: int, kind: int, faces: tuple[int, ...], wilds: tuple[int, ...],
               need: int, layout: tuple[int, ...]) -> _Template:
        """A template: ``faces`` are offsets from a face of ``rank``."""
        used = gain = 0
        pts = self.rules.points
        for o in faces:
            used |= 1 << _FIELD * o
            gain += pts[rank + (o >> 2)]
        wused = 0
        for wi in wilds:
            wused |= 1 << wi
        # A wild card standing as itself is one fewer joker to go round.
        taken = need + len(wilds)
        return (used, taken, wused, kind, gain, (kind, faces, wilds, need, gain, layout))

    def _sets(self, rank: int, later_suits: int) -> tuple[_Template, ...]:
        rules = self.rules
        opts: list[_Template] = []
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
                kind = _SET_ROOM if n + need < rules.set_max else _SET_FULL
                opts.append(self._group(rank, kind, (0, *chosen), (), need, ()))
        return tuple(opts)

    def _pure(self, rank: int, start: int, by_pos: dict[int, int], wild_here: dict[int, int],
              opts: list[_Template]) -> None:
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
                    kind = _PURE_Q if len(layout) >= self.pml else _PURE
                    opts.append(self._group(rank, kind, tuple(faces), tuple(used_w), 0,
                                            tuple(sorted(layout))))

    def _impure(self, rank: int, start: int, by_pos: dict[int, int],
                opts: list[_Template]) -> None:
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
                opts.append(self._group(rank, _IMPURE, (0, *chosen), (), need, layout))
            for j in range(idx, len(cands)):
                dist, g = cands[j]
                if dist - last - 1 + (span - n) > jokers or dist + 1 > MAX_SEQUENCE_LENGTH:
                    break
                walk(j + 1, dist, (*chosen, g), (*dists, dist))

        walk(0, 0, (), ())

    # -- the memoised table (counting) ---------------------------------------------------
    def table(self, state: int, jokers: int, wmask: int) -> dict[int, int]:
        """Flags -> the most points covered, for the cards left ``state`` with ``jokers``
        and the wild cards ``wmask`` still free (counting: loose cards allowed)."""
        key = state << 20 | jokers << 12 | wmask
        hit = self.memo.get(key)
        return hit if hit is not None else self._counter()(state, jokers, wmask, key)

    def _counter(self) -> Callable[[int, int, int, int], dict[int, int]]:
        """The counting recursion, as a closure over its constants (the hottest loop)."""
        memo, templates, options = self.memo, self.templates, self.options
        tr, seq_min = self.tr, self.seq_min
        joker_key = tr[_JOKERS][0]
        guard = _GUARD

        def table(state: int, jokers: int, wmask: int, key: int) -> dict[int, int]:
            if state == 0:
                out = {0: 0}
                if jokers >= seq_min:
                    out[joker_key] = 0
                memo[key] = out
                return out
            f = ((state & -state).bit_length() - 1) // _FIELD
            shift = _FIELD * f
            rel = state >> shift  # face f's field is now the lowest
            with_guard = rel | guard
            opts = templates.get(f << 16 | wmask) or options(f, wmask)
            # Loose first: it takes nothing but the card and changes no flag.
            sub_state = state - (1 << shift)
            sub_key = sub_state << 20 | jokers << 12 | wmask
            sub = memo.get(sub_key)
            if sub is None:
                sub = table(sub_state, jokers, wmask, sub_key)
            out = dict(sub)
            for used, need, wused, kind, gain, _meld in opts[1:]:
                if need > jokers:
                    break  # templates are sorted by jokers taken
                if (with_guard - used) & guard != guard:
                    continue
                sub_state = (rel - used) << shift
                sub_jokers, sub_wild = jokers - need, wmask & ~wused
                sub_key = sub_state << 20 | sub_jokers << 12 | sub_wild
                sub = memo.get(sub_key)
                if sub is None:
                    sub = table(sub_state, sub_jokers, sub_wild, sub_key)
                row = tr[kind]
                for k, cov in sub.items():
                    nk = row[k]
                    cov += gain
                    if out.get(nk, -1) < cov:
                        out[nk] = cov
            memo[key] = out
            return out

        return table

    def find_show(self) -> tuple[list[_Meld], bool] | None:
        """A valid show, if the cards make one: depth first, stopping at the first found.

        Needs ``use_pass(exact=True)``. Failed (cards, jokers, wild cards, flags) states
        are remembered, so a hand with no show costs no more than the full table would.
        """
        ms, seq_min = self.v.min_sequences, self.seq_min
        tr, failed, templates = self.tr, set(), self.templates
        joker_row = tr[_JOKERS]

        def leaf(jokers: int, flags: int) -> bool | None:
            """None: no show; False: a show with the jokers absorbed; True: with the
            jokers left over as a group of their own."""
            s, q, _p, a, _n = _decode(flags)
            if q and s >= ms and (jokers == 0 or a):
                return False
            if q and jokers >= seq_min and (joker_row[flags] & 7) >= ms:
                return True
            return None

        def find(state: int, jokers: int, wmask: int, flags: int) -> list[_Meld] | None:
            if state == 0:
                ending = leaf(jokers, flags)
                if ending is None:
                    return None
                self.joker_group = ending
                return []
            key = (state << 20 | jokers << 12 | wmask) << 7 | flags
            if key in failed:
                return None
            f = ((state & -state).bit_length() - 1) // _FIELD
            shift = _FIELD * f
            rel = state >> shift
            with_guard = rel | _GUARD
            opts = templates.get(f << 16 | wmask) or self.options(f, wmask)
            for n in range(1, len(opts)):
                used, need, wused, kind, _gain, meld = opts[n]
                if need > jokers:
                    break
                if (with_guard - used) & _GUARD != _GUARD:
                    continue
                found = find((rel - used) << shift, jokers - need, wmask & ~wused,
                             tr[kind][flags])
                if found is not None:
                    found.append(_Meld.placed(meld, f))
                    return found
            failed.add(key)
            return None

        self.joker_group = False
        melds = find(self.start, self.jokers, self.all_wild, 0)
        return None if melds is None else (melds[::-1], self.joker_group)

    def solve(self) -> dict[int, int]:
        """The counting table for the whole hand (needs ``use_pass(exact=False)``).

        Faces that no group can use stay loose whatever else happens, so the table
        leaves them out (each would otherwise double the states that pass it)."""
        linked = 0
        for f in self.ids:
            for option in self.options(f, self.all_wild)[1:]:
                linked |= option[0] << _FIELD * f
        self.count_start = self.start & linked * 7  # a face's whole field where linked
        return self.table(self.count_start, self.jokers, self.all_wild)

    def rebuild(self, key: int, value: int) -> tuple[list[_Meld], bool]:
        """The groups behind an entry of the full table, and whether the jokers left over
        form a group of their own."""
        state, jokers, wmask = self.count_start, self.jokers, self.all_wild
        melds: list[_Meld] = []
        while state:
            f = ((state & -state).bit_length() - 1) // _FIELD
            shift = _FIELD * f
            rel = state >> shift
            opts = self.options(f, wmask)
            for used, need, wused, kind, gain, meld in opts:
                if need > jokers or ((rel | _GUARD) - used) & _GUARD != _GUARD:
                    continue  # (rebuilding is rare: no need to stop early here)
                sub = ((rel - used) << shift, jokers - need, wmask & ~wused)
                row = self.tr[kind]
                found = next((k for k, cov in self.table(*sub).items()
                              if row[k] == key and cov + gain == value), None)
                if found is not None:
                    if kind != _LOOSE:
                        melds.append(_Meld.placed(meld, f))
                    state, jokers, wmask = sub
                    key, value = found, value - gain
                    break
            else:  # pragma: no cover - the table came from these options
                raise AssertionError("arrangement could not be rebuilt")
        return melds, jokers >= self.seq_min and key == self.tr[_JOKERS][0]


def _decode(key: int) -> tuple[int, int, int, int, int]:
    return key & 7, (key >> 3) & 1, (key >> 4) & 1, (key >> 5) & 1, key >> 6


def best_arrangement(
    variant: Variant, cards: Iterable[Card], cut: Card | None = None
) -> Arrangement:
    """The arrangement of ``cards`` with the lowest count under the declare-family scoring.

    ``cut`` is the cut wild joker (a printed joker makes the variant's
    ``printed_joker_cut_rank`` wild). ``valid`` says whether these cards are a valid show.
    """
    if variant.shape.melds_on_table:  # fewest points left after melding
        return best_meld_arrangement(variant, cards)
    hand = tuple(cards)
    wild_rank = wild_rank_for(variant, cut)
    search = _Search(variant, hand, wild_rank)
    total = search.total
    if not _pure_possible(search):
        return _finish(variant, search, hand, [], total, False, None)
    if _every_face_groupable(search):
        # Try for a valid show first: the exact pass has no loose cards, so it is quick.
        search.use_pass(exact=True)
        show = search.find_show()
        if show is not None:
            return _finish(variant, search, hand, show[0], 0, True, show[1])
        search.use_pass(exact=False)
    counts = _counts(search, search.solve())
    best_count = min(counts, default=total)
    single = _best_single_pure(search)
    if single is not None and total - single.points < best_count:
        return _finish(variant, search, hand, [single], total - single.points, False, None)
    if not counts:
        return _finish(variant, search, hand, [], total, False, None)
    melds, joker_group = search.rebuild(counts[best_count], total - best_count)
    return _finish(variant, search, hand, melds, best_count, False, joker_group)


def _counts(search: _Search, table: dict[int, int]) -> dict[int, int]:
    """Count -> a table key reaching it, over the arrangements that meet the sequence rule."""
    out: dict[int, int] = {}
    for key, cov in table.items():
        s, q, _p, _a, _n = _decode(key)
        if s >= search.v.min_sequences and q:
            out.setdefault(search.total - cov, key)
    return out


def _every_face_groupable(search: _Search) -> bool:
    """A quick necessary condition for a valid show: every card can join some group, and
    the jokers go round.

    A sequence through a card has ``sequence_min_length - 1`` other places within that
    distance of it, each a natural card, a wild card as itself, or a joker; a set needs
    ``set_min_size - 1`` cards of the rank in other suits or jokers.

    A card is *alone* when no other natural card can share a group with it: none of its
    rank in another suit, and none of its suit within ``jokers + 1`` places (a farther
    card leaves more empty places between them than the jokers can fill, and any card in
    between would be nearer). Its group is then the card and jokers only, so the jokers
    such cards need are theirs alone and must go round. (A card with a partner farther
    than the sequence's length, such as 5S and 8S with two jokers, is not alone: the two
    share their jokers.)
    """
    v, jokers = search.v, search.jokers
    reach = search.seq_min - 1
    alone = min(search.seq_min, v.set_min_size) - 1  # jokers a card without partners needs
    held, positions = search.held, search.rules.positions
    span = (1 << (2 * reach + 1)) - 1
    near = jokers + 1  # how far a partner in the suit can be
    near_span = (1 << (2 * near + 1)) - 1
    demand = 0
    for f in search.ids:
        rank, suit = (f >> 2) + 1, f & 3
        own = window = near_window = 0
        for p in positions[rank]:
            own |= 1 << p
            window |= span << p >> reach  # positions p-reach .. p+reach
            near_window |= near_span << p >> near
        in_suit = (held[suit] & window & ~own).bit_count()
        same_rank = search.rank_suits[rank].bit_count() - 1
        if in_suit + jokers < reach and same_rank + jokers < v.set_min_size - 1:
            return False
        if not same_rank and not held[suit] & near_window & ~own:
            demand += alone * len(search.copies[f])
            if demand > jokers:
                return False
    return True


def _pure_possible(search: _Search) -> bool:
    """Quick test: can any pure sequence of the qualifying length be made at all?"""
    need = max(search.pml, search.seq_min)
    for bits in search.held:
        run = bits
        for _ in range(need - 1):
            run &= run >> 1  # a bit survives where `need` positions in a row are held
        if run:
            return True
    return False


def _best_single_pure(search: _Search) -> _Meld | None:
    """The qualifying pure sequence covering the most points (the 'one pure sequence' case)."""
    best: _Meld | None = None
    for f in search.ids:
        for _used, _need, _wused, kind, gain, meld in search.options(f, search.all_wild):
            if kind == _PURE_Q and (best is None or gain > best.points):
                best = _Meld.placed(meld, f)
    return best


def _finish(
    variant: Variant,
    search: _Search,
    hand: tuple[Card, ...],
    melds: list[_Meld],
    count: int,
    valid: bool,
    joker_group: bool | None,
) -> Arrangement:
    """Turn melds into card groups, placing jokers in the gaps and leftovers where they fit."""
    used_wild = {wi for m in melds for wi in m.wilds}
    pool = list(search.printed) + [w for wi, w in enumerate(search.wild) if wi not in used_wild]
    spare = search.copies  # (the search is over: its card lists are used up here)
    groups: list[list[Card]] = []
    kinds: list[int] = []
    for m in melds:
        jokers = [pool.pop() for _ in range(m.jokers)]
        naturals = [spare[g].pop(0) for g in m.naturals]
        groups.append(_layout(search, m, naturals, jokers))
        kinds.append(m.kind)
    if joker_group is not None and pool:
        if joker_group:
            groups.append(pool[:])
            pool.clear()
        else:
            _absorb(variant, groups, kinds, pool)
    grouped = {id(c) for g in groups for c in g}
    ungrouped = tuple(c for c in hand if id(c) not in grouped)
    points = 0 if valid else min(count, variant.count_cap)
    return Arrangement(points, valid, tuple(tuple(g) for g in groups), ungrouped, count)


def _layout(search: _Search, m: _Meld, naturals: list[Card], jokers: list[Card]) -> list[Card]:
    cards = naturals + [search.wild[w] for w in m.wilds] if m.wilds else naturals
    layout = m.layout
    if m.kind in (_SET_ROOM, _SET_FULL) or not layout:
        return cards + jokers
    # Sequences: cards by position (``layout`` is sorted; an ace stands at the end of it
    # that the layout holds), jokers filling the gaps, then padding the top.
    ace = 14 if layout[-1] == 14 else 1
    by_pos: dict[int, Card] = {}
    for c in cards:
        assert c.rank is not None
        by_pos[ace if c.rank == 1 else int(c.rank)] = c
    lo, hi = layout[0], layout[-1]
    spare = list(jokers)
    out = [by_pos[p] if p in by_pos else spare.pop() for p in range(lo, hi + 1)]
    return out + spare if hi < 14 else spare + out


def _absorb(variant: Variant, groups: list[list[Card]], kinds: list[int],
            pool: list[Card]) -> None:
    """Place leftover jokers in groups that can take them without breaking the show."""
    kept_pure = False
    for g, kind in zip(groups, kinds, strict=True):
        if not pool:
            return
        if kind == _PURE_Q and not kept_pure:
            kept_pure = True  # the show needs one pure sequence left untouched
            continue
        if kind == _SET_FULL:
            continue
        room = (variant.set_max_size - len(g) if kind == _SET_ROOM
                else MAX_SEQUENCE_LENGTH - len(g))
        while pool and room > 0:
            g.append(pool.pop())
            room -= 1


def best_discards(
    variant: Variant, cards: Iterable[Card], cut: Card | None = None
) -> list[tuple[Card, Arrangement]]:
    """For a hand after drawing: every distinct card to let go and the best arrangement of
    the rest, lowest count first (valid shows first)."""
    hand = tuple(cards)
    seen: dict[str, Arrangement] = {}
    out: list[tuple[Card, Arrangement]] = []
    for idx, card in enumerate(hand):
        if card.face in seen:
            continue
        rest = hand[:idx] + hand[idx + 1:]
        arr = best_arrangement(variant, rest, cut)
        seen[card.face] = arr
        out.append((card, arr))
    out.sort(key=lambda t: (not t[1].valid, t[1].count))
    return out
