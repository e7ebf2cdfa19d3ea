"""The desktop game's client in a service: it follows a ``redirect`` to a table's owner,
and after the owner is killed it goes back to the address the player typed and takes its
seat back at the new owner. A redirect it must not follow (another scheme, an address
that is not one, a step down from ``wss://``, one nobody asked for) closes it with a
sentence saying why; and a service process's errors never show a password of its
URLs."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from rummy.net.client import NetClient

from .backends import Backends, running_backends, running_service, start_process
from .helpers import ROOT, Player
from .nginx import stop
from .test_service import ask

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def backends() -> Iterator[Backends]:
    with running_backends() as started:
        yield started


def _wait_for(client: NetClient, what: Callable[[dict[str, Any]], bool],
              seconds: float = 15) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for msg in client.poll():
            if what(msg):
                return msg
        time.sleep(0.02)
    raise AssertionError(f"timed out ({client.status}, {client.error})")


def test_the_client_follows_the_table_to_its_owner_and_after_a_kill(
        backends: Backends, tmp_path: Path) -> None:
    with running_service(backends, 2, tmp_path) as (one, two):
        asha = Player("Asha")

        async def create() -> str:
            joined = await ask(asha, one.url, "joined", type="create", variant="indian_13",
                               name="Asha", seats=2, deals=1, turn_seconds=120)
            return str(joined["code"])

        loop = asyncio.new_event_loop()
        code = loop.run_until_complete(create())
        owner = one if asha.url == one.url else two  # type: ignore[attr-defined]
        other = two if owner is one else one
        client = NetClient(other.url).start()  # the player typed the other process
        try:
            client.send({"type": "join", "code": code, "name": "Bo"})
            joined = _wait_for(client, lambda m: m["type"] == "joined")
            assert joined["code"] == code and client.token
            assert [m for m in client.poll() if m.get("type") == "redirect"] == []

            async def start() -> None:
                await asha.expect("lobby")
                while len(asha.mirror.lobby) < 2 or not all(s["ready"]
                                                            for s in asha.mirror.lobby):
                    await asha.expect("lobby")
                await asha.send(type="start")
                await asha.expect("state")
            client.send({"type": "ready"})
            loop.run_until_complete(start())
            first = _wait_for(client, lambda m: m["type"] == "state")
            owner.process.kill()
            # the client reconnects by itself, to the address it was given, and is sent on
            # (or served) by the process that took the table
            again = _wait_for(client, lambda m: m["type"] == "state", seconds=20)
            assert again["view"]["hand"] == first["view"]["hand"]
            assert again["turn"] == first["turn"] and again["commitment"] == first["commitment"]
            assert client.status == "connected"
        finally:
            client.close()
            loop.run_until_complete(asha.close())
            loop.close()


def _fake_server(answer: Callable[[str], dict[str, Any] | list[dict[str, Any]]]
                 ) -> tuple[str, Callable[[], None]]:
    """A server that answers any message with ``answer(its own URL)`` (a message, or
    several): its URL and how to stop it."""
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    ready: list[str] = []

    async def handler(ws: ServerConnection) -> None:
        await ws.send(json.dumps({"v": 1, "type": "welcome", "server": "rummy",
                                  "protocol": 1}))
        async for _ in ws:
            said = answer(ready[0])
            for msg in said if isinstance(said, list) else [said]:
                await ws.send(json.dumps({"v": 1, **msg}))

    async def main() -> None:
        async with serve(handler, "127.0.0.1", 0) as server:
            ready.append(f"ws://127.0.0.1:{next(iter(server.sockets)).getsockname()[1]}")
            await stop.wait()

    thread = threading.Thread(target=loop.run_until_complete, args=(main(),))
    thread.start()
    while not ready:
        time.sleep(0.01)

    def halt() -> None:
        loop.call_soon_threadsafe(stop.set)
        thread.join(10)
        loop.close()
    return ready[0], halt


def _closed_with(address: str) -> str:
    """Send ``list`` to ``address``: the sentence the client closes with."""
    client = NetClient(address).start()
    try:
        client.send({"type": "list"})
        closed = _wait_for(client, lambda m: m["type"] == "_status"
                           and m["status"] == "closed")
        return str(closed["error"])
    finally:
        client.close()


@pytest.mark.parametrize(("url", "why"), [
    ("http://evil.example:80", "starts with http://"),
    ("ws://evil example:80", "is not a computer's name"),
    (None, "names no address"),
    ("ws://127.0.0.1", "with its port"),
])
def test_a_malformed_redirect_closes_the_client_saying_why(url: str | None,
                                                           why: str) -> None:
    address, halt = _fake_server(lambda _: {"type": "redirect", "url": url, "code": None})
    try:
        error = _closed_with(address)
    finally:
        halt()
    assert "redirect this game will not follow" in error and why in error


def test_a_redirect_loop_ends() -> None:
    """A server that sends the client to itself for ever: it gives up after a few."""
    address, halt = _fake_server(lambda me: {"type": "redirect", "url": me, "code": None})
    try:
        error = _closed_with(address)
    finally:
        halt()
    assert "more than 3 in a row" in error


def test_a_redirect_nobody_asked_for_is_refused() -> None:
    """Once ``list`` is answered, a redirect that follows answers nothing."""
    address, halt = _fake_server(lambda _: [
        {"type": "tables", "tables": [], "more": False},
        {"type": "redirect", "url": "ws://127.0.0.1:9", "code": None}])
    try:
        error = _closed_with(address)
    finally:
        halt()
    assert "nothing was asked that it could answer" in error


def test_a_redirect_from_wss_to_ws_is_refused() -> None:
    from rummy.net.client import redirect_refused
    assert redirect_refused({"url": "ws://127.0.0.1:9"}, "wss://127.0.0.1:8", True, 0) == (
        "it would drop the encryption (wss:// to ws://)")
    assert redirect_refused({"url": "wss://127.0.0.1:9"}, "wss://127.0.0.1:8", True, 0) is None


def test_no_password_of_the_urls_is_printed(backends: Backends, tmp_path: Path) -> None:
    """Neither when PostgreSQL or Redis refuses the process, nor when it runs."""
    port = backends.postgres_server.rsplit(":", 1)[1]
    good_redis = backends.redis.replace("redis://", "redis://:s3cretR@")
    good_postgres = f"postgresql://rummy:s3cretP@127.0.0.1:{port}/postgres"
    for redis_url, postgres in ((good_redis, good_postgres.replace("/postgres", "/nodb")),
                                ("redis://:s3cretR@127.0.0.1:1/0", good_postgres)):
        run = subprocess.run(
            [sys.executable, "-m", "rummy", "serve", "--port", "0", "--redis", redis_url,
             "--postgres", postgres], cwd=ROOT, capture_output=True, text=True, timeout=60)
        out = run.stdout + run.stderr
        assert run.returncode == 1, out
        assert "s3cret" not in out and "***" in out, out
    log = tmp_path / "serve.log"
    running = start_process((good_redis, good_postgres), log)
    try:
        assert "records in PostgreSQL" in running.line
    finally:
        stop(running.process)
        assert running.process.stdout is not None
        out = running.line + running.process.stdout.read() + log.read_text()
        running.process.stdout.close()
    assert "s3cret" not in out
