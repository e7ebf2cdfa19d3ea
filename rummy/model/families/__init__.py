"""Rule families: one module per family (``declare``, ``classic``, ``contract``; the last two
share their round's state and steps in ``melding``).

This package holds what every family shares: the :class:`Phase` of a deal, the
:class:`SeatStatus` of a seat, and :class:`DealState`, the fields of every family's deal.
:mod:`rummy.model.state` picks the family module by the variant's ``family`` name.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from rummy.model.variant_type import Variant

from ..cards import Card
from ..events import Event
from ..randomness import Seed
from .toss import Spread


class Phase(enum.Enum):
    """Where the deal stands: what the seat to move must do next."""

    PICK = "pick"
    """Before the deal proper: the seat to move picks a card of the deck spread face down
    (the toss, or the two-player table's wild joker; docs/rules.md, "The toss and the
    dealer")."""
    DRAW = "draw"
    """The seat to move starts its turn: draw a card (or drop, where allowed)."""
    DISCARD = "discard"
    """The seat to move has drawn: discard a card, or put one on the finish slot (declare);
    lay melds and lay off, then discard (classic, contract)."""
    OVER = "over"
    """The deal is over; the state's ``result`` holds the scores."""


class SeatStatus(enum.Enum):
    """Whether a seat still plays in this deal, and if not, why."""

    PLAYING = "playing"
    """Still in the deal."""
    DROPPED = "dropped"
    """Dropped out by choice before drawing, for the drop penalty."""
    TIMED_OUT = "timed_out"
    """Dropped automatically after too many missed turns."""
    WRONG_SHOW = "wrong_show"
    """Declared with a hand that was not a valid show; out of the deal."""

    @property
    def is_out(self) -> bool:
        return self is not SeatStatus.PLAYING


@dataclass(frozen=True, kw_only=True)
class DealState:
    """What every family's deal holds, hidden cards included: each family's state adds its
    own fields (the declare family's finish slot and shows, the melding families' melds on
    the table). Players never see it: they get :func:`rummy.model.view.view_for`.

    Deck order: the last card of ``closed_deck`` and of ``open_deck`` is the top one."""

    variant: Variant
    players: int
    seed: Seed
    phase: Phase
    turn: int
    first_player: int
    dealer: int | None
    hands: tuple[tuple[Card, ...], ...]
    closed_deck: tuple[Card, ...]
    open_deck: tuple[Card, ...]
    turns_done: tuple[int, ...]
    drawn: Card | None
    """The card the seat to move drew this turn (None before its draw)."""
    reshuffles: int
    """How often the closed deck was made again from the open deck."""
    history: tuple[Event, ...]
    """Every event of the deal so far, unredacted."""
    spread: Spread | None = None
    """The deck spread face down for picking, while the phase is ``PICK``."""

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.OVER
