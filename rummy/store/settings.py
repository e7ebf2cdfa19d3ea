"""The player's settings: one typed model of ``settings.json``, every value checked.

Everything the game remembers between starts that is a choice rather than a record: the
New game menu's (variant, seats, opponents, options), the Settings screen's (speed, sound,
card art, confirmations, sort order, full screen) and Play online's (name, address, the
last table hosted, the seat to rejoin and its hand). The file is JSON in the platform's
config folder, one key per field of :class:`Settings` (docs/architecture.md, "What the
game remembers").

- Loaded once (:meth:`Settings.load`). Each value is checked alone: one of the wrong type
  or out of range falls back to its field's default and :attr:`Settings.problems` says
  which, so one bad value never costs the others. A file that is not JSON at all is copied
  aside (``settings.json.bad``) and replaced by defaults; :attr:`Settings.message` says so.
  A broken file never stops the game from starting.
- Kept at once: assigning a field (``settings.online_name = "Ann"``) checks the value the
  same way and writes the file (a temporary file renamed over it), so a choice survives a
  crash a moment later. A field holding a dictionary or a list is saved when it is
  assigned, not when it is changed in place: assign a new one.
- Only keys the file had or the game set are written, so an untouched setting follows the
  game's default when that changes. Keys this version does not know (a newer version's)
  are kept as they were.

>>> import tempfile
>>> with tempfile.TemporaryDirectory() as d:
...     settings = Settings.load(d)
...     settings.variant = "indian_13"
...     Settings.load(d).variant
'indian_13'
>>> Settings.from_data({"volume": 0.4, "sort_by": "colour"}).problems
["sort_by: 'colour' is not one of 'suit', 'rank'; using 'suit'"]
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

FILE_NAME = "settings.json"
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
"""Multipliers of the table's animation time: 0.5 is slower, 4 nearly instant."""
CARD_BACKS = ("classic", "blue", "green", "black")
"""Card backs offered; "classic" is ``assets/cards/back.png`` (red), the others recolour it
(``rummy.ui.card_colours``), so each choice looks different."""
SORT_ORDERS = ("suit", "rank")
FOUR_COLOURS = {"S": (0, 0, 0), "H": (200, 0, 0), "D": (0, 80, 200), "C": (0, 140, 60)}
"""The four-colour deck for colour-blind players: spades black, hearts red, diamonds blue,
clubs green (RGB)."""

Check = Callable[[Any], tuple[Any, str]]
"""A field's check: ``(the value as kept, "")``, or ``(anything, why it is refused)``."""


def _kind(wanted: type, words: str) -> Check:
    """Any value of type ``wanted`` (a bool is not a number here: JSON's true is not 1)."""
    def check(value: Any) -> tuple[Any, str]:
        if isinstance(value, wanted) and (wanted is bool or not isinstance(value, bool)):
            return value, ""
        return None, f"{value!r} is not {words}"
    return check


def _one_of(choices: tuple[Any, ...]) -> Check:
    def check(value: Any) -> tuple[Any, str]:
        if isinstance(value, bool) or value not in choices:
            return None, f"{value!r} is not one of {', '.join(map(repr, choices))}"
        return (float(value) if isinstance(value, int) else value), ""  # JSON's 1 is 1.0
    return check


def _volume(value: Any) -> tuple[Any, str]:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, f"{value!r} is not a number"
    if not 0.0 <= value <= 1.0:
        return None, f"{value:g} is not between 0 and 1"
    return float(value), ""


def _per_variant(entry: Check) -> Check:
    """``{variant id: value}``; an entry whose value fails ``entry`` is dropped alone (a
    variant's remembered choice is worth less than the others')."""
    def check(value: Any) -> tuple[Any, str]:
        if not isinstance(value, dict):
            return None, f"{value!r} is not a table of variants"
        return {k: v for k, v in value.items()
                if isinstance(k, str) and not entry(v)[1]}, ""
    return check


def _names(value: Any) -> tuple[Any, str]:
    """A list of names; an entry that is not text is dropped."""
    if not isinstance(value, list):
        return None, f"{value!r} is not a list"
    return [name for name in value if isinstance(name, str)], ""


