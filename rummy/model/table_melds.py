"""Melds laid face up on the table in the classic and contract families: runs and sets,
laying them down, laying off on them, and every meld a hand can make.

Apart from :mod:`rummy.model.melds` (the declare family's group checks) because a meld on
the table has an owner, a place for each joker and ends to grow at, none of which a
declaration's groups have (docs/rules.md, "Classic rummy" and "Contract rummy"). A *run* is
consecutive ranks, one suit unless the table allows mixed suits; a *set* is one rank
(identical cards of several packs are allowed). Printed jokers, where a table has them,
stand for any card; a meld needs at least one natural card so that its rank (set) or place
(run) is known.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from rummy.model.variant_fields import AceRule
from rummy.model.variant_type import Variant

from .cards import Card, Rank

MAX_SEQUENCE_LENGTH = 13
"""A sequence never wraps and never uses an ace at both ends, so 13 positions at most.
Kept here, below :mod:`rummy.model.melds`, because the declare family's sequences share it."""


class MeldKind(enum.Enum):
    """What a meld on the table is."""

    RUN = "run"
    """Consecutive ranks (one suit unless mixed suits are allowed); never wraps."""
    SET = "set"
    """Cards of one rank; suits may repeat with several packs."""
    INVALID = "invalid"
    """Neither under this table's rules."""


@dataclass(frozen=True)
class MeldRules:
    """The meld rules of a classic-family or contract-family variant."""

    run_min: int
    set_min: int
    max_size: int | None
    mixed_suits: bool
    ace_low: bool
    ace_high: bool

    @classmethod
    def of(cls, variant: Variant) -> MeldRules:
        """The meld rules of ``variant`` (classic rummy's own keys were mapped onto these
        fields when it was loaded)."""
        return cls(variant.melding.run_min_length, variant.set_min_size,
                   variant.melding.limit_meld_size,
                   variant.melding.allow_run_mixed_suit, variant.ace is not AceRule.HIGH,
                   variant.ace is not AceRule.LOW)

    def positions(self, rank: Rank) -> tuple[int, ...]:
        """Where a rank may stand in a run: 1-13, the ace at 1 (low) and/or 14 (high)."""
        if rank is not Rank.ACE:
            return (int(rank),)
        return (1,) * self.ace_low + (14,) * self.ace_high

    @property
    def lowest(self) -> int:
        return 1 if self.ace_low else 2

    @property
    def highest(self) -> int:
        return 14 if self.ace_high else 13


@dataclass(frozen=True)
class TableMeld:
    """A meld lying on the table: whose it is, what it is, its cards in order.

    A run's ``cards`` run from its low end (position ``start``) up, jokers in the places
    they fill; a set's ``rank`` is its natural cards' rank.
    """

    owner: int
    kind: MeldKind
    cards: tuple[Card, ...]
    start: int = 0
    rank: Rank | None = None

    def __str__(self) -> str:
        return f"{self.kind.value} " + " ".join(c.label for c in self.cards)


def _fits_size(rules: MeldRules, n: int, least: int) -> bool:
    return n >= least and (rules.max_size is None or n <= rules.max_size)


def lay_set(rules: MeldRules, cards: Sequence[Card], owner: int = 0) -> TableMeld | None:
    """``cards`` as a set on the table, or None when they are not one."""
    naturals = [c for c in cards if c.rank is not None]
    if not naturals or len({c.rank for c in naturals}) != 1:
        return None
    if not _fits_size(rules, len(cards), rules.set_min):
        return None
    ordered = tuple(sorted(naturals, key=Card.sort_key)) + tuple(
        c for c in cards if c.rank is None)
    return TableMeld(owner, MeldKind.SET, ordered, 0, naturals[0].rank)


def lay_run(rules: MeldRules, cards: Sequence[Card], owner: int = 0) -> TableMeld | None:
    """``cards`` as a run on the table, or None. Jokers fill the gaps, then extend the run
    upwards while they can, then downwards (the player does not choose their places)."""
    naturals = [c for c in cards if c.rank is not None]
    jokers = [c for c in cards if c.rank is None]
    n = len(cards)
    if not naturals or not _fits_size(rules, n, rules.run_min) or n > MAX_SEQUENCE_LENGTH:
        return None
    if not rules.mixed_suits and len({c.suit for c in naturals}) != 1:
        return None
    best: TableMeld | None = None
    for placed in _placements(rules, naturals):
        by_pos = dict(placed)
        lo, hi = min(by_pos), max(by_pos)
        gaps = hi - lo + 1 - len(by_pos)
        spare = len(jokers) - gaps
        if len(by_pos) != len(naturals) or spare < 0:
            continue
        up = min(spare, rules.highest - hi)
        down = spare - up
        if lo - down < rules.lowest:
            continue
        pool = list(jokers)
        row = [by_pos[p] if p in by_pos else pool.pop() for p in range(lo - down, hi + up + 1)]
        meld = TableMeld(owner, MeldKind.RUN, tuple(row), lo - down)
        if best is None or meld.start > best.start:
            best = meld
    return best


