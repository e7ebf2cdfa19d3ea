"""One machine, a process per core, behind nginx (docs/hosting.md, "Several processes"):
nginx runs the shipped packaging/server/nginx-rummy-service.conf (names, ports and
certificate replaced; two processes instead of four) in front of two processes of a
service. The front door spreads connections over the processes; a join that reaches the
wrong one is redirected to the owner's own ``wss://`` port on nginx, and the game's client
follows it there."""

from __future__ import annotations

import asyncio
import re
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy.net.client import NetClient

from .backends import Backends, running_backends, start_process
from .certs import make_certificate, trusting
from .helpers import Player
from .nginx import NGINX, ROOT, free_port, nginx_conf, stop, wait_port

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]

SHIPPED = ROOT / "packaging" / "server" / "nginx-rummy-service.conf"


@pytest.fixture(scope="module")
def backends() -> Iterator[Backends]:
    with running_backends() as started:
        yield started


def service_site(cert: Path, key: Path, front: int, own: list[int],
                 processes: list[int]) -> str:
    """The shipped site for two processes: ``front`` is the front door's port, ``own``
    each process's own port on nginx, ``processes`` where each listens."""
    text = SHIPPED.read_text()
    for old, new in [
            ("/etc/letsencrypt/live/rummy.example.org/fullchain.pem", str(cert)),
            ("/etc/letsencrypt/live/rummy.example.org/privkey.pem", str(key)),
            ("rummy.example.org", "localhost"),
            ("listen 443 ssl;", f"listen 127.0.0.1:{front} ssl;"),
            ("listen 80;", f"listen 127.0.0.1:{free_port()};")]:
        assert old in text, f"{SHIPPED.name} no longer says {old!r}: mend this test with it"
        text = text.replace(old, new)
    for n in (1, 2):
        for old, new in [(f"listen 844{n} ssl;", f"listen 127.0.0.1:{own[n - 1]} ssl;"),
                         (f"    844{n} 127.0.0.1:876{n};",
                          f"    {own[n - 1]} 127.0.0.1:{processes[n - 1]};"),
                         (f"server 127.0.0.1:876{n};", f"server 127.0.0.1:{processes[n - 1]};")]:
            assert old in text, f"{SHIPPED.name} no longer says {old!r}: mend this test"
            text = text.replace(old, new)
    text = re.sub(r"^.*(844[34]|876[34]).*$", "", text, flags=re.M)  # four processes: two
    return re.sub(r"^\s*listen \[::\]:.*$", "", text, flags=re.M)  # IPv4 loopback only


def test_the_front_door_spreads_and_a_redirect_goes_through_nginx(
        backends: Backends, tmp_path: Path) -> None:
    if NGINX is None:
        pytest.skip("nginx is not installed (apt-get install nginx; .ci/run does it as root)")
    cert, key = make_certificate(tmp_path)
    front, own, ports = free_port(), [free_port(), free_port()], [free_port(), free_port()]
    urls = backends.fresh()
    processes = [start_process(urls, tmp_path / f"process-{n}.log", "--port", str(port),
                               "--trusted-proxy", "127.0.0.1", "--advertise",
                               f"wss://localhost:{own[n]}")
                 for n, port in enumerate(ports)]
    folder = tmp_path / "nginx"
    folder.mkdir()
    conf = nginx_conf(folder, service_site(cert, key, front, own, ports))
    command = [NGINX, "-e", str(folder / "error.log"), "-p", str(folder), "-c", str(conf)]
    checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
    assert checked.returncode == 0, checked.stderr
    nginx = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)
    trust = trusting(cert)
    door = f"wss://localhost:{front}"
    try:
        wait_port(front, nginx, folder / "error.log")

        async def scenario() -> tuple[str, Player]:
            asha = Player("Asha", ssl=trust)
            await asha.connect(door)
            await asha.send(type="create", variant="indian_13", name="Asha", seats=2,
                            deals=1)
            code = str((await asha.expect("joined"))["code"])
            # Asha's connection holds one process: the front door sends the next
            # connection to the other, which sends a join on to the owner's own port
            bo = Player("Bo", ssl=trust)
            await bo.connect(door)
            await bo.send(type="join", code=code, name="Bo")
            answer = await bo.recv()
            assert answer["type"] == "redirect", answer
            assert answer["url"] in [f"wss://localhost:{p}" for p in own], answer
            await bo.close()
            return code, asha

        loop = asyncio.new_event_loop()
        code, asha = loop.run_until_complete(scenario())
        client = NetClient(door, ssl_context=trust).start()
        try:
            client.send({"type": "join", "code": code, "name": "Bo"})
            joined = _wait_for(client, "joined")
            assert joined["code"] == code and client.token
        finally:
            client.close()
            loop.run_until_complete(asha.close())
            loop.close()
    finally:
        stop(nginx)
        for one in processes:
            stop(one.process)
            if one.process.stdout is not None:
                one.process.stdout.close()


def _wait_for(client: NetClient, kind: str, seconds: float = 15) -> dict[str, Any]:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for msg in client.poll():
            if msg["type"] == kind:
                return msg
        time.sleep(0.02)
    raise AssertionError(f"no {kind} ({client.status}, {client.error})")
