"""Public tables: a table its creator listed is named to anyone who sends ``list``, a
private one never is, a table leaves the listing once it starts or fills (or its creator
is away), the answer is bounded, and a malformed ``list`` is answered, not fatal."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from rummy.net import listing
from rummy.net.conn import Limits

from .helpers import Player, running_server

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


async def _create(url: str, name: str, **fields: Any) -> Player:
    player = Player(name)
    await player.connect(url)
    await player.send(type="create", variant="indian_13", name=name, bots="greedy", **fields)
    await player.expect("joined")
    return player


async def _listed(asker: Player) -> list[dict[str, Any]]:
    await asker.send(type="list")
    return list((await asker.expect("tables"))["tables"])


def test_public_tables_are_listed_and_private_ones_never_are(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            asha = await _create(url, "Asha", seats=3, public=True)
            ravi = await _create(url, "Ravi", public=False)
            mina = await _create(url, "Mina")  # private unless asked
            zoe = await _create(url, "Zoe", seats=2, public=True,
                                options={"turn_timer": 45})
            stranger = Player("Stranger")
            await stranger.connect(url)
            rows = await _listed(stranger)
            assert [r["code"] for r in rows] == [asha.mirror.code, zoe.mirror.code]
            assert rows[0] == {"code": asha.mirror.code, "variant": "indian_13",
                               "options": {"turn_timer": 30}, "turn_seconds": 30,
                               "seats": 3, "free": 2, "creator": "Asha"}
            assert rows[1]["options"] == {"turn_timer": 45} and rows[1]["free"] == 1
            # no answer to a stranger holds a private code anywhere in it
            said = json.dumps(stranger.received)
            assert str(ravi.mirror.code) not in said and str(mina.mirror.code) not in said
            # a seated player may ask too
            assert len(await _listed(asha)) == 2
            # a public table that fills leaves the listing
            guest = Player("Guest")
            await guest.connect(url)
            await guest.send(type="join", code=zoe.mirror.code, name="Guest")
            await guest.expect("joined")
            assert [r["code"] for r in await _listed(stranger)] == [asha.mirror.code]
            # one that starts leaves it too, though it has a free seat
            await asha.send(type="start")
            await asha.expect("state")
            assert await _listed(stranger) == []
            assert not server.listing.rooms  # full and started tables are dropped, not skipped
            for p in (asha, ravi, mina, zoe, stranger, guest):
                await p.close()

    asyncio.run(scenario())


def test_a_table_whose_creator_is_away_is_not_listed_until_they_are_back(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            asha = await _create(url, "Asha", public=True)
            code, token = asha.mirror.code, asha.mirror.token
            stranger = Player("Stranger")
            await stranger.connect(url)
            assert len(await _listed(stranger)) == 1
            await asha.close()
            await asyncio.sleep(0.1)
            assert await _listed(stranger) == []
            back = Player("Asha")
            await back.connect(url)
            await back.send(type="rejoin", code=code, token=token)
            await back.expect("joined")
            assert [r["code"] for r in await _listed(stranger)] == [code]
            for p in (back, stranger):
                await p.close()

    asyncio.run(scenario())


def test_the_answer_is_bounded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(listing, "MOST_LISTED", 3)

    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, rooms_per_address=0)
        async with running_server(tmp_path, limits=limits) as (_, url):
            players = [await _create(url, f"P{i}", public=True) for i in range(5)]
            await players[0].send(type="list")
            answer = await players[0].expect("tables")
            assert [r["creator"] for r in answer["tables"]] == ["P0", "P1", "P2"]
            assert answer["more"] is True
            for p in players:
                await p.close()

    asyncio.run(scenario())


def test_a_malformed_list_or_public_is_refused_and_the_connection_goes_on(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            player = Player("Asha")
            await player.connect(url)
            assert player.ws is not None
            # a server of its own (not in a desktop game) does not say it is hosted
            assert "hosted" not in player.received[0]
            for raw in ('{"v": 1, "type": "list", "limit": "all", "code": null}',
                        '{"v": 2, "type": "list"}', '["list"]', '{"v": 1, "type": ["list"]}'):
                await player.ws.send(raw)
                msg = await player.recv()
                # extra fields are ignored; the rest are refused with a reason
                assert msg["type"] in ("tables", "error"), msg
            codes = [m.get("code") for m in player.received if m["type"] == "error"]
            assert codes == ["bad_version", "bad_json", "unknown_type"]
            await player.send(type="create", variant="indian_13", name="Asha",
                              public="yes")
            refused = await player.expect("error")
            assert refused["code"] == "bad_request" and "public" in refused["message"]
            assert not server.rooms
            assert await _listed(player) == []
            await player.close()

    asyncio.run(scenario())
