"""Table records in PostgreSQL (psycopg 3), shared by the processes of a service.

The same records as the SQLite store (:mod:`rummy.net.store`; the interface is
:class:`rummy.net.records.Records`): one row per table, one per action, the turn clocks,
and a heartbeat per process. Beside them each table's row holds its owner's fencing token
and process: every write names the token, and PostgreSQL itself refuses a write with an
old one (the row is locked while it is checked, so a claim waits for a write in flight and
then sees it). A process that lost its table to another therefore cannot add a move the
new owner would not replay: it gets :class:`~rummy.net.records.LostTable`.

Each write is one statement committed before it returns (autocommit), on the server's
event loop like SQLite's. ``synchronous_commit`` is off, as SQLite runs with
``synchronous=NORMAL``: a committed action survives the game server's process being killed
(PostgreSQL has it), not PostgreSQL's machine losing power within a fraction of a second.
docs/scaling.md says what that costs and gains.
"""

from __future__ import annotations

import json
import math
import time
from typing import Any

import psycopg

from .records import LostTable, OpenRoom
from .redact import redact_url
from .store import OPEN

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    status TEXT NOT NULL,
    updated DOUBLE PRECISION NOT NULL,
    fence BIGINT NOT NULL,
    process TEXT NOT NULL,
    stopped DOUBLE PRECISION
);
CREATE INDEX IF NOT EXISTS tables_open ON tables (process)
    WHERE status NOT IN ('over', 'abandoned');
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS clocks (
    code TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    deadline DOUBLE PRECISION NOT NULL
);
CREATE TABLE IF NOT EXISTS heartbeats (
    process TEXT PRIMARY KEY,
    at DOUBLE PRECISION NOT NULL
);
"""
_OPEN_OR_OVER_SINCE = ("(tables.status NOT IN ('over', 'abandoned') OR (tables.status ="
                       " 'over' AND tables.updated >= %s))")
"""A table open, or over since the time given: its players may come back for the result."""


class PostgresStore:
    """The records of one server process of a service, ``process`` its name there."""

    def __init__(self, url: str, process: str) -> None:
        self.process = process
        self.fences: dict[str, int] = {}
        """The token this process writes each of its tables with."""
        self.url = url
        self.db = self._connect()
        with self.db.transaction():  # two processes starting at once create it once
            self.db.execute("SELECT pg_advisory_xact_lock(7130)")
            self.db.execute(SCHEMA)

    def _connect(self) -> psycopg.Connection[Any]:
        try:
            db = psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except psycopg.Error as err:
            # psycopg's message names the host, never the password; the URL is shown
            # without it all the same
            raise ConnectionError(f"PostgreSQL at {redact_url(self.url)}: {err}") from None
        db.execute("SET synchronous_commit = off")
        return db

    def _execute(self, sql: str, params: tuple[Any, ...] = ()) -> psycopg.Cursor[Any]:
        """Run one statement; a connection PostgreSQL closed (it was restarted) is made
        again once, and the statement run on the new one."""
        try:
            return self.db.execute(sql, params)
        except psycopg.OperationalError:
            if not self.db.closed:
                raise
        self.db = self._connect()
        return self.db.execute(sql, params)

    def _fence(self, code: str) -> int:
        fence = self.fences.get(code)
        if fence is None:
            raise LostTable(code)
        return fence

    def _written(self, code: str, rows: int) -> None:
        if rows == 0:
            self.fences.pop(code, None)
            raise LostTable(code)

    def claim(self, code: str, fence: int) -> bool:
        # the previous owner's last heartbeat, kept with the table: its turn clocks resume
        # from there (clock_at_stop)
        rows = self._execute(
            "UPDATE tables SET fence=%s, process=%s, stopped=(SELECT at FROM heartbeats"
            " WHERE heartbeats.process=tables.process) WHERE code=%s AND fence < %s",
            (fence, self.process, code, fence)).rowcount
        if rows == 0 and self.code_taken(code):
            return False  # a newer token holds it
        self.fences[code] = fence
        return True

    def save_room(self, code: str, meta: dict[str, Any], status: str) -> None:
        rows = self._execute(
            "INSERT INTO tables (code, meta, status, updated, fence, process)"
            " VALUES (%s, %s, %s, %s, %s, %s) ON CONFLICT (code) DO UPDATE SET"
            " meta=excluded.meta, status=excluded.status, updated=excluded.updated"
            " WHERE tables.fence = excluded.fence",
            (code, json.dumps(meta), status, time.time(), self._fence(code),
             self.process)).rowcount
        self._written(code, rows)

    def set_status(self, code: str, status: str) -> None:
        rows = self._execute("UPDATE tables SET status=%s, updated=%s WHERE code=%s"
                               " AND fence=%s",
                               (status, time.time(), code, self._fence(code))).rowcount
        self._written(code, rows)

    def add_action(self, code: str, seq: int, action: dict[str, Any]) -> None:
        # FOR SHARE: a claim (an UPDATE of the row) waits until this insert is committed,
        # and an insert after a claim finds the new token and writes nothing
        rows = self._execute(
            "INSERT INTO actions (code, seq, action) SELECT code, %s, %s FROM tables"
            " WHERE code=%s AND fence=%s FOR SHARE",
            (seq, json.dumps(action), code, self._fence(code))).rowcount
        self._written(code, rows)

    def set_clock(self, code: str, seq: int, deadline: float) -> None:
        rows = self._execute(
            "INSERT INTO clocks (code, seq, deadline) SELECT code, %s, %s FROM tables"
            " WHERE code=%s AND fence=%s FOR SHARE ON CONFLICT (code) DO UPDATE SET"
            " seq=excluded.seq, deadline=excluded.deadline",
            (seq, deadline, code, self._fence(code))).rowcount
        self._written(code, rows)

    def beat(self, at: float) -> None:
        self._execute("INSERT INTO heartbeats (process, at) VALUES (%s, %s)"
                        " ON CONFLICT (process) DO UPDATE SET at=excluded.at",
                        (self.process, at))

    def clock_at_stop(self, code: str, seq: int) -> float | None:
        row = self._execute(
            "SELECT clocks.deadline - tables.stopped FROM clocks JOIN tables USING (code)"
            " WHERE code=%s AND clocks.seq=%s AND tables.stopped IS NOT NULL",
            (code, seq)).fetchone()
        return None if row is None else max(0.0, float(row[0]))

    def code_taken(self, code: str) -> bool:
        return self._execute("SELECT 1 FROM tables WHERE code=%s", (code,)).fetchone() \
            is not None

    def actions(self, code: str) -> list[dict[str, Any]]:
        rows = self._execute("SELECT action FROM actions WHERE code=%s ORDER BY seq",
                               (code,)).fetchall()
        return [json.loads(a) for (a,) in rows]

    def fence_of(self, code: str) -> int:
        """The latest token table ``code`` was claimed with (0: none)."""
        row = self._execute("SELECT fence FROM tables WHERE code=%s", (code,)).fetchone()
        return 0 if row is None else int(row[0])

    def orphaned(self, code: str, since: float, over_since: float) -> bool:
        """Whether table ``code`` is open, or over since ``over_since`` (its players may
        come back for the result), and its owner has written no heartbeat since ``since``
        (both the wall clock)."""
        return self._execute(
            "SELECT 1 FROM tables LEFT JOIN heartbeats ON heartbeats.process ="
            f" tables.process WHERE code=%s AND {_OPEN_OR_OVER_SINCE}"
            " AND (heartbeats.at IS NULL OR heartbeats.at < %s)",
            (code, over_since, since)).fetchone() is not None

    def room(self, code: str, over_since: float | None = None) -> OpenRoom | None:
        """Table ``code`` when it is open, or (given ``over_since``) over since then."""
        row = self._execute(
            f"SELECT meta FROM tables WHERE code=%s AND {_OPEN_OR_OVER_SINCE}",
            (code, math.inf if over_since is None else over_since)).fetchone()
        return None if row is None else (code, json.loads(row[0]), self.actions(code))

    def open_rooms(self, over_since: float | None = None) -> list[OpenRoom]:
        """Every table of the service that is not over (whoever owns it), and those over
        since ``over_since`` when given."""
        rows = self._execute(
            f"SELECT code, meta FROM tables WHERE {_OPEN_OR_OVER_SINCE} ORDER BY updated",
            (math.inf if over_since is None else over_since,)).fetchall()
        return [(code, json.loads(meta), self.actions(code)) for code, meta in rows]

    def silent(self, since: float) -> set[str]:
        """The processes that own open tables and have not written a heartbeat since
        ``since`` (the wall clock): the service looks among them for the ones that are
        gone. One index scan, every heartbeat."""
        return {process for (process,) in self._execute(
            "SELECT DISTINCT tables.process FROM tables LEFT JOIN heartbeats"
            " ON heartbeats.process = tables.process WHERE tables.status NOT IN"
            " ('over', 'abandoned') AND (heartbeats.at IS NULL OR heartbeats.at < %s)",
            (since,)).fetchall()}

    def held_by(self, process: str) -> list[str]:
        """The codes of the open tables ``process`` owns."""
        return [code for (code,) in self._execute(
            f"SELECT code FROM tables WHERE process=%s AND {OPEN}", (process,)).fetchall()]

    def close(self) -> None:
        self.db.close()
