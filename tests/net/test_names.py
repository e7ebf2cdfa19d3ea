"""Names at a table are what the other seats see: cleaned of invisible characters, and two
that look alike are told apart, so the second "Player" sits as "Player (2)" and nobody
passes for another seat (docs/protocol.md, "Names")."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from rummy.net.names import clean, clean_name, look_alike
from rummy.net.protocol import NAME_LENGTH, ProtocolError
from rummy.net.room import Room

from .helpers import Player, running_server


def test_a_name_taken_at_the_table_gets_a_number() -> None:
    room = Room.create("ACDEF", "indian_13", {}, 4, None, "medium")
    for name in ("Player", "Player", "Asha", "Player"):
        room.add_player(name)
    assert [s.name for s in room.seats] == ["Player", "Player (2)", "Asha", "Player (3)"]


def test_a_numbered_name_stays_within_the_name_length() -> None:
    room = Room.create("ACDEF", "indian_13", {}, 2, None, "medium")
    long = "x" * NAME_LENGTH
    room.add_player(long)
    room.add_player(long)
    second = room.seats[1].name
    assert second.endswith(" (2)") and len(second) == NAME_LENGTH and second != long


@pytest.mark.parametrize(("first", "second"), [
    ("Asha", "asha"),
    ("P0", "P\u200b0"),  # a zero-width space inside
    ("P0", "PO"),  # the digit for the letter
    ("Paul", "\u0420aul"),  # Cyrillic Р
    ("OMEN", "\u039f\u039c\u0395\u039d"),  # Greek capitals
    ("\u03bc\u03bf", "uo"),  # Greek small letters
    ("Bill", "BiII"),  # capital I for l
    ("Asha", "\uff21\uff53\uff48\uff41"),  # full-width
])
def test_names_that_look_alike_are_told_apart(first: str, second: str) -> None:
    room = Room.create("ACDEF", "indian_13", {}, 3, None, "medium")
    room.add_player(clean_name(first))
    room.add_player(clean_name(second))
    assert room.seats[1].name == clean(second) + " (2)"


def test_a_name_looking_like_a_numbered_one_gets_the_next_number() -> None:
    room = Room.create("ACDEF", "indian_13", {}, 3, None, "medium")
    for name in ("Asha", "Asha", "asha (2)"):
        room.add_player(name)
    assert [s.name for s in room.seats] == ["Asha", "Asha (2)", "asha (3)"]


def test_different_names_are_kept_as_typed() -> None:
    room = Room.create("ACDEF", "indian_13", {}, 4, None, "medium")
    for name in ("Asha", "Usha", "José", "जया"):
        room.add_player(clean_name(name))
    assert [s.name for s in room.seats] == ["Asha", "Usha", "José", "जया"]
    assert look_alike("José") != look_alike("Jose")  # an accent is seen


@pytest.mark.parametrize(("raw", "shown"), [
    ("Asha\u202eahsA", "AshaahsA"),  # a right-to-left override
    ("\u2067Asha\u2069", "Asha"),  # an isolate
    ("A\u200bs\u200ch\u200da\u2060\ufeff", "Asha"),  # zero-width characters
    ("Asha\x00\x07\x1b[31m", "Asha[31m"),  # controls (an escape sequence loses its ESC)
    ("Asha\tRao\n", "Asha Rao"),  # whitespace folded
    ("Asha\u00a0\u3000Rao", "Asha Rao"),  # other spaces too (NFKC)
    ("\u3164Asha\u2800", "Asha"),  # fillers drawn as nothing
    ("A\u0301\u0301\u0301\u0301\u0301\u0301sha", "\u00c1\u0301\u0301sha"),  # piled marks
    ("\ufb01ne", "fine"),  # a ligature (NFKC)
])
def test_a_name_is_cleaned(raw: str, shown: str) -> None:
    assert clean_name(raw) == shown


@pytest.mark.parametrize("raw", ["", "   ", "\u200b\u200b", "\u202e", "\x00\x01", 7, None,
                                 "x" * (NAME_LENGTH + 1)])
def test_a_name_with_nothing_to_see_or_too_long_is_refused(raw: object) -> None:
    with pytest.raises(ProtocolError) as refused:
        clean_name(raw)
    assert refused.value.code == "bad_request"


def test_a_long_name_is_measured_after_cleaning() -> None:
    padded = "\u200b".join("x" * NAME_LENGTH)  # 24 letters, 23 invisible characters
    assert clean_name(padded) == "x" * NAME_LENGTH


async def _names(host: Player, seats: int) -> list[str]:
    """The names in the first lobby the host gets with ``seats`` seats taken."""
    for _ in range(10):
        lobby = await host.expect("lobby")
        if len(lobby["seats"]) == seats:
            return [s["name"] for s in lobby["seats"]]
    raise AssertionError(f"no lobby with {seats} seats")


@pytest.mark.network
@pytest.mark.timeout(60)
def test_names_reach_the_other_seats_cleaned(tmp_path: Path) -> None:
    """An attacker joins under a name with a right-to-left override, zero-width spaces
    and a control character, and as the host's look-alike: the host sees it cleaned and
    numbered; a name of nothing visible is refused with a sentence."""
    async def scenario() -> None:
        async with running_server(tmp_path) as (_, url):
            host, attacker, blank = Player("Asha"), Player("x"), Player("y")
            for p in (host, attacker, blank):
                await p.connect(url)
            await host.send(type="create", variant="indian_13", name="Asha", seats=3)
            code = (await host.expect("joined"))["code"]
            await attacker.send(type="join", code=code, name="\u202eA\u200bs\u0425a\x07")
            await attacker.expect("joined")
            assert await _names(host, 2) == ["Asha", "AsХa"]
            await blank.send(type="join", code=code, name="\u200b\u2066\u3164 ")
            refused = await blank.expect("error")
            assert refused["code"] == "bad_request" and "nothing visible" in refused["message"]
            await attacker.close()
            await attacker.connect(url)
            await attacker.send(type="join", code=code, name="\uff21sh\u0430")  # Ａshа
            await attacker.expect("joined")
            assert await _names(host, 3) == ["Asha", "AsХa", "Ash\u0430 (2)"]
            for p in (host, attacker, blank):
                await p.close()

    asyncio.run(scenario())
