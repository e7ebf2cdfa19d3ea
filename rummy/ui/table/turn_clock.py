"""The turn clock as the table shows it: the seconds left, urgent in the last ten (red,
and a tick each second on the player's own turn), and a missed turn in words that say how
many of the allowed misses are used and what the next one costs (docs/playing.md).
"""

from __future__ import annotations

from rummy.model.events import TurnMissed
from rummy.ui.palette import GOLD, RED
from rummy.ui.table.sprites import Color

URGENT_SECONDS = 10
"""From this many seconds left the clock is urgent."""


def seconds_shown(left: float) -> int:
    """The whole seconds a clock with ``left`` seconds shows (13.2 s shows 14 s: the
    seconds still to run, as a countdown reads)."""
    return max(0, int(left + 0.99))


def urgent(left: float) -> bool:
    return seconds_shown(left) <= URGENT_SECONDS


def clock_colour(left: float) -> Color:
    return RED if urgent(left) else GOLD


class Ticker:
    """Says when to tick: once a second in the last :data:`URGENT_SECONDS` of the player's
    own turn (the sound itself respects mute: :meth:`rummy.ui.resources.Resources.play`)."""

    def __init__(self) -> None:
        self.last: int | None = None

    def due(self, left: float | None, mine: bool) -> bool:
        if left is None or not mine:
            self.last = None
            return False
        second = seconds_shown(left)
        if second == self.last or not 0 < second <= URGENT_SECONDS:
            return False
        self.last = second
        return True


def missed_words(event: TurnMissed, name: str, allowed: tuple[int, int] | None) -> str:
    """A missed turn in words. ``allowed`` is (the misses in a row that drop a seat, the
    points it is dropped for), from the family (None: misses never drop a seat)."""
    you = name == "You"
    if allowed is None:
        return ("You" if you else name) + " missed a turn: the clock played it"
    limit, points = allowed
    used = f"turn {event.streak} of {limit}"
    if not you:
        return f"{name} missed {used}"
    if event.streak >= limit:
        return f"Missed {used}: you are dropped for {points}"
    left = limit - event.streak
    more = "one more" if left == 1 else f"{left} more in a row"
    return f"Missed {used}: {more} and you are dropped for {points}"
