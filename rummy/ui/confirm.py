"""A move that asks first (quitting while a hosted table is in play, a new table in place of
the seat kept for Rejoin): the first press says what would happen, pressing it again goes
on, and any other input in between withdraws the question.

The screen calls :meth:`PressAgain.new_input` for each press or key before handling it,
then the move asks :meth:`PressAgain.confirmed`.
"""

from __future__ import annotations


class PressAgain:
    """The question one screen has asked, if any."""

    def __init__(self) -> None:
        self._asked: str | None = None
        self._armed: str | None = None

    def new_input(self) -> str | None:
        """A press or key is about to be handled: the question asked before it (which this
        input answers if it is the same move), and no question is pending any more."""
        self._armed, self._asked = self._asked, None
        return self._armed

    def confirmed(self, move: str) -> bool:
        """True when ``move`` was asked just before this input; else it is asked now."""
        if self._armed == move:
            return True
        self._asked = move
        return False
