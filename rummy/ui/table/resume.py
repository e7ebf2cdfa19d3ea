"""Continue: the table rebuilt from the autosave, exactly where it stood.

:func:`continue_table` is registered as the ``continue`` scene (:mod:`rummy.ui.launch`); the
title screen opens it with the :class:`~rummy.store.saves.SavedGame` it loaded. The match
is played on from its record, the events already seen are not animated again (the board is
laid out from the view at once), and the hand gets back its saved order and groups.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rummy.store.saves import SavedGame, groups_from_codes
from rummy.ui.game_config import GameConfig

from .scene import TableScene

if TYPE_CHECKING:
    from rummy.ui.scene import Host


def config_from_data(data: Any) -> GameConfig:
    """The menu's choices kept in a save (:func:`~.record_keeper.config_data`); ValueError when
    they are not there or not readable."""
    if not isinstance(data, Mapping):
        raise ValueError("the save does not say how the game was set up")
    try:
        opponents = tuple(str(name) for name in data["opponents"])
        human = data["human_seat"]
        seed = data["seed"]
        return GameConfig(str(data["variant_id"]), dict(data["options"]),
                          int(data["players"]), opponents,
                          None if seed is None else int(seed),
                          None if human is None else int(human),
                          ceremony=data.get("ceremony") is True)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"the save's game settings are not readable ({exc})") from exc


def continue_table(app: Host, saved: SavedGame) -> TableScene:
    """The table of ``saved``; ValueError (in words) when the save cannot be played on."""
    config = config_from_data(saved.table.get("config"))
    game = saved.game.as_match()  # a lone deal's save: the first deal of its match
    if game.match.over:
        raise ValueError("the saved game is already over")
    scene = TableScene(app, config, game=game)
    scene.lay_out_at_once()  # already seen before the save
    view = scene.driver.view
    scene.hand.groups = groups_from_codes(saved.hand, view.hand) if view.hand else [[]]
    scene.keeper.restore_clock(saved.table)
    if view.turn is not None and view.turn >= 0:
        left = scene.keeper.turn_left
        if scene.turn_left is not None and left is not None:  # the clock as it was saved
            scene.turn_left = scene.board.timer = min(scene.turn_left, left)
    return scene
