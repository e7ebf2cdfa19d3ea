"""The issue's whole test of a service: three server processes on real Redis and
PostgreSQL, 300 tables of two raw clients each, and one process killed (SIGKILL) at a
random moment while the deals are played. Every table is finished; no action a client
heard of is lost (after a rejoin a seat is never behind what it had seen, and every move
it saw is the record's); no seat ever received a card hidden from it (the single
process's check, tests/net/leaks.py); the killed process's tables were taken within 10 s.

Sized to take about two minutes on the project's 2-core machine: each deal is bounded by
a client that shows (wrongly, nearly always) after a few random moves."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from .backends import Backends, ServiceProcess, running_backends, running_service
from .helpers import Player, random_chooser, showing_after
from .leaks import Secrets, leaks

pytestmark = [pytest.mark.network, pytest.mark.slow, pytest.mark.timeout(600)]

TABLES = 300
PROCESSES = 3
TAKEOVER_SECONDS = 10.0


@pytest.fixture(scope="module")
def backends() -> Iterator[Backends]:
    with running_backends() as started:
        yield started


class Seat(Player):
    """A raw client that follows redirects and, when its connection is lost, rejoins at
    any live process until the table's new owner has it."""

    def __init__(self, name: str, rng: random.Random, source: str) -> None:
        super().__init__(name, showing_after(random_chooser(rng), rng.randint(3, 9)))
        self.source = source
        self.last_seen = 0
        self.behind: list[str] = []
        self.rejoined_after: list[float] = []

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        msg = await super().recv(timeout)
        if msg["type"] == "state" and msg["seq"] < self.last_seen:
            self.behind.append(f"{self.name}: state at {msg['seq']} after {self.last_seen}")
        if isinstance(msg.get("seq"), int):
            self.last_seen = max(self.last_seen, msg["seq"])
        return msg

    async def ask(self, url: str, answer: str, **message: Any) -> dict[str, Any]:
        for _ in range(3):
            try:
                await self.connect(url, self.source)
            except OSError:
                return {"type": "error", "code": "unreachable"}
            await self.send(**message)
            while True:
                msg = await self.recv()
                if msg["type"] == "redirect":
                    message["redirected"] = True
                    url = msg["url"]
                    await self.close()
                    break
                if msg["type"] in (answer, "error"):
                    return msg
        raise AssertionError("more than two redirects in a row")

    async def rejoin(self, alive: list[ServiceProcess], killed_at: list[float]) -> None:
        answer: dict[str, Any] = {}
        await self.close()
        # the takeover's bound, and the pauses of a crowded machine, well within the
        # scenario's own
        deadline = time.monotonic() + 120
        while True:
            assert time.monotonic() < deadline, (
                f"{self.name} of table {self.mirror.code} not back within 120 s: {answer}")
            answer = await self.ask(random.choice(alive).url, "state", type="rejoin",
                                    code=self.mirror.code, token=self.mirror.token)
            if answer["type"] == "state":
                if killed_at:
                    self.rejoined_after.append(time.monotonic() - killed_at[0])
                self._sent_at = None
                return
            assert answer["code"] in ("no_table", "unreachable"), answer
            await self.close()
            await asyncio.sleep(0.2)

    async def play_out(self, alive: list[ServiceProcess], killed_at: list[float]) -> None:
        while not self.mirror.over:
            try:
                await self.play(timeout=240)
            except (ConnectionClosed, OSError):
                await self.rejoin(alive, killed_at)


