"""The player's preferences: a typed, checked model over the settings file.

The settings file (``rummy.ui.settings.Settings``: JSON in the platform's config folder,
set aside when damaged) already keeps the menu's choices, ``muted`` and ``fullscreen``.
:class:`Preferences` adds the Settings screen's choices to the same file, each under its
own key, and reads them back checked: a value of the wrong type or out of range falls back
to its default and :func:`load_preferences` says which, so one bad value never costs the
others. Keys this model does not know are left untouched.

>>> store = {"volume": 0.4, "sort_by": "colour", "muted": True}
>>> prefs, problems = Preferences.from_data(store)
>>> prefs.volume, prefs.muted, prefs.sort_by
(0.4, True, 'suit')
>>> problems
["sort_by: 'colour' is not one of 'suit', 'rank'; using 'suit'"]
>>> prefs.replace(four_colour=True).to_data()["four_colour"]
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Protocol

ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.0, 4.0)
"""Multipliers of the table's animation time: 0.5 is slower, 4 nearly instant."""
CARD_BACKS = ("classic", "blue", "green", "black")
"""Card backs offered; "classic" is ``assets/cards/back.png`` (red), the others recolour it
(``rummy.ui.card_colours``), so each choice looks different."""
SORT_ORDERS = ("suit", "rank")
FOUR_COLOURS = {"S": (0, 0, 0), "H": (200, 0, 0), "D": (0, 80, 200), "C": (0, 140, 60)}
"""The four-colour deck for colour-blind players: spades black, hearts red, diamonds blue,
clubs green (RGB)."""


class SettingsFile(Protocol):
    """What :class:`rummy.ui.settings.Settings` offers (get and set a key)."""

    def get(self, key: str, default: Any = None) -> Any: ...

    def set(self, key: str, value: Any) -> None: ...


@dataclass(frozen=True)
class Preferences:
    """Everything the Settings screen changes, with its defaults."""

    animation_speed: float = 1.0
    volume: float = 0.6
    muted: bool = False
    card_back: str = "classic"
    four_colour: bool = False
    confirm_declare: bool = True
    confirm_drop: bool = True
    sort_by: str = "suit"
    fullscreen: bool = False

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> tuple[Preferences, list[str]]:
        """The preferences in ``data`` (a settings dictionary), and one line per value that
        was not valid and was replaced by its default."""
        values: dict[str, Any] = {}
        problems: list[str] = []
        for f in fields(cls):
            if f.name not in data:
                continue
            value, problem = _check(f.name, data[f.name], getattr(cls, f.name))
            if problem:
                problems.append(f"{f.name}: {problem}")
            else:
                values[f.name] = value
        return cls(**values), problems

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    def replace(self, **changes: Any) -> Preferences:
        """A copy with ``changes``; ValueError naming the field for an invalid value."""
        checked = {}
        for name, value in changes.items():
            if name not in {f.name for f in fields(self)}:
                raise ValueError(f"no preference {name!r}")
            checked[name], problem = _check(name, value, getattr(type(self), name))
            if problem:
                raise ValueError(f"{name}: {problem}")
        return dataclasses.replace(self, **checked)


def _check(name: str, value: Any, default: Any) -> tuple[Any, str]:
    """``(value, "")`` when valid (ints widened to float), else ``(None, why)``."""
    choices: tuple[Any, ...] = {"animation_speed": ANIMATION_SPEEDS, "card_back": CARD_BACKS,
                                "sort_by": SORT_ORDERS}.get(name, ())
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value, ""
        return None, f"{value!r} is not true or false; using {default!r}"
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None, f"{value!r} is not a number; using {default!r}"
        value = float(value)
        if choices and value not in choices:
            listed = ", ".join(f"{c:g}" for c in choices)
            return None, f"{value:g} is not one of {listed}; using {default:g}"
        if name == "volume" and not 0.0 <= value <= 1.0:
            return None, f"{value:g} is not between 0 and 1; using {default:g}"
        return value, ""
    if value not in choices:
        listed = ", ".join(repr(c) for c in choices)
        return None, f"{value!r} is not one of {listed}; using {default!r}"
    return value, ""


def load_preferences(settings: SettingsFile) -> tuple[Preferences, list[str]]:
    """The preferences kept in ``settings`` (defaults for what is missing or invalid)."""
    data = {f.name: settings.get(f.name) for f in fields(Preferences)
            if settings.get(f.name) is not None}
    return Preferences.from_data(data)


def save_preferences(settings: SettingsFile, prefs: Preferences) -> None:
    """Write every preference that differs from what ``settings`` holds."""
    for name, value in prefs.to_data().items():
        if settings.get(name) != value:
            settings.set(name, value)
