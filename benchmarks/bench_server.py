"""The game server under load: N concurrent 4-seat tables of bot clients over loopback.

Starts ``python -m rummy serve`` in its own process (records written to SQLite in a
temporary folder, as in production), then one client process opens 4 websocket
connections per table, creates and starts every table, and plays for a bounded time. The
clients play only draws and discards, chosen at random from the legal moves the server
sends (no shows, so no table ends early and the load stays the same), each after a think
time (``--think`` seconds; under about 0.05 a seat sends faster than the server's flood
limit, 20 messages a second, and is closed).

Prints one JSON line: tables, connections, actions, actions per second, and the p50, p99
and max round trip of an action (from sending it to receiving its update), in ms.

    python benchmarks/bench_server.py --tables 200 --seconds 30 --think 0.5

The service mode, ``--processes N`` (2 or more), runs N server processes as one service
(``serve --redis --postgres``: records in PostgreSQL, the directory in Redis;
docs/hosting.md). It starts its own ``redis-server`` and PostgreSQL in a temporary folder
(Debian's packages, as the tests do: tests/net/backends.py) unless ``--redis URL
--postgres URL`` name running ones. Each table's creator connects to the processes in
turn and each joiner to any of them, and they follow the service's redirects (a new table
goes to the least loaded process, a join to the table's owner), as the game's client does.

    python benchmarks/bench_server.py --processes 4 --tables 200 --seconds 30 --think 0.5

``--kill-after S`` (with ``--processes``) kills the first process (SIGKILL) S seconds into
the play; the clients of its tables rejoin through any live process, as the game's client
does, and the line gives how long after the kill each was seated again (``back_p50_s``,
``back_max_s``): the takeover as the players see it. (The CPU figures then count the live
processes; Redis's and PostgreSQL's are left out, the killed process's connection among
them having gone.)

    python benchmarks/bench_server.py --processes 3 --tables 100 --seconds 30 --kill-after 10
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

ROOT = Path(__file__).resolve().parents[1]


class Seat:
    def __init__(self, ws: ClientConnection, rng: random.Random) -> None:
        self.ws = ws
        self.rng = rng
        self.sent_at: float | None = None
        self.code = self.token = ""
        self.local: tuple[str, int] | None = None

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def expect(self, kind: str) -> dict[str, Any]:
        while True:
            msg: dict[str, Any] = json.loads(await self.ws.recv())
            if msg["type"] == kind:
                return msg
            if msg["type"] == "error":  # a refused setup is said, not waited on for ever
                raise RuntimeError(f"the server refused: {msg['message']}")


class Kill:
    """A process killed during the play, and the seats that came back after it."""

    def __init__(self, urls: list[str]) -> None:
        self.alive = list(urls)
        self.at: float | None = None
        self.back: list[float] = []


async def _seated(url: str, rng: random.Random, local: tuple[str, int] | None,
                  **message: Any) -> tuple[Seat, dict[str, Any]]:
    """A connection at ``url`` that sent ``message`` and got ``joined`` for it, after
    following a service's redirect."""
    for _ in range(3):
        seat = Seat(await connect(url, compression=None, max_queue=None, local_addr=local),
                    rng)
        await seat.expect("welcome")
        await seat.send(**message)
        while True:
            msg: dict[str, Any] = json.loads(await seat.ws.recv())
            if msg["type"] == "joined":
                seat.code, seat.token, seat.local = msg["code"], msg["token"], local
                return seat, msg
            if msg["type"] == "error":
                raise RuntimeError(f"the server refused: {msg['message']}")
            if msg["type"] == "redirect":
                url, message["redirected"] = msg["url"], True
                await seat.ws.close()
                break
    raise RuntimeError("more than two redirects in a row")


async def _table(urls: list[str], rng: random.Random, source: str | None,
                 number: int = 0) -> list[Seat]:
    local = None if source is None else (source, 0)
    first, joined = await _seated(urls[number % len(urls)], rng, local, type="create",
                                  variant="indian_13", name="b0", seats=4, deals=None)
    seats = [first]
    for n in range(1, 4):
        seat, _ = await _seated(rng.choice(urls), rng, local, type="join",
                                code=joined["code"], name=f"b{n}")
        await seat.send(type="ready")
        seats.append(seat)
    ready = 0
    while ready < 3:
        lobby = await seats[0].expect("lobby")
        ready = sum(s["ready"] for s in lobby["seats"][1:]) if len(lobby["seats"]) == 4 else 0
    await seats[0].send(type="start")
    return seats


