"""Variants: the typed parameters of a rummy table, loaded from ``config/variants/*.yaml``.

A variant file names its rule ``family`` (``declare``, ``table``, ``contract``) and sets
that family's typed parameters (the keys every file has plus its family's own, listed in
:mod:`rummy.model.variant_fields`); it also declares the options a player may change
before a game. Files and options name every key flat (``allow_draw_choice``).

A frozen :class:`Variant` is the fields every family shares plus one typed part holding
only its family's own parameters (:mod:`rummy.model.variant_parts`):

* shared: ``id``, ``name``, ``description``, ``family``, ``min_players``, ``max_players``,
  and the cards as every family's code reads them: ``packs`` and ``printed_jokers`` (every
  deck), ``hand_size`` (every deal), ``ace`` (every run or sequence), ``set_min_size``
  (every family's sets), ``card_points`` and ``joker_points`` (every hand's count). The
  table family fills those its files do not name from ``deck_count`` and ``ace_rank``.
  ``set_max_size`` is the declare family's own: only a declaration's sets read it.
* ``params``: :class:`DeclareRules`, :class:`TableRules` or :class:`ContractRules`, typed
  through :attr:`Variant.declare`, :attr:`Variant.table`, :attr:`Variant.contract` and
  :attr:`Variant.melding` (what both families with melds on the table say of a meld), each
  raising :class:`WrongFamilyError` for another family. The few questions code shared by
  every family asks (turn timer, draw choice, wild joker cut, contracts) are properties
  of every part (:class:`FamilyRules`).

>>> v = load_variant("super_rummy")
>>> type(v.params).__name__, v.table.target_score, v.with_options({"deck_count": 2}).packs
('TableRules', 250, 2)

Loading never evaluates anything from the file (``yaml.compose`` only): bad files raise
one :class:`VariantError` listing every problem with ``file:line:column`` and the allowed
values.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

import yaml
from yaml.nodes import Node

from rummy.paths import data_root

from ._options import read_option
from ._schema import Invalid, Reader, Spec, closest, same, shown
from .cards import Card, Rank
from .variant_fields import (
    COMMON_FIELDS,
    FAMILIES,
    FAMILY_FIELDS,
    TABLE_HAND_SIZES,
    AceRule,
    DeckExhaust,
    FirstTurn,
    MatchFormat,
    Toss,
    fields_for,
    player_band,
    table_problems,
)
from .variant_parts import (
    SHAPES,
    SHARED_KEYS,
    ContractRules,
    DeclareRules,
    FamilyRules,
    FamilyShape,
    MeldingRules,
    TableRules,
    WrongFamilyError,
)

__all__ = [
    "FAMILIES", "FAMILY_FIELDS", "FIELDS", "OPTIONABLE", "SHARED_KEYS", "TABLE_HAND_SIZES",
    "VARIANTS_DIR", "AceRule", "ContractRules", "DeckExhaust", "DeclareRules", "FamilyRules",
    "FirstTurn", "MatchFormat", "MeldingRules", "TableRules", "Toss", "Variant",
    "VariantError", "VariantOption", "WrongFamilyError", "fields_for", "list_variant_ids",
    "load_variant", "table_problems", "variant_files",
]

VARIANTS_DIR = data_root() / "config" / "variants"


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
    # The cards, as every family's code reads them (the table family fills them at load)
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
    :attr:`table`, :attr:`contract` or :attr:`melding`."""
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
    def table(self) -> TableRules:
        """The table family's own parameters; WrongFamilyError for another family."""
        return self._part(TableRules, "table", "table-family")

    @property
    def contract(self) -> ContractRules:
        """The contract family's own parameters; WrongFamilyError for another family."""
        return self._part(ContractRules, "contract", "contract-family")

    @property
    def melding(self) -> MeldingRules:
        """How melds laid on the table are made (table and contract families);
        WrongFamilyError for the declare family."""
        part = self.params
        if not isinstance(part, (TableRules, ContractRules)):
            raise self._wrong("melding", "table- and contract-family")
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
        """Cards dealt to each of ``players``: ``hand_size``, or in the table family with
        ``hand_size: null`` (0 here) the default for the player count."""
        if self.shape.hand_sizes_by_players and self.hand_size == 0:
            return TABLE_HAND_SIZES[player_band(players)][0]
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
            one, more = TABLE_HAND_SIZES[player_band(players)]
            most = one if self.table.deck_count == 1 else more
            if self.hand_size > most:
                decks = ("one deck" if self.table.deck_count == 1
                         else f"{self.table.deck_count} decks")
                return (f"hand_size {self.hand_size} is too many for {players} players with"
                        f" {decks} (at most {most}; more decks allow up to {more})")
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


