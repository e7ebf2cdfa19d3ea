"""The best arrangement of a hand in the declare family: the lowest count a loser can score.

How it works. Jokers (printed, and wild-rank cards not standing as themselves) are
interchangeable and score 0, so the search tracks only how many are left. It walks the
natural cards in a fixed order (rank, then suit) and decides for the first card left: it
stays loose, or it starts a set or a sequence with later cards and jokers. The cards left
are one packed integer (a few bits of count per distinct face, so the two 6S of two packs
are one field), and a group's cards are taken with one subtraction.

Each card's possible groups are *templates* built once per hand (sequence shapes are
shared between hands in a module cache, since they depend only on ranks and jokers).
Results are memoised on (cards left, jokers left, wild cards still free to stand as
themselves) and are small tables from *flags* to the most points covered:

- ``s``: sequences made so far (capped at ``min_sequences``);
- ``q``: a pure sequence of at least ``pure_min_length`` exists;
- ``p``: some pure sequence exists (a second one can absorb a joker and stay a sequence);
- ``a``: some group can absorb a leftover joker (a set with room, an impure sequence,
  a second pure sequence, a group of jokers);
- ``n``: jokers are left over and must be absorbed for the show to be valid.

Two passes. When every card has some group to join, an *exact* pass (no loose cards)
looks depth first for a valid show and stops at the first. Otherwise, or when it finds
none, the *count* pass (cards may stay loose; flags ``s`` and ``q`` only) finds the
lowest count; the three scoring cases of RULES.md are read off its table.

>>> from rummy.model.cards import parse_card, parse_cards
>>> from rummy.model.variant import load_variant
>>> v = load_variant("indian_13")
>>> r = best_arrangement(v, parse_cards("KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3S"),
...                      cut=parse_card("9S"))
>>> r.points, r.valid
(21, False)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from .cards import Card, Rank, Suit
from .melds import MAX_SEQUENCE_LENGTH, rank_positions, wild_rank_for
from .variant import Variant

__all__ = ["Arrangement", "best_arrangement", "wild_rank_for", "best_discards"]


@dataclass(frozen=True)
class Arrangement:
    """A hand's best arrangement.

    ``points`` is what a loser holding these cards scores (capped; 0 when ``valid``);
    ``count`` is the same before the cap. ``groups`` are the groups that count (each in
    display order, jokers in the gaps they fill); ``ungrouped`` is every other card.
    """

    points: int
    valid: bool
    groups: tuple[tuple[Card, ...], ...]
    ungrouped: tuple[Card, ...]
    count: int


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
            elif kind == _SET_ROOM:
                a = 1
            row.append(enc(s, q, p, a, n))
        table.append(tuple(row))
    return tuple(table)


_TRANSITIONS: dict[tuple[int, bool], tuple[tuple[int, ...], ...]] = {}


class _Meld(NamedTuple):
    kind: int
    naturals: tuple[int, ...]   # faces (indices into the search's faces)
    wilds: tuple[int, ...]      # wild cards standing as themselves
    jokers: int                 # jokers standing in
    points: int
    layout: tuple[int, ...]     # positions, for sequences (display order)

    @classmethod
    def placed(cls, group: _Group, f: int) -> _Meld:
        """A template's group, its faces counted from ``f`` made absolute."""
        kind, offsets, wilds, jokers, points, layout = group
        return cls(kind, tuple(f + o for o in offsets), wilds, jokers, points, layout)


# A group inside a template: the fields of _Meld, faces as offsets. A plain tuple of ints
# and tuples, because the cyclic GC stops tracking exact tuples (not NamedTuples), and the
# module-wide cache below would otherwise make every full collection slower.
_Group = tuple[int, tuple[int, ...], tuple[int, ...], int, int, tuple[int, ...]]


# A template option: (faces used, jokers standing in, wild cards standing as themselves,
# the group type, points covered, the group). "Faces used" is in the packed-count form.
_Template = tuple[int, int, int, int, int, _Group]

