"""The best arrangement of a hand in the classic and contract families: fewest points left.

``points`` is the lowest value left in the hand after laying the best melds from the hand
alone (runs and sets under the table's rules); ``groups`` are those melds and ``valid``
says whether every card can be melded. With super_rummy's defaults on one deck this is gin
rummy's minimum deadwood.

How it works. A hand of distinct natural cards (one deck, no jokers: gin rummy's case) is
one integer with a bit per face, searched over a table of every meld the rules allow,
made once per variant (:mod:`rummy.model.solver_one_deck`). Any other hand, and a
contract player's plan with limits on its melds, goes through the general search:
identical faces (several packs) are interchangeable and printed jokers are
interchangeable, so the search state is the count left of each distinct face plus the
jokers left, memoised. It takes the first face left (rank, then suit): that card is
deadwood, or it joins a set of its rank or a run through its place, with any other cards
and jokers that make the meld valid.
Leftover jokers join any meld already made (a set takes any number; a run while it has
room); with no meld they are deadwood.

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.variant import load_variant
>>> r = best_arrangement(load_variant("super_rummy"), parse_cards("AS 2S 3S 7H 7D 7C KD QD 9C 4H"))
>>> r.points, r.valid, [" ".join(map(str, g)) for g in r.groups]
(33, False, ['AS 2S 3S', '7H 7D 7C'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, Protocol

from rummy.model.table_melds import MAX_SEQUENCE_LENGTH, MeldRules, lay_run, lay_set
from rummy.model.variant_type import Variant

from .arrangement import Arrangement
from .cards import Card
from .solver_one_deck import (
    TABLES,
    MeldTable,
    answers_for,
    card_bit,
    hand_bits,
    loose_of,
    loose_with,
    meld_table,
    one_deck,
)

__all__ = ["best_arrangement", "card_points", "left_after_each", "points_left"]

# A meld found by the search: its faces (one index per natural card), jokers used, and
# whether it can take more jokers afterwards, whether it is a run.
_Meld = tuple[tuple[int, ...], int, bool, bool]


def card_points(variant: Variant, card: Card) -> int:
    """What a card left in hand scores in these families (jokers: ``joker_points``)."""
    return variant.joker_points if card.rank is None else variant.points_of_rank(card.rank)


def _table(variant: Variant) -> MeldTable | None:
    hit = TABLES.get(id(variant))
    return hit[1] if hit is not None and hit[0] is variant else meld_table(variant)


_Memo = dict[int, tuple[object, dict[Any, Any]]]


def _recalled(store: _Memo, variant: Variant, key: Any, make: Callable[[], Any]) -> Any:
    """``store``'s answer for ``variant`` and ``key``, made by ``make`` the first time.
    A few variants are kept at most (:func:`answers_for`), and :data:`_KEPT` answers for
    each."""
    answers = answers_for(store, variant)
    answer = answers.get(key)
    if answer is None:
        answer = make()
        if len(answers) > _KEPT:
            answers.clear()
        answers[key] = answer
    return answer


def points_left(variant: Variant, cards: Sequence[Card],
                limits: tuple[int, int] | None = None) -> int:
    """The points :func:`best_arrangement` leaves in ``cards`` (a bot's deadwood), from
    the hand's bits where it can be, never making an arrangement; any other hand's are
    remembered by its faces (cards of one face are alike), since the expert's worlds
    ask again for the same hands."""
    table = _table(variant) if limits is None else None
    bits = hand_bits(tuple(cards)) if table is not None else None
    if table is not None and bits is not None:
        return loose_of(table, bits)[0]
    points: int = _recalled(_POINTS, variant, (limits, tuple(sorted(c.face for c in cards))),
                            lambda: best_arrangement(variant, cards, limits).points)
    return points


_KEPT = 1 << 15
"""Hands points_left (and, apart, left_after_each) remembers a variant (8 MB when full,
measured for points_left)."""
_POINTS: _Memo = {}
_LEFT: _Memo = {}


def left_after_each(variant: Variant, rest: Sequence[Card],
                    draws: Iterable[Card]) -> tuple[list[tuple[int, int]], int]:
    """For each card of ``draws``, the hand ``rest`` with it: the points its best
    arrangement leaves and the points of its highest card left loose (0 when none), as
    :func:`best_arrangement` has them; and how many of those answers needed an
    arrangement searched. Hard's look-ahead asks this for every card it has not seen; on
    one deck without jokers it is answered from the hands' bits, with no search at all.
    Any other hand's answers are remembered by its faces, but count as searched all the
    same: what a bot counts as work must not depend on what its process asked before."""
    table = _table(variant)
    base = hand_bits(tuple(rest)) if table is not None else None
    alone = loose_of(table, base) if table is not None and base is not None else None
    out = []
    searched = 0
    for card in draws:
        bit = card_bit(card)  # 0 for a joker; a bit of the hand for a second copy
        if table is not None and base is not None and alone is not None \
                and bit and not base & bit:
            out.append(loose_with(table, base, bit, alone))
            continue
        searched += 1
        out.append(_left_with(variant, (*rest, card)))
    return out, searched


def _left_with(variant: Variant, cards: Sequence[Card]) -> tuple[int, int]:
    """The points the best arrangement of ``cards`` leaves and its highest loose card's,
    remembered by the hand's faces (cards of one face are alike)."""
    def make() -> tuple[int, int]:
        arrangement = best_arrangement(variant, cards)
        loose = [card_points(variant, c) for c in arrangement.ungrouped]
        return arrangement.points, max(loose, default=0)

    answer: tuple[int, int] = _recalled(_LEFT, variant, tuple(sorted(c.face for c in cards)),
                                        make)
    return answer


def best_arrangement(variant: Variant, cards: Iterable[Card],
                     limits: tuple[int, int] | None = None) -> Arrangement:
    """The melds that leave the fewest points in ``cards``; see the module docstring.

    ``limits`` = (sets, runs) allows at most that many melds of each kind (a contract
    player planning its lay-down); None allows any number."""
    hand = tuple(cards)
    if limits is None:
        table = _table(variant)
        quick = one_deck(table, hand) if table is not None else None
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

    memo: dict[tuple[tuple[int, ...], int, bool, tuple[int, int]], tuple[int, int]] = {}

    def solve(counts: tuple[int, ...], jokers_left: int, can_absorb: bool,
              budget: tuple[int, int], again: _Solve) -> tuple[int, int]:
        """(fewest points left, index of the choice in ``choices`` or -1 for the leaf).
        Memoised; ``again`` is this function (a closure that captures itself is a
        reference cycle, which would keep the memo alive until the cyclic GC ran)."""
        key = (counts, jokers_left, can_absorb, budget)
        best = memo.get(key)
        if best is not None:
            return best
        f = next((i for i, n in enumerate(counts) if n), -1)
        if f < 0:
            best = (0 if can_absorb or not jokers_left else jokers_left * joker_value), -1
            memo[key] = best
            return best
        rest = list(counts)
        rest[f] -= 1
        best = (values[f] + again(tuple(rest), jokers_left, can_absorb, budget, again)[0], 0)
        for index, (used, jk, room, run) in enumerate(melds_of(f, counts, jokers_left), 1):
            if not budget[run]:
                continue
            left = list(counts)
            for g in used:
                left[g] -= 1
            score = again(tuple(left), jokers_left - jk, can_absorb or room,
                          _spend(budget, run), again)[0]
            if score < best[0]:
                best = (score, index)
                if score == 0:
                    break
        memo[key] = best
        return best

    start = tuple(len(p) for p in pools)
    budget = (_MANY, _MANY) if limits is None else limits
    solver = partial(solve, again=solve)
    points, _ = solver(start, len(jokers), False, budget)
    groups, loose = _rebuild(solver, melds_of, start, len(jokers), pools, jokers, rules, budget)
    return Arrangement(points, not loose, groups, loose, points)


class _Solve(Protocol):
    def __call__(self, counts: tuple[int, ...], jokers_left: int, can_absorb: bool,
                 budget: tuple[int, int], again: _Solve, /) -> tuple[int, int]: ...


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
