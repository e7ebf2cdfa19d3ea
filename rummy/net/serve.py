"""``python -m rummy serve``: the game server in a process of its own, until interrupted."""

from __future__ import annotations

import asyncio
import gc
import logging
from pathlib import Path

from .conn import Limits
from .server import Server
from .store import Store, default_data_dir
from .table import DEFAULT_MAX_TURNS


def run(host: str, port: int, data: str | None, max_turns: int = DEFAULT_MAX_TURNS,
        limits: Limits | None = None) -> int:
    """What ``python -m rummy serve`` runs: serve until interrupted."""
    folder = Path(data) if data else default_data_dir()
    store = Store(folder / "tables.sqlite3")
    server = Server(store, max_turns=max_turns, limits=limits)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    # The tables' long-lived objects are made; keep the collector from walking them all
    # again and again (a full collection is a pause for every table at once).
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)

    async def main() -> None:
        ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        task = asyncio.create_task(server.run(host, port, ready))
        bound = await ready
        print(f"rummy server listening on ws://{host}:{bound} (data: {folder};"
              f" {server.resumed} table(s) resumed)", flush=True)
        await task

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
    return 0