_FIELD = 3  # bits per distinct face: a count of 0-3 copies, and a guard bit above it
_GUARDS = [sum(4 << (_FIELD * f) for f in range(n)) for n in range(64)]
_SUIT_INDEX = {s: 4 - s.toss_order for s in Suit}


def _rules_key(variant: Variant) -> tuple[object, ...]:
    """The variant's rules that shape groups, in plain ints and strings (so the pattern
    cache keyed on it stays out of the cyclic GC's way)."""
    return (variant.sequence_min_length, variant.pure_min_length, variant.set_min_size,
            variant.set_max_size, variant.ace.value, tuple(p for _, p in variant.card_points))
_LOOSE_OPTION: _Template = (1, 0, 0, _LOOSE, 0, (_LOOSE, (), (), 0, 0, ()))
# Module-wide cache of the sequences a card can start, by shape (see _Search._suit_shapes).
_SHAPES: dict[tuple[object, ...], tuple[_Template, ...]] = {}
_SHAPES_MAX = 50_000


class _Search:
    """One hand's search. The cards left are a packed integer: ``_FIELD`` bits per distinct
    natural face holding how many copies are left, so identical cards from different
    packs are one field and a group's cards are taken with one subtraction."""

    def __init__(self, variant: Variant, cards: tuple[Card, ...], wild_rank: Rank | None):
        self.v = variant
        self.exact = False
        self.printed = [c for c in cards if c.rank is None]
        self.wild = [c for c in cards if c.rank is not None and c.rank == wild_rank]
        # Natural cards by rank first, identical faces together (one field each). Sequences
        # then start at their lowest card and sets at their first suit, and the memo sees
        # about 20% fewer states than with suits first.
        keyed = sorted((int(c.rank) * 4 + _SUIT_INDEX[c.suit], c.copy, c) for c in cards
                       if c.rank is not None and c.suit is not None and c.rank != wild_rank)
        self.copies: list[list[Card]] = []
        self.faces: list[Card] = []
        self.suit_of: list[int] = []  # suit index per face (spades 0 ... clubs 3)
        last = -1
        for face_key, _copy, c in keyed:
            if face_key != last:
                self.copies.append([])
                self.faces.append(c)
                self.suit_of.append(face_key & 3)
                last = face_key
            self.copies[-1].append(c)
        points = variant.rank_points
        self.pts = [points[c.rank] for c in self.faces if c.rank is not None]
        self.total = sum(p * len(g) for p, g in zip(self.pts, self.copies, strict=True))
        self.start = sum(len(g) << (_FIELD * f) for f, g in enumerate(self.copies))
        self.guard = _GUARDS[len(self.faces)]
        self.seq_min = variant.sequence_min_length
        self.pml = variant.pure_min_length
        self.jokers = len(self.printed) + len(self.wild)
        self.all_wild = (1 << len(self.wild)) - 1
        ms = variant.min_sequences
        for exact in (False, True):
            if (ms, exact) not in _TRANSITIONS:
                _TRANSITIONS[ms, exact] = _make_transitions(ms, exact)
        self.tr = _TRANSITIONS[ms, False]
        # Wild cards able to stand as themselves: suit -> [(position, wild index)].
        self.wild_at: dict[int, list[tuple[int, int]]] = {}
        for wi, c in enumerate(self.wild):
            assert c.rank is not None and c.suit is not None
            for pos in rank_positions(variant, c.rank):
                self.wild_at.setdefault(_SUIT_INDEX[c.suit], []).append((pos, wi))
        self.starts = [rank_positions(variant, c.rank) for c in self.faces if c.rank is not None]
        # Plain ints and strings only: the cache below then stays out of the cyclic GC's way.
        self.rules_key = _rules_key(variant)
        # What a face's groups depend on: its rank, the ranks after it in its suit, and
        # where the later faces of its rank are (as offsets). Built from the back.
        pattern: list[tuple[int, tuple[tuple[int, int], ...], tuple[int, ...]]] = []
        by_suit: dict[int, list[tuple[int, int]]] = {}
        by_rank: dict[int, list[int]] = {}
        for f in range(len(self.faces) - 1, -1, -1):
            card = self.faces[f]
            rank = int(card.rank) if card.rank is not None else 0
            suit_later = by_suit.setdefault(self.suit_of[f], [])
            rank_later = by_rank.setdefault(rank, [])
            pattern.append((rank, tuple((r, g - f) for r, g in reversed(suit_later)),
                            tuple(g - f for g in reversed(rank_later))))
            suit_later.append((rank, f))
            rank_later.append(f)
        pattern.reverse()
        self.pattern = pattern
        self.templates: dict[tuple[int, int], tuple[_Template, ...]] = {}
        self.memo: dict[int, dict[int, int]] = {}
        self.joker_group = False

    def use_pass(self, exact: bool) -> None:
        """Counting (cards may stay loose; flags ``s`` and ``q``) or the exact pass (every
        card grouped; every flag). The group templates serve both."""
        self.exact = exact
        self.tr = _TRANSITIONS[self.v.min_sequences, exact]
        self.memo = {}

    # -- the ways the first face left can be used ---------------------------------------
    def options(self, f: int, wmask: int) -> tuple[_Template, ...]:
        """Every way face ``f`` can be used when it is the first face left: loose first (the
        exact pass skips it), then its groups with later faces, all assumed present, sorted
        by jokers taken. Faces are offsets from ``f``, and callers shift the counts down by
        ``f``'s field, so a template never depends on where ``f`` sits in the hand."""
        key = (f, wmask)
        cached = self.templates.get(key)
        if cached is not None:
            return cached
        groups: list[_Template] = []
        self._sets(f, groups)
        later = self.pattern[f][1]
        for _used, taken, wused, kind, gain, group in self._suit_shapes(f, wmask):
            offsets = tuple(0 if i == 0 else later[i - 1][1] for i in group[1])
            used = 0
            for o in offsets:
                used |= 1 << _FIELD * o
            groups.append((used, taken, wused, kind, gain,
                           (kind, offsets, group[2], group[3], group[4], group[5])))
        groups.sort(key=lambda t: t[1])  # by jokers taken: callers stop early
        found = self.templates[key] = (_LOOSE_OPTION, *groups)
        return found

    def _suit_shapes(self, f: int, wmask: int) -> tuple[_Template, ...]:
        """Sequences that face ``f`` starts with later faces of its suit, members named by
        their place among those faces (0 is ``f``). They depend only on ranks, jokers and
        wild cards, which recur from hand to hand: a module-wide cache keeps them."""
        card = self.faces[f]
        assert card.rank is not None
        spots = self.wild_at.get(self.suit_of[f])
        wild_here = tuple((p, wi) for p, wi in spots if wmask >> wi & 1) if spots else ()
        later_ranks = tuple(r for r, _ in self.pattern[f][1])
        key = (self.rules_key, int(card.rank), later_ranks, wild_here, self.jokers)
        found = _SHAPES.get(key)
        if found is None:
            if len(_SHAPES) > _SHAPES_MAX:
                _SHAPES.clear()
            by_pos = {rank: i for i, rank in enumerate(later_ranks, start=1)}
            points = self.v.rank_points
            pts = [points[card.rank]] + [points[Rank(r)] for r in later_ranks]
            shapes: list[_Template] = []
            for start in self.starts[f]:
                self._pure(start, by_pos, pts, dict(wild_here), shapes)
                if self.jokers:
                    self._impure(start, by_pos, pts, shapes)
            found = _SHAPES[key] = tuple(shapes)
        return found

    def _group(self, kind: int, offsets: tuple[int, ...], pts: list[int],
               wilds: tuple[int, ...], need: int, layout: tuple[int, ...]) -> _Template:
        used = 0
        gain = 0
        for o in offsets:
            used |= 1 << _FIELD * o
            gain += pts[o]
        wused = 0
        for wi in wilds:
            wused |= 1 << wi
        # A wild card standing as itself is one fewer joker to go round.
        taken = need + len(wilds)
        return (used, taken, wused, kind, gain, (kind, offsets, wilds, need, gain, layout))

    def _sets(self, f: int, opts: list[_Template]) -> None:
        v = self.v
        members = self.pattern[f][2]
        pts = [self.pts[f]] * (max(members, default=0) + 1)  # one rank: the same points
        for bits in range(1, 1 << len(members)):
            chosen = tuple(members[b] for b in range(len(members)) if bits >> b & 1)
            n = 1 + len(chosen)
            need = max(v.set_min_size - n, 0)
            if need > self.jokers or n + need > v.set_max_size:
                continue
            kind = _SET_ROOM if n + need < v.set_max_size else _SET_FULL
            opts.append(self._group(kind, (0, *chosen), pts, (), need, ()))

    def _pure(self, start: int, by_pos: dict[int, int], pts: list[int],
              wild_here: dict[int, int], opts: list[_Template]) -> None:
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
                    opts.append(self._group(kind, tuple(faces), pts, tuple(used_w), 0,
                                            tuple(sorted(layout))))

    def _impure(self, start: int, by_pos: dict[int, int], pts: list[int],
                opts: list[_Template]) -> None:
        seq_min, jokers = self.seq_min, self.jokers
        if start == 14:
            cands = sorted((14 - p, o) for p, o in by_pos.items())
        else:
            cands = sorted((p - start, o) for p, o in by_pos.items() if p > start)
        # cands: (distance from the start, face offset), nearest first.

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
                opts.append(self._group(_IMPURE, (0, *chosen), pts, (), need, layout))
            for j in range(idx, len(cands)):
                dist, o = cands[j]
                if dist - last - 1 + (span - n) > jokers or dist + 1 > MAX_SEQUENCE_LENGTH:
                    break
                walk(j + 1, dist, (*chosen, o), (*dists, dist))

        walk(0, 0, (), ())

    # -- the memoised table --------------------------------------------------------------
    def table(self, state: int, jokers: int, wmask: int) -> dict[int, int]:
        # One int as the memo key: packed counts, jokers left, wild cards still free.
        memo = self.memo
        key = state << 20 | jokers << 12 | wmask
        hit = memo.get(key)
        if hit is not None:
            return hit
        out: dict[int, int] = {}
        if state == 0:
            out[(1 << 6) if jokers and self.exact else 0] = 0
            if jokers >= self.seq_min:
                out[self.tr[_JOKERS][0]] = 0
        else:
            f = ((state & -state).bit_length() - 1) // _FIELD
            shift = _FIELD * f
            rel = state >> shift  # face f's field is now the lowest
            guard = self.guard >> shift
            with_guard = rel | guard
            tr = self.tr
            opts = self.options(f, wmask)
            for n in range(1 if self.exact else 0, len(opts)):
                used, need, wused, kind, gain, _meld = opts[n]
                if need > jokers:
                    break  # templates are sorted by jokers taken
                if (with_guard - used) & guard != guard:
                    continue
                sub_state = (rel - used) << shift
                sub_jokers, sub_wild = jokers - need, wmask & ~wused
                sub = memo.get(sub_state << 20 | sub_jokers << 12 | sub_wild)
                if sub is None:
                    sub = self.table(sub_state, sub_jokers, sub_wild)
                row = tr[kind]
                for k, cov in sub.items():
                    nk = row[k]
                    val = cov + gain
                    if out.get(nk, -1) < val:
                        out[nk] = val
        memo[key] = out
        return out

    def find_show(self) -> tuple[list[_Meld], bool] | None:
        """A valid show, if the cards make one: depth first, stopping at the first found.

        Needs ``use_pass(exact=True)``. Failed (cards, jokers, wild cards, flags) states
        are remembered, so a hand with no show costs no more than the full table would.
        """
        ms, seq_min = self.v.min_sequences, self.seq_min
        tr, failed = self.tr, set()
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
            rel, guard = state >> shift, self.guard >> shift
            opts = self.options(f, wmask)
            for n in range(1, len(opts)):
                used, need, wused, kind, _gain, meld = opts[n]
                if need > jokers:
                    break
                if ((rel | guard) - used) & guard != guard:
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
        return self.table(self.start, self.jokers, self.all_wild)

    def rebuild(self, key: int, value: int) -> tuple[list[_Meld], bool]:
        """The groups behind an entry of the full table, and whether the jokers left over
        form a group of their own."""
        state, jokers, wmask = self.start, self.jokers, self.all_wild
        melds: list[_Meld] = []
        while state:
            f = ((state & -state).bit_length() - 1) // _FIELD
            shift = _FIELD * f
            rel, guard = state >> shift, self.guard >> shift
            opts = self.options(f, wmask)
            for used, need, wused, kind, gain, meld in opts[1:] if self.exact else opts:
                if need > jokers or ((rel | guard) - used) & guard != guard:
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
    if variant.family != "declare":  # table and contract: fewest points left after melding
        from .solver_melds import best_arrangement as best_meld_arrangement
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
    ``set_min_size - 1`` cards of the rank in other suits or jokers. A card with no partner
    at all (each copy of it) needs a group of its own made up with jokers, so such cards
    together need that many jokers.
    """
    v, jokers = search.v, search.jokers
    reach = search.seq_min - 1
    alone = min(search.seq_min, v.set_min_size) - 1  # jokers a card without partners needs
    # Positions held in each suit (natural faces, and wild cards able to stand as
    # themselves), and how many distinct faces each rank has.
    held: dict[int, int] = {}
    for f, suit in enumerate(search.suit_of):
        for p in search.starts[f]:
            held[suit] = held.get(suit, 0) | 1 << p
    for suit, spots in search.wild_at.items():
        for p, _ in spots:
            held[suit] = held.get(suit, 0) | 1 << p
    ranks: dict[int, int] = {}
    for rank, _later, _same in search.pattern:
        ranks[rank] = ranks.get(rank, 0) + 1
    span = (1 << (2 * reach + 1)) - 1
    demand = 0
    for f, (rank, _later, _same) in enumerate(search.pattern):
        own = window = 0
        for p in search.starts[f]:
            own |= 1 << p
            window |= span << p >> reach  # positions p-reach .. p+reach
        in_suit = (held[search.suit_of[f]] & window & ~own).bit_count()
        same_rank = ranks[rank] - 1
        if in_suit + jokers < reach and same_rank + jokers < v.set_min_size - 1:
            return False
        if not in_suit and not same_rank:
            demand += alone * len(search.copies[f])
            if demand > jokers:
                return False
    return True


def _pure_possible(search: _Search) -> bool:
    """Quick test: can any pure sequence of the qualifying length be made at all?"""
    v = search.v
    by_suit: dict[int, int] = {}
    for c, suit in zip(search.faces, search.suit_of, strict=True):
        assert c.rank is not None
        for p in rank_positions(v, c.rank):
            by_suit[suit] = by_suit.get(suit, 0) | 1 << p
    for suit, spots in search.wild_at.items():
        for p, _ in spots:
            by_suit[suit] = by_suit.get(suit, 0) | 1 << p
    need = max(search.pml, search.seq_min)
    for bits in by_suit.values():
        run = bits
        for _ in range(need - 1):
            run &= run >> 1  # a bit survives where `need` positions in a row are held
        if run:
            return True
    return False


def _best_single_pure(search: _Search) -> _Meld | None:
    """The qualifying pure sequence covering the most points (the 'one pure sequence' case)."""
    best: _Meld | None = None
    for f in range(len(search.faces)):
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
    spare = [list(cards) for cards in search.copies]
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
    cards = naturals + [search.wild[w] for w in m.wilds]
    if m.kind in (_SET_ROOM, _SET_FULL):
        return cards + jokers
    if not m.layout:
        return cards + jokers
    # Sequences: naturals by position, jokers filling the gaps, then padding the top.
    by_pos: dict[int, Card] = {}
    for c in cards:
        assert c.rank is not None
        for p in rank_positions(search.v, c.rank):
            if p in m.layout and p not in by_pos:
                by_pos[p] = c
                break
    lo, hi = min(m.layout), max(m.layout)
    out: list[Card] = []
    spare = list(jokers)
    for p in range(lo, hi + 1):
        out.append(by_pos[p] if p in by_pos else spare.pop())
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
