"""Checking variant values and walking YAML nodes with their positions.

This module knows nothing of rummy: :mod:`rummy.model.variant` declares which keys a variant
has (a :class:`Spec` each) and the rules between them. Here a :class:`Spec` checks one
value, and a :class:`Reader` walks the nodes of ``yaml.compose`` so that every problem
carries ``file:line:column``. Nothing in a file is ever evaluated: only the plain YAML tags
(text, integer, true/false, null, float) are turned into Python values.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

import yaml
from yaml.error import Mark
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .cards import Rank

RANK_BY_TEXT: dict[str, Rank] = {rank.text: rank for rank in Rank}
RANK_TEXTS = "A, 2-10, J, Q, K"


class Kind(enum.Enum):
    """The shape of a value a key accepts."""

    INTEGER = "integer"
    """A whole number within ``low..high``; true/false are not numbers."""
    FLAG = "flag"
    """true or false."""
    TEXT = "text"
    """Any non-empty text."""
    NAME = "name"
    """An identifier: lowercase letters, digits and underscores."""
    CHOICE = "choice"
    """One text out of ``choices``, turned into its value by ``make``."""
    RANK = "rank"
    """A rank's text (``A``, ``2``..``10``, ``J``, ``Q``, ``K``); 2..10 may be numbers."""
    RANK_POINTS = "rank_points"
    """A mapping from every rank to a number of points within ``low..high``."""
    CONTRACTS = "contracts"
    """A list of ``{sets: n, runs: m}`` mappings (contract rummy's rounds), each count
    within ``low..high`` and at least one meld per round."""


class Invalid(Exception):
    """One value is not allowed; the message says what is."""


def shown(value: object) -> str:
    """A value as the file's author wrote it, for messages."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing (null)"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return repr(value) if isinstance(value, str) else str(value)


def same(a: object, b: object) -> bool:
    """Equal and of the same type: ``True`` is not ``1`` here."""
    return type(a) is type(b) and a == b


@dataclass(frozen=True)
class Spec:
    """What one variant key accepts."""

    kind: Kind
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()
    make: Callable[[str], Any] | None = None
    optionable: bool = True
    """Whether a file's ``options:`` may offer this key to the player."""
    nullable: bool = False
    """Whether ``null`` is allowed too (an integer key: "no limit", "by the player count")."""
    null: Any = None
    """The typed value that ``null`` stands for (``plain`` turns it back into ``null``)."""

    def describe(self) -> str:
        """The allowed values, in words: ``an integer from 1 to 3``."""
        if self.kind is Kind.INTEGER:
            text = f"an integer from {self.low} to {self.high}"
            return text + " or null" if self.nullable else text
        if self.kind is Kind.CONTRACTS:
            return ("a list of rounds, each a mapping {sets: n, runs: m} with n and m from"
                    f" {self.low} to {self.high} and at least one meld")
        if self.kind is Kind.FLAG:
            return "true or false"
        if self.kind is Kind.TEXT:
            return "a non-empty text"
        if self.kind is Kind.NAME:
            return "a name of lowercase letters, digits and underscores"
        if self.kind is Kind.CHOICE:
            return "one of: " + ", ".join(self.choices)
        if self.kind is Kind.RANK:
            return f"a rank, one of {RANK_TEXTS}"
        return f"a mapping from every rank ({RANK_TEXTS}) to points from {self.low} to {self.high}"

    def convert(self, key: str, value: object) -> Any:
        """The field's typed value for a plain value; raises :class:`Invalid`."""
        if value is None and self.nullable:
            return self.null
        if self.kind is Kind.INTEGER:
            if type(value) is int and self.low <= value <= self.high:
                return value
        elif self.kind is Kind.FLAG:
            if type(value) is bool:
                return value
        elif self.kind is Kind.TEXT:
            if isinstance(value, str) and value.strip():
                return value
        elif self.kind is Kind.NAME:
            if isinstance(value, str) and value and _is_name(value):
                return value
        elif self.kind is Kind.CHOICE:
            if isinstance(value, str) and value in self.choices:
                return self.make(value) if self.make else value
        elif self.kind is Kind.RANK:
            rank = rank_of(value)
            if rank is not None:
                return rank
        hint = closest(value, self.choices) if isinstance(value, str) else ""
        raise Invalid(f"{key} must be {self.describe()}, got {shown(value)}{hint}")

    def plain(self, typed: object) -> object:
        """The typed value back in the form a file writes it (enum members as their text)."""
        if self.nullable and typed == self.null and type(typed) is type(self.null):
            return None
        if isinstance(typed, Rank):
            return typed.text
        if isinstance(typed, enum.Enum):
            return typed.value
        return typed


