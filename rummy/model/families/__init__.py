"""Rule families: one module per family (``declare``, ``table``, ``contract``; the last two
share their round's state and steps in ``melding``).

This package holds what every family shares: the :class:`Phase` of a deal and the
:class:`SeatStatus` of a seat. :mod:`rummy.model.state` picks the family module by the
variant's ``family`` name.
"""

from __future__ import annotations

import enum


class Phase(enum.Enum):
    """Where the deal stands: what the seat to move must do next."""

    DRAW = "draw"
    """The seat to move starts its turn: draw a card (or drop, where allowed)."""
    DISCARD = "discard"
    """The seat to move has drawn: discard a card, or put one on the finish slot (declare);
    lay melds and lay off, then discard (table, contract)."""
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
