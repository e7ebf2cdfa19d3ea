"""Two people who join a table under one name get told apart: the table shows every other
seat by name, so the second "Player" sits as "Player 2"."""

from __future__ import annotations

from rummy.net.protocol import NAME_LENGTH
from rummy.net.table import Table


def test_a_name_taken_at_the_table_gets_a_number() -> None:
    table = Table.create("ACDEF", "indian_13", {}, 4, None, "medium")
    for name in ("Player", "Player", "Asha", "Player"):
        table.add_player(name)
    assert [s.name for s in table.seats] == ["Player", "Player 2", "Asha", "Player 3"]


def test_a_numbered_name_stays_within_the_name_length() -> None:
    table = Table.create("ACDEF", "indian_13", {}, 2, None, "medium")
    long = "x" * NAME_LENGTH
    table.add_player(long)
    table.add_player(long)
    second = table.seats[1].name
    assert second.endswith(" 2") and len(second) == NAME_LENGTH and second != long