def _placements(rules: MeldRules, naturals: Sequence[Card]) -> list[list[tuple[int, Card]]]:
    choices: list[list[tuple[int, Card]]] = [[]]
    for card in naturals:
        assert card.rank is not None
        choices = [c + [(p, card)] for c in choices for p in rules.positions(card.rank)]
    return choices


def meld_kinds(rules: MeldRules, cards: Sequence[Card]) -> tuple[MeldKind, ...]:
    """Every kind ``cards`` may be laid as (runs first); empty when none."""
    kinds = []
    if lay_run(rules, cards) is not None:
        kinds.append(MeldKind.RUN)
    if lay_set(rules, cards) is not None:
        kinds.append(MeldKind.SET)
    return tuple(kinds)


def classify_meld(variant: Variant, cards: Iterable[Card]) -> MeldKind:
    """``run``, ``set`` or ``invalid`` for a classic-family or contract-family variant.

    >>> from rummy.model.cards import parse_cards
    >>> from rummy.model.variant import load_variant
    >>> v = load_variant("super_rummy")
    >>> [classify_meld(v, parse_cards(m)).value for m in ("AS 2S 3S", "QS KS AS", "7S 7S 7H")]
    ['run', 'invalid', 'set']
    """
    kinds = meld_kinds(MeldRules.of(variant), tuple(cards))
    return kinds[0] if kinds else MeldKind.INVALID


def make_meld(rules: MeldRules, kind: MeldKind, cards: Sequence[Card],
              owner: int = 0) -> TableMeld | None:
    return lay_run(rules, cards, owner) if kind is MeldKind.RUN else lay_set(rules, cards, owner)


def new_meld(rules: MeldRules, cards: Sequence[Card], owner: int = 0) -> TableMeld | None:
    """``cards`` laid as a new meld: a run if they make one, else a set, else None."""
    return lay_run(rules, cards, owner) or lay_set(rules, cards, owner)


RUN_ENDS = ("low", "high")
"""The two ends of a run a card may be laid off at (``None`` for a set)."""


def lay_off(rules: MeldRules, meld: TableMeld, card: Card, end: str | None = None
            ) -> TableMeld | None:
    """``meld`` with ``card`` added (it stays the same kind, within the size limit), or None.

    A run grows at one ``end``; ``None`` takes the high end when the card fits there, else
    the low one. A natural card may take the place of a joker that stands for it: the
    joker stays in the run and moves to that end (docs/rules.md, contract rummy).
    """
    if meld.kind is not MeldKind.RUN:
        return None if end is not None else lay_set(rules, meld.cards + (card,), meld.owner)
    grown = run_ends(rules, meld, card)
    if end is None:
        return grown.get("high") or grown.get("low")
    return grown.get(end)


def misfit(rules: MeldRules, meld: TableMeld, end: str | None = None) -> str:
    """Why :func:`lay_off` refused a card on ``meld`` (at a run's ``end``), in the engine's
    words: the size limit when the meld is as big as the rules let a meld be, else that the
    card does not fit.

    >>> from rummy.model.cards import parse_cards
    >>> from rummy.model.variant import load_variant
    >>> rules = MeldRules.of(load_variant("super_rummy").with_options(
    ...     {"limit_meld_size": 4}))
    >>> misfit(rules, lay_run(rules, parse_cards("6H 7H 8H 9H")))
    'that meld already has 4 cards, the most a meld may have'
    >>> misfit(rules, lay_run(rules, parse_cards("6H 7H 8H")), "low")
    'that card does not fit that meld at its low end'
    """
    if rules.max_size is not None and len(meld.cards) >= rules.max_size:
        return f"that meld already has {len(meld.cards)} cards, the most a meld may have"
    return "that card does not fit that meld" + (f" at its {end} end" if end else "")


