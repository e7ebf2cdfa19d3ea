"""The game in progress, saved after every action and every rearrangement of the hand.

One file, ``save.json`` in the data folder (:func:`rummy.store.files.data_dir`), written
atomically (:func:`~rummy.store.files.write_atomic`): killed at any moment, the game finds
the last complete save at the next start. The file holds

- ``format``: :data:`SAVE_FORMAT`; a save in another version's format is refused;
- ``game``: the deal's or match's record (``rummy.session``), replayed when loaded;
- ``variant_sha256``: the variant file's fingerprint when saved; if the file has changed
  since, the record would replay under other rules, so the save is refused;
- ``hand``: the player's groups in order, as card codes (the table's own arrangement);
- ``table``: whatever else the table needs to carry on, as plain JSON data (which seats the
  computer plays and at what level, the seat the player has, ...).

A save that cannot be used (an old or newer version, truncated or corrupt, its variant
changed or gone) is renamed aside (``save.json.bad-<time>``, never deleted) and
:meth:`SaveSlot.load` raises :class:`SaveError` whose message says what happened and where
the file went: the caller shows it and starts normally.

>>> import tempfile
>>> from rummy.session import Session
>>> slot = SaveSlot(tempfile.mkdtemp())
>>> game = Session.lone_deal("indian_13", players=2, seed=3)
>>> slot.write(game, hand=[["AS", "2S"]], table={"opponents": ["hard"]})
>>> saved = slot.load()
>>> saved.game.state == game.state, saved.hand, saved.table
(True, [['AS', '2S']], {'opponents': ['hard']})
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy.model.cards import Card, parse_card
from rummy.session import Session
from rummy.store.files import data_dir, leftover_temps, set_aside, write_atomic
from rummy.store.records import fingerprint, game_from_record, variant_fingerprint

SAVE_NAME = "save.json"
SAVE_VERSION = 1
SAVE_FORMAT = f"rummy-save/{SAVE_VERSION}"
_FORMAT_RE = re.compile(r"^rummy-save/(\d+)$")


class SaveError(ValueError):
    """The save could not be used; the message is for the player (it says where the file
    was set aside). ``set_aside`` is the file's new path (None if it could not be moved)."""

    def __init__(self, message: str, set_aside: Path | None = None) -> None:
        super().__init__(message)
        self.set_aside = set_aside


@dataclass
class SavedGame:
    """A loaded save: the game replayed, the hand's arrangement and the table's data."""

    game: Session
    hand: list[list[str]] = field(default_factory=list)
    table: dict[str, Any] = field(default_factory=dict)
    saved_at: str = ""


