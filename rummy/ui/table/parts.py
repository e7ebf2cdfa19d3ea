"""Each rule family's pieces of the table: its drop targets, buttons, status line and the
things it paints, registered by family name (:data:`PARTS`).

The table scene composes them: it asks the parts which targets a dragged card may go to,
which buttons to show and enable (from the engine's legal actions), and hands them the
buttons it does not handle itself. Adding a family is one more :class:`~.parts_base.FamilyParts`.

Each family's parts have their own module: :mod:`.parts_declare` (the declare family, and
the base of the others), :mod:`.parts_melds` (classic rummy), :mod:`.parts_contract`
(contract rummy); this one only registers them.
"""

from __future__ import annotations

from rummy.model import Variant

from .parts_base import FamilyParts
from .parts_contract import ContractParts
from .parts_declare import DeclareParts
from .parts_melds import MeldParts

PARTS: dict[str, type[FamilyParts]] = {
    "declare": DeclareParts, "classic": MeldParts, "contract": ContractParts,
}
"""Family name -> its table parts."""


def parts_for(variant: Variant) -> FamilyParts:
    """The table parts of the variant's family."""
    return PARTS[variant.family](variant)


__all__ = ["PARTS", "parts_for"]
