"""``python -m rummy serve``: the game server in a process of its own, until interrupted
(Ctrl+C, or SIGTERM from systemd: docs/hosting.md)."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import ssl
from collections.abc import Sequence
from pathlib import Path

from .conn import Limits, Network
from .room import DEFAULT_MAX_TURNS
from .server import Server
from .store import Store, default_data_dir


def run(host: str, port: int, data: str | None, max_turns: int = DEFAULT_MAX_TURNS,
        limits: Limits | None = None, ssl_context: ssl.SSLContext | None = None,
        proxies: Sequence[Network] = ()) -> int:
    """What ``python -m rummy serve`` runs: serve until interrupted."""
    folder = Path(data) if data else default_data_dir()
    store = Store(folder / "tables.sqlite3")
    server = Server(store, max_turns=max_turns, limits=limits, proxies=proxies)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    # The rooms' long-lived objects are made; keep the collector from walking them all
    # again and again (a full collection is a pause for every room at once).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)

    async def main() -> None:
        loop = asyncio.get_running_loop()
        stop = asyncio.Event()
        # A service manager stops the server with SIGTERM: end it as Ctrl+C does not, with
        # a closing handshake ("going away"), so the players' games say the server was
        # stopped rather than lost.
        with contextlib.suppress(NotImplementedError):  # Windows
            loop.add_signal_handler(signal.SIGTERM, stop.set)
        ready: asyncio.Future[int] = loop.create_future()
        task = asyncio.create_task(server.run(host, port, ready, stop, ssl_context))
        bound = await ready
        scheme = "ws" if ssl_context is None else "wss"
        behind = f"; trusting X-Forwarded-For from {', '.join(map(str, proxies))}" if (
            proxies) else ""
        print(f"rummy server listening on {scheme}://{host}:{bound} (data: {folder};"
              f" {server.resumed} table(s) resumed{behind})", flush=True)
        await task

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    return 0