def _record(keys: Mapping[str, Check], whole: bool) -> Check:
    """A JSON object or null. ``whole``: one bad key refuses it all (a seat is no use with
    half its keys); otherwise the bad keys alone are dropped."""
    def check(value: Any) -> tuple[Any, str]:
        if value is None:
            return None, ""
        if not isinstance(value, dict):
            return None, f"{value!r} is not a record"
        bad = [k for k, why in keys.items() if k in value and why(value[k])[1]]
        if bad and whole:
            return None, f"its {', '.join(bad)} is not valid"
        return {k: v for k, v in value.items() if k not in bad}, ""
    return check


def _or_none(check: Check) -> Check:
    return lambda value: (None, "") if value is None else check(value)


_TEXT = _kind(str, "text")
_WHOLE = _kind(int, "a whole number")
_FLAG = _kind(bool, "true or false")
_SEAT = _record({"url": _or_none(_TEXT), "code": _or_none(_TEXT), "name": _TEXT,
                 "token": _or_none(_TEXT), "bind": _or_none(_TEXT),
                 "port": _or_none(_WHOLE)}, whole=True)
_HOSTED = _record({"variant": _TEXT, "port": _WHOLE, "open_to": _one_of(("local", "network")),
                   "public": _FLAG}, whole=False)


def _kept(default: Any, check: Check) -> Any:
    """A field with its default (a fresh copy each time for a dict or list) and check."""
    if isinstance(default, dict | list):
        return field(default_factory=lambda: type(default)(), metadata={"check": check})
    return field(default=default, metadata={"check": check})


