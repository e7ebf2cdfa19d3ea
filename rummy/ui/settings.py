"""What the player chose last time, and what the menu hands to the table.

:class:`GameConfig` is the menu's answer: the table scene starts a game from it.
:class:`Settings` keeps the player's choices (variant, options, seats, opponents, mute,
fullscreen) as JSON in ``platformdirs.user_config_dir("rummy")``. A settings file that
cannot be read is copied aside (``settings.json.bad``), replaced by defaults, and
:attr:`Settings.message` says so: a broken file never stops the game from starting.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     s = Settings(d)
...     s.set("variant", "indian_13")
...     Settings(d).get("variant")
'indian_13'
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FILE_NAME = "settings.json"
SEED_VAR = "RUMMY_SEED"
"""``RUMMY_SEED=n``: games started from New game deal with seed ``n`` (the next deal of a
match ``n + 1``...) instead of a random one, so a deal can be played again exactly (bug
reports, the end-to-end test)."""


def fixed_seed(environ: Mapping[str, str] | None = None) -> int | None:
    """The seed ``RUMMY_SEED`` asks for, or None (a random deal). A value that is not a
    whole number is ignored with one line on stderr saying so.

    >>> fixed_seed({"RUMMY_SEED": "42"}), fixed_seed({})
    (42, None)
    """
    text = (os.environ if environ is None else environ).get(SEED_VAR, "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        print(f"rummy: {SEED_VAR} must be a whole number, not {text!r}: dealing at random",
              file=sys.stderr)
        return None


@dataclass(frozen=True)
class GameConfig:
    """A new game as the menu chose it.

    - ``variant_id``: an id from ``list_variant_ids()`` (or a variant file's path);
    - ``options``: the variant options the player set, ``{key: value}``, ready for
      ``Variant.with_options`` (values are those the variant offers);
    - ``players``: the number of seats, within the variant's min..max players;
    - ``opponents``: one bot name per seat that is not the human's, in seat order
      (``players - 1`` names, or ``players`` when ``human_seat`` is None);
    - ``seed``: the deal's seed, None for a random one;
    - ``human_seat``: the seat the mouse plays, None for a demo where bots fill every seat;
    - ``deals``: stop dealing after this many deals (``--deals N``), None for no limit;
    - ``quit_when_done``: call ``app.quit()`` once ``deals`` deals are over
      (``--demo --deals N --quit-when-done``, so the process exits 0).
    """

    variant_id: str
    options: dict[str, Any] = field(hash=False)
    players: int
    opponents: tuple[str, ...]
    seed: int | None
    human_seat: int | None = 0
    deals: int | None = None
    quit_when_done: bool = False

    def seat_bots(self) -> dict[int, str]:
        """``{seat: bot name}`` for every seat the computer plays."""
        seats = [s for s in range(self.players) if s != self.human_seat]
        return dict(zip(seats, self.opponents, strict=False))


def default_dir() -> Path:
    """Where settings live: the platform's user config folder for "rummy"."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("rummy"))


class Settings:
    """A small JSON dictionary on disk; every :meth:`set` saves at once."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.dir = Path(directory) if directory is not None else default_dir()
        self.path = self.dir / FILE_NAME
        self.message = ""
        """Non-empty when the file was unreadable and replaced (the title screen shows it)."""
        self.data: dict[str, Any] = self._load()

    def _load(self) -> dict[str, Any]:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return {}
        except OSError as exc:
            self.message = f"Could not read settings ({exc}); using defaults."
            return {}
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            backup = self.path.with_name(FILE_NAME + ".bad")
            try:
                os.replace(self.path, backup)
                where = f"kept a copy as {backup}"
            except OSError:
                where = "could not keep a copy"
            self.message = f"Settings file was damaged ({exc}); {where}. Using defaults."
            self._save({})
            return {}
        return data

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def set(self, key: str, value: Any) -> None:
        self.data[key] = value
        self._save(self.data)

    def _save(self, data: dict[str, Any]) -> None:
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(FILE_NAME + ".tmp")
            tmp.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
            os.replace(tmp, self.path)
        except OSError as exc:  # a read-only home must not stop the game
            self.message = f"Could not save settings: {exc}"
