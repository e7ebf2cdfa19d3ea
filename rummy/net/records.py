"""What the game server keeps of its tables: the one interface its storage implements.

Two stores implement it: :class:`rummy.net.store.Store` (one SQLite file, the default: one
server process owns every table in it) and :class:`rummy.net.pgstore.PostgresStore`
(PostgreSQL, shared by the processes of a service: docs/scaling.md). The server calls
nothing else, so what a table does is the same whichever holds its records.

A table's record is one row (its ``meta``: variant, options, seats with their token
hashes, the match's key) and one row per action, in order, each written before anyone
hears of it. A store shared by several processes also fences its writers: a process
writes a table's rows only while it holds that table's latest token (:meth:`Records.claim`);
a process that lost the table gets :class:`LostTable` instead of writing over the new
owner's moves.
"""

from __future__ import annotations

import time
from typing import Any, Protocol

OpenRoom = tuple[str, dict[str, Any], list[dict[str, Any]]]
"""A table to resume (not over, or just over): its code, its record but the actions, and its
actions in order."""

FORGET_AFTER = 600.0
"""Seconds a finished room stays in memory for its players to read the result (its record
stays in the store), and a room in the lobby with nobody connected stays open (then it
is forgotten, its record marked abandoned)."""


def over_since() -> float:
    """A table over since this (the wall clock) is still kept for its players: one whose
    server stopped just as it ended is loaded again (at a restart, or by another process
    of a service) so that a player who missed the end hears the result."""
    return time.time() - FORGET_AFTER


class LostTable(Exception):
    """Another process has claimed this table (with a newer token): this one must stop
    playing it, for its writes are refused."""

    def __init__(self, code: str) -> None:
        super().__init__(f"table {code} belongs to another server process now")
        self.code = code


class Records(Protocol):
    """A server's tables, written after every action and read back to resume them."""

    def claim(self, code: str, fence: int) -> bool:
        """From now on this process writes table ``code`` with token ``fence`` (a number
        that grows with each claim); False when a newer token holds it already. The turn
        clocks of a claimed table resume from its last owner's last heartbeat."""

    def save_room(self, code: str, meta: dict[str, Any], status: str) -> None:
        """Write the table's record but its actions (``status``: lobby, playing, ...)."""

    def set_status(self, code: str, status: str) -> None:
        """``over`` and ``abandoned`` tables are never resumed."""

    def add_action(self, code: str, seq: int, action: dict[str, Any]) -> None:
        """The table's action number ``seq`` (from 1), committed when this returns."""

    def set_clock(self, code: str, seq: int, deadline: float) -> None:
        """The turn after action ``seq`` runs out at ``deadline`` (the wall clock)."""

    def beat(self, at: float) -> None:
        """The process is running at ``at`` (the wall clock's seconds)."""

    def clock_at_stop(self, code: str, seq: int) -> float | None:
        """The seconds the turn after action ``seq`` had left when the table's last owner
        stopped (its last heartbeat); None when that turn has no recorded clock."""

    def code_taken(self, code: str) -> bool:
        """Whether any table, over or not, ever had this code."""

    def actions(self, code: str) -> list[dict[str, Any]]:
        """Table ``code``'s actions in order (over or not)."""

    def room(self, code: str) -> OpenRoom | None:
        """Table ``code`` when it is not over (its record and actions), else None."""

    def open_rooms(self, over_since: float | None = None) -> list[OpenRoom]:
        """Every table not over (nor abandoned in the lobby), and those over since
        ``over_since`` (the wall clock) when given."""

    def close(self) -> None:
        """Release the database (the server has stopped)."""
