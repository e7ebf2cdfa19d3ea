"""What the table shows of an online game's connections, once a frame.

Each seat's name says when its player is away ("Asha (away)"), and the felt's match line
says whom the table waits for ("waiting for Asha (away, 42s)", the server's clock
counting down here between its messages) or that this game's own connection is lost (or
its server stopped) and being retried. It also keeps the seat's arrangement of its hand,
which the server does not know, for a rejoin. The driver is the
:class:`~rummy.net.remote.RemoteDriver`; nothing here waits on the network.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rummy.model.cards import Card
from rummy.store.saves import groups_from_codes, groups_to_codes

AWAY = " (away)"
"""What an online seat's name says while its player is away."""
LOST = "Connection lost: reconnecting..."
STOPPED = "The table's host has stopped it: reconnecting..."
"""The server closed the connection on purpose (a host's game closed, a server stopped):
not this player's network."""
CLOSED = "Disconnected from the table."


class ConnectionNotes:
    """Follows one online table's seats and connection for the board."""

    def __init__(self) -> None:
        self._driver: Any = None
        self._names: list[str] = []
        self._line = ""
        self._errors = 0
        self._clock_at: float | None = None
        self._kept: dict[str, Any] | None = None
        self._waited = False
        """Wait was pressed on the server-gone panel: it stays closed until the
        connection changes (back, or lost another way)."""

    def refusal(self, driver: Any) -> str:
        """The server's words for a move it refused since the last call ("" if none): the
        scene says them and lays the board out again from the view."""
        errors = driver.mirror.errors
        if len(errors) <= self._errors:
            return ""
        self._errors = len(errors)
        return str(errors[-1].get("message") or "the server refused that move")

    def clock_news(self, driver: Any) -> bool:
        """Whether the server has said the turn's clock again since the last call (each
        move, a seat gone or back, a reconnect): the table's countdown then takes its
        word, where it had run on alone (to 0 while this game was cut off, say)."""
        at = driver.mirror.clock_at
        if at == self._clock_at:
            return False
        self._clock_at = at
        return True

    def follow(self, board: Any, driver: Any) -> None:
        if driver is not self._driver:  # a new deal: its names and match line
            if self._driver is None:
                self._errors = len(driver.mirror.errors)  # the lobby's were shown there
            self._driver = driver
            self._names = list(board.names)
            self._line = board.match_line
        mirror = driver.mirror
        away = {s["place"] for s in mirror.seats if not s.get("connected", True)
                and not s.get("bot")}
        names = [name + (AWAY if place in away else "")
                 for name, place in zip(self._names, driver.seats, strict=False)]
        if names and names != board.names:
            board.names = names
        note = self.note(driver)
        line = " · ".join(part for part in (self._line, note) if part)
        if board.match_line != line:
            board.match_line = line

    def server_gone(self, driver: Any) -> bool:
        """Whether the panel that says the server was stopped is due (see ``gone``): while
        the client retries a server that closed on purpose, unless the player chose to
        wait."""
        gone = bool(driver.stopped) and driver.connection in ("reconnecting", "connecting")
        if not gone:
            self._waited = False
        return gone and not self._waited

    def wait_for_server(self) -> None:
        """Wait: the panel closes and the client keeps retrying."""
        self._waited = True

    def note(self, driver: Any) -> str:
        """The connection's words now ("" when all is well)."""
        if driver.connection == "reconnecting" or driver.connection == "connecting":
            return STOPPED if driver.stopped else LOST
        if driver.connection == "closed":
            return CLOSED
        return str(driver.waiting_text(driver.mirror.clock_left()) or "")

    def keep_hand(self, settings: Any, driver: Any, groups: list[list[Card]]) -> None:
        """Remember the hand's groups for this table's deal when they change."""
        kept = {"code": driver.mirror.code, "deal": driver.deal_no,
                "groups": groups_to_codes(groups)}
        if kept != self._kept:
            self._kept = kept
            settings.online_hand = kept

    @staticmethod
    def kept_hand(settings: Any, driver: Any, hand: Sequence[Card]) -> list[list[Card]] | None:
        """The groups remembered for this table's deal laid over ``hand`` (None: none
        remembered, or for another table or deal, or unreadable)."""
        kept = settings.online_hand
        if not (isinstance(kept, dict) and kept.get("code") == driver.mirror.code
                and kept.get("deal") == driver.deal_no):
            return None
        groups = kept.get("groups")
        if not (isinstance(groups, list) and all(
                isinstance(g, list) and all(isinstance(c, str) for c in g) for g in groups)):
            return None
        return groups_from_codes(groups, hand)
