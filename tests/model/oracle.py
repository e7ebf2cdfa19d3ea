"""A brute-force reference for the solver: every partition of a small hand into groups.

Slow on purpose and written from the rules, not from the solver: each block of a partition
is read with ``classify_with_wild`` and the whole arrangement is scored with
``arrangement_count`` (the function that scores a shown hand). The lowest count over all
partitions, and whether any partition is a valid show, must match the solver.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache

from rummy.model.cards import Card, Rank
from rummy.model.melds import GroupKind, arrangement_count, classify_with_wild
from rummy.model.variant import Variant


def partitions(items: Sequence[Card]) -> Iterator[list[list[Card]]]:
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for part in partitions(rest):
        yield [[first], *part]
        for i in range(len(part)):
            yield part[:i] + [[first, *part[i]]] + part[i + 1:]


def brute_force(
    variant: Variant, cards: Sequence[Card], wild_rank: Rank | None
) -> tuple[int, bool]:
    """(lowest uncapped count, some arrangement is a valid show)."""

    @cache
    def kind(block: frozenset[Card]) -> GroupKind:
        return classify_with_wild(variant, tuple(block), wild_rank)

    best, valid = None, False
    for part in partitions(list(cards)):
        # Singletons and pairs are never groups: score them as loose cards.
        groups = [b for b in part if len(b) >= 3 and kind(frozenset(b)) is not GroupKind.INVALID]
        loose = [c for b in part if b not in groups for c in b]
        count, ok, _ = arrangement_count(variant, [*groups, *([c] for c in loose)], wild_rank)
        valid = valid or ok
        best = count if best is None else min(best, count)
    assert best is not None
    return best, valid
