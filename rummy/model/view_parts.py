"""The pieces a seat's view is made of besides the shared fields: public facts about each
seat (:class:`SeatView`) and each family's own part (:class:`MeldTableView`,
:class:`DeclareView`), which the family builds (:meth:`RuleFamily.view_part`). A
:class:`~rummy.model.view.PlayerView` holds them; see :mod:`rummy.model.view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from rummy.model.variant_type import Variant

from .cards import Card, Rank
from .events import Event
from .families import Phase, SeatStatus
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

class SeenDeal(Protocol):
    """What one seat knows of a deal, as a family reads it to build a deal that agrees with
    it (:meth:`RuleFamily.world`): a :class:`~rummy.model.view.PlayerView` is one. Named
    here, below the rules, so that the rules need not import the view, which asks them."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def seat(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def turn(self) -> int: ...
    @property
    def first_player(self) -> int: ...
    @property
    def dealer(self) -> int | None: ...
    @property
    def drawn(self) -> Card | None: ...
    @property
    def seats(self) -> tuple[SeatView, ...]: ...
    @property
    def wild_joker(self) -> Card | None: ...
    @property
    def wild_rank(self) -> Rank | None: ...
    @property
    def history(self) -> tuple[Event, ...]: ...
    @property
    def melding(self) -> MeldTableView: ...
    @property
    def declare(self) -> DeclareView: ...


__all__ = ["DeclareView", "MeldTableView", "SeatView", "SeenDeal", "ViewPart"]
