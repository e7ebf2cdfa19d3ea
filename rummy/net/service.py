"""One process of a service: several ``python -m rummy serve --redis URL --postgres URL``
processes, on one machine or several, serving one set of tables (docs/hosting.md,
"Several processes"; docs/scaling.md says why it is built so).

Each table has one owner process at a time, named in Redis (:mod:`rummy.net.directory`);
its records are in PostgreSQL (:mod:`rummy.net.pgstore`), written with the table's fencing
token. A client may connect to any process: a ``join`` or ``rejoin`` of a table owned
elsewhere is answered with a ``redirect`` to its owner; a ``create`` goes to the least
loaded process; ``list`` shows every process's public tables. Every heartbeat the process
renews its lease and takes a share of the tables of processes whose lease has run out
(killed, or cut off): it replays them from their records and plays them from there, and
their players' ``rejoin`` finds them.
"""

from __future__ import annotations

import logging
import math
import os
import random
import secrets
import socket
import time
from typing import TYPE_CHECKING, Any

from . import messages
from .directory import Directory
from .lease import Lease
from .listing import MOST_LISTED, room_row
from .pgstore import PostgresStore
from .records import OpenRoom, Records, over_since
from .room import is_code, new_code, normal_code

if TYPE_CHECKING:
    from .conn import Conn
    from .server import Server

log = logging.getLogger("rummy.net")

RESERVED_SECONDS = 30.0
"""How long a code reserved for a ``create`` waits for its table before it is given back."""
SPREAD = 2
"""A new table goes elsewhere only when another process holds at least this many fewer
tables: a process near the least loaded keeps its own creators (no redirect for one)."""


