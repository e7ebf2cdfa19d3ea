"""The public tables a server lists to anyone who asks (``list``, answered by ``tables``).

A table is listed only when its creator asked for it (``create`` with ``"public": true``);
a private table is reached by its room code alone and never appears here. The listing
holds the public tables still in the lobby, in the order they were made, so answering a
stranger's ``list`` walks those alone (never every table on the server) and stops at
:data:`MOST_LISTED`. A client reads the answer back with :func:`read_tables`. See
docs/protocol.md, "Public tables".

>>> rows = read_tables({"type": "tables", "more": False, "tables": [
...     {"code": "ACDEF", "variant": "indian_13", "options": {}, "turn_seconds": 30,
...      "seats": 4, "free": 3, "creator": "Asha"}]})
>>> rows[0].code, rows[0].free, rows[0].creator
('ACDEF', 3, 'Asha')
>>> read_tables({"type": "tables", "tables": [{"code": "ACDEF"}]})
Traceback (most recent call last):
ValueError: table 1 of the list has no seats
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .protocol import NAME_LENGTH
from .room import CODE_LETTERS, Room

MOST_LISTED = 50
"""The most tables one ``tables`` answer holds (the oldest open ones first)."""


class Listing:
    """The public rooms in the lobby, by room code."""

    def __init__(self) -> None:
        self.rooms: dict[str, Room] = {}

    def add(self, room: Room) -> None:
        if room.public and not room.started:
            self.rooms[room.code] = room

    def drop(self, code: str) -> None:
        """The room started, or was forgotten: it is never listed again."""
        self.rooms.pop(code, None)

    def open(self, creator_here: Callable[[Room], bool]) -> tuple[list[Room], bool]:
        """The listed rooms that can be joined now: not started, a seat free, and their
        creator connected (nobody else can start the game); at most :data:`MOST_LISTED`.
        The second value is True when more were left out."""
        out: list[Room] = []
        for room in self.rooms.values():
            if room.started or len(room.seats) >= room.players or not creator_here(room):
                continue
            if len(out) == MOST_LISTED:
                return out, True
            out.append(room)
        return out, False


def room_row(room: Room) -> dict[str, Any]:
    """One room as ``tables`` lists it (docs/protocol.md)."""
    return {"code": room.code, "variant": room.variant_ref, "options": room.options,
            "turn_seconds": room.turn_seconds, "seats": room.players,
            "free": room.players - len(room.seats),
            "creator": room.seats[0].name if room.seats else ""}


@dataclass(frozen=True)
class ListedTable:
    """A public table as a client reads it from ``tables``."""

    code: str
    variant: str
    options: dict[str, Any]
    turn_seconds: int | None
    seats: int
    free: int
    creator: str


def read_tables(msg: dict[str, Any]) -> list[ListedTable]:
    """The tables of a server's ``tables`` answer, checked (a server can send anything):
    ValueError, saying what is wrong, for a list this game cannot read."""
    rows = msg.get("tables")
    if not isinstance(rows, list):
        raise ValueError("the answer holds no list of tables")
    out = []
    for number, row in enumerate(rows[:MOST_LISTED], 1):
        if not isinstance(row, dict):
            raise ValueError(f"table {number} of the list is not an object")
        out.append(_read_row(row, f"table {number} of the list"))
    return out


def _read_row(row: dict[str, Any], where: str) -> ListedTable:
    def whole(key: str, low: int, high: int) -> int:
        value = row.get(key)
        if value is None:
            raise ValueError(f"{where} has no {key}")
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            raise ValueError(f"{where} has {key} {value!r:.20}")
        return value

    seats = whole("seats", 2, 6)
    free = whole("free", 1, seats)
    code, variant, creator = row.get("code"), row.get("variant"), row.get("creator")
    if not isinstance(code, str) or not code or len(code) > 16 or any(
            c not in CODE_LETTERS for c in code):
        raise ValueError(f"{where} has the room code {code!r:.20}")
    if not isinstance(variant, str) or not variant or len(variant) > 60:
        raise ValueError(f"{where} has the variant {variant!r:.20}")
    if not isinstance(creator, str) or len(creator) > NAME_LENGTH:
        raise ValueError(f"{where} has the creator {creator!r:.30}")
    options = row.get("options")
    # an option's value is a word, a number or a switch: anything else is left out
    options = {k: v for k, v in options.items() if isinstance(k, str) and isinstance(
        v, str | int | float | bool)} if isinstance(options, dict) else {}
    clock = row.get("turn_seconds")
    return ListedTable(code, variant, options,
                       clock if isinstance(clock, int) and not isinstance(clock, bool)
                       else None, seats, free, " ".join(creator.split()) or "?")
