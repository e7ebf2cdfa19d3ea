"""Room codes: ten letters from ``CODE_LETTERS`` (too many to guess, docs/protocol.md,
"Limits"), read in two groups of five, joined however they are typed or pasted, and the
five-letter codes of tables made before still rejoin after a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rummy.net.room import CODE_LENGTH, CODE_LETTERS, Room, show_code
from rummy.net.store import Store

from .helpers import Player, running_server

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


def test_a_new_table_s_code_has_ten_letters_and_joins_as_typed_or_shown(
        tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host = Player("Asha")
            await host.connect(url)
            await host.send(type="create", variant="indian_13", name="Asha", seats=4)
            code = str((await host.expect("joined"))["code"])
            assert len(code) == CODE_LENGTH == 10 and set(code) <= set(CODE_LETTERS)
            shown = show_code(code)
            assert shown == f"{code[:5]} {code[5:]}"
            for n, typed in enumerate([shown.lower(), f" {code[:5]}-{code[5:]} ",
                                       f"{code[:3]} {code[3:]}"]):
                guest = Player(f"Guest {n}")
                await guest.connect(url)
                await guest.send(type="join", code=typed, name=guest.name)
                assert (await guest.expect("joined"))["code"] == code, typed
                await guest.close()
            await host.close()

    asyncio.run(scenario())


def test_a_table_with_a_five_letter_code_resumes_and_rejoins(tmp_path: Path) -> None:
    """A record written when codes had five letters: the restarted server takes it back
    under that code, for a rejoin and a join alike."""
    old = Room.create("WXYAC", "indian_13", {}, 3, None, "medium")
    _, token = old.add_player("Asha")
    store = Store(tmp_path / "tables.sqlite3")
    store.save_room("WXYAC", old.meta(), "lobby")
    store.close()

    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            assert "WXYAC" in server.rooms
            asha, ben = Player("Asha"), Player("Ben")
            await asha.connect(url)
            await asha.send(type="rejoin", code="wxyac", token=token)
            assert (await asha.expect("joined"))["code"] == "WXYAC"
            await ben.connect(url)
            await ben.send(type="join", code="WXYAC", name="Ben")
            assert (await ben.expect("joined"))["code"] == "WXYAC"
            for p in (asha, ben):
                await p.close()

    asyncio.run(scenario())
