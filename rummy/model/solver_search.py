"""The search behind :func:`rummy.model.solver.best_arrangement` (the declare family).

Jokers (printed, and wild-rank cards not standing as themselves) are interchangeable and
score 0, so the search tracks only how many are left. It walks the natural cards in a
fixed order (rank, then suit) and decides for the first card left: it stays loose, or it
starts one of its groups (its *templates*, :mod:`rummy.model.solver_templates`) with later
cards and jokers. Faces that no group can use are left out of the count. Results are
memoised on (cards left, jokers left, wild cards still free to stand as themselves) and
are small tables from *flags* to the most points covered:

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
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol

from rummy.model.variant_type import Variant

from .cards import Card, Rank
from .solver_groups import pure_wilds, reachable, templates
from .solver_templates import (
    FIELD,
    GUARD,
    JOKERS,
    LOOSE,
    OPTIONS_MAX,
    SUIT_AT,
    UNTRIMMED,
    WILD_BITS,
    WILD_PLACE,
    Meld,
    Template,
    rules_for,
    wild_place,
)

FIELD_MASK = (1 << FIELD) - 1
# A state's key (see Search.table): the cards left above STATE_AT bits that hold the
# jokers left above WILD_BITS bits of the wild cards still free to stand as themselves.
STATE_AT = WILD_BITS + 8
LEFT_MASK = (1 << STATE_AT) - 1
WILD_MASK = (1 << WILD_BITS) - 1


class _Recursion(Protocol):
    """The counting recursion, given itself (see ``Search._counter``)."""

    def __call__(self, key: int, again: _Recursion, /) -> dict[int, int]: ...


class _Find(Protocol):
    """The show search, given itself (see ``Search._counter``)."""

    def __call__(self, state: int, left: int, flags: int, again: _Find, /
                 ) -> list[Meld] | None: ...


class Search:
    """One hand's search over the packed counts of its natural cards (see ``FIELD``):
    identical cards from different packs share a field."""

    def __init__(self, variant: Variant, cards: tuple[Card, ...], wild_rank: Rank | None):
        rules = self.rules = rules_for(variant)
        self.v = variant
        self.seq_min, self.pml = rules.seq_min, rules.pml
        self.tr = self.counting_tr = rules.counting
        self.exact_tr = rules.exact
        printed: list[Card] = []
        wild: list[Card] = []
        copies: dict[int, list[Card]] = {}  # face -> its cards in the hand, by copy
        # Ranks held per suit and suits held per rank (bit masks), for the templates;
        # positions held per suit, natural or a wild card able to stand as itself, for the
        # quick tests before the search.
        suit_ranks = [0, 0, 0, 0]
        rank_suits = [0] * 14
        held = [0, 0, 0, 0]
        rank_pts, rank_pos, rank_bits = rules.points, rules.positions, rules.position_bits
        total = start = 0
        suit_at = SUIT_AT
        for c in cards:  # one pass: every sum here is the same in any order
            r = c.rank
            if r is None:
                printed.append(c)
                continue
            if r == wild_rank:
                wild.append(c)
                continue
            suit = suit_at[id(c.suit)]
            face = (r - 1) << 2 | suit
            group = copies.get(face)
            if group is None:
                copies[face] = [c]
                suit_ranks[suit] |= 1 << r
                rank_suits[r] |= 1 << suit
                held[suit] |= rank_bits[r]
            else:  # identical cards of several packs: by copy, as the layout takes them
                group.append(c)
                group.sort(key=copy_of)
            total += rank_pts[r]
            start += 1 << FIELD * face
        # The faces by rank first (one field each, identical cards together). Sequences
        # then start at their lowest card and sets at their first suit, and the memo sees
        # about 20% fewer states than with suits first.
        ids = sorted(copies)
        self.printed, self.wild = printed, wild
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
        self.templates: dict[int, tuple[Template, ...]] = {}  # (f << 16 | wild mask) ->
        self.memo: dict[int, dict[int, int]] = {}
        self.joker_group = False

    def use_pass(self, exact: bool) -> None:
        """Counting (cards may stay loose; flags ``s`` and ``q``) or the exact pass (every
        card grouped; every flag). The group templates serve both."""
        self.tr = self.exact_tr if exact else self.counting_tr
        self.memo = {}

    # -- the ways the first face left can be used ---------------------------------------
    def options(self, f: int, wmask: int) -> tuple[Template, ...]:
        """The groups face ``f`` can start when it is the first face left (besides staying
        loose, ``LOOSE_OPTION``), with later faces of the hand (assumed still there),
        sorted by jokers taken. Faces are offsets from ``f`` (a later rank of the
        suit is 4 fields on per rank, a later suit of the rank 1 per suit), and callers
        shift the cards left down by ``f``'s field.

        So they depend only on whether it is an ace, the later ranks of its suit (by
        distance) and later suits of its rank in the hand (relative), the wild cards free
        in its suit and the jokers, not on the suit or (but for the ace) the rank, and
        recur from hand to hand: a module-wide cache keeps them."""
        found = self.templates.get(f << 16 | wmask)
        if found is not None:
            return found
        rank, suit = (f >> 2) + 1, f & 3
        ranks = self.suit_ranks[suit]
        later_suits = self.rank_suits[rank] >> (suit + 1)  # bit 0: the next suit
        # The cache key before the work of trimming it: the suit's ranks from this one up
        # (all of them for an ace, which may also stand high), the later suits of the
        # rank, the jokers and the suit's free wild cards (position, index). Of the ranks,
        # only those a sequence from here could reach: with h cards above it and j jokers
        # (the wild cards among them), h + j places up at most.
        higher = ranks
        if rank != 1:
            higher = ranks >> rank
            higher &= (1 << (higher.bit_count() + self.jokers)) - 1
        # Not the rank: templates are the same for every rank but the ace's (see
        # solver_groups.templates), so the key holds the free wild cards' places as
        # distances, leaving out those below the place before the rank (no pure sequence
        # from here reaches them).
        # Fixed-width fields at the bottom, the wild cards' places above them (each
        # WILD_PLACE bits, the top one set) in any number.
        key = 0
        spots = self.wild_at.get(suit)
        if spots:
            for pos, wi in spots:
                if wmask >> wi & 1 and pos + 1 >= rank:
                    key = key << WILD_PLACE | wild_place(pos + 1 - rank, wi)
        key = ((((key << 14 | higher) << 1 | (rank == 1)) << 3 | later_suits) << 5
               | self.jokers) << 16 | self.rules.id
        found = UNTRIMMED.get(key)
        if found is None:
            if len(UNTRIMMED) > OPTIONS_MAX:
                UNTRIMMED.clear()
            positions = self.rules.positions[rank]
            wild_here = pure_wilds(spots, wmask, ranks, positions) if spots else ()
            later_ranks = reachable(ranks, positions, self.jokers)
            found = UNTRIMMED[key] = templates(self.rules, rank, later_ranks, later_suits,
                                                wild_here, self.jokers)
        self.templates[f << 16 | wmask] = found
        return found

    # -- the memoised table (counting) ---------------------------------------------------
    # A state's key: the cards left above the jokers left above the free wild cards
    # (WILD_BITS bits), so that a template's ``take`` comes off the key in one subtraction.
    def table(self, state: int, jokers: int, wmask: int) -> dict[int, int]:
        """Flags -> the most points covered, for the cards left ``state`` with ``jokers``
        and the wild cards ``wmask`` still free (counting: loose cards allowed)."""
        key = state << STATE_AT | jokers << WILD_BITS | wmask
        hit = self.memo.get(key)
        return hit if hit is not None else self._counter()(key)

    def _counter(self) -> Callable[[int], dict[int, int]]:
        """The counting recursion, as a closure over its constants (the hottest loop).

        It recurses through an argument, not through its own name: a closure that
        captures itself is a reference cycle, which would keep the whole search (its memo
        of every state) alive until the cyclic GC found it, and make that GC's passes
        the slower for it."""
        memo, templates, options = self.memo, self.templates, self.options
        tr, seq_min = self.tr, self.seq_min
        joker_key = tr[JOKERS][0]
        guard = GUARD

        def table(key: int, again: _Recursion) -> dict[int, int]:
            at = key  # the state being decided: past the faces that can only stay loose
            state, left = key >> STATE_AT, key & LEFT_MASK  # cards; jokers and wild cards
            wmask = key & WILD_MASK
            while state:
                f = ((state & -state).bit_length() - 1) // FIELD
                shift = FIELD * f
                with_guard = state >> shift | guard  # face f's field is now the lowest
                opts = templates.get(f << 16 | wmask)
                if opts is None:
                    opts = options(f, wmask)
                out = None
                r = f >> 2  # (a template's points are by rank: see solver_groups)
                for used, take, kind, gains, _meld in opts:
                    if take > left:
                        break  # templates are sorted by jokers taken
                    if (with_guard - used) & guard != guard:
                        continue
                    if out is None:
                        # Loose first: it takes nothing but the card and changes no flag.
                        sub_key = at - (1 << shift + STATE_AT)
                        sub = memo.get(sub_key)
                        if sub is None:
                            sub = again(sub_key, again)
                        out = dict(sub)
                    sub_key = at - (used << shift + STATE_AT) - take
                    sub = memo.get(sub_key)
                    if sub is None:
                        sub = again(sub_key, again)
                    row, gain = tr[kind], gains[r]
                    for k, cov in sub.items():
                        cov += gain
                        if out.get(row[k], -1) < cov:
                            out[row[k]] = cov
                if out is not None:
                    memo[key] = memo[at] = out
                    return out
                # No group takes face f with the cards left (a group never holds two
                # copies of a face), so every copy of it stays loose: no state of its own.
                state &= ~(FIELD_MASK << shift)
                at = state << STATE_AT | left
                hit = memo.get(at)
                if hit is not None:
                    memo[key] = hit
                    return hit
            out = {0: 0}
            if left >> WILD_BITS >= seq_min:
                out[joker_key] = 0
            memo[key] = memo[at] = out
            return out

        return partial(table, again=table)

    def find_show(self) -> tuple[list[Meld], bool] | None:
        """A valid show, if the cards make one: depth first, stopping at the first found.

        Needs ``use_pass(exact=True)``. Failed (cards, jokers, wild cards, flags) states
        are remembered, so a hand with no show costs no more than the full table would.
        """
        ms, seq_min = self.rules.min_sequences, self.seq_min
        tr, failed, templates = self.tr, set(), self.templates
        joker_row = tr[JOKERS]
        options, placed, guard = self.options, Meld.placed, GUARD  # (locals are quicker)

        def leaf(jokers: int, flags: int) -> bool | None:
            """None: no show; False: a show with the jokers absorbed; True: with the
            jokers left over as a group of their own."""
            s, q, _p, a, _n = decode(flags)
            if q and s >= ms and (jokers == 0 or a):
                return False
            if q and jokers >= seq_min and (joker_row[flags] & 7) >= ms:
                return True
            return None

        def find(state: int, left: int, flags: int, again: _Find) -> list[Meld] | None:
            """``left``: the jokers left above the free wild cards (see ``table``);
            ``again``: this function (see ``_counter`` for why not by its name)."""
            if state == 0:
                ending = leaf(left >> WILD_BITS, flags)
                if ending is None:
                    return None
                self.joker_group = ending
                return []
            key = (state << STATE_AT | left) << 7 | flags
            if key in failed:
                return None
            f = ((state & -state).bit_length() - 1) // FIELD
            shift = FIELD * f
            rel = state >> shift
            with_guard = rel | guard
            opts = templates.get(f << 16 | left & WILD_MASK)
            if opts is None:
                opts = options(f, left & WILD_MASK)
            for used, take, kind, _gains, meld in opts:
                if take > left:
                    break
                if (with_guard - used) & guard != guard:
                    continue
                found = again((rel - used) << shift, left - take, tr[kind][flags], again)
                if found is not None:
                    found.append(placed(meld, f))
                    return found
            failed.add(key)
            return None

        self.joker_group = False
        melds = find(self.start, self.jokers << WILD_BITS | self.all_wild, 0, find)
        return None if melds is None else (melds[::-1], self.joker_group)

    def solve(self) -> dict[int, int]:
        """The counting table for the whole hand (needs ``use_pass(exact=False)``).

        Faces that no group can use stay loose whatever else happens, so the table
        leaves them out (each would otherwise double the states that pass it)."""
        linked = 0
        for f in self.ids:
            for option in self.options(f, self.all_wild):
                linked |= option[0] << FIELD * f
        self.count_start = self.start & linked * 7  # a face's whole field where linked
        return self.table(self.count_start, self.jokers, self.all_wild)

    def rebuild(self, key: int, value: int) -> tuple[list[Meld], bool]:
        """The groups behind an entry of the full table, and whether the jokers left over
        form a group of their own: face by face, the first group (staying loose last:
        the best arrangements leave few cards loose) whose sub-table holds what is left."""
        at = self.count_start << STATE_AT | self.jokers << WILD_BITS | self.all_wild
        melds: list[Meld] = []
        tr, memo, table = self.tr, self.memo, self._counter()
        while at >> STATE_AT:
            state, left = at >> STATE_AT, at & LEFT_MASK
            f = ((state & -state).bit_length() - 1) // FIELD
            shift = FIELD * f
            with_guard = state >> shift | GUARD
            dead, found, rest = True, None, value
            for used, take, kind, gains, meld in self.options(f, at & WILD_MASK):
                if take > left:
                    break
                if (with_guard - used) & GUARD != GUARD:
                    continue
                dead = False
                sub_key = at - (used << shift + STATE_AT) - take
                rest = value - gains[f >> 2]
                found = _entry(memo.get(sub_key) or table(sub_key), tr[kind], key, rest)
                if found is not None:
                    melds.append(Meld.placed(meld, f))
                    break
            if dead:  # every copy of the face stays loose, as in the count pass
                at &= ~(FIELD_MASK << shift + STATE_AT)
                continue
            if found is None:  # the face's copy stays loose
                sub_key, rest = at - (1 << shift + STATE_AT), value
                found = _entry(memo.get(sub_key) or table(sub_key), tr[LOOSE], key, rest)
                if found is None:  # pragma: no cover - the table came from these options
                    raise AssertionError("arrangement could not be rebuilt")
            at, key, value = sub_key, found, rest
        return melds, at >> WILD_BITS >= self.seq_min and key == self.tr[JOKERS][0]


def _entry(sub: dict[int, int], row: tuple[int, ...], key: int, covered: int) -> int | None:
    """The key of ``sub`` that ``row`` turns into ``key`` with ``covered`` points, if any."""
    for k, cov in sub.items():
        if cov == covered and row[k] == key:
            return k
    return None


def copy_of(card: Card) -> int:
    return card.copy


def decode(key: int) -> tuple[int, int, int, int, int]:
    return key & 7, (key >> 3) & 1, (key >> 4) & 1, (key >> 5) & 1, key >> 6
