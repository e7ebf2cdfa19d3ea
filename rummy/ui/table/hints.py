"""The Hint key: the hard bot's suggestion (``rummy.ai.hint``), else the engine's solver.

The answer is read loosely (an object or a dict with a card, groups and ungrouped cards)
so the table keeps working whatever shape the bots' hint settles on.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rummy.model import Action, Card, PlayerView, best_arrangement, best_discards


def compute_hint(view: PlayerView, legal: Sequence[Action]) -> Any:
    """What to suggest for ``view``: ``rummy.ai.hint.hint`` when the bots provide it."""
    try:
        bots_hint = importlib.import_module("rummy.ai.hint").hint
    except (ImportError, AttributeError):
        bots_hint = None
    if callable(bots_hint):
        return bots_hint(view, legal)
    cut = view.wild_joker
    if view.drawn is not None:
        options = best_discards(view.variant, view.hand, cut)
        if options:
            card, arr = options[0]
            return {"card": card, "groups": arr.groups + ((card,),),
                    "ungrouped": arr.ungrouped}
    arr = best_arrangement(view.variant, view.hand, cut)
    return {"card": None, "groups": arr.groups, "ungrouped": arr.ungrouped}


def read_hint(hint: Any) -> tuple[Card | None, list[list[Card]], str]:
    """(card to let go, groups to arrange the hand into, what to say) from a hint."""
    if hint is None:
        return None, [], ""
    if isinstance(hint, dict):
        get = hint.get
    else:
        def get(key: str, default: Any = None) -> Any:
            return getattr(hint, key, default)
    card = get("card")
    # Only the groups: the loose cards stay where the player had them.
    groups = [list(g) for g in (get("groups") or ()) if g]
    if not isinstance(card, Card):
        card = None
    if not isinstance(hint, dict) and "__str__" in vars(type(hint)):
        text = f"Hint: {hint}"
    elif card is not None:
        text = f"Hint: discard {card.label}"
    else:
        text = "Hint: your hand in its best groups"
    return card, groups, text
