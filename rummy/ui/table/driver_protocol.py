"""What the table asks of the game behind it: the :class:`Driver` protocol.

Two drivers satisfy it: :class:`~.driver.TableDriver` (a game played on this computer:
its session, its bots) and :class:`rummy.net.remote.RemoteDriver` (a seat at an online
table: the server deals, checks and plays the bots). The table scene and its pieces hold
a ``Driver`` and never ask which one it is; mypy checks that both satisfy it (the lobby
hands the table a ``RemoteDriver`` typed as a ``Driver``).

The protocol lives beside the table, not in :mod:`rummy.net`: the network layer sits below
the UI and satisfies the protocol without importing it (a protocol is structural).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from concurrent.futures import Future
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from rummy.model import Action, PlayerView, Variant
from rummy.model.events import Event
from rummy.model.fairness import Verdict

if TYPE_CHECKING:
    from rummy.ai.hint import Hint

    from .driver import TableDriver


class MatchSoFar(Protocol):
    """The match around the deal, as the table reads it (a
    :class:`~rummy.model.match_state.MatchState` here, the server's report online)."""

    @property
    def variant(self) -> Variant: ...
    @property
    def players(self) -> int: ...
    @property
    def deal_no(self) -> int: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def totals(self) -> tuple[int, ...]: ...
    @property
    def sheet(self) -> tuple[tuple[int | None, ...], ...]: ...
    @property
    def out(self) -> tuple[bool, ...]: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def over(self) -> bool: ...


class Driver(Protocol):
    """One deal of a match as one seat plays and sees it. Actions and views name *deal*
    seats; ``seats[deal_seat]`` is the match seat."""

    pending: deque[Event]
    """The events this seat may see, waiting to be shown."""
    hosting: bool
    """This game runs the online table's server."""
    joined_late: bool
    """The seat sat down at a deal under way: lay it out as it stands."""

    @property
    def variant(self) -> Variant: ...
    @property
    def view(self) -> PlayerView: ...
    @property
    def human(self) -> int | None:
        """The human's match seat (None in a demo)."""
    @property
    def human_seat(self) -> int | None:
        """The human's deal seat (None in a demo, or once the human is out)."""
    @property
    def viewer(self) -> int: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def deal_no(self) -> int | None: ...
    @property
    def match(self) -> MatchSoFar: ...
    @property
    def over(self) -> bool: ...
    @property
    def match_over(self) -> bool: ...
    @property
    def fairness(self) -> Verdict | None: ...
    @property
    def proof_file(self) -> Path | None: ...
    @property
    def local(self) -> TableDriver | None:
        """The game played on this computer (its session, to save and replay), or None
        where a server keeps the record."""

    def match_names(self) -> list[str]: ...
    def deal_values(self, per_match_seat: Sequence[int]) -> list[int]: ...
    def turn_seconds(self, seat: int) -> float | None: ...
    def legal(self, seat: int | None = None) -> list[Action]: ...
    def check(self, action: Action) -> str | None:
        """None when ``action`` may be played now, else the short reason why not."""
    def act(self, action: Action) -> str | None:
        """Play ``action`` (its events join ``pending``); the reason when refused."""
    def next_event(self) -> Event | None: ...
    def poll_bot(self, dt: float, pace: float) -> bool: ...
    def submit_hint(self) -> Future[Hint] | None: ...
    def next_deal(self) -> Driver: ...
    def close(self) -> None: ...


def local_driver(driver: Driver) -> TableDriver:
    """The game played on this computer behind ``driver``: its session, state and actions
    (what tools and tests inspect); a clear error for an online seat, whose game the
    server keeps."""
    local = driver.local
    if local is None:
        raise TypeError("this table's game is played on a server: it has no local session")
    return local


__all__ = ["Driver", "MatchSoFar", "local_driver"]
