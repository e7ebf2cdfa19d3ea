"""Group checks for the declare family: sequences (pure, impure) and sets. No I/O, no state.

A *joker* is a printed joker or any card of the wild rank. A wild-rank card may also stand
as its natural self; a sequence where it does so, with no other joker, stays pure (source 000:
K wild, A-K-Q-J of spades is pure). A group that reads more than one way counts as the best
reading for its owner: pure sequence, then impure sequence, then set.

>>> from rummy.model.cards import parse_card, parse_cards
>>> from rummy.model.variant import load_variant
>>> v = load_variant("indian_13")
>>> classify_group(v, parse_cards("AS KS QS JS"), cut=parse_card("KD")).value
'pure_sequence'
>>> classify_group(v, parse_cards("2S KS 4S 5S"), cut=parse_card("KD")).value
'impure_sequence'
>>> classify_group(v, parse_cards("3S KH 3D"), cut=parse_card("KD")).value
'set'
>>> classify_group(v, parse_cards("6S 6S 6H"), cut=parse_card("9D")).value
'invalid'
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations, product

from .cards import Card, Rank
from .variant import AceRule, Variant


class GroupKind(enum.Enum):
    """What a group of cards counts as."""

    PURE_SEQUENCE = "pure_sequence"
    """Consecutive cards of one suit with no card acting as a joker."""
    IMPURE_SEQUENCE = "impure_sequence"
    """A sequence in which one or more jokers stand in for missing cards."""
    SET = "set"
    """Cards of one rank, all of different suits, jokers filling in."""
    INVALID = "invalid"
    """Not a group under the variant's rules."""

    @property
    def is_sequence(self) -> bool:
        return self in (GroupKind.PURE_SEQUENCE, GroupKind.IMPURE_SEQUENCE)

    @property
    def label(self) -> str:
        return self.value.replace("_", " ").capitalize()


MAX_SEQUENCE_LENGTH = 13
"""A sequence never wraps and never uses an ace at both ends, so 13 positions at most."""


def wild_rank_for(variant: Variant, cut: Card | None) -> Rank | None:
    """The wild rank given the cut wild joker; a printed joker cut makes the variant's
    ``printed_joker_cut_rank`` (aces) wild. ``None`` when the variant cuts no wild joker.
    """
    if not variant.params.cuts_wild_joker or cut is None:
        return None
    if cut.rank is None:
        return variant.declare.printed_joker_cut_rank
    return cut.rank


def is_joker(card: Card, wild_rank: Rank | None) -> bool:
    """A printed joker, or a card of the wild rank."""
    return card.rank is None or card.rank == wild_rank


def rank_positions(variant: Variant, rank: Rank) -> tuple[int, ...]:
    """Where a rank may stand in a sequence: 1-13, with the ace at 1 and/or 14."""
    if rank is not Rank.ACE:
        return (int(rank),)
    if variant.ace is AceRule.LOW:
        return (1,)
    if variant.ace is AceRule.HIGH:
        return (14,)
    return (1, 14)


def _fits_window(variant: Variant, positions: Sequence[int], length: int) -> bool:
    """Whether distinct positions fit in one sequence of ``length`` that never wraps."""
    lo, hi = min(positions), max(positions)
    if hi - lo + 1 > length or length > MAX_SEQUENCE_LENGTH:
        return False
    if hi == 14 and lo == 1:
        return False
    # The window can slide within [1, 13] or [2, 14]; only the ace ends limit it.
    if hi == 14:
        return variant.ace is not AceRule.LOW
    if lo == 1:
        return variant.ace is not AceRule.HIGH
    return True


def _ace_choices(variant: Variant, cards: Sequence[Card]) -> list[list[int]]:
    """Every way to place the given natural cards at positions (aces may go low or high)."""
    choices: list[list[int]] = [[]]
    for card in cards:
        assert card.rank is not None
        options = rank_positions(variant, card.rank)
        choices = [c + [p] for c in choices for p in options]
    return choices


def is_pure_sequence(variant: Variant, cards: Sequence[Card]) -> bool:
    """Consecutive ranks of one suit, no printed joker; wild-rank cards count as themselves."""
    if len(cards) < variant.declare.sequence_min_length or len(cards) > MAX_SEQUENCE_LENGTH:
        return False
    if any(c.rank is None for c in cards) or len({c.suit for c in cards}) != 1:
        return False
    for positions in _ace_choices(variant, cards):
        if len(set(positions)) == len(positions) and _fits_window(
            variant, positions, len(positions)
        ) and max(positions) - min(positions) + 1 == len(positions):
            return True
    return False


