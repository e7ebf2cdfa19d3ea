"""Variants: the typed parameters of a rummy table, loaded from ``config/variants/*.yaml``.

A variant file names its rule ``family`` and sets typed parameters; it also declares the
options a player may change before a game. Loading never evaluates anything from the file
(``yaml.compose`` only): bad files raise one :class:`VariantError` listing every problem
with ``file:line:column`` and the allowed values.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from .cards import Card, Rank

VARIANTS_DIR = Path(__file__).resolve().parents[2] / "config" / "variants"


class VariantError(ValueError):
    """A variant file (or a set of options) is not valid. ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


class Toss(enum.Enum):
    """How the first player is chosen."""

    HIGHEST_FIRST = "highest_first"
    """Every player gets a random card; the highest (ace high, then suit) moves first."""
    LOWEST_DEALS = "lowest_deals"
    """Two players pick a card each; the lower card deals, the other receives and moves first."""


class AceRule(enum.Enum):
    """Where an ace may stand in a sequence. Sequences never wrap (K-A-2)."""

    LOW = "low"
    """A-2-3 only."""
    HIGH = "high"
    """Q-K-A only."""
    BOTH = "both"
    """A-2-3 or Q-K-A, never both ends in one sequence."""


@dataclass(frozen=True)
class VariantOption:
    """A parameter a player may change before a game, as the menu offers it."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any
    help: str = ""


@dataclass(frozen=True)
class Variant:
    """Every parameter of a table. Frozen; :meth:`with_options` makes a changed copy."""

    id: str
    name: str
    description: str
    family: str
    # The cards
    packs: int
    printed_jokers: int
    hand_size: int
    min_players: int
    max_players: int
    toss: Toss
    ace: AceRule
    # Wild joker: a card cut from the closed deck makes its rank wild in every suit.
    wild_joker_cut: bool
    printed_joker_cut_rank: Rank
    # Groups and the declaration
    min_sequences: int
    pure_min_length: int
    sequence_min_length: int
    set_min_size: int
    set_max_size: int
    # Points: ``card_points`` maps each rank to its points; jokers (printed and wild) score
    # ``joker_points``.
    card_points: tuple[tuple[Rank, int], ...]
    joker_points: int
    count_cap: int
    wrong_show_penalty: int
    allow_drop: bool
    first_drop_penalty: int
    middle_drop_penalty: int
    no_turn_score: int
    complete_hand_score: int
    # Turn timer, in seconds; 0 is off.
    turn_timer: int
    missed_turns_to_drop: int
    auto_drop_penalty: int
    options: tuple[VariantOption, ...] = ()
    source: str = ""
    chosen: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def deck_size(self) -> int:
        return 52 * self.packs + self.printed_jokers

    def points_of_rank(self, rank: Rank) -> int:
        return dict(self.card_points)[rank]

    def card_value(self, card: Card, wild_rank: Rank | None) -> int:
        """Points of one card in a loser's count: jokers and wild-rank cards score 0."""
        if card.rank is None or card.rank == wild_rank:
            return self.joker_points
        return self.points_of_rank(card.rank)

    def option(self, key: str) -> VariantOption:
        for opt in self.options:
            if opt.key == key:
                return opt
        raise KeyError(key)

    def with_options(self, chosen: dict[str, Any]) -> Variant:
        """A copy with the player's choices applied; raises VariantError for bad ones."""
        problems: list[str] = []
        changes: dict[str, Any] = {}
        offered = {o.key: o for o in self.options}
        for key, value in chosen.items():
            opt = offered.get(key)
            if opt is None:
                allowed = ", ".join(sorted(offered)) or "none"
                problems.append(f"{self.id}: {key!r} is not an option of this variant"
                                f" (options: {allowed})")
                continue
            if value not in opt.values:
                allowed = ", ".join(str(v) for v in opt.values)
                problems.append(f"{self.id}: option {key!r} cannot be {value!r}"
                                f" (allowed: {allowed})")
                continue
            changes[key] = _coerce_field(self, key, value)
        if problems:
            raise VariantError(problems)
        merged = dict(self.chosen)
        merged.update(chosen)
        return replace(self, chosen=tuple(sorted(merged.items())), **changes)


def _coerce_field(variant: Variant, key: str, value: Any) -> Any:
    current = getattr(variant, key)
    if isinstance(current, enum.Enum):
        return type(current)(value)
    if isinstance(current, Rank):
        return Rank(value)
    return value
