"""Bad input harms nobody else: each kind gets a clear error to its sender alone, the
connection stays open (closed only for a flood), and the other seats play on."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rummy.net.conn import Limits

from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


async def _error_for(player: Player, raw: str | bytes) -> dict[str, Any]:
    assert player.ws is not None
    await player.ws.send(raw)
    return await player.expect("error")


def test_each_bad_message_gets_its_error_and_the_connection_stays(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            a, b, c = Player("Asha"), Player("Ben", bot_chooser("greedy", 1)), Player("Cy")
            await c.connect(url)
            v1 = {"v": 1}
            bad: list[tuple[str | bytes, str]] = [
                ("{", "bad_json"), ("[1, 2]", "bad_json"), ("[" * 5000, "bad_json"),
                (b"\xff\xfe", "bad_json"),
                (json.dumps({"v": 2, "type": "ready"}), "bad_version"),
                # true and 1.0 equal 1 in Python, but the version is the integer 1
                (json.dumps({"v": True, "type": "ready"}), "bad_version"),
                (json.dumps({"v": 1.0, "type": "ready"}), "bad_version"),
                (json.dumps({**v1, "type": "dance"}), "unknown_type"),
                (json.dumps({**v1, "type": "join"}), "bad_request"),
                (json.dumps({**v1, "type": "ready", "pad": "x" * 20000}), "too_big"),
                (json.dumps({**v1, "type": "ready"}), "not_seated"),
                (json.dumps({**v1, "type": "join", "code": "QQQQQ", "name": "x"}), "no_table"),
                (json.dumps({**v1, "type": "create", "variant": "../../etc/passwd",
                             "name": "x"}), "bad_request"),
                (json.dumps({**v1, "type": "create", "variant": "indian_13", "name": "x",
                             "options": {"turn_timer": [1]}}), "bad_request"),
                (json.dumps({**v1, "type": "create", "variant": "indian_13", "name": "x",
                             "seats": 9}), "bad_request"),
                *((json.dumps({**v1, "type": "create", "variant": "super_rummy", "name": "x",
                               "turn_seconds": clock}), "bad_request")
                  for clock in ("60", 5, 301, True, 60.5)),
                (json.dumps({**v1, "type": "create", "variant": "indian_13", "name": ""}),
                 "bad_request"),
            ]
            for raw, code in bad:
                assert (await _error_for(c, raw))["code"] == code, raw
            # a table goes on while the two seated players get their own errors
            table = await seat_table(url, [a, b], "indian_13", deals=1)
            await c.send(type="rejoin", code=table, token="not-a-token")
            assert (await c.expect("error"))["code"] == "bad_token"
            mover, other = (a, b) if a.mirror.my_turn else (b, a)
            await other.send(type="action", action={"type": "draw", "source": "closed"})
            assert (await other.expect("error"))["code"] == "not_your_turn"
            for action, code in [({"type": "timeout"}, "illegal"),
                                 ({"type": "discard", "card": "KS"}, "illegal"),
                                 ({"type": "draw", "source": "sideways"}, "bad_request"),
                                 ({"type": "draw", "source": "closed", "seat": 1 - (
                                     mover.mirror.place or 0)}, "illegal"),
                                 ({"type": "draw", "seat": 1e400}, "bad_request")]:
                await mover.send(type="action", action=action)
                assert (await mover.expect("error"))["code"] == code, action
            await other.send(type="start")
            assert (await other.expect("error"))["code"] in ("already_started", "not_creator")
            a.choose = bot_chooser("greedy", 0)
            await asyncio.gather(a.play(timeout=60), b.play(timeout=60))
            assert a.mirror.over and b.mirror.over
            # nothing the others did reached the third connection, which is still open
            await c.send(type="join", code=table, name="late")
            assert (await c.expect("error"))["code"] == "already_started"
            for p in (a, b, c):
                await p.close()

    asyncio.run(scenario())


def test_a_flood_closes_only_the_flooder(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, limits=Limits(rate=20, burst=40)) as (_, url):
            a, b = Player("Asha", bot_chooser("greedy", 0)), Player("Ben")
            table = await seat_table(url, [a, b], "two_player_13", deals=1)
            flood = Player("flood")
            await flood.connect(url)
            assert flood.ws is not None
            codes = []
            with pytest.raises(ConnectionClosed):
                for _ in range(500):
                    await flood.ws.send(json.dumps({"v": 1, "type": "join", "code": table,
                                                    "name": "x" * 30}))
                for _ in range(500):
                    codes.append((await flood.recv(5))["code"])
            assert "flood" in codes and flood.ws.close_code == 1008
            b.choose = bot_chooser("greedy", 1)
            await asyncio.gather(a.play(timeout=60), b.play(timeout=60))
            assert a.mirror.over and b.mirror.over and not a.mirror.errors

    asyncio.run(scenario())
