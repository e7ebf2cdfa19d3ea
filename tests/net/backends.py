"""Real Redis and PostgreSQL for the service's tests (docs/hosting.md, "Several processes"):
Debian's ``redis-server`` and ``postgresql`` binaries, started here on loopback ports the
test picks, in temporary folders, and stopped after; a test that needs them is skipped,
saying how to install them, where they are missing (``.ci/run`` installs them as root).

PostgreSQL refuses to run as root: under root (CI) it runs as ``nobody`` through
``setpriv``, in a folder that user owns.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .nginx import free_port, stop

REDIS = shutil.which("redis-server") or shutil.which("redis-server", path="/usr/sbin:/usr/bin")
PG_BIN = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
"""Debian's PostgreSQL programs (not on PATH: the newest installed version's folder)."""
INSTALL = "apt-get install redis-server postgresql (.ci/run does it as root)"


@dataclass
class Backends:
    redis: str
    """``redis://127.0.0.1:port/0``"""
    postgres_server: str
    """``postgresql://rummy@127.0.0.1:port`` (a database name goes after it)."""

    def fresh(self) -> tuple[str, str]:
        """A Redis and a PostgreSQL database nobody has used: (redis URL, postgres URL)."""
        import psycopg
        import redis
        client = redis.Redis.from_url(self.redis)
        try:
            client.flushall()
        finally:
            client.close()
        name = f"t_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"{self.postgres_server}/postgres", autocommit=True) as db:
            db.execute(f"CREATE DATABASE {name}")
        return self.redis, f"{self.postgres_server}/{name}"


def missing() -> str | None:
    """Why the services cannot run here (None when they can)."""
    if REDIS is None or not PG_BIN:
        return f"redis-server or PostgreSQL is not installed ({INSTALL})"
    try:
        import psycopg  # noqa: F401
        import redis  # noqa: F401
    except ImportError:
        return "redis or psycopg is not installed (pip install -r requirements-service.txt)"
    return None


def _wait_port(port: int, process: subprocess.Popen[bytes], what: str, log: Path) -> None:
    end = time.monotonic() + 30
    while time.monotonic() < end:
        if process.poll() is not None:
            text = log.read_text(errors="replace") if log.exists() else ""
            raise AssertionError(f"{what} stopped at once: {text[-2000:]}")
        with contextlib.suppress(OSError):
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        time.sleep(0.05)
    raise AssertionError(f"{what} does not listen on {port}")


def _as_postgres_user(folder: Path) -> list[str]:
    """The prefix that runs PostgreSQL's programs as a user that is not root."""
    if os.geteuid() != 0:
        return []
    nobody = pwd.getpwnam("nobody")
    os.chown(folder, nobody.pw_uid, nobody.pw_gid)
    return ["setpriv", f"--reuid={nobody.pw_uid}", f"--regid={nobody.pw_gid}",
            "--clear-groups", "--"]


@contextlib.contextmanager
def running_backends() -> Iterator[Backends]:
    """redis-server and PostgreSQL on free loopback ports, in a temporary folder."""
    why = missing()
    if why is not None:
        pytest.skip(why)
    folder = Path(tempfile.mkdtemp(prefix="rummy-backends-"))
    os.chmod(folder, 0o755)
    processes: list[subprocess.Popen[bytes]] = []
    try:
        redis_port = free_port()
        redis_log = folder / "redis.log"
        assert REDIS is not None
        redis = subprocess.Popen(
            [REDIS, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no", "--dir", str(folder), "--logfile", str(redis_log)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(redis)
        _wait_port(redis_port, redis, "redis-server", redis_log)

        pg = folder / "pg"
        pg.mkdir()
        user = _as_postgres_user(pg)
        bin_dir = Path(PG_BIN[-1])
        made = subprocess.run([*user, str(bin_dir / "initdb"), "-D", str(pg / "data"),
                               "-U", "rummy", "--auth=trust", "-E", "UTF8", "--no-sync"],
                              capture_output=True, text=True, timeout=120)
        assert made.returncode == 0, made.stderr
        pg_port = free_port()
        pg_log = pg / "postgres.log"
        with open(pg_log, "wb") as log:
            # fsync off: the tests' database dies with the test (never a choice to copy)
            postgres = subprocess.Popen(
                [*user, str(bin_dir / "postgres"), "-D", str(pg / "data"), "-p",
                 str(pg_port), "-h", "127.0.0.1", "-k", str(pg), "-c", "fsync=off",
                 "-c", "max_connections=200"], stdout=log, stderr=log)
        processes.append(postgres)
        _wait_port(pg_port, postgres, "PostgreSQL", pg_log)
        server = f"postgresql://rummy@127.0.0.1:{pg_port}"
        _wait_accepting(server)
        yield Backends(f"redis://127.0.0.1:{redis_port}/0", server)
    finally:
        for process in reversed(processes):
            stop(process)
        shutil.rmtree(folder, ignore_errors=True)


def _wait_accepting(server: str) -> None:
    """PostgreSQL listens before it takes connections (it is still starting up)."""
    import psycopg
    end = time.monotonic() + 30
    while True:
        try:
            psycopg.connect(f"{server}/postgres", connect_timeout=2).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > end:
                raise
            time.sleep(0.1)


@dataclass
class ServiceProcess:
    process: subprocess.Popen[str]
    url: str
    """``ws://127.0.0.1:port``, the URL it advertises too."""
    line: str
    """What it printed when it started listening."""
    urls: tuple[str, str]
    """The service's Redis and PostgreSQL."""


def start_process(urls: tuple[str, str], log: Path, *extra: str) -> ServiceProcess:
    """``python -m rummy serve --redis --postgres`` on a free loopback port (wide message
    limits: bots at full speed), its log in ``log``."""
    from .nginx import ROOT, until_listening
    redis_url, postgres_url = urls
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy", "serve", "--port", "0", "--redis", redis_url,
         "--postgres", postgres_url, "--rate", "1000", "--burst", "1000",
         "--connections", "0", "--failed-joins", "0", *extra],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=log.open("a"), text=True)
    try:
        line = until_listening(proc)
    except AssertionError:
        stop(proc)
        raise AssertionError(f"a service process did not start: {log.read_text()[-3000:]}")\
            from None
    assert "service: process" in line, line
    return ServiceProcess(proc, line.split("listening on ")[1].split()[0], line, urls)


@contextlib.contextmanager
def running_service(backends: Backends, count: int, folder: Path,
                    *extra: str) -> Iterator[list[ServiceProcess]]:
    """``count`` processes of one service on fresh databases; stopped after."""
    urls = backends.fresh()
    started: list[ServiceProcess] = []
    try:
        for number in range(count):
            started.append(start_process(urls, folder / f"process-{number}.log", *extra))
        yield started
    finally:
        for one in started:
            stop(one.process)
            if one.process.stdout is not None:
                one.process.stdout.close()
