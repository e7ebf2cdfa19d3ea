"""The :class:`Variant`: every parameter of a table, frozen, and the error a bad variant
file or a bad set of options raises.

Apart from :mod:`rummy.model.variant` (the loader) because reading a variant file (YAML,
line and column, every problem listed) is one job and what a loaded table's parameters
answer is another: every family's code asks a :class:`Variant`, only the loader reads
files.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from ._schema import Invalid, same, shown
from .cards import Card, Rank
from .variant_fields import CLASSIC_HAND_SIZES, AceRule, fields_for, player_band, table_problems
from .variant_parts import (
    SHAPES,
    SHARED_KEYS,
    ClassicRules,
    ContractRules,
    DeclareRules,
    FamilyRules,
    FamilyShape,
    MeldingRules,
    WrongFamilyError,
)


class VariantError(ValueError):
    """A variant file (or a set of options) is not valid. ``problems`` lists each one."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True)
class VariantOption:
    """A parameter a player may change before a game, as the menu offers it."""

    key: str
    label: str
    values: tuple[Any, ...]
    default: Any
    help: str = ""


P = TypeVar("P", bound=FamilyRules)


@dataclass(frozen=True)
class Variant:
    """Every parameter of a table: the shared fields and, in ``params``, the family's own.
    Frozen; :meth:`with_options` makes a changed copy."""

    id: str
    name: str
    description: str
    family: str
    min_players: int
    max_players: int
    # The cards, as every family's code reads them (the classic family fills them at load)
    packs: int
    printed_jokers: int
    hand_size: int
    ace: AceRule
    set_min_size: int
    # Points: ``card_points`` maps each rank to its points; jokers (printed and wild) score
    # ``joker_points``.
    card_points: tuple[tuple[Rank, int], ...]
    joker_points: int
    params: FamilyRules
    """The family's own parameters; reach them typed through :attr:`declare`,
    :attr:`classic`, :attr:`contract` or :attr:`melding`."""
    options: tuple[VariantOption, ...] = ()
    source: str = ""
    chosen: tuple[tuple[str, Any], ...] = field(default=())

    def __post_init__(self) -> None:
        if type(self.params) is not self.shape.part:
            raise WrongFamilyError(f"{self.id}: a {self.family}-family variant holds"
                                   f" {self.shape.part.__name__}, not"
                                   f" {type(self.params).__name__}")

    def _part(self, kind: type[P], accessor: str, families: str) -> P:
        part = self.params
        if not isinstance(part, kind):
            raise self._wrong(accessor, families)
        return part

    def _wrong(self, accessor: str, families: str) -> WrongFamilyError:
        return WrongFamilyError(f"variant {self.id!r} is of the {self.family} family:"
                                f" variant.{accessor} is only for {families} variants")

    @property
    def declare(self) -> DeclareRules:
        """The declare family's own parameters; WrongFamilyError for another family."""
        return self._part(DeclareRules, "declare", "declare-family")

    @property
    def classic(self) -> ClassicRules:
        """The classic family's own parameters; WrongFamilyError for another family."""
        return self._part(ClassicRules, "classic", "classic-family")

    @property
    def contract(self) -> ContractRules:
        """The contract family's own parameters; WrongFamilyError for another family."""
        return self._part(ContractRules, "contract", "contract-family")

    @property
    def melding(self) -> MeldingRules:
        """How melds laid on the table are made (classic and contract families);
        WrongFamilyError for the declare family."""
        part = self.params
        if not isinstance(part, (ClassicRules, ContractRules)):
            raise self._wrong("melding", "classic- and contract-family")
        return part

    def value_of(self, key: str) -> Any:
        """The value of a file key (shared or the family's own), as a flat variant file
        names it; KeyError for a key this variant's family does not have."""
        if key in SHARED_KEYS:
            return getattr(self, key)
        if key in self.shape.keys:
            return getattr(self.params, key)
        raise KeyError(key)

    @property
    def shape(self) -> FamilyShape:
        """What the variant layer knows of this variant's family."""
        return SHAPES[self.family]

    @property
    def deck_size(self) -> int:
        return 52 * self.packs + self.printed_jokers

    def deal_size(self, players: int) -> int:
        """Cards dealt to each of ``players``: ``hand_size``, or in the classic family with
        ``hand_size: null`` (0 here) the default for the player count."""
        if self.shape.hand_sizes_by_players and self.hand_size == 0:
            return CLASSIC_HAND_SIZES[player_band(players)][0]
        return self.hand_size

    def seating_problem(self, players: int) -> str | None:
        """Why this table cannot seat ``players`` (a sentence), or None when it can.

        Source 001's hand sizes depend on the player count and the deck count: one deck
        deals at most 10 / 7 / 6 cards to 2 / 3-4 / 5-6 players, more decks at most
        12 / 10 / 8. That rule is checked here, when the player count is known.
        """
        if not self.min_players <= players <= self.max_players:
            return (f"{self.name} is for {self.min_players}-{self.max_players} players,"
                    f" not {players}")
        if self.shape.hand_sizes_by_players and self.hand_size:
            one, more = CLASSIC_HAND_SIZES[player_band(players)]
            most = one if self.classic.deck_count == 1 else more
            if self.hand_size > most:
                decks = ("one deck" if self.classic.deck_count == 1
                         else f"{self.classic.deck_count} decks")
                more_decks = f"; more decks allow up to {more}" if most < more else ""
                # (The rules' dealing limit, not the deck's size: "too many for 3 players
                # with one deck" read as if one deck could not hold 24 cards.)
                return (f"hand_size {self.hand_size} is more than the rules deal to {players}"
                        f" players from {decks} (at most {most}{more_decks})")
        return None

    @functools.cached_property
    def rank_points(self) -> dict[Rank, int]:
        """``card_points`` as a mapping (computed once: the solver asks it for every card)."""
        return dict(self.card_points)

    def points_of_rank(self, rank: Rank) -> int:
        return self.rank_points[rank]

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

    def with_options(self, chosen: Mapping[str, Any]) -> Variant:
        """A copy with the player's choices applied; raises VariantError for bad ones.

        Each value must be one the file offers for that option, and the changed table must
        still keep every rule between fields (the same rules a file is checked against).
        """
        problems: list[str] = []
        changes: dict[str, Any] = {}
        plain: dict[str, Any] = {}
        offered = {o.key: o for o in self.options}
        for key, value in chosen.items():
            opt = offered.get(key)
            if opt is None:
                allowed = ", ".join(sorted(offered)) or "none"
                problems.append(f"{self.id}: {key!r} is not an option of this variant"
                                f" (options: {allowed})")
                continue
            spec = fields_for(self.family)[key]
            try:
                typed = spec.convert(key, value)
                fits = any(same(spec.plain(typed), v) for v in opt.values)
            except Invalid:
                fits = False
            if not fits:
                allowed = ", ".join(shown(v) for v in opt.values)
                problems.append(f"{self.id}: option {key!r} cannot be {shown(value)}"
                                f" (allowed: {allowed})")
                continue
            changes[key] = typed
            plain[key] = spec.plain(typed)
        if not problems:
            table = {key: self.value_of(key) for key in fields_for(self.family)}
            table.update(changes)
            problems = [f"{self.id}: these options break a rule of the table: {message}"
                        for _, message in table_problems(table)]
        if problems:
            raise VariantError(problems)
        merged = dict(self.chosen)
        merged.update(plain)
        table = {key: self.value_of(key) for key in fields_for(self.family)} | changes
        table |= self.shape.derive(table)
        return replace(self, chosen=tuple(sorted(merged.items())),
                       **{key: table[key] for key in SHARED_KEYS},
                       params=self.shape.make_part(table))
