"""Variants: the typed parameters of a rummy table, loaded from ``config/variants/*.yaml``.

A variant file names its rule ``family`` and sets typed parameters; it also declares the
options a player may change before a game. Loading never evaluates anything from the file
(``yaml.compose`` only): bad files raise one :class:`VariantError` listing every problem
with ``file:line:column`` and the allowed values.
"""

from __future__ import annotations

import enum
import functools
import os
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import Node

from ._schema import Invalid, Kind, Reader, Spec, closest, read_option, same, shown
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
            spec = FIELDS[key]
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
            table = {key: getattr(self, key) for key in FIELDS}
            table.update(changes)
            problems = [f"{self.id}: these options break a rule of the table: {message}"
                        for _, message in table_problems(table)]
        if problems:
            raise VariantError(problems)
        merged = dict(self.chosen)
        merged.update(plain)
        return replace(self, chosen=tuple(sorted(merged.items())), **changes)


FAMILIES: tuple[str, ...] = ("declare",)
"""Rule families a variant may name; each has a module in ``rummy/model/families``."""

_POINTS = 1000  # upper bound for scores and penalties: far above any real table's 80-point cap

FIELDS: dict[str, Spec] = {
    "id": Spec(Kind.NAME, optionable=False),
    "name": Spec(Kind.TEXT, optionable=False),
    "description": Spec(Kind.TEXT, optionable=False),
    "family": Spec(Kind.CHOICE, choices=FAMILIES, optionable=False),
    "packs": Spec(Kind.INTEGER, 1, 3),
    "printed_jokers": Spec(Kind.INTEGER, 0, 6),
    "hand_size": Spec(Kind.INTEGER, 3, 21),
    "min_players": Spec(Kind.INTEGER, 2, 6),
    "max_players": Spec(Kind.INTEGER, 2, 6),
    "toss": Spec(Kind.CHOICE, choices=tuple(t.value for t in Toss), make=Toss),
    "ace": Spec(Kind.CHOICE, choices=tuple(a.value for a in AceRule), make=AceRule),
    "wild_joker_cut": Spec(Kind.FLAG),
    "printed_joker_cut_rank": Spec(Kind.RANK),
    "min_sequences": Spec(Kind.INTEGER, 1, 4),
    "pure_min_length": Spec(Kind.INTEGER, 3, 13),
    "sequence_min_length": Spec(Kind.INTEGER, 3, 13),
    "set_min_size": Spec(Kind.INTEGER, 3, 8),
    "set_max_size": Spec(Kind.INTEGER, 3, 8),
    "card_points": Spec(Kind.RANK_POINTS, 0, 100, optionable=False),
    "joker_points": Spec(Kind.INTEGER, 0, 100),
    "count_cap": Spec(Kind.INTEGER, 1, _POINTS),
    "wrong_show_penalty": Spec(Kind.INTEGER, 0, _POINTS),
    "allow_drop": Spec(Kind.FLAG),
    "first_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
    "middle_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
    "no_turn_score": Spec(Kind.INTEGER, 0, _POINTS),
    "complete_hand_score": Spec(Kind.INTEGER, 0, _POINTS),
    "turn_timer": Spec(Kind.INTEGER, 0, 600),
    "missed_turns_to_drop": Spec(Kind.INTEGER, 1, 10),
    "auto_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
}
"""Every key of a variant file but ``options`` (all required), in the order files write them."""

OPTIONABLE: tuple[str, ...] = tuple(key for key, spec in FIELDS.items() if spec.optionable)
"""Keys a file's ``options:`` may offer to the player."""


def table_problems(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The rules between fields, as ``(key to point at, message)``.

    ``table`` maps keys to typed values; a rule whose keys are absent (missing or invalid)
    is skipped, so one bad value is reported once.
    """
    out: list[tuple[str, str]] = []

    def has(*keys: str) -> bool:
        return all(key in table for key in keys)

    t = table
    if has("min_players", "max_players") and t["min_players"] > t["max_players"]:
        out.append(("min_players", f"min_players ({t['min_players']}) must be at most"
                                   f" max_players ({t['max_players']})"))
    if has("set_min_size", "set_max_size") and t["set_min_size"] > t["set_max_size"]:
        out.append(("set_min_size", f"set_min_size ({t['set_min_size']}) must be at most"
                                    f" set_max_size ({t['set_max_size']})"))
    if has("pure_min_length", "sequence_min_length") and (
        t["pure_min_length"] < t["sequence_min_length"]
    ):
        out.append(("pure_min_length", f"pure_min_length ({t['pure_min_length']}) must be at"
                    f" least sequence_min_length ({t['sequence_min_length']}):"
                    " a pure sequence is a sequence"))
    if has("packs", "printed_jokers") and t["printed_jokers"] > 2 * t["packs"]:
        out.append(("printed_jokers", f"printed_jokers ({t['printed_jokers']}) must be at most"
                    f" 2 per pack ({2 * t['packs']} with packs {t['packs']})"))
    if has("packs", "printed_jokers", "hand_size", "max_players"):
        deck = 52 * t["packs"] + t["printed_jokers"]
        needed = t["hand_size"] * t["max_players"] + 2
        if needed > deck:
            out.append(("hand_size", f"hand_size {t['hand_size']} x max_players"
                        f" {t['max_players']} + 2 (the first open card and the wild joker cut)"
                        f" = {needed} cards, more than the deck's {deck}"))
    if has("min_sequences", "pure_min_length", "sequence_min_length", "hand_size"):
        shortest = t["pure_min_length"] + (t["min_sequences"] - 1) * t["sequence_min_length"]
        if shortest > t["hand_size"]:
            out.append(("min_sequences", f"min_sequences {t['min_sequences']} (one pure of"
                        f" {t['pure_min_length']}, others of {t['sequence_min_length']}) needs"
                        f" {shortest} cards, more than hand_size {t['hand_size']}"))
    if has("toss", "min_players", "max_players") and t["toss"] is Toss.LOWEST_DEALS and (
        t["min_players"] != 2 or t["max_players"] != 2
    ):
        out.append(("toss", "toss lowest_deals is for exactly 2 players"
                            " (min_players: 2, max_players: 2); use highest_first"))
    return out


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
                            f" keys: {', '.join(FIELDS)}, options"])
    entries = reader.entries(root, "the variant file")
    if entries is None:
        raise VariantError(reader.problems)
    known = reader.text_keys(entries, (*FIELDS, "options"), "the variant file")
    table: dict[str, Any] = {}
    where: dict[str, Node] = {}
    for key, spec in FIELDS.items():
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
            parts = read_option(reader, item, number, FIELDS, table_problems, table, where, taken)
            if parts is not None:
                options.append(VariantOption(*parts))
    if reader.problems:
        raise VariantError(reader.problems)
    return Variant(**table, options=tuple(options), source=str(path))

