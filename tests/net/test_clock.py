"""The turn clock of an online table: the variant's turn timer where it has one, else the
clock its host picked (``turn_seconds`` in ``create``, docs/protocol.md); the lobby and
every table message say it, and a restarted server keeps it."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rummy.net.room import DEFAULT_TURN_TIMER, Room

from .helpers import Player, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


def test_a_classic_table_runs_the_clock_its_host_picked(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            a, b = Player("Asha"), Player("Ben")
            code = await seat_table(url, [a, b], "super_rummy", turn_seconds=90)
            assert server.rooms[code].turn_seconds == 90
            joined = next(m for m in b.received if m["type"] == "joined")
            assert joined["turn_seconds"] == 90 and b.mirror.info["turn_seconds"] == 90
            state = next(m for m in a.received if m["type"] == "state")
            assert 80 < state["clock"] <= 90  # a person moves first: the clock is theirs
            for p in (a, b):
                await p.close()

    asyncio.run(scenario())


def test_a_declare_table_s_clock_is_its_turn_timer_option(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            a, b = Player("Asha"), Player("Ben")
            code = await seat_table(url, [a, b], "indian_13", {"turn_timer": 45},
                                    turn_seconds=90)
            assert server.rooms[code].turn_seconds == 45
            state = next(m for m in a.received if m["type"] == "state")
            assert 35 < state["clock"] <= 45
            for p in (a, b):
                await p.close()

    asyncio.run(scenario())


def test_the_record_keeps_the_clock_and_an_older_record_gets_the_default() -> None:
    room = Room.create("ACDEF", "dummy_rummy", {}, 3, None, "medium", 120)
    meta = room.meta()
    assert Room.from_record(meta, []).turn_seconds == 120
    del meta["turn_seconds"]  # a record written before tables kept their clock
    assert Room.from_record(meta, []).turn_seconds == DEFAULT_TURN_TIMER
    assert Room.create("ACDEF", "dummy_rummy", {}, 3, None, "medium").turn_seconds == 30


def test_the_clock_times_a_turn_not_each_move(tmp_path: Path) -> None:
    """After the draw the mover's time runs on from where it was (each move once started
    the clock again, and the table's countdown, run from the turn's start, said 0 long
    before the server played the turn)."""
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            a, b = Player("Asha"), Player("Ben")
            await seat_table(url, [a, b], "super_rummy", turn_seconds=90)
            started = {p.name: next(m for m in p.received if m["type"] == "state")
                       for p in (a, b)}
            mover = a if started["Asha"]["turn"] == a.mirror.place else b
            await asyncio.sleep(1.2)
            await mover.send(type="action", action={"type": "draw", "source": "closed"})
            update = await mover.expect("update")
            assert update["turn"] == mover.mirror.place  # still this seat's turn
            assert update["clock"] <= started[mover.name]["clock"] - 1.0
            for p in (a, b):
                await p.close()

    asyncio.run(scenario())
