"""What a seat's hand would cost if another seat went out now, in the families whose melds
lie on the table (docs/rules.md): beside the hand at the table, and in the terminal.

Apart from :mod:`rummy.model.families.lay_at_end`, which the rules import, because it reads
a seat's view, and the view imports the rules.
"""

from __future__ import annotations

from .families.lay_at_end import best_lay
from .families.melding import hand_value
from .view import PlayerView

__all__ = ["lays_at_end", "value_if_out"]


def lays_at_end(view: PlayerView) -> bool:
    """Whether the game lays a seat's melds and lay-offs for it when another goes out
    (classic rummy's ``lay_at_end``), so that only its unmatched cards count."""
    return not view.rules.lays_down_contracts and view.variant.classic.lay_at_end


def value_if_out(view: PlayerView) -> int:
    """The seat's cards' value, less what the game would lay for it at the end of the round
    (see :func:`lays_at_end`); contract rummy, and classic rummy without it, count the hand
    as it is, melds held in it included."""
    if lays_at_end(view):
        return best_lay(view.variant, view.hand, view.melding.melds, view.seat).left
    return hand_value(view.variant, view.hand)
