"""A turn's clock survives a server restart: the seat to move has the time it had when
the server stopped, stopped cleanly or killed (docs/protocol.md, "Records and restarts"),
neither a fresh turn nor less for the time the server was down."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from rummy.net.store import Store

from .helpers import Player, rejoin, running_server, seat_table, server_process

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]
TURN = 30


async def _two_people(url: str) -> tuple[Player, Player, float, float]:
    """A classic table of two people (nobody moves): the two, the clock the first state
    gave and when it came."""
    a, b = Player("Asha"), Player("Ben")
    await seat_table(url, [a, b], "super_rummy", turn_seconds=TURN)
    state = next(m for m in a.received if m["type"] == "state")
    return a, b, float(state["clock"]), asyncio.get_running_loop().time()


def test_a_clean_restart_keeps_the_time_left(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            a, b, _, _ = await _two_people(url)
            await asyncio.sleep(3.0)
            code = str(a.mirror.code)
            left = server._clock_left(server.rooms[code])
            assert left is not None and left < TURN - 2.5
        await asyncio.sleep(3.0)  # the server is down: its clocks do not run
        async with running_server(tmp_path) as (_, url):
            for p in (a, b):
                state = await rejoin(p, url)
                assert left - 1.0 < state["clock"] <= left + 0.1, (left, state["clock"])
            for p in (a, b):
                await p.close()

    asyncio.run(scenario())


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")
def test_a_killed_server_s_turn_resumes_within_a_heartbeat(tmp_path: Path) -> None:
    async def scenario() -> None:
        proc, address = server_process(tmp_path)
        try:
            a, b, clock, seen = await _two_people(f"ws://{address}")
            await asyncio.sleep(3.0)
            left = clock - (asyncio.get_running_loop().time() - seen)
            os.kill(proc.pid, signal.SIGKILL)
            proc.wait(10)
            await asyncio.sleep(3.0)
            proc, address = server_process(tmp_path)
            for p in (a, b):
                state = await rejoin(p, f"ws://{address}")
                # the last heartbeat came at most a second before the kill: at most a
                # second more, never the fresh 30 s nor the 3 s the server was down less
                assert left - 0.5 < state["clock"] < left + 1.5, (left, state["clock"])
            for p in (a, b):
                await p.close()
        finally:
            proc.kill()
            proc.wait(10)

    asyncio.run(scenario())


def test_a_bot_s_turn_or_an_older_record_starts_a_fresh_clock(tmp_path: Path) -> None:
    """Only the turn whose clock was recorded resumes with it: a clock of an earlier
    action, or none (a record from before clocks were kept), gives the whole turn."""
    store = Store(":memory:")
    assert store.clock_at_stop("ACDEFHJKMN", 3) is None  # no heartbeat yet
    store.set_clock("ACDEFHJKMN", 3, 1000.0)
    store.beat(990.0)
    assert store.clock_at_stop("ACDEFHJKMN", 3) == 10.0
    assert store.clock_at_stop("ACDEFHJKMN", 4) is None  # moves were played since
    assert store.clock_at_stop("WXYACWXYAC", 3) is None
    store.beat(1005.0)
    assert store.clock_at_stop("ACDEFHJKMN", 3) == 0.0  # ran out just before the stop
    store.close()