async def seat_table(number: int, processes: list[ServiceProcess],
                     rng: random.Random) -> tuple[Seat, Seat]:
    """A two-seat table made at one process and joined at another."""
    # every table from loopback addresses of its own (the per-address limits)
    one = Seat(f"a{number}", random.Random(rng.random()),
               f"127.1.{number // 200}.{number % 200 + 1}")
    two = Seat(f"b{number}", random.Random(rng.random()),
               f"127.2.{number // 200}.{number % 200 + 1}")
    joined = await one.ask(rng.choice(processes).url, "joined", type="create",
                           variant="indian_13", name=one.name, seats=2, deals=1)
    assert joined["type"] == "joined", joined
    answer = await two.ask(rng.choice(processes).url, "joined", type="join",
                           code=joined["code"], name=two.name)
    assert answer["type"] == "joined", answer
    await two.send(type="ready")
    while len(one.mirror.lobby) < 2 or not all(s["ready"] for s in one.mirror.lobby):
        await one.expect("lobby")
    await one.send(type="start")
    for seat in (one, two):
        await seat.expect("state")
    return one, two


def test_three_processes_300_tables_one_killed(backends: Backends, tmp_path: Path) -> None:
    rng = random.Random(30)
    killed_wall: list[float] = []
    with running_service(backends, PROCESSES, tmp_path) as processes:
        postgres = processes[0].urls[1]

        async def scenario() -> list[tuple[Seat, Seat]]:
            gate = asyncio.Semaphore(40)

            async def one_table(number: int) -> tuple[Seat, Seat]:
                async with gate:
                    return await seat_table(number, processes, rng)

            tables = await asyncio.gather(*(one_table(n) for n in range(TABLES)))
            alive = list(processes)
            killed_at: list[float] = []
            games = [asyncio.ensure_future(s.play_out(alive, killed_at))
                     for pair in tables for s in pair]
            # the kill: at a random moment while the deals are played
            await asyncio.sleep(rng.uniform(0.5, 3.0))
            victim = rng.choice(processes)
            alive.remove(victim)
            victim.process.kill()
            killed_at.append(time.monotonic())
            killed_wall.append(time.time())
            await asyncio.wait_for(asyncio.gather(*games), 400)
            for pair in tables:
                for seat in pair:
                    await seat.close()
            return list(tables)

        tables = asyncio.run(scenario())
        _check_records(tables, postgres)
        claimed = _claims(tmp_path)
        assert claimed, "no table was taken over"
        late = sorted(at - killed_wall[0] for at in claimed.values())
        assert late[-1] < TAKEOVER_SECONDS, late[-5:]
        # every table of the killed process that was still playing was taken, and its
        # players found it: they rejoined (the time includes their pauses between tries)
        rejoined = [t for pair in tables for s in pair for t in s.rejoined_after]
        assert rejoined and len(rejoined) >= len(claimed)
        print(f"{len(claimed)} tables taken over, the last {late[-1]:.1f} s after the"
              f" kill; players back within {max(rejoined):.1f} s")


def _claims(folder: Path) -> dict[str, float]:
    """Table code -> when (the wall clock) a process logged taking it over."""
    claimed = {}
    for log in folder.glob("process-*.log"):
        for line in log.read_text().splitlines():
            words = line.split()
            if len(words) > 4 and words[2:4] == ["took", "table"]:
                stamp, millis = f"{words[0]} {words[1]}".split(",")
                at = time.mktime(time.strptime(stamp, "%Y-%m-%d %H:%M:%S"))
                claimed[words[4]] = at + int(millis) / 1000
    return claimed


def _check_records(tables: list[tuple[Seat, Seat]], postgres: str) -> None:
    import psycopg
    with psycopg.connect(postgres) as db:
        for one, two in tables:
            code = one.mirror.code
            row = db.execute("SELECT meta, status FROM tables WHERE code=%s",
                             (code,)).fetchone()
            assert row is not None and row[1] == "over", (code, row)
            meta = json.loads(row[0])
            actions = [json.loads(a) for (a,) in db.execute(
                "SELECT action FROM actions WHERE code=%s ORDER BY seq", (code,))]
            secrets = Secrets(meta, actions)
            for seat in (one, two):
                assert seat.behind == []
                assert seat.mirror.over and seat.last_seen == len(actions)
                place = seat.mirror.place
                assert place is not None
                for msg in seat.received:  # every move it heard of is the record's
                    if msg["type"] == "update":
                        assert 1 <= msg["seq"] <= len(actions)
                assert leaks(secrets, place, seat.received) == []