class Service:
    """This process's part in the service: its directory and its records."""

    def __init__(self, directory: Directory, store: PostgresStore, lease: Lease,
                 advertise: str | None = None) -> None:
        self.directory = directory
        self.lease = lease
        self.store = store
        self.process = directory.process
        self.advertise = advertise
        """The URL clients are sent to (``serve --advertise``); by default the address
        the process listens at."""
        self.releasing: list[str] = []
        self.reservations: dict[str, float] = {}
        """Codes reserved for a ``create``, until its table exists (a create refused
        after the code was drawn, a bad variant say, gives the code back)."""

    def at_start(self, store: Records) -> list[OpenRoom]:
        return []  # a process starts empty; its heartbeat takes tables whose owner is gone

    async def enter(self, server: Server, address: str) -> None:
        await self.directory.enter(self.advertise or address, len(server.rooms))
        self.lease.start(self.advertise or address)
        await self.tick(server)  # orphans waiting for a process are taken now

    def describe(self) -> str:
        return (f"service: process {self.process}, directory {self.directory.url_shown},"
                " records in PostgreSQL")

    # -- messages that need no seat

    async def route(self, server: Server, conn: Conn, msg: dict[str, Any]) -> bool:
        kind = msg["type"]
        if kind == "list":
            await self._list(server, conn)
            return True
        if conn.room is not None:
            return False  # the server says this connection has a seat already
        if kind == "create":  # one sent on by a redirect stays where it was sent
            if msg.get("redirected") is not True and await self._place(server, conn):
                return True
            await self._reserve(server, conn)
            return False
        code = normal_code(msg.get("code"))
        if code in server.rooms or not is_code(code) or not server.failed_joins.allowed(
                conn.address):
            return False  # here, or refused here (an address that failed too often
            # learns nothing of where a code is)
        owner = await self.directory.owner(code)
        if owner is not None and owner != self.process:
            processes = await self.directory.processes()
            if owner in processes:
                conn.push(messages.redirect(processes[owner][0], code))
                return True
        if owner != self.process and self.store.orphaned(code, self._silent_since(),
                                                         over_since()):
            await self._take(server, code, owner)  # its owner is gone, and no heartbeat
        return False  # has taken it yet (a code of no open table is left alone); a table
        # just over is taken too, so that a player who missed its end hears the result

    def _silent_since(self) -> float:
        """A process is gone when it has no lease in Redis and has written no heartbeat to
        the records since this (a lease's time ago): a Redis just restarted has no leases
        yet, but the heartbeats say the processes are alive."""
        return time.time() - self.directory.lease_ms / 1000

    async def _list(self, server: Server, conn: Conn) -> None:
        listed, more = server.listing.open(server._creator_here)
        rows = [room_row(room) for room in listed]
        others = [n for n in await self.directory.processes() if n != self.process]
        rows += await self.directory.listed(others)
        conn.push(messages.table_rows(rows[:MOST_LISTED], more or len(rows) > MOST_LISTED))

    async def _place(self, server: Server, conn: Conn) -> bool:
        """Send a ``create`` to the least loaded process, or keep it here."""
        processes = await self.directory.processes()
        if processes:
            name, (url, tables) = min(processes.items(), key=lambda p: (p[1][1], p[0]))
            if name != self.process and tables + SPREAD <= len(server.rooms):
                conn.push(messages.redirect(url, None))
                return True
        return False

    async def _reserve(self, server: Server, conn: Conn) -> None:
        """A code for the ``create`` this process handles, unique in the service."""
        server.quota.check(conn.address, server._is_open)  # no code for a refused create
        fence = None
        while fence is None:  # a code no table of the service has or had
            code = new_code()
            if not self.store.code_taken(code):
                fence = await self.directory.reserve(code)
        self.store.claim(code, fence)
        self.reservations[code] = time.monotonic()
        conn.reserved = code
        await self.directory.load(len(server.rooms) + 1)

    # -- tables whose owner is gone

    async def _take(self, server: Server, code: str, gone: str | None) -> bool:
        """Take table ``code`` from process ``gone`` and play it here."""
        if code in server.rooms:
            return False
        fence = await self.directory.take(code, gone, self.store.fence_of(code))
        if fence is None:
            return False  # another process took it first
        # read again under the new token: the whole record
        record = self.store.room(code, over_since()) if self.store.claim(code, fence) \
            else None
        if record is not None and server.adopt(*record):
            log.info("took table %s over from process %s", code, gone)
            return True
        # Redis names this process now: give the table back, or a rejoin would find it
        # named here and never taken again
        await self.directory.release(code)
        return False

    async def tick(self, server: Server) -> None:
        """The heartbeat: the load and public tables, the tables still this process's,
        and a share of the tables of processes that are gone (``_silent_since``)."""
        while self.releasing:
            await self.directory.release(self.releasing.pop())
        self.lease.tick()
        listed, _ = server.listing.open(server._creator_here)
        await self.directory.publish(len(server.rooms), [room_row(r) for r in listed])
        codes = list(server.rooms)
        for code, owner in zip(codes, await self.directory.owners(codes), strict=True):
            if owner is None and await self.directory.keep(code):
                continue  # Redis was restarted and forgot: the table is still this one's
            if owner != self.process:  # taken while this process was paused past its lease
                server.lose(code)
        now = time.monotonic()
        for code, at in list(self.reservations.items()):
            if code in server.rooms or now - at > RESERVED_SECONDS:
                del self.reservations[code]
                if code not in server.rooms and not self.store.code_taken(code):
                    await self.directory.release(code)  # its create was refused
        processes = await self.directory.processes()
        silent = self.store.silent(self._silent_since())
        orphans = [(code, process) for process in silent
                   if process not in processes for code in self.store.held_by(process)]
        if not orphans:
            return
        random.shuffle(orphans)  # each live process takes its share, others the rest
        for code, gone in orphans[:math.ceil(len(orphans) / max(1, len(processes)))]:
            await self._take(server, code, gone)

    def forget(self, code: str) -> None:
        self.releasing.append(code)  # at the next heartbeat (Redis is awaited there)

    async def leave(self, server: Server) -> None:
        self.lease.stop()
        await self.directory.leave()
        await self.directory.close()


def open_service(redis_url: str, postgres_url: str,
                 advertise: str | None) -> tuple[PostgresStore, Service]:
    """This process's records and front in the service at these URLs (ConnectionError,
    with no password in it, when PostgreSQL cannot be reached; Redis is first reached
    when the server starts)."""
    process = f"{socket.gethostname()}-{os.getpid()}-{secrets.token_hex(3)}"
    store = PostgresStore(postgres_url, process)
    directory = Directory(redis_url, process)
    return store, Service(directory, store, Lease(redis_url, process, directory.lease_ms),
                          advertise)
