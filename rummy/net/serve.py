"""``python -m rummy serve``: the game server in a process of its own, until interrupted
(Ctrl+C, or SIGTERM from systemd: docs/hosting.md). Alone with its SQLite file (the
default), or one process of a service with ``--redis URL --postgres URL``."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import ssl
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .conn import Limits, Network
from .front import Alone, Front
from .records import Records
from .room import DEFAULT_MAX_TURNS
from .server import Server
from .store import Store, default_data_dir


@dataclass(frozen=True)
class ServiceUrls:
    """Where a service's shared state is (``serve --redis --postgres [--advertise]``)."""

    redis: str
    postgres: str
    advertise: str | None = None
    """The URL clients are sent to for this process (default: where it listens)."""


def _alone(data: str | None) -> tuple[Records, Front[Server]]:
    folder = Path(data) if data else default_data_dir()
    return Store(folder / "tables.sqlite3"), Alone(str(folder))


def run(host: str, port: int, data: str | None, max_turns: int = DEFAULT_MAX_TURNS,
        limits: Limits | None = None, ssl_context: ssl.SSLContext | None = None,
        proxies: Sequence[Network] = (), service: ServiceUrls | None = None) -> int:
    """What ``python -m rummy serve`` runs: serve until interrupted."""
    if service is None:
        store, front = _alone(data)
    else:
        from .service import open_service
        try:
            store, front = open_service(service.redis, service.postgres, service.advertise)
        except ConnectionError as err:  # the URLs' passwords are left out of it
            print(f"python -m rummy serve: {err}", file=sys.stderr)
            return 1
    server = Server(store, max_turns=max_turns, limits=limits, proxies=proxies, front=front)
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
        # a server that stops before it listens (Redis refused it, say) says why
        task.add_done_callback(lambda _: ready.cancel())
        try:
            bound = await ready
        except asyncio.CancelledError:
            await task
            return
        scheme = "ws" if ssl_context is None else "wss"
        behind = f"; trusting X-Forwarded-For from {', '.join(map(str, proxies))}" if (
            proxies) else ""
        print(f"rummy server listening on {scheme}://{host}:{bound} ({front.describe()};"
              f" {server.resumed} table(s) resumed{behind})", flush=True)
        await task

    try:
        asyncio.run(main())
    except KeyboardInterrupt:
        pass
    except ConnectionError as err:  # Redis or PostgreSQL away; no password in it
        print(f"python -m rummy serve: {err}", file=sys.stderr)
        return 1
    finally:
        store.close()
    return 0
