"""``wss://``: a whole deal over TLS with the certificate trusted; the desktop client's
refusal of a certificate it cannot trust (said once, not retried for ever), and of the
wrong one of ``ws://`` and ``wss://``; ``serve --cert`` with a bad file. docs/hosting.md."""

from __future__ import annotations

import asyncio
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import rummy.net.server
from rummy.net.client import NetClient
from rummy.net.tls import server_context

from .certs import make_certificate, trusting
from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def _system_trust_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's own trust store, whatever the shell running the tests says."""
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)


def test_a_whole_deal_over_wss(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (
                server, url):
            assert url.startswith("wss://")
            trust = trusting(cert)
            clients = [Player("Asha", ssl=trust), Player("Ravi", bot_chooser("greedy", 1),
                                                         ssl=trust)]
            code = await seat_table(url, clients, "indian_13")
            await asyncio.gather(*(c.play(timeout=45) for c in clients))
            assert server.rooms[code].over
            for c in clients:
                assert c.mirror.over and not c.mirror.errors
                assert c.mirror.place is not None
                assert c.mirror.view == server.rooms[code].view(c.mirror.place)
                await c.close()

    asyncio.run(scenario())


def _statuses(client: NetClient, done: Callable[[list[dict[str, Any]]], bool],
              seconds: float = 10) -> list[dict[str, Any]]:
    """The client's ``_status`` messages until ``done`` says so (or ``seconds`` pass)."""
    seen: list[dict[str, Any]] = []
    end = time.monotonic() + seconds
    while time.monotonic() < end and not done(seen):
        seen += [m for m in client.poll() if m.get("type") == "_status"]
        time.sleep(0.02)
    return seen


def _closed(seen: list[dict[str, Any]]) -> bool:
    return any(m["status"] == "closed" for m in seen)


def _talk(url: str, done: Callable[[list[dict[str, Any]]], bool], **options: Any
          ) -> tuple[NetClient, list[dict[str, Any]]]:
    """A desktop client's statuses at ``url`` (it is closed after)."""
    client = NetClient(url, open_timeout=3, **options).start()
    try:
        return client, _statuses(client, done)
    finally:
        client.close()


def test_the_desktop_client_plays_over_wss_with_the_certificate_trusted(
        tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)

    def seated(url: str) -> list[dict[str, Any]]:
        client = NetClient(url, ssl_context=trusting(cert)).start()
        try:
            client.send({"type": "create", "variant": "indian_13", "name": "Asha"})
            end = time.monotonic() + 10
            got: list[dict[str, Any]] = []
            while time.monotonic() < end and not any(m["type"] == "joined" for m in got):
                got += client.poll()
                time.sleep(0.02)
            return got
        finally:
            client.close()

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (_, url):
            got = await asyncio.to_thread(seated, url)
            assert any(m["type"] == "joined" for m in got), got

    asyncio.run(scenario())


def test_a_self_signed_certificate_is_refused_once_with_words_for_the_player(
        tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (
                server, url):
            client, seen = await asyncio.to_thread(_talk, url, _closed)
            assert [m["status"] for m in seen] == ["connecting", "closed"]  # no retries
            assert client.status == "closed"
            assert seen[-1]["error"] == client.error
            assert "certificate is not trusted (self-signed?)" in str(client.error)
            assert "docs/hosting.md" in str(client.error)
            assert not server.rooms

    asyncio.run(scenario())


def test_the_system_trust_store_is_read_from_ssl_cert_file(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """How a tester trusts a home-made certificate without changing the game."""
    cert, key = make_certificate(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(cert))

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (_, url):
            client, seen = await asyncio.to_thread(
                _talk, url, lambda s: any(m["status"] == "connected" for m in s))
            assert [m["status"] for m in seen] == ["connecting", "connected"], seen

    asyncio.run(scenario())


def test_a_certificate_for_another_name_is_refused(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path, ("localhost",))

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (_, url):
            assert url.startswith("wss://127.0.0.1:")
            client, seen = await asyncio.to_thread(_talk, url, _closed,
                                                   ssl_context=trusting(cert))
            assert client.status == "closed"
            assert "certificate is not for 127.0.0.1" in str(client.error)

    asyncio.run(scenario())


def test_plain_ws_to_an_encrypted_server_says_to_type_wss(tmp_path: Path) -> None:
    cert, key = make_certificate(tmp_path)

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (_, url):
            where = url.removeprefix("wss://")
            _, seen = await asyncio.to_thread(
                _talk, f"ws://{where}", lambda s: any(m["error"] for m in s))
            hints = [m["error"] for m in seen if m["error"]]
            assert hints and f"type wss://{where}" in hints[0], seen
            assert all(m["status"] != "connected" for m in seen)

    asyncio.run(scenario())


def test_wss_to_a_plain_server_never_falls_back_to_plain(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            where = url.removeprefix("ws://")
            client, seen = await asyncio.to_thread(
                _talk, f"wss://{where}", lambda s: any(m["error"] for m in s))
            assert all(m["status"] != "connected" for m in seen), seen
            hints = [m["error"] for m in seen if m["error"]]
            assert hints and "serves wss://" in hints[0]
            assert client.url.startswith("wss://")
            assert not server.conns

    asyncio.run(scenario())


def test_a_stranger_who_never_finishes_the_handshake_is_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cert, key = make_certificate(tmp_path)
    monkeypatch.setattr(rummy.net.server, "TLS_HANDSHAKE_SECONDS", 0.5)

    def held_for(port: int) -> float:
        with socket.create_connection(("127.0.0.1", port), timeout=5) as sock:
            start = time.monotonic()
            assert sock.recv(1) == b""  # the server closed it; it sent nothing
            return time.monotonic() - start

    async def scenario() -> None:
        async with running_server(tmp_path, server_context(str(cert), str(key))) as (_, url):
            port = int(url.rpartition(":")[2])
            assert await asyncio.to_thread(held_for, port) < 4

    asyncio.run(scenario())


@pytest.mark.parametrize(("case", "words"), [
    ("missing", "does not exist"),
    ("not a certificate", "holds no PEM certificate"),
    ("another key", "is not the key of the certificate"),
    ("no key", "--cert and --key go together"),
])
def test_serve_with_a_bad_certificate_says_why_in_one_line(
        tmp_path: Path, case: str, words: str) -> None:
    cert, key = make_certificate(tmp_path)
    _, other_key = make_certificate(tmp_path, stem="other")
    junk = tmp_path / "junk.pem"
    junk.write_text("not a certificate\n")
    files = {"missing": ["--cert", str(tmp_path / "gone.pem"), "--key", str(key)],
             "not a certificate": ["--cert", str(junk), "--key", str(key)],
             "another key": ["--cert", str(cert), "--key", str(other_key)],
             "no key": ["--cert", str(cert)]}[case]
    done = subprocess.run([sys.executable, "-m", "rummy", "serve", "--port", "0",
                           "--data", str(tmp_path / "data"), *files],
                          cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert done.returncode == 2, done
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith("python -m rummy serve: error: ") and words in lines[0]
    assert "listening" not in done.stdout
