"""Every finished deal and match, kept with its record so it can be watched again.

One JSON file per finished game in ``replays/`` of the data folder, written atomically and
named by when it ended, so the list sorts by date; only the newest :data:`KEEP` are kept.
A replay loads through :func:`rummy.store.records.game_from_record`, the same code as a
save, and :class:`rummy.store.stepper.ReplayStepper` steps through it.

A replay file that cannot be read is left out of the list, renamed aside
(``<name>.bad-<time>``) and reported in :attr:`ReplayShelf.problems`.

>>> import tempfile
>>> from rummy.session import Session
>>> shelf = ReplayShelf(tempfile.mkdtemp())
>>> game = Session.lone_deal("indian_13", players=2, seed=3)
>>> path = shelf.add(game, players=["You", "hard"], result="unfinished")
>>> [(e.variant, e.players, e.result) for e in shelf.list()]
[('indian_13', ('You', 'hard'), 'unfinished')]
>>> shelf.load(shelf.list()[0]).state == game.state
True
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy.session import Session
from rummy.store.files import data_dir, set_aside, write_atomic
from rummy.store.records import game_from_record

REPLAY_FORMAT = "rummy-replay/1"
KEEP = 200
FOLDER = "replays"


@dataclass(frozen=True)
class ReplayEntry:
    """One line of the Replays list."""

    path: Path
    finished_at: float
    variant: str
    players: tuple[str, ...]
    result: str
    kind: str
    """``"deal"`` or ``"match"``."""
    deal: int | None = None
    """For one round of a match kept as its match: which deal (from 0) to watch."""

    @property
    def date(self) -> str:
        return time.strftime("%Y-%m-%d %H:%M", time.localtime(self.finished_at))


class ReplayShelf:
    """The replays folder (default: ``replays/`` in the platform's data folder)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None,
                 keep: int = KEEP) -> None:
        base = Path(directory) if directory is not None else data_dir()
        self.dir = base / FOLDER
        self.keep = keep
        self.problems: list[str] = []

    def add(self, game: Session, players: Sequence[str], result: str,
            deal: int | None = None) -> Path:
        """Keep a finished ``game``; ``players`` names each seat, ``result`` says who won
        in words; ``deal``: the game is a match kept for that one deal of it. Older replays
        beyond :attr:`keep` are removed. OSError if it cannot be written."""
        now = time.time()
        kind = "deal" if game.lone else "match"
        data = {"format": REPLAY_FORMAT, "finished_at": now,
                "kind": "deal" if deal is not None else kind,
                "variant": game.variant_ref, "players": [str(p) for p in players],
                "result": str(result), "game": game.to_record()}
        if deal is not None:
            data["deal"] = int(deal)
        stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(now))
        path = self.dir / f"{stamp}-{int(now * 1e6) % 1_000_000:06d}.json"
        write_atomic(path, json.dumps(data, separators=(",", ":")) + "\n")
        self._prune()
        return path

    def _files(self) -> list[Path]:
        return sorted(self.dir.glob("*.json")) if self.dir.is_dir() else []

    def _prune(self) -> None:
        files = self._files()
        for old in files[:max(0, len(files) - self.keep)]:
            with contextlib.suppress(OSError):
                old.unlink()

    def list(self) -> list[ReplayEntry]:
        """Every readable replay, newest first; unreadable ones go to :attr:`problems`."""
        entries = []
        for path in reversed(self._files()):
            try:
                entries.append(_entry(path, _read(path)))
            except (OSError, ValueError) as exc:
                self._refuse(path, str(exc))
        return entries

    def load(self, entry: ReplayEntry | Path) -> Session:
        """The replay's game, replayed through ``rummy.session``; ValueError when it
        cannot be (the file is then set aside)."""
        path = entry.path if isinstance(entry, ReplayEntry) else entry
        try:
            return game_from_record(_read(path).get("game"))
        except (OSError, ValueError) as exc:
            raise ValueError(self._refuse(path, str(exc))) from exc

    def _refuse(self, path: Path, why: str) -> str:
        try:
            where = f"kept as {set_aside(path).name}"
        except OSError:
            where = "left where it is"
        message = f"Replay {path.name} cannot be shown ({why}); {where}."
        self.problems.append(message)
        return message


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"damaged: {exc}") from exc
    if not isinstance(data, dict) or data.get("format") != REPLAY_FORMAT:
        raise ValueError("not a replay of this version")
    return data


def _entry(path: Path, data: dict[str, Any]) -> ReplayEntry:
    players, finished = data.get("players"), data.get("finished_at")
    if not isinstance(players, list) or not isinstance(finished, int | float):
        raise ValueError("damaged: no players or date")
    deal = data.get("deal")
    if deal is not None and (not isinstance(deal, int) or isinstance(deal, bool) or deal < 0):
        raise ValueError("damaged: the deal to watch is not a number")
    return ReplayEntry(path, float(finished), str(data.get("variant", "?")),
                       tuple(str(p) for p in players), str(data.get("result", "")),
                       str(data.get("kind", "deal")), deal)