async def _rejoin(seat: Seat, kill: Kill, end: float) -> dict[str, Any] | None:
    """Take the seat back through any live process (following redirects) after its
    process was killed: the ``state`` (None when the play ended first)."""
    loop = asyncio.get_running_loop()
    url = seat.rng.choice(kill.alive)
    while loop.time() < end:
        msg: dict[str, Any] = {"type": "none"}
        try:
            seat.ws = await connect(url, compression=None, max_queue=None,
                                    local_addr=seat.local)
            await seat.send(type="rejoin", code=seat.code, token=seat.token)
            while True:
                msg = json.loads(await seat.ws.recv())
                if msg["type"] == "state":
                    assert kill.at is not None
                    kill.back.append(time.perf_counter() - kill.at)
                    return msg
                if msg["type"] in ("redirect", "error"):
                    break
            await seat.ws.close()
            url = msg["url"] if msg["type"] == "redirect" else seat.rng.choice(kill.alive)
        except (OSError, ConnectionClosed):  # sent to the killed one: its lease runs on
            url = seat.rng.choice(kill.alive)
        if msg["type"] != "redirect":
            await asyncio.sleep(0.2)
    return None


async def _play(seat: Seat, first: dict[str, Any], think: float, end: float,
                trips: list[float], kill: Kill | None = None) -> None:
    msg: dict[str, Any] | None = first
    loop = asyncio.get_running_loop()
    while loop.time() < end:
        if msg is None:
            try:
                msg = json.loads(await asyncio.wait_for(seat.ws.recv(), end - loop.time()))
            except asyncio.TimeoutError:
                return
            except ConnectionClosed:
                if kill is None or kill.at is None:
                    raise
                seat.sent_at = None
                msg = await _rejoin(seat, kill, end)
                if msg is None:
                    return
        assert msg is not None
        if msg["type"] in ("update", "error", "state") and seat.sent_at is not None:
            trips.append(time.perf_counter() - seat.sent_at)
            seat.sent_at = None
        legal = [a for a in msg.get("legal") or () if a["type"] in ("draw", "discard")]
        msg = None
        if legal:
            if think:
                await asyncio.sleep(think * seat.rng.uniform(0.5, 1.5))
            action = seat.rng.choice(legal)
            del action["seat"]
            seat.sent_at = time.perf_counter()
            with contextlib.suppress(ConnectionClosed):  # the next recv says so too
                await seat.send(type="action", action=action)


def _machine(table: int) -> str:
    """A loopback address of its own for each table's four clients (the whole 127/8 is
    loopback on Linux): the server's limits per address (5 open tables, 16 connections)
    hold for a benchmark as they do for real players on their own machines."""
    return f"127.0.{1 + table // 250}.{1 + table % 250}"


def cpu_seconds(pids: list[int]) -> float | None:
    """The CPU time (user and system) the processes ``pids`` have used, from Linux's
    /proc (None elsewhere): what an action costs the servers, whatever else the machine
    runs."""
    total = 0
    try:
        for pid in pids:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime (clock ticks)
    except (OSError, IndexError, ValueError):
        return None
    return total / os.sysconf("SC_CLK_TCK")


