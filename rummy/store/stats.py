"""The player's statistics, in SQLite (the standard library's ``sqlite3``) in the data folder.

Every finished deal is one row, written in one transaction (with the match's row when the
deal ended a match), so a crash or ``kill -9`` loses at most the deal being played. The
figures per variant and per opponent level (deals and matches played and won, win rate,
average points per deal, best and worst, current and longest winning streak, time played)
are worked out from the rows when asked, so they can never disagree with them.

A deal's ``points`` are the seat's score for that deal as the variant counts it: the points
a loser pays in the declare family (0 for the winner) and the contract family, where lower
is better, or the score change in the classic family, where higher is better.

A database that SQLite reports as damaged (or of an unknown schema version) is renamed aside
(``stats.sqlite3.bad-<time>``, never deleted), a new one is started, and
:attr:`Statistics.message` says so.

>>> import tempfile
>>> stats = Statistics(tempfile.mkdtemp())
>>> stats.record_deal("indian_13", ["hard"], won=True, points=0, seconds=60)
>>> stats.record_deal("indian_13", ["hard"], won=False, points=40, seconds=90)
>>> s = stats.summary()[0]
>>> s.level, s.deals, s.deals_won, s.win_rate, s.average_points, s.best, s.worst
('hard', 2, 1, 0.5, 20.0, 0, 40)
>>> stats.close()
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from rummy.model.rules import family_of
from rummy.model.scoring import DealResult
from rummy.model.state import GameState
from rummy.model.variant_type import Variant
from rummy.store.files import data_dir, set_aside

DB_NAME = "stats.sqlite3"
SCHEMA_VERSION = 1
_SCHEMA = """
CREATE TABLE IF NOT EXISTS deals (
    id INTEGER PRIMARY KEY, finished_at REAL NOT NULL, variant TEXT NOT NULL,
    level TEXT NOT NULL, won INTEGER NOT NULL, points INTEGER NOT NULL,
    lower_is_better INTEGER NOT NULL, seconds REAL NOT NULL);
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY, finished_at REAL NOT NULL, variant TEXT NOT NULL,
    level TEXT NOT NULL, won INTEGER NOT NULL, seconds REAL NOT NULL);
