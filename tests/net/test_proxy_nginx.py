"""The server behind the real nginx, as docs/hosting.md sets it up: nginx runs the shipped
packaging/server/nginx-rummy.conf (its name, ports and certificate replaced) and holds a
self-signed certificate; ``python -m rummy serve --trusted-proxy 127.0.0.1`` runs behind it.
A deal is played over ``wss://`` through it; each player's address is its own (clients
connect from different loopback addresses: all of 127/8 is loopback on Linux), so one
player's table limit is not everyone's; and ``X-Forwarded-For`` written by a client, through
nginx or straight to the server, changes nothing."""

from __future__ import annotations

import asyncio
import os
import random
import re
import select
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rummy.net.client import NetClient

from .certs import make_certificate, trusting
from .helpers import Player, bot_chooser, random_chooser, seat_table, showing_after

pytestmark = pytest.mark.timeout(90)

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "packaging" / "server" / "nginx-rummy.conf"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")
TABLES = 5
"""``Limits.rooms_per_address``'s default, which ``serve`` runs with."""


@dataclass
class Stack:
    via_nginx: str
    """``wss://`` at nginx."""
    direct: str
    """``ws://`` at the server itself, past nginx."""
    trust: Any


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _site(folder: Path, cert: Path, key: Path, tls: int, plain: int, server: int) -> str:
    """The shipped site, pointed at this test's certificate, ports and server."""
    text = SHIPPED.read_text()
    for old, new in [
            ("/etc/letsencrypt/live/rummy.example.org/fullchain.pem", str(cert)),
            ("/etc/letsencrypt/live/rummy.example.org/privkey.pem", str(key)),
            ("rummy.example.org", "localhost"),
            ("listen 443 ssl;", f"listen 127.0.0.1:{tls} ssl;"),
            ("listen 80;", f"listen 127.0.0.1:{plain};"),
            ("server 127.0.0.1:8765;", f"server 127.0.0.1:{server};")]:
        assert old in text, f"{SHIPPED.name} no longer says {old!r}: mend this test with it"
        text = text.replace(old, new)
    return re.sub(r"^\s*listen \[::\]:.*$", "", text, flags=re.M)  # IPv4 loopback only


