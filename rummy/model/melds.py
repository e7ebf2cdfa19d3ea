"""Group checks for the declare family: sequences (pure, impure) and sets. No I/O, no state.

The melds laid on the table in the classic and contract families are checked in
:mod:`rummy.model.table_melds`.

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

from rummy.model.variant_fields import AceRule
from rummy.model.variant_type import Variant

from .cards import Card, Rank
from .table_melds import (
    MAX_SEQUENCE_LENGTH,
)

__all__ = [
    "GroupKind", "arrangement_count", "check_declaration", "classify_group",
    "classify_with_wild", "is_impure_sequence", "is_joker", "is_pure_sequence", "is_set",
    "rank_positions", "wild_rank_for"
]


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
