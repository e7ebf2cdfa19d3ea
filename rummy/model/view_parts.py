"""The pieces a seat's view is made of besides the shared fields: public facts about each
seat (:class:`SeatView`) and each family's own part (:class:`MeldTableView`,
:class:`DeclareView`), which the family builds (:meth:`RuleFamily.view_part`). A
:class:`~rummy.model.view.PlayerView` holds them; see :mod:`rummy.model.view`.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card
from .families import SeatStatus
from .table_melds import TableMeld


@dataclass(frozen=True)
class SeatView:
    """Public facts about one seat."""

    seat: int
    status: SeatStatus
    hand_size: int
    penalty: int
    turns_done: int
    missed_turns: int
    shown: tuple[tuple[Card, ...], ...] | None
    """The groups this seat showed when it declared (a show is public), else ``None``."""


@dataclass(frozen=True)
class MeldTableView:
    """What the classic and contract families add to a view: the melds on the table."""

    melds: tuple[TableMeld, ...]
    """The melds face up on the table, in the order laid (a LayOff names one by index)."""
    open_cards: tuple[Card, ...]
    """The discards a seat may take from (top last): the top one, or the top 5 with
    ``allow_draw_choice``."""
    taken: tuple[Card, ...]
    """Cards this seat took from the discard pile this turn (not to be discarded again)."""
    laid_down: tuple[bool, ...]
    """Per seat: has laid something down (contract: its contract) this round."""
    contract: tuple[int, int] | None
    """Contract family: (sets, runs) to lay down this round; ``None`` in the classic family."""
    round_no: int


@dataclass(frozen=True)
class DeclareView:
    """What the declare family adds to a view."""

    drop_at_turn: bool
    """This seat asked to drop at the start of its next turn."""


ViewPart = MeldTableView | DeclareView
"""A family's own part of a view."""

__all__ = ["DeclareView", "MeldTableView", "SeatView", "ViewPart"]
