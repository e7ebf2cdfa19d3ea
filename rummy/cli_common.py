"""What the command line's commands share: their usage error, one-line messages, loading
a variant with options, and reading ``key=value`` options."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant, VariantError


class UsageError(ValueError):
    """Bad input on the command line: one line on stderr, exit status 2."""


def one_line(error: BaseException) -> str:
    """An error's text on one line (a VariantError lists one problem per line)."""
    problems = getattr(error, "problems", None)
    if problems:
        return "; ".join(str(p) for p in problems)
    return " ".join(str(error).split())


def load_variant_with(ref: str, options: dict[str, Any] | None = None) -> Variant:
    try:
        variant = load_variant(ref)
        return variant.with_options(options) if options else variant
    except VariantError as err:
        raise UsageError(one_line(err)) from err


def parse_options(pairs: Sequence[str]) -> dict[str, Any]:
    """``key=value`` pairs; values read as YAML scalars (``30``, ``true``, ``low``)."""
    import yaml

    options: dict[str, Any] = {}
    for pair in pairs:
        key, eq, text = pair.partition("=")
        if not eq or not key.strip():
            raise UsageError(f"option {pair!r} is not key=value")
        try:
            value = yaml.safe_load(text) if text.strip() else text
        except yaml.YAMLError:
            value = text
        options[key.strip()] = value
    return options