def _all_fields() -> dict[str, Spec]:
    out: dict[str, Spec] = dict(COMMON_FIELDS)
    for fields in FAMILY_FIELDS.values():
        for name, spec in fields.items():
            out.setdefault(name, spec)
    return out


FIELDS: dict[str, Spec] = _all_fields()
"""Every key of a variant file: the common keys, then each family's others in the order of
its files (a key two families share, such as ``hand_size``, with the first family's spec;
each file is read with its own family's)."""


OPTIONABLE: tuple[str, ...] = tuple(key for key, spec in FIELDS.items() if spec.optionable)
"""Keys a file's ``options:`` may offer to the player (in some family)."""


def variant_files() -> list[Path]:
    """The shipped variant files, sorted by name."""
    return sorted(path for path in VARIANTS_DIR.glob("*.yaml") if path.is_file())


def list_variant_ids() -> list[str]:
    """The ids of the shipped variants, sorted: what :func:`load_variant` accepts."""
    return [path.stem for path in variant_files()]


def load_variant(id_or_path: str | Path) -> Variant:
    """Load a variant by id (``"indian_13"``) or by the path of a ``.yaml`` file.

    Raises :class:`VariantError` listing every problem of the file, each with
    ``file:line:column``, what is wrong, and the allowed values.
    """
    path = _resolve(id_or_path)
    label = _label(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as err:
        raise VariantError([f"{label}: no such variant file (shipped variants:"
                            f" {', '.join(list_variant_ids()) or 'none'})"]) from err
    except (OSError, UnicodeDecodeError) as err:
        raise VariantError([f"{label}: cannot read this variant file: {err}"]) from err
    return _parse(text, label, path)


def _resolve(id_or_path: str | Path) -> Path:
    if isinstance(id_or_path, Path):
        return id_or_path
    text = str(id_or_path)
    separators = [sep for sep in (os.sep, os.altsep, "/") if sep]
    if any(sep in text for sep in separators) or text.endswith((".yaml", ".yml")):
        return Path(text)
    path = VARIANTS_DIR / f"{text}.yaml"
    if not path.is_file():
        ids = list_variant_ids()
        raise VariantError([f"unknown variant {text!r}{closest(text, ids)};"
                            f" available: {', '.join(ids) or 'none'}"])
    return path


def _label(path: Path) -> str:
    """The path as messages show it: relative to the working directory when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def _parse(text: str, label: str, path: Path) -> Variant:
    reader = Reader(label)
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as err:
        mark, start = err.problem_mark or err.context_mark, err.context_mark
        context = f"{err.context}, " if err.context else ""
        if err.context and start and mark and start.line != mark.line:
            context = f"{err.context} started at line {start.line + 1}, "
        reader.at(mark, f"YAML syntax error: {context}{err.problem}")
        raise VariantError(reader.problems) from err
    except yaml.YAMLError as err:
        raise VariantError([f"{label}: YAML syntax error: {err}"]) from err
    if root is None:
        raise VariantError([f"{label}:1:1: the file is empty; a variant file is a mapping of"
                            f" keys: {', '.join(FAMILY_FIELDS['declare'])}, options"])
    entries = reader.entries(root, "the variant file")
    if entries is None:
        raise VariantError(reader.problems)
    fields = fields_for(_family_of(entries))
    known = reader.text_keys(entries, (*fields, "options"), "the variant file")
    table: dict[str, Any] = {}
    where: dict[str, Node] = {}
    for key, spec in fields.items():
        if key not in known:
            reader.at(root, f"missing required key {key!r}: {key} must be {spec.describe()}")
            continue
        where[key] = known[key][1]
        ok, value = reader.value(key, spec, where[key])
        if ok:
            table[key] = value
    if "id" in table and table["id"] != path.stem:
        reader.at(where["id"], f"id must equal the file's name {path.stem!r},"
                               f" got {shown(table['id'])}")
    for key, message in table_problems(table):
        reader.at(where[key], message)
    options: list[VariantOption] = []
    if "options" in known:
        items = reader.items(known["options"][1], "options")
        taken: dict[str, int] = {}
        for number, item in enumerate(items or [], start=1):
            parts = read_option(reader, item, number, fields, table_problems, table, where, taken)
            if parts is not None:
                options.append(VariantOption(*parts))
    if reader.problems:
        raise VariantError(reader.problems)
    shape = SHAPES[table["family"]]
    table |= shape.derive(table)
    return Variant(**{key: table[key] for key in SHARED_KEYS}, params=shape.make_part(table),
                   options=tuple(options), source=str(path))


def _family_of(entries: list[tuple[Any, Node, Node]]) -> str:
    """The file's ``family`` as written, if it is a known one (else ``declare``: its keys
    are then reported against the declare schema, and the bad family value itself too)."""
    for key, _, node in entries:
        if key == "family" and isinstance(node, yaml.ScalarNode) and node.value in FAMILIES:
            return str(node.value)
    return "declare"
