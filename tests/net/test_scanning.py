"""Room codes cannot be scanned: joins and rejoins that find no table or no seat are
limited per address and per connection (docs/protocol.md, "Limits"), a limited attempt
learns nothing, and a player who mistypes a code once or twice still gets in."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rummy.net.conn import Limits
from rummy.net.room import CODE_LETTERS

from .helpers import Player, running_server

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


def _guesses(seed: int, length: int = 5) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(CODE_LETTERS) for _ in range(length)) for _ in range(40)]


async def _host(url: str) -> tuple[Player, str]:
    host = Player("Asha")
    await host.connect(url)
    await host.send(type="create", variant="indian_13", name="Asha", seats=3)
    return host, str((await host.expect("joined"))["code"])


async def _answer(player: Player) -> dict[str, Any]:
    """The answer to a join: ``joined`` or ``error``."""
    while True:
        msg = await player.recv(5)
        if msg["type"] in ("joined", "error"):
            return msg


def test_a_scanner_on_one_connection_is_closed_after_five_misses(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            host, code = await _host(url)
            scanner = Player("scan")
            await scanner.connect(url)
            assert scanner.ws is not None
            # it sends every guess at once, then the right code: nothing after the fifth
            # miss is read
            for guess in [*_guesses(1)[:8], code]:
                await scanner.ws.send(json.dumps({"v": 1, "type": "join", "code": guess,
                                                  "name": "scan"}))
            answers = []
            with pytest.raises(ConnectionClosed):
                for _ in range(20):
                    answers.append(await scanner.recv(5))
            assert [a["code"] for a in answers] == ["no_table"] * 4 + ["too_many_attempts"]
            assert "check the code" in answers[-1]["message"]
            assert scanner.ws.close_code == 1008
            assert scanner.ws.close_reason == "too_many_attempts"
            assert [s.name for s in server.rooms[code].seats] == ["Asha"]  # nobody sat
            await host.close()

    asyncio.run(scenario())


def test_an_address_that_missed_too_often_learns_nothing_and_others_still_join(
        tmp_path: Path) -> None:
    """A scanner that reconnects after each miss is held to its address's tries: once
    they are spent, even the right code gets ``too_many_attempts``; a player at another
    address joins, and the scanner's tries come back with time."""
    async def scenario() -> None:
        limits = Limits(rate=1000, burst=1000, failed_joins_per_minute=60)  # 1 a second
        async with running_server(tmp_path, limits=limits) as (_, url):
            host, code = await _host(url)
            codes = []
            scanner = Player("scan")
            for guess in _guesses(2) + _guesses(3):  # 80 tries, far past the 60 allowed
                await scanner.connect(url, source="127.0.0.3")
                await scanner.send(type="join", code=guess, name="scan")
                codes.append((await _answer(scanner))["code"])
                await scanner.close()
                if codes[-1] == "too_many_attempts":
                    break
            assert codes[:-1] == ["no_table"] * (len(codes) - 1)
            assert 60 <= len(codes) - 1 < 70, len(codes)  # a try or two came back meanwhile
            await scanner.connect(url, source="127.0.0.3")
            await scanner.send(type="join", code=code, name="scan")
            assert (await _answer(scanner))["code"] == "too_many_attempts"  # not "joined"
            friend = Player("Ben")
            await friend.connect(url, source="127.0.0.4")
            await friend.send(type="join", code=code, name="Ben")
            assert (await _answer(friend))["type"] == "joined"
            await asyncio.sleep(1.1)
            await scanner.connect(url, source="127.0.0.3")
            await scanner.send(type="join", code=code, name="Sam")
            assert (await _answer(scanner))["type"] == "joined"
            for p in (host, friend, scanner):
                await p.close()

    asyncio.run(scenario())


def test_a_player_who_mistypes_twice_still_joins(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, limits=Limits(rate=1000, burst=1000)) as (_, url):
            host, code = await _host(url)
            ben = Player("Ben")
            await ben.connect(url)
            for typo in (code[:-1] + "X" if code[-1] != "X" else code[:-1] + "Y",
                         code[1:]):
                await ben.send(type="join", code=typo, name="Ben")
                assert (await _answer(ben))["code"] == "no_table"
            await ben.send(type="join", code=f" {code.lower()} ", name="Ben")
            assert (await _answer(ben))["type"] == "joined"
            for p in (host, ben):
                await p.close()

    asyncio.run(scenario())


def test_wrong_tokens_count_as_misses(tmp_path: Path) -> None:
    """Guessing a seat's token is scanning too: five wrong ones close the connection."""
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host, code = await _host(url)
            thief = Player("thief")
            await thief.connect(url)
            answers = []
            for n in range(5):
                await thief.send(type="rejoin", code=code, token=f"guess-{n}")
                answers.append((await _answer(thief))["code"])
            assert answers == ["bad_token"] * 4 + ["too_many_attempts"]
            with pytest.raises(ConnectionClosed):
                await thief.recv(5)
            # the host's own rejoin, from the same address, is not a miss
            await host.close()
            await host.connect(url)
            await host.send(type="rejoin", code=code, token=host.mirror.token)
            assert (await _answer(host))["type"] == "joined"
            await host.close()

    asyncio.run(scenario())