"""


def level_of(opponents: Iterable[str]) -> str:
    """The opponent level a game counts under: ``"hard"``, or ``"easy+hard"`` when mixed."""
    names = sorted({str(name) for name in opponents})
    return "+".join(names) if names else "none"


@dataclass(frozen=True)
class Summary:
    """The figures of one variant against one opponent level."""

    variant: str
    level: str
    deals: int
    deals_won: int
    matches: int
    matches_won: int
    average_points: float
    best: int | None
    worst: int | None
    current_streak: int
    longest_streak: int
    seconds: float
    lower_is_better: bool = True
    """What the points are: a count to keep low (the declare and contract families) or
    points won (classic rummy)."""

    @property
    def win_rate(self) -> float:
        """Deals won / deals played (0.0 before the first deal)."""
        return self.deals_won / self.deals if self.deals else 0.0


class Statistics:
    """The statistics database in ``directory`` (default: the platform's data folder)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.dir = Path(directory) if directory is not None else data_dir()
        self.path = self.dir / DB_NAME
        self.message = ""
        """Non-empty when the database was damaged and set aside (shown to the player)."""
        self._db: sqlite3.Connection | None = None
        self._open()

    # -- opening, and damage

    def _open(self) -> None:
        try:
            self._db = self._connect()
        except sqlite3.DatabaseError as exc:
            self._set_aside(str(exc))
            try:
                self._db = self._connect()
            except sqlite3.Error as again:  # a folder we cannot write: run without stats
                self._db = None
                self.message += f" Statistics are off this time ({again})."
        except OSError as exc:
            self._db = None
            self.message = f"Statistics are off this time: {exc}."

    def _connect(self) -> sqlite3.Connection:
        self.dir.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(self.path, isolation_level=None)  # transactions by hand
        try:
            check = db.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise sqlite3.DatabaseError(f"integrity check failed: {check}")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"unknown statistics version {version}")
            db.executescript("BEGIN;" + _SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION};"
                             "COMMIT;")
            db.execute("PRAGMA synchronous = FULL")
        except BaseException:
            db.close()
            raise
        return db

    def _set_aside(self, why: str) -> None:
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        try:
            moved = set_aside(self.path)
            where = f"it was kept as {moved}"
        except FileNotFoundError:
            where = "it is gone"
        except OSError as exc:
            where = f"it could not be moved aside ({exc})"
        for extra in ("-journal", "-wal", "-shm"):  # they belong to the damaged file
            side = self.path.with_name(DB_NAME + extra)
            if side.exists():
                with contextlib.suppress(OSError):
                    set_aside(side)
        self.message = (f"The statistics database was damaged ({why}); {where}."
                        " New statistics were started.")

    def _run(self, sql: str, params: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """A read; a damaged database found on the way is set aside (empty answer)."""
        if self._db is None:
            return []
        try:
            return list(self._db.execute(sql, params).fetchall())
        except sqlite3.DatabaseError as exc:
            self._set_aside(str(exc))
            self._open()
            return []

    def close(self) -> None:
        if self._db is not None:
            self._db.close()
            self._db = None

    # -- writing

    def record_deal(self, variant: str, opponents: Iterable[str], *, won: bool, points: int,
                    seconds: float, lower_is_better: bool = True,
                    match_won: bool | None = None, match_seconds: float = 0.0) -> None:
        """One finished deal, in one transaction; ``match_won`` not None when the deal
        ended a match (its row goes in the same transaction)."""
        level = level_of(opponents)
        now = time.time()
        for attempt in (1, 2):
            if self._db is None:
                return
            try:
                self._db.execute("BEGIN IMMEDIATE")
                self._db.execute(
                    "INSERT INTO deals (finished_at, variant, level, won, points,"
                    " lower_is_better, seconds) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (now, variant, level, int(won), int(points), int(lower_is_better),
                     float(seconds)))
                if match_won is not None:
                    self._db.execute(
                        "INSERT INTO matches (finished_at, variant, level, won, seconds)"
                        " VALUES (?, ?, ?, ?, ?)",
                        (now, variant, level, int(match_won), float(match_seconds)))
                self._db.execute("COMMIT")
                return
            except sqlite3.DatabaseError as exc:
                with contextlib.suppress(sqlite3.Error):
                    self._db.execute("ROLLBACK")
                if isinstance(exc, sqlite3.OperationalError) or attempt == 2:
                    self.message = f"Could not save statistics: {exc}."  # disk full, locked
                    return
                self._set_aside(str(exc))
                self._open()

    def reset(self, variant: str | None = None) -> None:
        """Forget every deal and match (or only ``variant``'s), in one transaction."""
        if self._db is None:
            return
        where, params = ("WHERE variant = ?", (variant,)) if variant else ("", ())
        try:
            with contextlib.closing(self._db.cursor()) as cur:
                cur.execute("BEGIN IMMEDIATE")
                cur.execute(f"DELETE FROM deals {where}", params)
                cur.execute(f"DELETE FROM matches {where}", params)
                cur.execute("COMMIT")
        except sqlite3.DatabaseError as exc:
            self._set_aside(str(exc))
            self._open()

    # -- reading

    def summary(self, variant: str | None = None) -> list[Summary]:
        """One :class:`Summary` per (variant, level) played, sorted; only ``variant``'s
        when given."""
        where, params = ("WHERE variant = ?", (variant,)) if variant else ("", ())
        deals = self._run("SELECT variant, level, won, points, lower_is_better, seconds"
                          f" FROM deals {where} ORDER BY id", params)
        matches = self._run(f"SELECT variant, level, won, seconds FROM matches {where}", params)
        keys = sorted({(str(r[0]), str(r[1])) for r in deals + matches})
        return [_summarise(key, [r for r in deals if (r[0], r[1]) == key],
                           [r for r in matches if (r[0], r[1]) == key]) for key in keys]

    def points_over_time(self, variant: str | None = None, level: str | None = None,
                         limit: int = 200) -> list[tuple[float, int]]:
        """The last ``limit`` deals' (finished_at, points), oldest first: the chart."""
        clauses, params = [], []
        if variant:
            clauses.append("variant = ?")
            params.append(variant)
        if level:
            clauses.append("level = ?")
            params.append(level)
        where = ("WHERE " + " AND ".join(clauses)) if clauses else ""
        rows = self._run(f"SELECT finished_at, points FROM deals {where}"
                         " ORDER BY id DESC LIMIT ?", (*params, int(limit)))
        return [(float(str(t)), int(str(p))) for t, p in reversed(rows)]


def _summarise(key: tuple[str, str], deals: list[tuple[object, ...]],
               matches: list[tuple[object, ...]]) -> Summary:
    won = [bool(r[2]) for r in deals]
    points = [int(str(r[3])) for r in deals]
    lower = bool(deals[-1][4]) if deals else True
    current = longest = run = 0
    for w in won:
        run = run + 1 if w else 0
        longest = max(longest, run)
    current = run
    seconds = sum(float(str(r[5])) for r in deals)
    if not deals:  # a match row without deals cannot happen, but count its time
        seconds = sum(float(str(r[3])) for r in matches)
    best = (min(points) if lower else max(points)) if points else None
    worst = (max(points) if lower else min(points)) if points else None
    return Summary(key[0], key[1], len(deals), sum(won), len(matches),
                   sum(1 for r in matches if r[2]),
                   sum(points) / len(points) if points else 0.0,
                   best, worst, current, longest, seconds, lower)


def deal_outcome(state: GameState, seat: int) -> tuple[bool, int, bool]:
    """``(won, points, lower_is_better)`` of deal seat ``seat`` in a finished deal, ready for
    :meth:`Statistics.record_deal`. ValueError when the deal is not over."""
    return result_outcome(state.result, state.variant, seat)


def result_outcome(result: DealResult | None, variant: Variant,
                   seat: int) -> tuple[bool, int, bool]:
    """:func:`deal_outcome` from a deal's result as a seat's view holds it (an online
    table's: the client has no whole state)."""
    if result is None:
        raise ValueError("the deal is not over")
    won = result.winner == seat
    collects = family_of(variant).winner_collects  # then the highest total wins
    return won, result.changes[seat], not collects
