"""The public tables a server lists to anyone who asks (``list``, answered by ``tables``).

A table is listed only when its creator asked for it (``create`` with ``"public": true``);
a private table is reached by its room code alone and never appears here. The listing
holds the public tables still in the lobby, in the order they were made, so answering a
stranger's ``list`` walks those alone (never every table on the server) and stops at
:data:`MOST_LISTED`. See docs/protocol.md, "Public tables".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .table import Table

MOST_LISTED = 50
"""The most tables one ``tables`` answer holds (the oldest open ones first)."""


class Listing:
    """The public tables in the lobby, by room code."""

    def __init__(self) -> None:
        self.tables: dict[str, Table] = {}

    def add(self, table: Table) -> None:
        if table.public and not table.started:
            self.tables[table.code] = table

    def drop(self, code: str) -> None:
        """The table started, or was forgotten: it is never listed again."""
        self.tables.pop(code, None)

    def open(self, creator_here: Callable[[Table], bool]) -> tuple[list[Table], bool]:
        """The listed tables that can be joined now: not started, a seat free, and their
        creator connected (nobody else can start the game); at most :data:`MOST_LISTED`.
        The second value is True when more were left out."""
        out: list[Table] = []
        for table in self.tables.values():
            if table.started or len(table.seats) >= table.players or not creator_here(table):
                continue
            if len(out) == MOST_LISTED:
                return out, True
            out.append(table)
        return out, False


def table_row(table: Table) -> dict[str, Any]:
    """One table as ``tables`` lists it (docs/protocol.md)."""
    return {"code": table.code, "variant": table.variant_ref, "options": table.options,
            "turn_seconds": table.turn_seconds, "seats": table.players,
            "free": table.players - len(table.seats),
            "creator": table.seats[0].name if table.seats else ""}