def _nginx_conf(folder: Path, site: str) -> Path:
    (folder / "rummy.conf").write_text(site)
    temp = "\n".join(f"    {kind}_temp_path {folder}/{kind};"
                     for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    user = "user root;\n" if os.geteuid() == 0 else ""  # workers otherwise drop to nobody
    conf = folder / "nginx.conf"
    conf.write_text(f"""{user}worker_processes 1;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 64; }}
http {{
    access_log {folder}/access.log;
{temp}
    include {folder}/rummy.conf;
}}
""")
    return conf


def _until_listening(process: subprocess.Popen[str], seconds: float = 20) -> str:
    """The server's start-up line (it prints the port it bound)."""
    assert process.stdout is not None
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        ready, _, _ = select.select([process.stdout], [], [], 0.2)
        if ready:
            line = process.stdout.readline()
            if "listening on" in line:
                return line
        if process.poll() is not None:
            break
    raise AssertionError(f"the server did not start: {process.poll()=}")


def _wait_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise AssertionError(f"nginx stopped: {log.read_text() if log.exists() else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nginx does not listen on {port}")


def _stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    if NGINX is None:
        pytest.skip("nginx is not installed (apt-get install nginx; .ci/run does it as root)")
    cert, key = make_certificate(tmp_path)
    server = subprocess.Popen(
        [sys.executable, "-m", "rummy", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data", str(tmp_path / "data"), "--trusted-proxy", "127.0.0.1"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=(tmp_path / "server.log").open("w"),
        text=True)
    nginx: subprocess.Popen[bytes] | None = None
    try:
        line = _until_listening(server)
        assert "trusting X-Forwarded-For from 127.0.0.1" in line, line
        bound = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
        assert bound is not None, line
        port = int(bound.group(1))
        folder = tmp_path / "nginx"
        folder.mkdir()
        tls = _free_port()
        conf = _nginx_conf(folder, _site(folder, cert, key, tls, _free_port(), port))
        command = [NGINX, "-e", str(folder / "error.log"), "-p", str(folder), "-c", str(conf)]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        nginx = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        _wait_port(tls, nginx, folder / "error.log")
        yield Stack(f"wss://127.0.0.1:{tls}", f"ws://127.0.0.1:{port}", trusting(cert))
    finally:
        if nginx is not None:
            _stop(nginx)
        _stop(server)
        if server.stdout is not None:
            server.stdout.close()


def test_a_deal_through_nginx_over_wss(stack: Stack) -> None:
    async def scenario() -> None:
        # the server deals at random: a bot that shows after a while bounds the deal
        clients = [Player("Asha", random_chooser(random.Random(1)),
                          ssl=stack.trust, local_addr=("127.0.0.2", 0)),
                   Player("Ravi", showing_after(bot_chooser("greedy", 2), 20),
                          ssl=stack.trust, local_addr=("127.0.0.3", 0))]
        await seat_table(stack.via_nginx, clients, "indian_13")
        await asyncio.gather(*(c.play(timeout=60) for c in clients))
        for c in clients:
            assert c.mirror.over and not c.mirror.errors
            await c.close()

    asyncio.run(scenario())


async def _create(url: str, source: str, forwarded: str | None = None,
                  **connect: Any) -> str:
    """Create a table from the loopback address ``source`` (sending ``forwarded`` as
    X-Forwarded-For); the connection is closed after (the table waits in the lobby for
    minutes). The room code, or the error's code."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    player = Player(source, local_addr=(source, 0), additional_headers=headers, **connect)
    await player.connect(url)
    try:
        await player.send(type="create", variant="indian_13", name="Asha", seats=2,
                          deals=1, bots="greedy")
        while True:
            msg = await player.recv()
            if msg["type"] == "joined":
                return str(msg["code"])
            if msg["type"] == "error":
                return str(msg["code"])
    finally:
        await player.close()


def _room_code(said: str) -> bool:
    """A table was made (an error's code is lower case)."""
    return said.isalpha() and said.isupper()


def test_the_table_limit_counts_each_player_behind_nginx(stack: Stack) -> None:
    async def scenario() -> None:
        url, trust = stack.via_nginx, stack.trust
        made = [await _create(url, "127.0.0.2", ssl=trust) for _ in range(TABLES)]
        assert all(map(_room_code, made)), made
        assert await _create(url, "127.0.0.2", ssl=trust) == "too_many_tables"
        # another player behind the same nginx still may
        assert _room_code(await _create(url, "127.0.0.3", ssl=trust))
        # the first cannot pass for someone else: nginx appends the address it saw
        spoofed = await _create(url, "127.0.0.2", forwarded="203.0.113.7", ssl=trust)
        assert spoofed == "too_many_tables"
        spoofed = await _create(url, "127.0.0.2", forwarded="127.0.0.1, 127.0.0.1", ssl=trust)
        assert spoofed == "too_many_tables"

    asyncio.run(scenario())


def test_a_client_that_goes_past_nginx_cannot_choose_its_address(stack: Stack) -> None:
    async def scenario() -> None:
        # 127.0.0.4 is not a trusted proxy: what it writes as X-Forwarded-For is ignored,
        # so every table it makes counts against 127.0.0.4, whoever it claims to be
        made = [await _create(stack.direct, "127.0.0.4", forwarded="127.0.0.5")
                for _ in range(TABLES)]
        assert all(map(_room_code, made)), made
        assert await _create(stack.direct, "127.0.0.4",
                             forwarded="198.51.100.99") == "too_many_tables"
        # and none against the player it named, who still has all of its own
        assert _room_code(await _create(stack.via_nginx, "127.0.0.5", ssl=stack.trust))

    asyncio.run(scenario())


def test_plain_ws_to_nginx_s_encrypted_port_says_to_type_wss(stack: Stack) -> None:
    where = stack.via_nginx.removeprefix("wss://")
    client = NetClient(f"ws://{where}", open_timeout=3).start()
    seen: list[dict[str, Any]] = []
    try:
        end = time.monotonic() + 10
        while time.monotonic() < end and client.status != "closed":
            seen += client.poll()
            time.sleep(0.02)
    finally:
        client.close()
    assert client.status == "closed", seen  # nginx's answer is plain: no retrying
    assert client.error == f"The server at {where} uses encryption: type wss://{where}."
