"""The Hint key at the table: the hard level's suggestion (:func:`rummy.ai.hint.hint`,
worked out off the frame by the table's driver), read into what the table does with it."""

from __future__ import annotations

from rummy.ai.hint import Hint
from rummy.model import Card


def read_hint(hint: Hint | None) -> tuple[list[Card], list[list[Card]], str]:
    """(the cards the suggested move plays, to select; the groups to arrange the hand
    into; what to say) from a hint, or nothing when working it out failed."""
    if hint is None:
        return [], [], ""
    # Only the groups: the loose cards stay where the player had them.
    groups = [list(g) for g in hint.groups if g]
    return list(hint.cards), groups, f"Hint: {hint}"
