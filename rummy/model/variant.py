"""Variants: the typed parameters of a rummy table, loaded from ``config/variants/*.yaml``.

A variant file names its rule ``family`` (``declare``, ``classic``, ``contract``) and sets
that family's typed parameters (the keys every file has plus its family's own, listed in
:mod:`rummy.model.variant_fields`); it also declares the options a player may change
before a game. Files and options name every key flat (``allow_draw_choice``).

This module loads them. A frozen :class:`~rummy.model.variant_type.Variant` is the fields
every family shares plus one typed part holding only its family's own parameters
(:mod:`rummy.model.variant_parts`):

* shared: ``id``, ``name``, ``description``, ``family``, ``min_players``, ``max_players``,
  and the cards as every family's code reads them: ``packs`` and ``printed_jokers`` (every
  deck), ``hand_size`` (every deal), ``ace`` (every run or sequence), ``set_min_size``
  (every family's sets), ``card_points`` and ``joker_points`` (every hand's count). The
  classic family fills those its files do not name from ``deck_count`` and ``ace_rank``.
  ``set_max_size`` is the declare family's own: only a declaration's sets read it.
* ``params``: ``DeclareRules``, ``ClassicRules`` or ``ContractRules``, typed
  through :attr:`Variant.declare`, :attr:`Variant.classic`, :attr:`Variant.contract` and
  :attr:`Variant.melding` (what both families with melds on the table say of a meld), each
  raising ``WrongFamilyError`` for another family. The few questions code shared by every
  family asks (turn timer, draw choice, wild joker cut, contracts) are properties of every
  part (``FamilyRules``).

>>> v = load_variant("super_rummy")
>>> type(v.params).__name__, v.classic.target_score, v.with_options({"deck_count": 2}).packs
('ClassicRules', 250, 2)

Loading never evaluates anything from the file (``yaml.compose`` only): bad files raise
one :class:`VariantError` listing every problem with ``file:line:column`` and the allowed
values.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import Node

from rummy.paths import data_root

from ._options import read_option
from ._schema import Reader, Spec, closest, shown
from .variant_fields import (
    COMMON_FIELDS,
    FAMILIES,
    FAMILY_FIELDS,
    fields_for,
    table_problems,
)
from .variant_parts import (
    SHAPES,
    SHARED_KEYS,
)
from .variant_type import Variant, VariantError, VariantOption

__all__ = [
    "FIELDS", "OPTIONABLE", "VARIANTS_DIR", "list_variant_ids", "load_variant", "variant_files"
]

VARIANTS_DIR = data_root() / "config" / "variants"


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
    _rename_family(entries)
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


_OLD_FAMILY_NAMES = {"table": "classic"}
"""A family's name in files written before it was renamed -> its name now: classic rummy's
family was ``table`` until it was named for its game, and files that say ``family: table``
still load as ``classic``."""


def _rename_family(entries: list[tuple[Any, Node, Node]]) -> None:
    """Read a family's old name as its name now (:data:`_OLD_FAMILY_NAMES`): the one place it
    is done, before the file's keys are read against their family's."""
    for key, _, node in entries:
        if key == "family" and isinstance(node, yaml.ScalarNode):
            node.value = _OLD_FAMILY_NAMES.get(node.value, node.value)


def _family_of(entries: list[tuple[Any, Node, Node]]) -> str:
    """The file's ``family`` as written, if it is a known one (else ``declare``: its keys
    are then reported against the declare schema, and the bad family value itself too)."""
    for key, _, node in entries:
        if key == "family" and isinstance(node, yaml.ScalarNode) and node.value in FAMILIES:
            return str(node.value)
    return "declare"