def backend_pids(service: tuple[str, str] | None) -> list[int]:
    """The processes of a service's Redis and of its PostgreSQL database's connections
    (their command lines name the Redis port and the database), from /proc."""
    if service is None:
        return []
    redis_port = service[0].rsplit(":", 1)[1].split("/")[0]
    database = service[1].rsplit("/", 1)[1]
    pids = []
    for folder in Path("/proc").glob("[0-9]*"):
        try:
            line = (folder / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if (line.startswith("redis-server") and f":{redis_port}" in line) or (
                line.startswith("postgres:") and f" {database} " in line):
            pids.append(int(folder.name))
    return pids


async def bench(urls: list[str], tables: int, seconds: float, think: float,
                local: bool = False, pids: list[int] | None = None,
                service: tuple[str, str] | None = None,
                killing: tuple[float, Callable[[], None]] | None = None) -> dict[str, Any]:
    rng = random.Random(1)
    setup = time.perf_counter()
    all_seats: list[Seat] = []
    for batch in range(0, tables, 20):
        made = await asyncio.gather(*(_table(urls, random.Random(rng.random()),
                                             _machine(n) if local else None, n)
                                      for n in range(batch, min(batch + 20, tables))))
        all_seats += [s for t in made for s in t]
    firsts = await asyncio.gather(*(s.expect("state") for s in all_seats))
    setup = time.perf_counter() - setup
    trips: list[float] = []
    loop = asyncio.get_running_loop()
    backends = backend_pids(service)
    cpu_before, backends_before = cpu_seconds(pids or []), cpu_seconds(backends)
    start, end = time.perf_counter(), loop.time() + seconds
    kill = Kill(urls) if killing is not None else None

    async def killer() -> None:
        assert killing is not None and kill is not None
        await asyncio.sleep(killing[0])
        killing[1]()
        kill.at = time.perf_counter()
        kill.alive.remove(urls[0])

    killed = None if killing is None else asyncio.ensure_future(killer())
    await asyncio.gather(*(_play(s, f, think, end, trips, kill)
                           for s, f in zip(all_seats, firsts, strict=True)))
    if killed is not None:
        await killed
    elapsed = time.perf_counter() - start
    cpu_after, backends_after = cpu_seconds(pids or []), cpu_seconds(backends)
    for seat in all_seats:
        await seat.ws.close()
    ms = sorted(t * 1000 for t in trips)
    return {
        "processes": len(urls), "tables": tables, "connections": len(all_seats),
        "think_s": think,
        "seconds": round(elapsed, 1), "setup_s": round(setup, 1), "actions": len(ms),
        "actions_per_s": round(len(ms) / elapsed, 1),
        "p50_ms": round(statistics.median(ms), 2) if ms else None,
        "p99_ms": round(ms[int(len(ms) * 0.99)], 2) if ms else None,
        "max_ms": round(ms[-1], 2) if ms else None,
        # the servers' CPU per action, setting up the tables left out
        "server_cpu_ms_per_action": round((cpu_after - cpu_before) * 1000 / len(ms), 3)
        if ms and pids and cpu_before is not None and cpu_after is not None else None,
        # a service's Redis and PostgreSQL, per action (none for SQLite: in the server)
        "backends_cpu_ms_per_action": round(
            (backends_after - backends_before) * 1000 / len(ms), 3)
        if ms and backends and backends_before is not None and backends_after is not None
        else None,
        **({} if kill is None else {
            "seats_back": len(kill.back),
            "back_p50_s": round(statistics.median(kill.back), 2) if kill.back else None,
            "back_max_s": round(max(kill.back), 2) if kill.back else None}),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--think", type=float, default=0.5,
                        help="seconds a client waits before its move (0: none)")
    parser.add_argument("--url", default=None,
                        help="bench a server already running (ws://host:port)")
    parser.add_argument("--data", default=None,
                        help="the server's record folder (default: a temporary folder)")
    parser.add_argument("--processes", type=int, default=1,
                        help="server processes; 2 or more: one service on Redis and"
                             " PostgreSQL")
    parser.add_argument("--kill-after", type=float, default=None, metavar="S",
                        help="with --processes: SIGKILL the first process S seconds into"
                             " the play, and time the players' return")
    parser.add_argument("--redis", default=None, metavar="URL",
                        help="with --processes: a running Redis (default: start one)")
    parser.add_argument("--postgres", default=None, metavar="URL",
                        help="with --processes: a running PostgreSQL database (default:"
                             " start one)")
    args = parser.parse_args()
    if args.kill_after is not None and args.processes < 2:
        parser.error("--kill-after needs --processes 2 or more")
    if args.url:
        print(json.dumps(asyncio.run(bench([args.url], args.tables, args.seconds,
                                           args.think))))
        return 0
    with tempfile.TemporaryDirectory() as scratch, _backends(args) as service:
        data = args.data or scratch
        servers = []
        try:
            for _ in range(args.processes):
                where = ["--data", data] if service is None else [
                    "--redis", service[0], "--postgres", service[1]]
                servers.append(subprocess.Popen(
                    [sys.executable, "-m", "rummy", "serve", "--port", "0", *where],
                    cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True))
            urls = []
            for server in servers:
                assert server.stdout is not None
                line = server.stdout.readline()
                urls.append("ws://" + line.split("ws://")[1].split()[0])
            killing = None if args.kill_after is None else (args.kill_after,
                                                            servers[0].kill)
            result = asyncio.run(bench(urls, args.tables, args.seconds, args.think,
                                       local=True, pids=[s.pid for s in servers[1:]]
                                       if killing else [s.pid for s in servers],
                                       service=service, killing=killing))
        finally:
            for server in servers:
                server.terminate()
            for server in servers:
                try:
                    server.wait(15)
                except subprocess.TimeoutExpired:  # it did not stop: no process is left
                    server.kill()
                    server.wait(10)
    print(json.dumps(result))
    return 0


@contextlib.contextmanager
def _backends(args: argparse.Namespace) -> Iterator[tuple[str, str] | None]:
    """The service's Redis and PostgreSQL URLs (None: one process, SQLite): those given,
    or ones started for the run (tests/net/backends.py) and stopped after it."""
    if args.processes < 2:
        yield None
        return
    if args.redis and args.postgres:
        yield args.redis, args.postgres
        return
    sys.path.insert(0, str(ROOT))
    from tests.net.backends import missing, running_backends
    why = missing()
    if why is not None:
        raise SystemExit(f"bench_server.py --processes: {why}")
    with running_backends() as started:
        yield started.fresh()


if __name__ == "__main__":
    sys.exit(main())