def run_ends(rules: MeldRules, meld: TableMeld, card: Card) -> dict[str, TableMeld]:
    """The run ``meld`` grown by ``card`` at each end where it fits (a joker, or an ace
    that may be low or high, can fit both). A natural card that a joker of the run stands
    for takes its place, and the joker goes to an end.

    >>> from rummy.model.cards import parse_cards
    >>> from rummy.model.variant import load_variant
    >>> rules = MeldRules.of(load_variant("dummy_rummy"))
    >>> run = lay_run(rules, parse_cards("5S 6S 7S 8S"))
    >>> {end: str(m) for end, m in run_ends(rules, run, parse_cards("JK")[0]).items()}
    {'low': 'run Joker 5♠ 6♠ 7♠ 8♠', 'high': 'run 5♠ 6♠ 7♠ 8♠ Joker'}
    >>> nine, other = parse_cards("9S 9H")
    >>> sorted(run_ends(rules, run, nine)), run_ends(rules, run, other)
    (['high'], {})
    >>> gap = lay_run(rules, parse_cards("5S JK 7S 8S"))
    >>> {end: str(m) for end, m in run_ends(rules, gap, parse_cards("6S")[0]).items()}
    {'low': 'run Joker 5♠ 6♠ 7♠ 8♠', 'high': 'run 5♠ 6♠ 7♠ 8♠ Joker'}
    """
    out: dict[str, TableMeld] = {}
    n = len(meld.cards) + 1
    if not _fits_size(rules, n, rules.run_min) or n > MAX_SEQUENCE_LENGTH:
        return out
    suits = {c.suit for c in meld.cards if c.rank is not None}
    if card.rank is not None and not rules.mixed_suits and suits - {card.suit}:
        return out
    ends = [(end, pos) for end, pos in (("low", meld.start - 1), ("high", meld.start + n - 1))
            if rules.lowest <= pos <= rules.highest]
    for end, pos in ends:
        if card.rank is None or pos in rules.positions(card.rank):
            out[end] = _grown(meld, card, end)
    if card.rank is None:
        return out
    for pos in rules.positions(card.rank):
        i = pos - meld.start
        if 0 <= i < len(meld.cards) and meld.cards[i].rank is None:
            row = meld.cards[:i] + (card,) + meld.cards[i + 1:]
            for end, _ in ends:
                out.setdefault(end, _grown(replace(meld, cards=row), meld.cards[i], end))
    return out


def _grown(meld: TableMeld, card: Card, end: str) -> TableMeld:
    if end == "low":
        return replace(meld, cards=(card,) + meld.cards, start=meld.start - 1)
    return replace(meld, cards=meld.cards + (card,))


def lay_off_ends(rules: MeldRules, meld: TableMeld, card: Card) -> tuple[str | None, ...]:
    """The lay-offs of ``card`` on ``meld`` a player chooses between: both ends of a run
    when it fits both, else ``(None,)`` when it fits (one place); empty when it fits
    nowhere."""
    if meld.kind is MeldKind.RUN:
        ends = tuple(run_ends(rules, meld, card))
        return ends if len(ends) > 1 else (None,) * len(ends)
    return (None,) if lay_off(rules, meld, card) is not None else ()


def meld_options(rules: MeldRules, hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every distinct new meld (by faces) that can be made from ``hand`` (no jokers)."""
    out: list[tuple[Card, ...]] = []
    seen: set[tuple[str, ...]] = set()
    top = rules.max_size or len(hand)

    def keep(cards: tuple[Card, ...]) -> None:
        key = tuple(sorted(c.face for c in cards))
        if key not in seen and (lay_run(rules, cards) or lay_set(rules, cards)):
            seen.add(key)
            out.append(cards)

    by_rank: dict[object, list[Card]] = {}
    for card in hand:
        by_rank.setdefault(card.rank, []).append(card)
    for rank, cards in by_rank.items():
        if rank is None:
            continue
        for size in range(rules.set_min, min(top, len(cards)) + 1):
            for combo in combinations(cards, size):
                keep(combo)
    for pos in range(rules.lowest, rules.highest + 1):
        row: list[list[Card]] = []
        for p in range(pos, min(rules.highest, pos + top - 1) + 1):
            here = _distinct(c for c in by_rank.get(_rank_at(p), ()) if c.rank is not None)
            if not here:
                break
            row.append(here)
            if len(row) >= rules.run_min:
                for combo in product(*row):
                    if rules.mixed_suits or len({c.suit for c in combo}) == 1:
                        keep(tuple(combo))
    return out


def _rank_at(pos: int) -> object:
    return Rank(1 if pos == 14 else pos)


def _distinct(cards: object) -> list[Card]:
    out: dict[str, Card] = {}
    for card in cards:  # type: ignore[attr-defined]
        out.setdefault(card.face, card)
    return list(out.values())