@dataclass
class Settings:
    """Every setting, under its key in ``settings.json``, with its default."""

    # New game (rummy.ui.screens.new_game)
    variant: str | None = _kept(None, _or_none(_TEXT))
    """The variant last chosen (None: the menu's first that loads)."""
    players: dict[str, int] = _kept({}, _per_variant(_WHOLE))
    """Seats chosen, per variant."""
    options: dict[str, dict[str, Any]] = _kept({}, _per_variant(_kind(dict, "a record")))
    """Options chosen, per variant: ``{option key: value}`` (the menu drops a value the
    variant no longer offers)."""
    opponents: list[str] = _kept([], _names)
    """The computer's level in each seat after the player's."""
    # The Settings screen (rummy.ui.screens.settings)
    animation_speed: float = _kept(1.0, _one_of(ANIMATION_SPEEDS))
    volume: float = _kept(0.6, _volume)
    muted: bool = _kept(False, _FLAG)
    """Sound off (M anywhere, or the Settings screen)."""
    card_back: str = _kept("classic", _one_of(CARD_BACKS))
    four_colour: bool = _kept(False, _FLAG)
    confirm_declare: bool = _kept(True, _FLAG)
    confirm_drop: bool = _kept(True, _FLAG)
    quick_start: bool = _kept(False, _FLAG)
    """Skip the toss and dealer ceremony: the picks are made for the players at random
    (docs/rules.md, "The toss and the dealer")."""
    sort_by: str = _kept("suit", _one_of(SORT_ORDERS))
    fullscreen: bool = _kept(False, _FLAG)
    """Full screen (F11, or the Settings screen) at the next start."""
    # Play online (rummy.ui.screens.online, lobby, browse; rummy.ui.table.online)
    online_name: str = _kept("Player", _TEXT)
    online_address: str = _kept("", _TEXT)
    """The address last typed to join or browse (a friend's table is usually at the same
    address the next time; the room code is new each time)."""
    online_options: dict[str, dict[str, Any]] = _kept({}, _per_variant(_kind(dict, "a record")))
    """Options chosen for a hosted table, per variant (apart from New game's: an online
    table always runs a turn timer)."""
    online_clock: dict[str, int] = _kept({}, _per_variant(_WHOLE))
    """The turn clock chosen, in seconds, per variant without a turn timer option."""
    online_host: dict[str, Any] | None = _kept(None, _HOSTED)
    """The last table hosted: ``{variant, port, open_to: "local" or "network", public}``."""
    online_seat: dict[str, Any] | None = _kept(None, _SEAT)
    """The seat to rejoin: ``{url, code, name, token, bind, port}`` (the token is the
    seat's key on its server)."""
    online_hand: dict[str, Any] | None = _kept(None, _record({}, whole=False))
    """How the online seat arranged its hand, ``{code, deal, groups}``; the table checks
    it is for its own deal and cards (rummy.ui.table.online)."""

    # What is not a setting: not in the file, not compared.
    problems: list[str] = field(default_factory=list, init=False, repr=False, compare=False)
    """One line per value refused (from the file or assigned): the Settings screen shows
    them."""
    message: str = field(default="", init=False, repr=False, compare=False)
    """Non-empty when the file could not be read or written (the title screen shows it)."""
    dir: Path | None = field(default=None, init=False, repr=False, compare=False)
    """The folder of the file every assignment is saved to (None: kept in memory only)."""
    _given: set[str] = field(default_factory=set, init=False, repr=False, compare=False)
    """The settings the file had or the game set: the ones written."""
    _unknown: dict[str, Any] = field(default_factory=dict, init=False, repr=False,
                                     compare=False)
    _built: bool = field(default=False, init=False, repr=False, compare=False)
    """False while the dataclass's ``__init__`` sets the fields (no checks, no saving)."""

    def __post_init__(self) -> None:
        self._built = True

    # -- reading

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Settings:
        """The settings in ``data`` (the file's object), each value checked alone; no file
        to keep them in."""
        settings = cls()
        for name in _KEPT:  # in the fields' order, so the problems read in the screen's
            if name in data:
                settings._take(name, data[name])
        settings._unknown = {k: v for k, v in data.items() if k not in _KEPT}
        return settings

    @classmethod
    def load(cls, directory: str | os.PathLike[str] | None = None) -> Settings:
        """The settings kept in ``directory`` (default: the platform's config folder for
        "rummy"); every later assignment is saved there."""
        folder = Path(directory) if directory is not None else default_dir()
        path = folder / FILE_NAME
        settings, message = cls(), ""
        try:
            text = path.read_text(encoding="utf-8")
        except FileNotFoundError:
            text = "{}"
        except OSError as exc:
            text, message = "{}", f"Could not read settings ({exc}); using defaults."
        try:
            data = json.loads(text)
            if not isinstance(data, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            backup = path.with_name(FILE_NAME + ".bad")
            try:
                os.replace(path, backup)
                where = f"kept a copy as {backup}"
            except OSError:
                where = "could not keep a copy"
            settings.dir = folder
            settings.message = f"Settings file was damaged ({exc}); {where}. Using defaults."
            settings.save()
            return settings
        settings = cls.from_data(data)
        settings.dir, settings.message = folder, message
        return settings

    def _take(self, name: str, value: Any) -> None:
        """Keep ``value`` for ``name`` if its check passes, else the default (and why)."""
        kept, why = _KEPT[name](value)
        if why:
            kept = getattr(_DEFAULTS, name)
            self.problems.append(f"{name}: {why}; using {kept!r}")
        object.__setattr__(self, name, kept)
        self._given.add(name)

    @property
    def path(self) -> Path | None:
        """The settings file (None: kept in memory only)."""
        return None if self.dir is None else self.dir / FILE_NAME

    # -- writing

    def __setattr__(self, name: str, value: Any) -> None:
        if name in _KEPT and self._built:  # a setting changed: check it and keep it
            self._take(name, value)
            self.save()
        elif name in _FIELDS:
            object.__setattr__(self, name, value)
        else:  # mypy lets any name through a class with __setattr__: a typo stops here
            raise AttributeError(f"no setting {name!r}")

    def to_data(self) -> dict[str, Any]:
        """The file's object: the keys given (read or set) and the unknown ones kept."""
        return {**self._unknown, **{name: getattr(self, name) for name in sorted(self._given)}}

    def save(self) -> None:
        """Write the file now (nothing without one); a refusal is said in :attr:`message`:
        a read-only home must not stop the game."""
        if self.dir is None:
            return
        try:
            self.dir.mkdir(parents=True, exist_ok=True)
            tmp = self.dir / (FILE_NAME + ".tmp")
            tmp.write_text(json.dumps(self.to_data(), indent=1, sort_keys=True) + "\n",
                           encoding="utf-8")
            os.replace(tmp, self.dir / FILE_NAME)
        except OSError as exc:
            self.message = f"Could not save settings: {exc}"


_KEPT: dict[str, Check] = {f.name: f.metadata["check"] for f in fields(Settings)
                           if "check" in f.metadata}
"""Each kept field's check, by name."""
_FIELDS = {f.name for f in fields(Settings)}
_DEFAULTS = Settings()


def default_dir() -> Path:
    """Where settings live: the platform's user config folder for "rummy"."""
    from platformdirs import user_config_dir

    return Path(user_config_dir("rummy"))
