"""The game's server behind the real nginx, as docs/hosting.md sets it up, for the tests:
nginx runs the shipped packaging/server/nginx-rummy.conf (its name, ports and certificate
replaced) and holds a self-signed certificate; ``python -m rummy serve --trusted-proxy
127.0.0.1`` runs behind it. ``nginx_stack`` starts both and says where to connect."""

from __future__ import annotations

import contextlib
import os
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

from .certs import make_certificate, trusting

ROOT = Path(__file__).resolve().parents[2]
SHIPPED = ROOT / "packaging" / "server" / "nginx-rummy.conf"
NGINX = shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


@dataclass
class Stack:
    via_nginx: str
    """``wss://`` at nginx."""
    direct: str
    """``ws://`` at the server itself, past nginx."""
    trust: Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def site(folder: Path, cert: Path, key: Path, tls: int, plain: int, server: int) -> str:
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


def nginx_conf(folder: Path, site: str) -> Path:
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


def until_listening(process: subprocess.Popen[str], seconds: float = 20) -> str:
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


def wait_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    for _ in range(200):
        if process.poll() is not None:
            raise AssertionError(f"nginx stopped: {log.read_text() if log.exists() else ''}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.05)
    raise AssertionError(f"nginx does not listen on {port}")


def stop(process: subprocess.Popen[Any]) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


@contextlib.contextmanager
def nginx_stack(tmp_path: Path) -> Iterator[Stack]:
    """``python -m rummy serve --trusted-proxy 127.0.0.1`` behind nginx running the shipped
    site (docs/hosting.md), with a self-signed certificate in ``tmp_path``; both stopped
    after. Skips the test when nginx is not installed."""
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
        line = until_listening(server)
        assert "trusting X-Forwarded-For from 127.0.0.1" in line, line
        bound = re.search(r"ws://127\.0\.0\.1:(\d+)", line)
        assert bound is not None, line
        port = int(bound.group(1))
        folder = tmp_path / "nginx"
        folder.mkdir()
        tls = free_port()
        conf = nginx_conf(folder, site(folder, cert, key, tls, free_port(), port))
        command = [NGINX, "-e", str(folder / "error.log"), "-p", str(folder), "-c", str(conf)]
        checked = subprocess.run([*command, "-t"], capture_output=True, text=True, timeout=30)
        assert checked.returncode == 0, checked.stderr
        nginx = subprocess.Popen([*command, "-g", "daemon off;"], stdout=subprocess.DEVNULL,
                                 stderr=subprocess.DEVNULL)
        wait_port(tls, nginx, folder / "error.log")
        yield Stack(f"wss://127.0.0.1:{tls}", f"ws://127.0.0.1:{port}", trusting(cert))
    finally:
        if nginx is not None:
            stop(nginx)
        stop(server)
        if server.stdout is not None:
            server.stdout.close()
