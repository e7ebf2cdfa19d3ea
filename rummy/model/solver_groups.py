"""The groups a face of a declare-family hand can start: its *templates*, built here.

A face's templates depend only on whether it is an ace, the distances to the later cards
of its suit within reach, its rank's later suits, the wild cards a pure sequence through
it could use and the number of jokers (see :mod:`rummy.model.solver_templates` for their
form), so module-wide caches share them between hands and ranks; each part (sets, pure
sequences, impure sequences, and the impure sequences' shapes) is cached apart, because a
part recurs more often than the whole, and a template is built only on a miss of every
cache above it.
"""

from __future__ import annotations

from typing import Protocol

from rummy.model.table_melds import MAX_SEQUENCE_LENGTH

from .solver_templates import (
    FIELD,
    IMPURE,
    OPTIONS_MAX,
    PURE,
    PURE_Q,
    SET_FULL,
    SET_ROOM,
    WILD_BITS,
    WILD_PLACE,
    Rules,
    Template,
    wild_place,
)

# An impure sequence's shape: the faces it takes (offsets), those in the packed form, the
# jokers it needs, and its places as distances from its first face's rank.
Shape = tuple[tuple[int, ...], int, int, tuple[int, ...]]

# Module-wide caches of a face's templates, and of its sets, pure sequences and impure
# sequences apart (see Search.options); each part recurs more often than the whole.
OPTIONS: dict[int, tuple[Template, ...]] = {}
SETS: dict[int, tuple[Template, ...]] = {}
PURES: dict[int, tuple[tuple[Template, ...], ...]] = {}
IMPURES: dict[int, tuple[tuple[Template, ...], ...]] = {}
SHAPES: dict[int, tuple[Template, ...]] = {}  # impure sequences by shape
GAINS: dict[int, tuple[int, ...]] = {}  # see gains
# Every template made, each kept once: the caches above hold the same templates under many
# keys (a shape recurs with every suit it fits in), and one copy is fewer objects for the
# cyclic GC to count and to walk.
TEMPLATES: dict[Template, Template] = {}


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
    """A template's jokers taken (the wild cards it names are only its order's tie)."""
    return template[1] >> WILD_BITS



def templates(rules: Rules, rank: int, later_ranks: int, later_suits: int,
              wild_here: tuple[tuple[int, int], ...], jokers: int) -> tuple[Template, ...]:
    """The groups a face of ``rank`` can start when it is the first face left (staying
    loose, ``LOOSE_OPTION``, is not among them): with the later cards named
    (``later_ranks`` of its suit, ``later_suits`` of its rank, the free ``wild_here`` of
    its suit), sorted by jokers taken. Faces are offsets from the face, places distances
    from its rank.

    Cached module-wide by the later cards' distances from the rank, not by the rank: a
    template holds its points for every rank (see :func:`gains`), and a pure sequence's
    walk up the suit ends where the cards and wild cards named end, never at the king (a
    place past it is an ace, held only as a wild card, which is named), so ranks other
    than the ace with the same cards at the same distances have the same templates."""
    ace = rank == 1
    rel_ranks = later_ranks >> rank
    # The keys are ints (tuples would be more objects for the cyclic GC): fixed-width
    # fields at the bottom, the wild cards' places above (see wild_place).
    wilds = 0
    for p, wi in wild_here:
        wilds = wilds << WILD_PLACE | wild_place(p + 1 - rank, wi)
    ranks_key = ((wilds << 14 | rel_ranks) << 1 | ace) << 16 | rules.id
    key = ((ranks_key << 3 | later_suits) << 5 | jokers)
    found = OPTIONS.get(key)
    if found is None:
        if len(OPTIONS) > OPTIONS_MAX:
            for cache in (OPTIONS, SETS, PURES, IMPURES, SHAPES, GAINS, TEMPLATES):
                cache.clear()
        maker = _Maker(rules, jokers)
        set_key = (later_suits << 5 | min(jokers, rules.set_max)) << 16 | rules.id
        sets = SETS.get(set_key)
        if sets is None:
            sets = SETS[set_key] = maker.sets(later_suits)
        pure_key = ranks_key  # (a pure sequence takes no jokers but the wild cards named)
        impure_key = ((rel_ranks << 1 | ace) << 5 | jokers) << 16 | rules.id
        pures, impures = PURES.get(pure_key), IMPURES.get(impure_key)
        if pures is None or impures is None:
            by_pos = {r: (r - rank) * 4 for r in range(rank + 1, 14) if later_ranks >> r & 1}
            starts = rules.positions[rank]
            if pures is None:
                pures = PURES[pure_key] = tuple(
                    maker.pure(rank, s, by_pos, dict(wild_here)) for s in starts)
            if impures is None:
                impures = IMPURES[impure_key] = tuple(
                    maker.impure(s, by_pos) if jokers else () for s in starts)
        runs: list[Template] = []
        for pure, impure in zip(pures, impures, strict=True):
            runs += pure
            runs += impure
        # By jokers taken (callers stop early), sets first among equals.
        found = OPTIONS[key] = tuple(sorted(sets + tuple(runs), key=by_jokers))
    return found


