"""Reading the new-game menu's choices in tests."""

from __future__ import annotations

from rummy.ui.game_config import GameConfig
from rummy.ui.screens.new_game import NewGameScene


def config_of(menu: NewGameScene) -> GameConfig:
    """The game Start would begin, for a menu whose chosen variant can be played."""
    config = menu.config()
    assert config is not None, "the chosen variant cannot be played"
    return config