def is_impure_sequence(variant: Variant, cards: Sequence[Card], wild_rank: Rank | None) -> bool:
    """A sequence with jokers standing in; a group made only of jokers is one too."""
    n = len(cards)
    if n < variant.declare.sequence_min_length or n > MAX_SEQUENCE_LENGTH:
        return False
    naturals = [c for c in cards if not is_joker(c, wild_rank)]
    if not naturals:
        return True
    if len({c.suit for c in naturals}) != 1:
        return False
    for positions in _ace_choices(variant, naturals):
        if len(set(positions)) == len(positions) and _fits_window(variant, positions, n):
            return True
    return False


def is_set(variant: Variant, cards: Sequence[Card], wild_rank: Rank | None) -> bool:
    """Same rank, different suits (so never two identical cards), jokers filling in."""
    if not variant.set_min_size <= len(cards) <= variant.declare.set_max_size:
        return False
    naturals = [c for c in cards if not is_joker(c, wild_rank)]
    if len({c.rank for c in naturals}) > 1:
        return False
    return len({c.suit for c in naturals}) == len(naturals)


def classify_group(
    variant: Variant, cards: Iterable[Card], cut: Card | None = None
) -> GroupKind:
    """The best reading of a group: pure sequence, impure sequence, set, or invalid."""
    return classify_with_wild(variant, tuple(cards), wild_rank_for(variant, cut))


def classify_with_wild(
    variant: Variant, cards: Sequence[Card], wild_rank: Rank | None
) -> GroupKind:
    if is_pure_sequence(variant, cards):
        return GroupKind.PURE_SEQUENCE
    if is_impure_sequence(variant, cards, wild_rank):
        return GroupKind.IMPURE_SEQUENCE
    if is_set(variant, cards, wild_rank):
        return GroupKind.SET
    return GroupKind.INVALID


def arrangement_count(
    variant: Variant,
    groups: Sequence[Sequence[Card]],
    wild_rank: Rank | None,
) -> tuple[int, bool, str]:
    """Score one arrangement as shown: (uncapped count, valid show, reason).

    Invalid groups count as ungrouped cards. With no qualifying pure sequence every card
    counts; with one but too few sequences only the pure sequences are excluded; otherwise
    every card in a valid group is excluded.
    """
    kinds = [classify_with_wild(variant, g, wild_rank) for g in groups]
    pure_q = [
        g for g, k in zip(groups, kinds, strict=True)
        if k is GroupKind.PURE_SEQUENCE and len(g) >= variant.declare.pure_min_length
    ]
    n_seq = sum(1 for k in kinds if k.is_sequence)

    def points(cards: Iterable[Card]) -> int:
        return sum(variant.card_value(c, wild_rank) for c in cards)

    total = points(c for g in groups for c in g)
    if not pure_q:
        reason = f"no pure sequence of {variant.declare.pure_min_length} or more cards"
        return total, False, reason
    if n_seq < variant.declare.min_sequences:
        count = total - max(points(g) for g in pure_q)
        return count, False, f"fewer than {variant.declare.min_sequences} sequences"
    loose = [c for g, k in zip(groups, kinds, strict=True) if k is GroupKind.INVALID for c in g]
    if loose:
        return points(loose), False, "not every card is in a valid group"
    return 0, True, "valid show"


def check_declaration(
    variant: Variant, groups: Sequence[Sequence[Card]], cut: Card | None
) -> tuple[bool, str]:
    """Whether this arrangement is a valid show, and why not."""
    _count, valid, reason = arrangement_count(variant, groups, wild_rank_for(variant, cut))
    return valid, reason


# ---------------------------------------------------------------- table and contract melds
# Families 2 and 3 lay melds face up on the table: a *run* (consecutive ranks, one suit
# unless the table allows mixed suits) or a *set* (one rank; identical cards of several
# packs are allowed). Printed jokers, where a table has them, stand for any card; a meld
# needs at least one natural card so that its rank (set) or place (run) is known.


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
    """The meld rules of a table-family or contract-family variant."""

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
    """``run``, ``set`` or ``invalid`` for a table-family or contract-family variant.

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