def _is_name(text: str) -> bool:
    return all(ch.islower() or ch.isdigit() or ch == "_" for ch in text) and text.isascii()


def rank_of(value: object) -> Rank | None:
    """``"A"``, ``"10"``, ``10``, ``"q"`` -> the rank; anything else -> None."""
    if type(value) is int and 2 <= value <= 10:
        return Rank(value)
    if isinstance(value, str):
        return RANK_BY_TEXT.get(value.strip().upper())
    return None


def closest(word: str, allowed: Collection[str]) -> str:
    """`` (did you mean 'packs'?)`` when a known word is close, else nothing."""
    near = difflib.get_close_matches(word, list(allowed), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


_TAG = "tag:yaml.org,2002:"
_SCALAR_MAKERS: dict[str, Callable[[yaml.constructor.SafeConstructor, ScalarNode], Any]] = {
    _TAG + "str": yaml.constructor.SafeConstructor.construct_yaml_str,
    _TAG + "int": yaml.constructor.SafeConstructor.construct_yaml_int,
    _TAG + "bool": yaml.constructor.SafeConstructor.construct_yaml_bool,
    _TAG + "null": yaml.constructor.SafeConstructor.construct_yaml_null,
    _TAG + "float": yaml.constructor.SafeConstructor.construct_yaml_float,
}
_SEQ_TAG = _TAG + "seq"
_MAP_TAG = _TAG + "map"


class Reader:
    """Walks one file's nodes; collects every problem as ``file:line:column: message``."""

    def __init__(self, label: str) -> None:
        self.label = label
        self._found: list[tuple[int, int, int, str]] = []
        self._constructor = yaml.constructor.SafeConstructor()

    @property
    def problems(self) -> list[str]:
        """Every problem so far, in the order of the file (then in the order found)."""
        return [text for *_, text in sorted(self._found)]

    def at(self, where: Node | Mark | None, message: str) -> None:
        mark = where.start_mark if isinstance(where, Node) else where
        if mark is None:
            self._found.append((0, 0, len(self._found), f"{self.label}: {message}"))
        else:
            line, column = mark.line + 1, mark.column + 1
            text = f"{self.label}:{line}:{column}: {message}"
            self._found.append((line, column, len(self._found), text))

    def scalar(self, node: Node) -> Any:
        """The plain value of a scalar node; raises :class:`Invalid` for anything else."""
        if node.tag == _TAG + "timestamp":
            return str(node.value)  # a date is not a number: show it as written
        if node.tag not in (*_SCALAR_MAKERS, _SEQ_TAG, _MAP_TAG):
            raise Invalid(f"a value tagged {node.tag} (only plain values are read)")
        if isinstance(node, SequenceNode):
            raise Invalid("a list")
        if isinstance(node, MappingNode):
            raise Invalid("a mapping")
        assert isinstance(node, ScalarNode)
        return _SCALAR_MAKERS[node.tag](self._constructor, node)

    def value(self, key: str, spec: Spec, node: Node) -> tuple[bool, Any]:
        """``(True, typed value)``, or ``(False, None)`` after reporting why not."""
        if spec.kind is Kind.RANK_POINTS:
            return self._rank_points(key, spec, node)
        if spec.kind is Kind.CONTRACTS:
            return self._contracts(key, spec, node)
        try:
            raw = self.scalar(node)
        except Invalid as bad:
            self.at(node, f"{key} must be {spec.describe()}, got {bad}")
            return False, None
        try:
            return True, spec.convert(key, raw)
        except Invalid as bad:
            self.at(node, str(bad))
            return False, None

    def entries(self, node: Node, what: str) -> list[tuple[Any, Node, Node]] | None:
        """The ``(key, key node, value node)`` of a mapping; reports duplicate keys."""
        if not isinstance(node, MappingNode) or node.tag != _MAP_TAG:
            self.at(node, f"{what} must be a mapping of keys to values, got {self._kind(node)}")
            return None
        seen: dict[tuple[type, Any], Node] = {}
        out: list[tuple[Any, Node, Node]] = []
        for key_node, value_node in node.value:
            try:
                key = self.scalar(key_node)
            except Invalid as bad:
                self.at(key_node, f"a key in {what} must be plain text, got {bad}")
                continue
            first = seen.get((type(key), key))
            if first is not None:
                line = first.start_mark.line + 1 if first.start_mark else "?"
                self.at(key_node, f"duplicate key {shown(key)} in {what}"
                                  f" (first given at line {line}); give each key once")
                continue
            seen[(type(key), key)] = key_node
            out.append((key, key_node, value_node))
        return out

    def items(self, node: Node, what: str) -> list[Node] | None:
        """The item nodes of a list, or None after reporting that it is not one."""
        if not isinstance(node, SequenceNode) or node.tag != _SEQ_TAG:
            self.at(node, f"{what} must be a list, got {self._kind(node)}")
            return None
        return list(node.value)

    def text_keys(
        self, entries: list[tuple[Any, Node, Node]], allowed: Collection[str], what: str
    ) -> dict[str, tuple[Node, Node]]:
        """Keep the known text keys; report the others with the closest known key."""
        known: dict[str, tuple[Node, Node]] = {}
        for key, key_node, value_node in entries:
            if isinstance(key, str) and key in allowed:
                known[key] = (key_node, value_node)
                continue
            hint = closest(key, allowed) if isinstance(key, str) else ""
            self.at(key_node, f"unknown key {shown(key)} in {what}{hint};"
                              f" allowed keys: {', '.join(allowed)}")
        return known

    def _kind(self, node: Node) -> str:
        try:
            return shown(self.scalar(node))
        except Invalid as bad:
            return str(bad)

    def _rank_points(self, key: str, spec: Spec, node: Node) -> tuple[bool, Any]:
        entries = self.entries(node, key)
        if entries is None:
            return False, None
        ok = True
        points: dict[Rank, int] = {}
        where: dict[Rank, Node] = {}
        for raw, key_node, value_node in entries:
            rank = rank_of(raw)
            if rank is None:
                self.at(key_node, f"{key} keys must be ranks ({RANK_TEXTS}), got {shown(raw)}")
                ok = False
                continue
            if rank in where:
                line = where[rank].start_mark.line + 1
                self.at(key_node, f"{key} gives rank {rank.text} twice (also at line {line})")
                ok = False
                continue
            where[rank] = key_node
            each = Spec(Kind.INTEGER, spec.low, spec.high)
            good, value = self.value(f"{key}[{rank.text}]", each, value_node)
            ok = ok and good
            if good:
                points[rank] = value
        missing = [rank.text for rank in Rank if rank not in where]
        if missing:
            self.at(node, f"{key} is missing rank(s) {', '.join(missing)};"
                          f" give points for every rank {RANK_TEXTS}")
            ok = False
        if not ok:
            return False, None
        return True, tuple(sorted(points.items()))


    def _contracts(self, key: str, spec: Spec, node: Node) -> tuple[bool, Any]:
        items = self.items(node, key)
        if items is None:
            return False, None
        if not items:
            self.at(node, f"{key} must list at least one round")
            return False, None
        ok, rounds = True, []
        for number, item in enumerate(items, start=1):
            what = f"{key} round {number}"
            entries = self.entries(item, what)
            if entries is None:
                ok = False
                continue
            parts = self.text_keys(entries, ("sets", "runs"), what)
            counts = []
            for part in ("sets", "runs"):
                if part not in parts:
                    self.at(item, f"{what} is missing {part}: give both sets and runs")
                    ok = False
                    continue
                good, value = self.value(f"{what} {part}", Spec(Kind.INTEGER, spec.low,
                                                                 spec.high), parts[part][1])
                ok = ok and good
                counts.append(value)
            if len(counts) == 2 and None not in counts and sum(counts) < 1:
                self.at(item, f"{what} asks for no meld at all; give at least one set or run")
                ok = False
            rounds.append(tuple(counts))
        if not ok:
            return False, None
        return True, tuple(rounds)