class SaveSlot:
    """The one game in progress, in ``directory`` (default: the platform's data folder)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.dir = Path(directory) if directory is not None else data_dir()
        self.path = self.dir / SAVE_NAME
        self._swept = False

    def exists(self) -> bool:
        """True when there is a save to offer (Continue); it may still fail to load."""
        return self.path.is_file()

    def write(self, game: Session, hand: Sequence[Sequence[str]] = (),
              table: Mapping[str, Any] | None = None) -> None:
        """Save ``game`` with the hand's groups (card codes) and the table's plain data.

        OSError when the disk refuses (the caller may say so; the previous save stays).
        TypeError when ``table`` is not plain JSON data (a programming error).
        """
        self.write_record(game.to_record(), fingerprint(game), hand, table)

    def write_record(self, record: Mapping[str, Any], variant_sha256: str,
                     hand: Sequence[Sequence[str]] = (),
                     table: Mapping[str, Any] | None = None) -> None:
        """:meth:`write` from a game's record and its variant's fingerprint, taken
        beforehand: a writer thread saves them while the game plays on."""
        data = {
            "format": SAVE_FORMAT,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "variant_sha256": variant_sha256,
            "game": dict(record),
            "hand": [[str(code) for code in group] for group in hand],
            "table": dict(table or {}),
        }
        text = json.dumps(data, separators=(",", ":"), allow_nan=False) + "\n"
        if not self._swept:  # a writer killed mid-write leaves its temporary file behind
            self._swept = True
            for tmp in leftover_temps(self.dir, SAVE_NAME):
                with contextlib.suppress(OSError):
                    tmp.unlink()
        write_atomic(self.path, text)

    def load(self) -> SavedGame | None:
        """The saved game, or None when there is none. SaveError (the file already set
        aside) when it cannot be used; never a partial game."""
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise SaveError(f"The saved game could not be read ({exc}).") from exc
        try:
            return _parse(raw)
        except ValueError as exc:
            raise self._refuse(str(exc)) from exc

    def discard(self) -> None:
        """The game ended (it is kept as a replay): nothing to continue any more."""
        with contextlib.suppress(FileNotFoundError):
            self.path.unlink()

    def _refuse(self, why: str) -> SaveError:
        try:
            moved: Path | None = set_aside(self.path)
            where = f"the file was kept as {moved}"
        except OSError as exc:
            moved, where = None, f"the file could not be moved aside ({exc})"
        return SaveError(f"The saved game could not be continued: {why}; {where}."
                         " Starting a new game.", moved)


def _parse(raw: bytes) -> SavedGame:
    """Check a save's bytes and replay its game; ValueError with the reason in words."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise ValueError(f"the file is damaged or cut short ({exc})") from exc
    if not isinstance(data, dict):
        raise ValueError("the file is damaged (not a saved game)")
    form = data.get("format")
    match = _FORMAT_RE.match(form) if isinstance(form, str) else None
    if match is None:
        raise ValueError(f"the file is not a saved game (its format is {form!r}; a saved"
                         f" game's is 'rummy-save/{SAVE_VERSION}')")
    version = int(match.group(1))
    if version < SAVE_VERSION:
        raise ValueError(f"it was saved by an older version of Rummy (save format {version},"
                         f" this version reads {SAVE_VERSION})")
    if version > SAVE_VERSION:
        raise ValueError(f"it was saved by a newer version of Rummy (save format {version},"
                         f" this version reads {SAVE_VERSION})")
    record, hand, table = data.get("game"), data.get("hand", []), data.get("table", {})
    if not isinstance(record, dict):
        raise ValueError("the file is damaged (no game record)")
    if not _is_groups(hand) or not isinstance(table, dict):
        raise ValueError("the file is damaged (the hand or the table data is not readable)")
    ref = record.get("variant")
    saved_sha = data.get("variant_sha256")
    if isinstance(ref, str) and isinstance(saved_sha, str) and saved_sha:
        now = variant_fingerprint(ref)
        if not now:
            raise ValueError(f"its variant {ref!r} cannot be found or read any more")
        if now != saved_sha:
            raise ValueError(f"the variant file of {ref!r} has changed since the game was"
                             " saved, so its moves may no longer be legal")
    try:
        game = game_from_record(record)
    except ValueError as exc:
        raise ValueError(f"its moves do not replay ({exc})") from exc
    saved_at = data.get("saved_at")
    return SavedGame(game, [list(g) for g in hand], table,
                     saved_at if isinstance(saved_at, str) else "")


def groups_to_codes(groups: Sequence[Sequence[Card]]) -> list[list[str]]:
    """The hand's groups as plain data for :meth:`SaveSlot.write` (``"6S@1"`` codes)."""
    return [[card.code for card in group] for group in groups if group]


def groups_from_codes(codes: Sequence[Sequence[str]], hand: Sequence[Card]) -> list[list[Card]]:
    """The saved groups laid over the hand the engine says the seat holds: every card of
    ``hand`` exactly once, in the saved order; a code that is not in the hand (or cannot be
    read) is left out, and cards the save did not place come last, as a group of their own.

    >>> from rummy.model.cards import parse_cards
    >>> hand = parse_cards("AS 2S 3S KD KD")
    >>> groups_to_codes(groups_from_codes([["3S", "2S", "AS"], ["KD@1", "QH"]], hand))
    [['3S', '2S', 'AS'], ['KD@1'], ['KD']]
    """
    left = list(hand)
    out: list[list[Card]] = []
    for group in codes:
        cards = []
        for code in group:
            try:
                card = parse_card(code)
            except ValueError:
                continue
            if card in left:
                left.remove(card)
                cards.append(card)
        if cards:
            out.append(cards)
    if left:
        out.append(left)
    return out


def _is_groups(value: Any) -> bool:
    return isinstance(value, list) and all(
        isinstance(g, list) and all(isinstance(c, str) for c in g) for g in value)
