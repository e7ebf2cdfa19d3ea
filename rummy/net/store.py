"""Room records in SQLite (the standard library's ``sqlite3``): written after every action,
read back when the server starts so every room carries on where it stood.

A room is one row of ``tables`` (its record but the actions, as JSON: variant, options,
seed, seats with their token hashes) and one row of ``actions`` per action, in order. An
action is committed before its events go out, so a server killed at any moment loses no
move a player has seen. The SQL table and the file (``tables.sqlite3``) keep the names they
had when rooms were called tables: stores already on disk open as they are.

>>> store = Store(":memory:")
>>> store.save_room("ACDEF", {"format": "x"}, "lobby")
>>> store.add_action("ACDEF", 1, {"type": "drop", "seat": 0})
>>> store.open_rooms()
[('ACDEF', {'format': 'x'}, [{'type': 'drop', 'seat': 0}])]
"""

from __future__ import annotations

import json
import math
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

from .records import OpenRoom

OPEN = "status NOT IN ('over', 'abandoned')"
"""The tables a server resumes (SQL, the same in SQLite and PostgreSQL)."""
CHECKPOINT_SECONDS = 2.0
"""How often the write-ahead log is copied into the database (off the event loop)."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    meta TEXT NOT NULL,
    status TEXT NOT NULL,
    updated REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, seq)
);
CREATE TABLE IF NOT EXISTS clocks (
    code TEXT PRIMARY KEY,
    seq INTEGER NOT NULL,
    deadline REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    at REAL NOT NULL
);
"""


def default_data_dir() -> Path:
    """The platform's folder for the game's data (platformdirs)."""
    import platformdirs
    return Path(platformdirs.user_data_dir("rummy", appauthor=False)) / "server"


class Store:
    """The server's database (:class:`rummy.net.records.Records` in one SQLite file); one
    connection, used from the server's event loop only."""

    def __init__(self, path: str | Path) -> None:
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        # Used from one thread at a time: the one running the server's event loop.
        self.db = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
        # WAL with synchronous=NORMAL: a commit survives the server's process dying (what
        # a restart must recover from) without an fsync per action.
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")
        self.db.executescript(SCHEMA)
        self._stop = threading.Event()
        self._checkpointer: threading.Thread | None = None
        if str(path) != ":memory:":
            # A checkpoint copies the log into the database and syncs it to disk, which can
            # take a disk's whole latency; done on the event loop it would stall every
            # table, so a thread of its own does it, and the loop's commits never do.
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self._checkpointer = threading.Thread(target=self._checkpoints, args=(path,),
                                                  name="rummy-store-checkpoint", daemon=True)
            self._checkpointer.start()

    def _checkpoints(self, path: str | Path) -> None:
        db = sqlite3.connect(str(path), isolation_level=None)
        try:
            while not self._stop.wait(CHECKPOINT_SECONDS):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def claim(self, code: str, fence: int) -> bool:
        """Always True: one process owns the file and every table in it, so no other
        writer can hold a newer token (records.py)."""
        return True

    def save_room(self, code: str, meta: dict[str, Any], status: str) -> None:
        self.db.execute(
            "INSERT INTO tables (code, meta, status, updated) VALUES (?, ?, ?, ?)"
            " ON CONFLICT(code) DO UPDATE SET meta=excluded.meta, status=excluded.status,"
            " updated=excluded.updated",
            (code, json.dumps(meta), status, time.time()))

    def set_status(self, code: str, status: str) -> None:
        self.db.execute("UPDATE tables SET status=?, updated=? WHERE code=?",
                        (status, time.time(), code))

    def add_action(self, code: str, seq: int, action: dict[str, Any]) -> None:
        self.db.execute("INSERT INTO actions (code, seq, action) VALUES (?, ?, ?)",
                        (code, seq, json.dumps(action)))

    def set_clock(self, code: str, seq: int, deadline: float) -> None:
        """The turn after action ``seq`` in room ``code`` runs out at ``deadline`` (the
        wall clock's seconds): written when a person's clock is set, never per tick."""
        self.db.execute(
            "INSERT INTO clocks (code, seq, deadline) VALUES (?, ?, ?) ON CONFLICT(code)"
            " DO UPDATE SET seq=excluded.seq, deadline=excluded.deadline",
            (code, seq, deadline))

    def beat(self, at: float) -> None:
        """The server is running at ``at`` (the wall clock's seconds)."""
        self.db.execute("INSERT INTO heartbeat (id, at) VALUES (0, ?) ON CONFLICT(id)"
                        " DO UPDATE SET at=excluded.at", (at,))

    def clock_at_stop(self, code: str, seq: int) -> float | None:
        """The seconds the turn after action ``seq`` had left at the last heartbeat (when
        the server stopped, or within a heartbeat of it being killed); None when that turn
        has no recorded clock (a bot's turn, or a record older than clocks)."""
        row = self.db.execute(
            "SELECT clocks.deadline - heartbeat.at FROM clocks, heartbeat"
            " WHERE clocks.code=? AND clocks.seq=? AND heartbeat.id=0", (code, seq)).fetchone()
        return None if row is None else max(0.0, float(row[0]))

    def code_taken(self, code: str) -> bool:
        row = self.db.execute("SELECT 1 FROM tables WHERE code=?", (code,)).fetchone()
        return row is not None

    def actions(self, code: str) -> list[dict[str, Any]]:
        rows = self.db.execute("SELECT action FROM actions WHERE code=? ORDER BY seq", (code,))
        return [json.loads(a) for (a,) in rows]

    def room(self, code: str) -> OpenRoom | None:
        row = self.db.execute(f"SELECT meta FROM tables WHERE code=? AND {OPEN}",
                              (code,)).fetchone()
        return None if row is None else (code, json.loads(row[0]), self.actions(code))

    def open_rooms(self, over_since: float | None = None) -> list[OpenRoom]:
        """Every room not over (nor abandoned in the lobby), and those over since
        ``over_since`` when given: (code, meta, actions)."""
        rows = self.db.execute(
            f"SELECT code, meta FROM tables WHERE {OPEN} OR (status = 'over' AND"
            " updated >= ?) ORDER BY updated",
            (math.inf if over_since is None else over_since,)).fetchall()
        return [(code, json.loads(meta), self.actions(code)) for code, meta in rows]

    def close(self) -> None:
        self._stop.set()
        if self._checkpointer is not None:
            self._checkpointer.join(5)
        self.db.close()
