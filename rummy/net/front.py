"""Where a server process stands among others: the one interface behind which a process is
alone (the default: every table in its store is its own) or one of a service's
(:class:`rummy.net.service.Service`: Redis says which process owns which table).

The server asks its front at the few moments that depend on it: which tables to resume at
start, whether a message that needs no seat (``create``, ``join``, ``rejoin``, ``list``)
is answered elsewhere (a ``redirect``) or by a service-wide listing, what to do every
heartbeat, and when a table is forgotten. Everything else, the play of a table, is the
same in both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from .records import OpenRoom, Records, over_since

if TYPE_CHECKING:
    from .conn import Conn

S = TypeVar("S", contravariant=True)
"""The server a front is asked by (:class:`rummy.net.server.Server`): a parameter, so this
module need not import the server that imports it."""


class Front(Protocol[S]):
    """What the server asks about the other processes."""

    def at_start(self, store: Records) -> list[OpenRoom]:
        """The tables this process resumes when it starts."""

    async def enter(self, server: S, address: str) -> None:
        """The process listens at ``address`` (the URL it is reached at)."""

    async def route(self, server: S, conn: Conn, msg: dict[str, Any]) -> bool:
        """Answer a message that needs no seat if it is not this process's to handle
        (True: answered; False: the server handles it as usual)."""

    async def tick(self, server: S) -> None:
        """Every heartbeat."""

    def forget(self, code: str) -> None:
        """Table ``code`` leaves this process (over and read, or abandoned)."""

    async def leave(self, server: S) -> None:
        """The process stops."""

    def describe(self) -> str:
        """Where the records are, for the start-up line (no password in it)."""


class Alone:
    """The only process: every open table of the store is its own, nothing goes
    elsewhere."""

    def __init__(self, where: str = "") -> None:
        self.where = where

    def at_start(self, store: Records) -> list[OpenRoom]:
        return store.open_rooms(over_since())  # those just over: for players who missed
        # the end

    async def enter(self, server: object, address: str) -> None:
        return None

    async def route(self, server: object, conn: Conn, msg: dict[str, Any]) -> bool:
        return False

    async def tick(self, server: object) -> None:
        return None

    def forget(self, code: str) -> None:
        return None

    async def leave(self, server: object) -> None:
        return None

    def describe(self) -> str:
        return f"data: {self.where}"