class _Maker:
    """Builds the templates of one rank for a number of jokers (see :func:`templates`)."""

    def __init__(self, rules: Rules, jokers: int) -> None:
        self.rules, self.jokers = rules, jokers
        self.seq_min, self.pml = rules.seq_min, rules.pml

    def group(self, kind: int, faces: tuple[int, ...], wilds: tuple[int, ...],
               need: int, layout: tuple[int, ...]) -> Template:
        """A template: ``faces`` are offsets from its first face, ``layout`` distances
        from that face's rank."""
        used = 0
        for o in faces:
            used |= 1 << FIELD * o
        wused = 0
        for wi in wilds:
            wused |= 1 << wi
        # A wild card standing as itself is one fewer joker to go round.
        take = (need + len(wilds)) << WILD_BITS | wused
        return one_of((used, take, kind, gains(self.rules, faces, used),
                       (kind, faces, wilds, need, layout)))

    def sets(self, later_suits: int) -> tuple[Template, ...]:
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
                opts.append(self.group(kind, (0, *chosen), (), need, ()))
        return tuple(opts)

    def pure(self, rank: int, start: int, by_pos: dict[int, int],
             wild_here: dict[int, int]) -> tuple[Template, ...]:
        opts: list[Template] = []
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
                if len(layout) >= self.seq_min:  # (the wild cards named are jokers held)
                    kind = PURE_Q if len(layout) >= self.pml else PURE
                    opts.append(self.group(kind, tuple(faces), tuple(used_w), 0,
                                           tuple(sorted([p - rank for p in layout]))))
        return tuple(opts)

    def impure(self, start: int, by_pos: dict[int, int]) -> tuple[Template, ...]:
        high = start == 14  # an ace high: its sequences go down from it
        dists = 0  # the later cards by their distance from the start
        for p in by_pos:
            if high or p > start:
                dists |= 1 << (14 - p if high else p - start)
        key = ((dists << 1 | high) << 5 | self.jokers) << 16 | self.rules.id
        found = SHAPES.get(key)
        if found is None:  # (rank-free: the same tuples serve every rank of every hand)
            found = SHAPES[key] = tuple([
                one_of((used, need << WILD_BITS, IMPURE, gains(self.rules, faces, used),
                        (IMPURE, faces, (), need, places)))
                for faces, used, need, places in impure_shapes(self.seq_min, high, dists,
                                                               self.jokers)])
        return found


def one_of(template: Template) -> Template:
    """The one copy kept of ``template`` (see TEMPLATES)."""
    return TEMPLATES.setdefault(template, template)


def gains(rules: Rules, faces: tuple[int, ...], used: int) -> tuple[int, ...]:
    """The points of a group's cards (``faces``: offsets; ``used``: the same packed) by
    the rank of its first face less one (0 for an ace, 12 for a king): a template serves
    every rank, and the search reads its points for the face it places it on. Ranks the
    group cannot start from (past the king) get 0. Cached by the cards packed."""
    key = used << 8 | rules.id
    found = GAINS.get(key)
    if found is None:
        pts = rules.points
        dists = [o >> 2 for o in faces]
        found = GAINS[key] = tuple([
            sum([pts[rank + d] for d in dists]) if rank + max(dists) <= 13 else 0
            for rank in range(1, 14)])
    return found


class _Walk(Protocol):
    def __call__(self, idx: int, last: int, n: int, faces: tuple[int, ...], used: int,
                 places: tuple[int, ...], again: _Walk, /) -> None: ...


def impure_shapes(seq_min: int, high: bool, dists: int, jokers: int) -> tuple[Shape, ...]:
    """The impure sequences from a start with later cards at the distances ``dists``
    (bits), in the terms of a template that depend on no rank, so ranks share them: the
    faces taken (offsets), in the packed form, the jokers needed, and the places as
    distances from the start's rank (an ace high's from 1, so 13 is the ace)."""
    cands = [d for d in range(1, 14) if dists >> d & 1]  # nearest first
    out: list[Shape] = []
    # An ace high stands at 14 and its cards below it, by rank (13 - d places on); its
    # places are distances from the ace's rank, 1 (13 is the ace), listed from the lowest.
    step = -4 if high else 4
    base = 52 if high else 0

    def walk(idx: int, last: int, n: int, faces: tuple[int, ...], used: int,
             places: tuple[int, ...], again: _Walk) -> None:
        """One sequence, then those with more cards; ``again`` is this function (a
        closure that captures itself is a reference cycle left for the cyclic GC)."""
        span = last + 1
        length = max(seq_min, span)
        need = length - n
        if 1 <= need <= jokers and length <= MAX_SEQUENCE_LENGTH and (n > 1 or not high):
            out.append((faces, used, need, places))
        for j in range(idx, len(cands)):
            dist = cands[j]
            if dist - last - 1 + (span - n) > jokers or dist + 1 > MAX_SEQUENCE_LENGTH:
                break
            o = base + step * dist
            again(j + 1, dist, n + 1, (*faces, o), used | 1 << FIELD * o,
                  (13 - dist, *places) if high else (*places, dist), again)

    walk(0, 0, 1, (0,), 1, (13,) if high else (0,), walk)
    return tuple(out)
