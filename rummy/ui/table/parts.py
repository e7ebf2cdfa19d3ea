"""Each rule family's pieces of the table: its drop targets, buttons, status line and the
things it paints, found from the family (its :class:`~rummy.model.rules.Pieces` name the
class).

The table scene composes them: it asks the parts which targets a dragged card may go to,
which buttons to show and enable (from the engine's legal actions), and hands them the
buttons it does not handle itself. Adding a family is one more :class:`~.parts_base.FamilyParts`.

Each family's parts have their own module: :mod:`.parts_declare` (the declare family, and
the base of the others), :mod:`.parts_melds` (classic rummy), :mod:`.parts_contract`
(contract rummy).
"""

from __future__ import annotations

from rummy.model import Variant
from rummy.model.rules import family_of

from .parts_base import FamilyParts


def parts_for(variant: Variant) -> FamilyParts:
    """The table parts of the variant's family."""
    parts: type[FamilyParts] = family_of(variant).piece("table")
    return parts(variant)


__all__ = ["parts_for"]
