"""Whole deals over real sockets on 127.0.0.1: two to six clients of every variant."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rummy.model.invariants import check_invariants

from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]

CASES = [
    ("indian_13", 2, {}, "random"),
    ("indian_13", 6, {}, "greedy"),
    ("two_player_13", 2, {"allow_drop": True}, "greedy"),
    ("super_rummy", 3, {"lay_at_end": True}, "greedy"),
    ("dummy_rummy", 4, {}, "greedy"),
]


@pytest.mark.parametrize(("variant", "players", "options", "kind"), CASES)
def test_whole_deal_to_the_end(tmp_path: Path, variant: str, players: int,
                               options: dict[str, object], kind: str) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            clients = [Player(f"p{i}") if kind == "random" or i % 2 else
                       Player(f"p{i}", bot_chooser("greedy", i)) for i in range(players)]
            code = await seat_table(url, clients, variant, options)
            await asyncio.gather(*(c.play(timeout=90) for c in clients))
            room = server.rooms[code]
            assert room.over and room.finished is not None
            assert check_invariants(room.finished) == []
            for c in clients:
                assert c.mirror.over and not c.mirror.errors
                # what each client pieced together is what the server holds for its seat
                assert c.mirror.place is not None
                assert c.mirror.view == room.view(c.mirror.place)
            for c in clients:
                await c.close()

    asyncio.run(scenario())
