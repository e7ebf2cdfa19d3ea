"""The best arrangement of a hand in the declare family: the lowest count a loser can score.

The search is :class:`rummy.model.solver_search.Search`; this module asks it, checks the
quick conditions first, and lays the groups it finds out as cards.

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

from rummy.model.melds import wild_rank_for
from rummy.model.table_melds import MAX_SEQUENCE_LENGTH
from rummy.model.variant_type import Variant

from .arrangement import Arrangement
from .cards import Card
from .solver_melds import best_arrangement as best_meld_arrangement
from .solver_search import Search, decode
from .solver_templates import PURE_Q, SET_FULL, SET_ROOM, Meld

__all__ = ["Arrangement", "best_arrangement", "wild_rank_for", "best_discards"]


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
    search = Search(variant, hand, wild_rank)
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
    table = search.solve()
    counts = _counts(search, table)
    best_count = min(counts, default=total)
    # The arrangement of one pure sequence alone (the rules' second case) is in the
    # table, under a qualifying pure sequence with too few sequences: it can only win
    # when some entry there covers more than the best valid-shaped arrangement.
    ms = search.rules.min_sequences
    single = None
    if any(cov > total - best_count and key >> 3 & 1 and key & 7 < ms
           for key, cov in table.items()):
        single = _best_single_pure(search)
    if single is not None and total - single[1] < best_count:
        return _finish(variant, search, hand, [single[0]], total - single[1], False, None)
    if not counts:
        return _finish(variant, search, hand, [], total, False, None)
    melds, joker_group = search.rebuild(counts[best_count], total - best_count)
    return _finish(variant, search, hand, melds, best_count, False, joker_group)


def _counts(search: Search, table: dict[int, int]) -> dict[int, int]:
    """Count -> a table key reaching it, over the arrangements that meet the sequence rule."""
    out: dict[int, int] = {}
    for key, cov in table.items():
        s, q, _p, _a, _n = decode(key)
        if s >= search.rules.min_sequences and q:
            out.setdefault(search.total - cov, key)
    return out


def _every_face_groupable(search: Search) -> bool:
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
    rules, jokers = search.rules, search.jokers
    reach = search.seq_min - 1
    alone = min(search.seq_min, rules.set_min) - 1  # jokers a card without partners needs
    set_short = rules.set_min - 1
    held, rank_suits, within = search.held, search.rank_suits, rules.within
    near = rules.near[min(jokers, len(rules.near) - 1)]  # where a partner in the suit can be
    demand = 0
    for f in search.ids:
        rank, suit = (f >> 2) + 1, f & 3
        in_suit = (held[suit] & within[rank]).bit_count()
        same_rank = rank_suits[rank].bit_count() - 1
        if in_suit + jokers < reach and same_rank + jokers < set_short:
            return False
        if not same_rank and not held[suit] & near[rank]:
            demand += alone * len(search.copies[f])
            if demand > jokers:
                return False
    return True


def _pure_possible(search: Search) -> bool:
    """Quick test: can any pure sequence of the qualifying length be made at all?"""
    need = max(search.pml, search.seq_min)
    for bits in search.held:
        run = bits
        for _ in range(need - 1):
            run &= run >> 1  # a bit survives where `need` positions in a row are held
        if run:
            return True
    return False


def _best_single_pure(search: Search) -> tuple[Meld, int] | None:
    """The qualifying pure sequence covering the most points, and those points (the 'one
    pure sequence' case)."""
    best: tuple[Meld, int] | None = None
    for f in search.ids:
        for _used, _take, kind, gains, meld in search.options(f, search.all_wild):
            if kind == PURE_Q and (best is None or gains[f >> 2] > best[1]):
                best = Meld.placed(meld, f), gains[f >> 2]
    return best


def _finish(
    variant: Variant,
    search: Search,
    hand: tuple[Card, ...],
    melds: list[Meld],
    count: int,
    valid: bool,
    joker_group: bool | None,
) -> Arrangement:
    """Turn melds into card groups, placing jokers in the gaps and leftovers where they fit."""
    wild = search.wild
    pool = search.printed[:]  # the jokers to hand out: printed, then wild cards not in place
    if wild:
        used_wild = {wi for m in melds for wi in m.wilds}
        pool += [w for wi, w in enumerate(wild) if wi not in used_wild]
    spare = search.copies  # (the search is over: its card lists are used up here)
    groups: list[list[Card]] = []
    kinds: list[int] = []
    for kind, naturals, wilds, jokers, layout in melds:
        cards = [spare[g].pop(0) for g in naturals]
        taken = [pool.pop() for _ in range(jokers)] if jokers else []
        if kind in (SET_ROOM, SET_FULL) or not layout:
            groups.append(cards + [wild[w] for w in wilds] + taken if wilds else cards + taken)
        else:
            groups.append(_sequence(search, naturals, cards, wilds, layout, taken))
        kinds.append(kind)
    if joker_group is not None and pool:
        if joker_group:
            groups.append(pool[:])
            pool.clear()
        else:
            _absorb(variant, groups, kinds, pool)
    if not groups:
        ungrouped = hand
    elif pool or any(spare.values()):  # the cards no group took, in the hand's order
        left = {id(c) for c in pool}
        for rest in spare.values():
            left.update(map(id, rest))
        ungrouped = tuple([c for c in hand if id(c) in left])
    else:
        ungrouped = ()
    points = 0 if valid else min(count, search.rules.cap)
    return Arrangement(points, valid, tuple([tuple(g) for g in groups]), ungrouped, count)


def _sequence(search: Search, naturals: tuple[int, ...], cards: list[Card],
              wilds: tuple[int, ...], layout: tuple[int, ...], jokers: list[Card]) -> list[Card]:
    """A sequence's cards by position (``layout`` is sorted; an ace stands at the end of it
    that the layout holds), jokers filling the gaps, then padding the top."""
    lo, hi = layout[0], layout[-1]
    ace = 14 if hi == 14 else 1
    by_pos: dict[int, Card] = {}
    for g, c in zip(naturals, cards, strict=True):  # (a face's rank: its index // 4 + 1)
        rank = (g >> 2) + 1
        by_pos[ace if rank == 1 else rank] = c
    for w in wilds:
        c = search.wild[w]
        assert c.rank is not None  # (a wild card is of the wild rank)
        by_pos[ace if c.rank == 1 else c.rank] = c
    out = [by_pos.get(p) or jokers.pop() for p in range(lo, hi + 1)]
    return out + jokers if hi < 14 else jokers + out


def _absorb(variant: Variant, groups: list[list[Card]], kinds: list[int],
            pool: list[Card]) -> None:
    """Place leftover jokers in groups that can take them without breaking the show."""
    kept_pure = False
    for g, kind in zip(groups, kinds, strict=True):
        if not pool:
            return
        if kind == PURE_Q and not kept_pure:
            kept_pure = True  # the show needs one pure sequence left untouched
            continue
        if kind == SET_FULL:
            continue
        room = (variant.declare.set_max_size - len(g) if kind == SET_ROOM
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
