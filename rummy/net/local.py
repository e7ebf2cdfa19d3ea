"""A game server inside the desktop game: the host's table, on a background thread.

"Host a table" runs the same :class:`~rummy.net.server.Server` as ``python -m rummy serve``
on a thread with its own event loop, so the frame loop never waits on it. The records go
to the same SQLite store (the platform's data folder by default), so a host that closes the
game and opens it again resumes its table where it stood.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from pathlib import Path
from typing import Any

from .conn import Limits
from .server import Server
from .store import Store, default_data_dir


class LocalServer:
    """A server bound to ``host`` (the LAN address, or 127.0.0.1 for this machine only)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 0, data: Path | None = None,
                 *, turn_seconds: float | None = None, limits: Limits | None = None) -> None:
        self.host = host
        self.wanted_port = port
        self.data = data or default_data_dir()
        self.turn_seconds = turn_seconds
        self.limits = limits
        self.port: int | None = None
        self.error = ""
        """Why the server is not running ("" while it is, or before it started)."""
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._thread: threading.Thread | None = None
        self._store: Store | None = None
        self._server: Server | None = None
        self._started = threading.Event()

    @property
    def url(self) -> str:
        return f"ws://{self.host}:{self.port}"

    @property
    def running(self) -> bool:
        return self.port is not None and not self.error

    def playing(self) -> list[str]:
        """The codes of this server's rooms that have started and are not over: a room
        the others may still be playing."""
        server = self._server
        if server is None or not self.running:
            return []
        # Read from the frame's thread while the server's adds rooms: tuple() copies the
        # dict in one step under the GIL, where a loop over it could see it change size.
        rooms = tuple(server.rooms.values())
        return [t.code for t in rooms if t.started and not t.over]

    def start(self) -> LocalServer:
        """Start listening on the background thread; :attr:`port` is set once bound."""
        self._thread = threading.Thread(target=self._run, name="rummy-local-server",
                                        daemon=True)
        self._thread.start()
        return self

    def wait_bound(self, timeout: float) -> bool:
        """Wait until the port is bound or the start failed (not for the frame loop)."""
        self._started.wait(timeout)
        return self.running

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self.data.mkdir(parents=True, exist_ok=True)
            self._store = Store(self.data / "tables.sqlite3")
            server = self._server = Server(self._store, turn_seconds=self.turn_seconds,
                                           limits=self.limits, hosted=True)
            loop.run_until_complete(self._serve(server))
        except Exception as err:  # noqa: BLE001 - the port is taken, the folder unwritable
            self.error = f"the table could not be hosted: {err}"
        finally:
            self._started.set()
            if self._store is not None:
                self._store.close()
            loop.close()

    async def _serve(self, server: Server) -> None:
        self._stop = asyncio.Event()
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run(self.host, self.wanted_port, ready, self._stop))
        waiters: set[asyncio.Future[Any]] = {task, ready}
        done, _ = await asyncio.wait(waiters, return_when=asyncio.FIRST_COMPLETED)
        if ready in done:
            self.port = ready.result()
            self._started.set()
        await task  # raises when the port could not be bound

    def stop(self) -> None:
        """Stop serving and wait for the thread (the record is already on disk)."""
        loop, stop = self._loop, self._stop
        if loop is not None and stop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop ended meanwhile
                loop.call_soon_threadsafe(stop.set)
        if self._thread is not None:
            self._thread.join(10)
            self._thread = None
