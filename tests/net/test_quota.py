"""One address cannot fill the server with tables: its open tables are capped
(``Limits.rooms_per_address``), and a table over, or forgotten in the lobby after
everyone left it, frees its slot."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rummy.net.conn import Limits

from .helpers import Player, running_server

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


async def _create(url: str, name: str) -> tuple[Player, dict[str, object]]:
    """A new connection that asks for a table: its ``joined`` or its ``error``."""
    player = Player(name)
    await player.connect(url)
    await player.send(type="create", variant="indian_13", name=name, seats=2, deals=1,
                      bots="greedy")
    while True:
        msg = await player.recv()
        if msg["type"] in ("joined", "error"):
            return player, msg


def test_an_address_has_at_most_its_tables_and_an_ended_one_frees_a_slot(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, rooms_per_address=2)
        async with running_server(tmp_path, limits=limits) as (server, url):
            first, joined = await _create(url, "A")
            second, _ = await _create(url, "B")
            third, refused = await _create(url, "C")
            assert refused["type"] == "error" and refused["code"] == "too_many_tables"
            assert "at most 2" in str(refused["message"])
            assert len(server.rooms) == 2
            # joining someone else's table is not creating one
            await third.send(type="join", code=joined["code"], name="C")
            assert (await third.expect("joined"))["code"] == joined["code"]
            # the first table's game ends: it no longer counts
            await third.send(type="ready")
            await first.expect("lobby")
            await first.send(type="start")
            await first.expect("state")
            mover = first if first.mirror.my_turn else third
            await mover.send(type="action", action={"type": "drop"})
            await first.expect("over")
            fourth, again = await _create(url, "D")
            assert again["type"] == "joined", again
            for p in (first, second, third, fourth):
                await p.close()

    asyncio.run(scenario())


def test_a_lobby_everyone_left_is_forgotten_and_frees_its_slot(tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, rooms_per_address=1)
        async with running_server(tmp_path, limits=limits, abandon_after=0.3) as (server, url):
            first, joined = await _create(url, "A")
            code = joined["code"]
            _, refused = await _create(url, "B")
            assert refused["code"] == "too_many_tables"
            # leaving and coming back within the time keeps the table
            await first.close()
            await asyncio.sleep(0.1)
            await first.connect(url)
            await first.send(type="rejoin", code=code, token=first.mirror.token)
            await first.expect("joined")
            await asyncio.sleep(0.4)
            assert code in server.rooms
            await first.close()
            for _ in range(50):
                if code not in server.rooms:
                    break
                await asyncio.sleep(0.05)
            assert code not in server.rooms
            assert server.store.open_rooms() == []  # not resumed after a restart either
            again, created = await _create(url, "C")
            assert created["type"] == "joined", created
            late = Player("A")
            await late.connect(url)
            await late.send(type="rejoin", code=code, token=first.mirror.token)
            assert (await late.expect("error"))["code"] == "no_table"
            for p in (again, late):
                await p.close()

    asyncio.run(scenario())
