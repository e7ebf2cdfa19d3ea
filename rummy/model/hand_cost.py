"""What a seat's hand would cost if another seat went out now, in the families whose melds
lie on the table (docs/rules.md): beside the hand at the table, and in the terminal.

Apart from :mod:`rummy.model.families.lay_at_end`, which the rules import, because it reads
a seat's view, and the view imports the rules.
"""

from __future__ import annotations

from .families.lay_at_end import best_lay
from .families.melding import hand_value
from .view import PlayerView

__all__ = ["value_if_out"]


def value_if_out(view: PlayerView) -> int:
    """The seat's cards' value, less what the game would lay for it at the end of the round
    (classic rummy's ``lay_at_end``); contract rummy, and classic rummy without it, count the
    hand as it is, melds held in it included."""
    if not view.rules.lays_down_contracts and view.variant.table.lay_at_end:
        return best_lay(view.variant, view.hand, view.melding.melds, view.seat).left
    return hand_value(view.variant, view.hand)
