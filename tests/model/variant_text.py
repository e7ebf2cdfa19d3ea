"""Variant file texts for the variant tests: the shipped indian_13 file, edited one line at a
time, written to ``tmp_path``, and the error loading it raises.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rummy.model.variant import VARIANTS_DIR, load_variant
from rummy.model.variant_type import VariantError

INDIAN = (VARIANTS_DIR / "indian_13.yaml").read_text(encoding="utf-8")


def write(tmp_path: Path, text: str, name: str = "indian_13") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def edit(old: str, new: str, text: str = INDIAN) -> str:
    """The shipped indian_13 text with one line's start replaced."""
    pattern = re.compile("^" + re.escape(old), re.MULTILINE)
    assert len(pattern.findall(text)) == 1, old
    return pattern.sub(new, text)


def at(text: str, line_start: str, fragment: str) -> str:
    """``line:column`` (1-based) of ``fragment`` in the first line beginning with ``line_start``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(line_start):
            return f"{number}:{line.index(fragment) + 1}"
    raise AssertionError(line_start)


def cut_options(text: str) -> str:
    return text[: text.index("\noptions:")] + "\n"


def error_of(path: Path | str) -> str:
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    return str(caught.value)
