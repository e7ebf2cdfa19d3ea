"""The server behind the real nginx, as docs/hosting.md sets it up: nginx runs the shipped
packaging/server/nginx-rummy.conf (its name, ports and certificate replaced) and holds a
self-signed certificate; ``python -m rummy serve --trusted-proxy 127.0.0.1`` runs behind it.
A deal is played over ``wss://`` through it; each player's address is its own (clients
connect from different loopback addresses: all of 127/8 is loopback on Linux), so one
player's table limit is not everyone's; and ``X-Forwarded-For`` written by a client, through
nginx or straight to the server, changes nothing."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from rummy.net.client import NetClient

from .helpers import Player, bot_chooser, random_chooser, seat_table, showing_after
from .nginx import Stack, nginx_stack

pytestmark = [pytest.mark.network, pytest.mark.timeout(90)]

TABLES = 5
"""``Limits.rooms_per_address``'s default, which ``serve`` runs with."""


@pytest.fixture
def stack(tmp_path: Path) -> Iterator[Stack]:
    with nginx_stack(tmp_path) as started:
        yield started


def test_a_deal_through_nginx_over_wss(stack: Stack) -> None:
    async def scenario() -> None:
        # the server deals at random: a bot that shows after a while bounds the deal
        clients = [Player("Asha", random_chooser(random.Random(1)),
                          ssl=stack.trust, local_addr=("127.0.0.2", 0)),
                   Player("Ravi", showing_after(bot_chooser("greedy", 2), 20),
                          ssl=stack.trust, local_addr=("127.0.0.3", 0))]
        await seat_table(stack.via_nginx, clients, "indian_13")
        await asyncio.gather(*(c.play(timeout=60) for c in clients))
        for c in clients:
            assert c.mirror.over and not c.mirror.errors
            await c.close()

    asyncio.run(scenario())


async def _create(url: str, source: str, forwarded: str | None = None,
                  **connect: Any) -> str:
    """Create a table from the loopback address ``source`` (sending ``forwarded`` as
    X-Forwarded-For); the connection is closed after (the table waits in the lobby for
    minutes). The room code, or the error's code."""
    headers = {"X-Forwarded-For": forwarded} if forwarded else {}
    player = Player(source, local_addr=(source, 0), additional_headers=headers, **connect)
    await player.connect(url)
    try:
        await player.send(type="create", variant="indian_13", name="Asha", seats=2,
                          deals=1, bots="greedy")
        while True:
            msg = await player.recv()
            if msg["type"] == "joined":
                return str(msg["code"])
            if msg["type"] == "error":
                return str(msg["code"])
    finally:
        await player.close()


def _room_code(said: str) -> bool:
    """A table was made (an error's code is lower case)."""
    return said.isalpha() and said.isupper()


def test_the_table_limit_counts_each_player_behind_nginx(stack: Stack) -> None:
    async def scenario() -> None:
        url, trust = stack.via_nginx, stack.trust
        made = [await _create(url, "127.0.0.2", ssl=trust) for _ in range(TABLES)]
        assert all(map(_room_code, made)), made
        assert await _create(url, "127.0.0.2", ssl=trust) == "too_many_tables"
        # another player behind the same nginx still may
        assert _room_code(await _create(url, "127.0.0.3", ssl=trust))
        # the first cannot pass for someone else: nginx appends the address it saw
        spoofed = await _create(url, "127.0.0.2", forwarded="203.0.113.7", ssl=trust)
        assert spoofed == "too_many_tables"
        spoofed = await _create(url, "127.0.0.2", forwarded="127.0.0.1, 127.0.0.1", ssl=trust)
        assert spoofed == "too_many_tables"

    asyncio.run(scenario())


def test_a_client_that_goes_past_nginx_cannot_choose_its_address(stack: Stack) -> None:
    async def scenario() -> None:
        # 127.0.0.4 is not a trusted proxy: what it writes as X-Forwarded-For is ignored,
        # so every table it makes counts against 127.0.0.4, whoever it claims to be
        made = [await _create(stack.direct, "127.0.0.4", forwarded="127.0.0.5")
                for _ in range(TABLES)]
        assert all(map(_room_code, made)), made
        assert await _create(stack.direct, "127.0.0.4",
                             forwarded="198.51.100.99") == "too_many_tables"
        # and none against the player it named, who still has all of its own
        assert _room_code(await _create(stack.via_nginx, "127.0.0.5", ssl=stack.trust))

    asyncio.run(scenario())


def test_plain_ws_to_nginx_s_encrypted_port_says_to_type_wss(stack: Stack) -> None:
    where = stack.via_nginx.removeprefix("wss://")
    client = NetClient(f"ws://{where}", open_timeout=3).start()
    seen: list[dict[str, Any]] = []
    try:
        end = time.monotonic() + 10
        while time.monotonic() < end and client.status != "closed":
            seen += client.poll()
            time.sleep(0.02)
    finally:
        client.close()
    assert client.status == "closed", seen  # nginx's answer is plain: no retrying
    assert client.error == f"The server at {where} uses encryption: type wss://{where}."
