"""What the game remembers between starts: the game in progress, statistics, replays and
the settings. Pure Python (never imports pygame), so it is tested without a window.

- :mod:`rummy.store.saves`: :class:`SaveSlot`, the autosave (Continue);
- :mod:`rummy.store.stats`: :class:`Statistics` in SQLite;
- :mod:`rummy.store.replays`: :class:`ReplayShelf`, the last 200 finished games;
- :mod:`rummy.store.stepper`: :class:`ReplayStepper`, a replay position by position;
- :mod:`rummy.store.settings`: :class:`Settings`, the player's choices (menus, Settings
  screen, Play online) in ``settings.json``;
- :mod:`rummy.store.files`: the data folder, atomic writes, setting damaged files aside.
"""

from rummy.store.files import data_dir, set_aside, write_atomic
from rummy.store.replays import ReplayEntry, ReplayShelf
from rummy.store.saves import (
    SavedGame,
    SaveError,
    SaveSlot,
    groups_from_codes,
    groups_to_codes,
)
from rummy.store.settings import Settings
from rummy.store.stats import Statistics, Summary, deal_outcome, level_of
from rummy.store.stepper import ReplayStepper

__all__ = ["ReplayEntry", "ReplayShelf", "ReplayStepper", "SaveError", "SaveSlot",
           "SavedGame", "Settings", "Statistics", "Summary", "data_dir", "deal_outcome",
           "groups_from_codes", "groups_to_codes", "level_of", "set_aside", "write_atomic"]
