"""How a player's own arrangement of a hand reads: each group's kind and the hand's count.

The table shows a label over every group of the hand and the count it would cost now; both
come from here, for every family, so the table never decides a rule. In Indian rummy a
group is a pure or impure sequence or a set and the count follows its scoring (docs/rules.md,
"Scoring losers"); where melds lie on the table a group is a run or a set and the count is
the value of the cards in no valid meld (what the hand costs if someone goes out now).

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.variant import load_variant
>>> v = load_variant("super_rummy")
>>> [read_group(v, parse_cards(g), None).label for g in ("3S 4S 5S", "7S 7H 7D", "2S 9H")]
['Run', 'Set', 'Invalid']
>>> hand_count(v, [parse_cards("3S 4S 5S"), parse_cards("KH 2C")], None)
12
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy.model.melds import GroupKind, arrangement_count, classify_group
from rummy.model.table_melds import MeldKind, classify_meld
from rummy.model.variant_type import Variant

from .cards import Card
from .melds import wild_rank_for as _wild_rank_for


@dataclass(frozen=True)
class GroupReading:
    """One group of a hand as the table labels it."""

    key: str
    """A stable key for the label's colour: ``pure_sequence``, ``impure_sequence``,
    ``run``, ``set`` or ``invalid``."""
    label: str
    """What the player reads: "Pure sequence", "Run", "Set", "Invalid"..."""

    @property
    def valid(self) -> bool:
        return self.key != "invalid"


_MELD_LABELS = {MeldKind.RUN: "Run", MeldKind.SET: "Set", MeldKind.INVALID: "Invalid"}
_INVALID = GroupReading("invalid", "Invalid")


def read_group(variant: Variant, group: Sequence[Card], cut: Card | None) -> GroupReading:
    """The kind of one group of the player's arrangement (fewer than 3 cards: invalid)."""
    if len(group) < 3:
        return _INVALID
    if variant.shape.melds_on_table:
        kind = classify_meld(variant, group)
        return GroupReading(kind.value, _MELD_LABELS[kind])
    group_kind: GroupKind = classify_group(variant, group, cut=cut)
    return GroupReading(group_kind.value, group_kind.label)


def hand_count(variant: Variant, groups: Sequence[Sequence[Card]], cut: Card | None) -> int:
    """The points the hand would count as arranged (invalid groups count in full)."""
    groups = [g for g in groups if g]
    if not groups:
        return 0
    if variant.shape.melds_on_table:
        return sum(variant.card_value(c, None) for g in groups
                   if not read_group(variant, g, None).valid for c in g)
    points, _valid, _reason = arrangement_count(variant, groups, _wild_rank_for(variant, cut))
    return points


_NUMBERS = {1: "one", 2: "two", 3: "three", 4: "four"}


def count_reason(variant: Variant, groups: Sequence[Sequence[Card]], cut: Card | None) -> str:
    """Why an Indian rummy hand arranged as ``groups`` counts what it does, in one line
    (docs/rules.md, "Scoring": the same three cases as :func:`hand_count`).

    >>> from rummy.model.cards import parse_cards
    >>> from rummy.model.variant import load_variant
    >>> v = load_variant("indian_13")
    >>> count_reason(v, [parse_cards("3S 4S 5S"), parse_cards("7H 7D 7C")], None)[-57:]
    'sets count until you have two sequences, one of them pure'
    """
    rules = variant.declare
    groups = [g for g in groups if g]
    wild = _wild_rank_for(variant, cut)
    points, valid, _reason = arrangement_count(variant, groups, wild)
    kinds = [read_group(variant, g, cut).key for g in groups]
    pure = [g for g, k in zip(groups, kinds, strict=True)
            if k == "pure_sequence" and len(g) >= rules.pure_min_length]
    sequences = sum(k in ("pure_sequence", "impure_sequence") for k in kinds)
    need = _NUMBERS.get(rules.min_sequences, str(rules.min_sequences))
    if not pure:
        return f"Every card counts until you have a pure sequence of {rules.pure_min_length}" \
            " or more"
    if sequences < rules.min_sequences:
        return (f"Only the pure sequence is off the count: sets count until you have {need}"
                " sequences, one of them pure")
    if valid or points == 0:
        return "Every group is valid: nothing counts"
    return "Your sequences are in: only the cards in no valid group count"

