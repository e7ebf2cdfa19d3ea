"""The desktop client tells a server stopped on purpose (its closing handshake says "going
away": a host's game closed) from a connection lost (no handshake), so the table can say
which (rummy.ui.table.online)."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from rummy.net.client import SERVER_STOPPED, NetClient

pytestmark = pytest.mark.timeout(60)


@contextmanager
def one_shot_server(end: Callable[[ServerConnection], Awaitable[None]]) -> Iterator[str]:
    """A server on 127.0.0.1 (a port the OS picks) that ends each connection with ``end``;
    stopped on leaving."""
    loop = asyncio.new_event_loop()
    ready = threading.Event()
    port: list[int] = []
    stop: list[asyncio.Event] = []

    async def handler(ws: ServerConnection) -> None:
        await end(ws)

    async def main() -> None:
        stop.append(asyncio.Event())
        async with serve(handler, "127.0.0.1", 0) as server:
            port.append(next(iter(server.sockets)).getsockname()[1])
            ready.set()
            await stop[0].wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),), daemon=True)
    thread.start()
    assert ready.wait(10)
    try:
        yield f"ws://127.0.0.1:{port[0]}"
    finally:
        loop.call_soon_threadsafe(stop[0].set)
        thread.join(10)
        loop.close()


def statuses(url: str, seconds: float = 5.0) -> list[dict[str, Any]]:
    """The client's ``_status`` messages over ``seconds`` of being dropped and retrying."""
    client = NetClient(url).start()
    seen: list[dict[str, Any]] = []
    try:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            seen += [m for m in client.poll() if m.get("type") == "_status"]
            if sum(m["status"] == "reconnecting" for m in seen) >= 2:
                break
            time.sleep(0.05)
    finally:
        client.close()
    return seen


def test_a_server_that_says_it_is_going_away_is_reported_as_stopped() -> None:
    async def going_away(ws: ServerConnection) -> None:
        await ws.close(1001, "going away")

    with one_shot_server(going_away) as url:
        seen = statuses(url)
    retries = [m for m in seen if m["status"] == "reconnecting"]
    assert retries and retries[0]["error"] == SERVER_STOPPED


def test_a_connection_cut_without_a_word_is_reported_as_lost() -> None:
    async def cut(ws: ServerConnection) -> None:
        ws.transport.abort()  # as a crash or a network fault: no closing handshake

    with one_shot_server(cut) as url:
        seen = statuses(url)
    retries = [m for m in seen if m["status"] == "reconnecting"]
    assert retries and all(m["error"] is None for m in retries)
