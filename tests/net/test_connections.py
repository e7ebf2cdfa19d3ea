"""One address cannot hold the server's connections: past
``Limits.connections_per_address`` a new one is refused at once with
``too_many_connections``, while another address still connects (docs/protocol.md,
"Limits")."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from rummy.net.conn import Limits

from .helpers import Player, running_server

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


async def _first_message(ws: ClientConnection) -> dict[str, object]:
    answer: dict[str, object] = json.loads(await asyncio.wait_for(ws.recv(), 5))
    return answer


def test_a_flood_of_connections_is_capped_and_another_address_still_connects(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, connections_per_address=16)
        async with running_server(tmp_path, limits=limits) as (server, url):
            flood: list[ClientConnection] = []
            refused: list[ClientConnection] = []
            for _ in range(40):
                ws = await connect(url, compression=None, local_addr=("127.0.0.5", 0))
                first = await _first_message(ws)
                (flood if first["type"] == "welcome" else refused).append(ws)
                if first["type"] == "error":
                    assert first["code"] == "too_many_connections"
                    assert "at most 16" in str(first["message"])
            assert len(flood) == 16 and len(refused) == 24
            for ws in refused:
                with pytest.raises(ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 5)
                assert ws.close_code == 1008 and ws.close_reason == "too_many_connections"
            # another machine plays on, and the flooder gets a place back once it closes one
            asha = Player("Asha")
            await asha.connect(url, source="127.0.0.6")
            await asha.send(type="create", variant="indian_13", name="Asha")
            await asha.expect("joined")
            await flood.pop().close()
            for _ in range(100):  # the server counts the closed one out
                if server.doors.open["127.0.0.5"] < 16:
                    break
                await asyncio.sleep(0.02)
            again = Player("again")
            await again.connect(url, source="127.0.0.5")
            for ws in flood:
                await ws.close()
            for p in (asha, again):
                await p.close()

    asyncio.run(scenario())


def test_closed_connections_free_their_places(tmp_path: Path) -> None:
    """Connections that come and go (a client reconnecting, a player's many games) never
    add up: only the open ones count."""
    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, connections_per_address=2)
        async with running_server(tmp_path, limits=limits) as (server, url):
            for n in range(10):
                player = Player(f"p{n}")
                await player.connect(url, source="127.0.0.7")
                assert player.ws is not None
                if n % 3:
                    await player.close()
                else:  # a crashed client now and then: no closing handshake
                    player.ws.transport.abort()
            for _ in range(100):
                if not server.doors.open:
                    break
                await asyncio.sleep(0.02)
            assert not server.doors.open
            pair = [Player("a"), Player("b")]
            for p in pair:
                await p.connect(url, source="127.0.0.7")
            for p in pair:
                await p.close()

    asyncio.run(scenario())
