"""A rule family's every piece is found from the family object (docs/architecture.md,
"How a rule family plugs in"): its bots, table parts, rules page and terminal."""

from __future__ import annotations

import subprocess
import sys

import pytest

from rummy.ai import bots_of
from rummy.cli_moves import Terminal, terminal_of
from rummy.model.rules import FAMILIES, Pieces
from rummy.model.state import start_deal
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.view import view_for


@pytest.mark.parametrize("name", sorted(FAMILIES))
def test_every_piece_of_every_family_is_found(name: str) -> None:
    from rummy.ui.table.parts_base import FamilyParts

    family = FAMILIES[name]
    for field in Pieces.__dataclass_fields__:
        assert family.piece(field) is not None, field
    assert issubclass(family.piece("table"), FamilyParts)
    assert callable(family.piece("rules_page"))
    assert isinstance(family.piece("terminal"), Terminal)
    variant = next(load_variant(v) for v in list_variant_ids()
                   if load_variant(v).family == name)
    view = view_for(start_deal(variant, players=2, seed=3), 0)
    assert {"easy", "medium", "hard"} <= set(bots_of(view))


@pytest.mark.parametrize("variant_id", list_variant_ids())
def test_each_variant_plays_with_its_own_families_pieces(variant_id: str) -> None:
    from rummy.ui.rules_families import summary
    from rummy.ui.table.parts import parts_for

    variant = load_variant(variant_id)
    view = view_for(start_deal(variant, players=2, seed=3), 0)
    assert type(parts_for(variant)).__name__ in FAMILIES[variant.family].pieces.table
    assert terminal_of(view).help(view)
    assert summary(variant)


def test_the_model_names_its_pieces_without_importing_them() -> None:
    code = ("import sys; import rummy.model.rules as r; "
            "[r.FAMILIES[n].pieces for n in r.FAMILIES]; "
            "print(sorted(m for m in sys.modules if m.startswith(('rummy.ai', 'rummy.ui',"
            " 'rummy.cli', 'pygame'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("variant_id", list_variant_ids())
def test_a_family_holds_its_parameters(variant_id: str) -> None:
    variant = load_variant(variant_id)
    family = FAMILIES[variant.family]
    assert isinstance(variant.params, family.shape.part)
    assert family.shape is variant.shape
