"""Reading the ``options:`` list of a variant file: what a player may change before a game.

Each option names a key of the file, a label, the values offered and the default; every
value is checked as the key's own value would be, and against the rules between keys.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from yaml.nodes import Node

from ._schema import Kind, Reader, Spec, same, shown

OPTION_PARTS = ("key", "label", "values", "default", "help")
Rules = Callable[[Mapping[str, Any]], list[tuple[str, str]]]


def read_option(
    reader: Reader,
    item: Node,
    number: int,
    fields: Mapping[str, Spec],
    rules: Rules,
    table: Mapping[str, Any],
    where: Mapping[str, Node],
    taken: dict[str, int],
) -> tuple[str, str, tuple[Any, ...], Any, str] | None:
    """One entry of a file's ``options:`` as ``(key, label, values, default, help)``.

    Every value is checked as the key's own value would be, and against ``rules`` with the
    rest of the file's ``table``; the default must be one of the values and equal the
    file's own value. Reports every problem and returns None if there was any.
    """
    before = len(reader.problems)
    what = f"option #{number}"
    entries = reader.entries(item, what)
    if entries is None:
        return None
    parts = reader.text_keys(entries, OPTION_PARTS, what)
    missing = [part for part in OPTION_PARTS[:4] if part not in parts]
    if missing:
        reader.at(item, f"{what} is missing {', '.join(missing)}; an option has"
                        " key, label, values, default and optionally help")
    texts = {"help": ""}
    for part in ("label", "help"):
        if part in parts:
            texts[part] = reader.value(f"{what} {part}", Spec(Kind.TEXT), parts[part][1])[1]
    if "key" not in parts:
        return None
    offered = tuple(key for key, spec in fields.items() if spec.optionable)
    ok, key = reader.value(f"{what} key", Spec(Kind.CHOICE, choices=offered), parts["key"][1])
    if not ok:
        return None
    if key in taken:
        reader.at(parts["key"][1], f"option {key!r} is offered twice (also option #{taken[key]})")
    taken[key] = number
    spec = fields[key]
    values = _option_values(reader, key, spec, parts.get("values"), rules, table)
    default: Any = None
    if "default" in parts:
        node = parts["default"][1]
        ok, typed = reader.value(f"option {key}: default", spec, node)
        default = spec.plain(typed)
        if ok and not any(same(default, value) for value in values):
            allowed = ", ".join(shown(value) for value in values) or "none valid"
            reader.at(node, f"option {key}: default {shown(default)} must be one of its"
                            f" values: {allowed}")
        if ok and key in table and not same(default, spec.plain(table[key])):
            line = where[key].start_mark.line + 1
            reader.at(node, f"option {key}: default {shown(default)} must equal the file's"
                            f" own {key} ({shown(spec.plain(table[key]))}, line {line})")
    if len(reader.problems) > before:
        return None
    return key, texts["label"], tuple(values), default, texts["help"]


def _option_values(
    reader: Reader,
    key: str,
    spec: Spec,
    pair: tuple[Node, Node] | None,
    rules: Rules,
    table: Mapping[str, Any],
) -> list[Any]:
    if pair is None:
        return []
    nodes = reader.items(pair[1], f"option {key}: values")
    if nodes is None:
        return []
    if len(nodes) < 2:
        reader.at(pair[1], f"option {key}: values must list at least 2 choices")
    base = {message for _, message in rules(table)}
    values: list[Any] = []
    for node in nodes:
        ok, typed = reader.value(f"option {key}: value", spec, node)
        if not ok:
            continue
        plain = spec.plain(typed)
        if any(same(plain, seen) for seen in values):
            reader.at(node, f"option {key}: value {shown(plain)} is listed twice")
            continue
        values.append(plain)
        for _, message in rules({**table, key: typed}):
            if message not in base:
                reader.at(node, f"option {key}: value {shown(plain)} breaks a rule of"
                                f" this table: {message}")
    return values
