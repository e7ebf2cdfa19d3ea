"""The turn clock (issue 28): the player's own clock as large as the others', urgent (red)
in the last ten seconds with a tick a second on the player's own turn, and a missed turn
that says how many of the allowed misses are used (the figures from the variant)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.model import Timeout
from rummy.model.events import TurnMissed
from rummy.model.rules import family_of
from rummy.model.variant import VARIANTS_DIR, load_variant
from rummy.ui.app import App
from rummy.ui.palette import GOLD, RED
from rummy.ui.resources import SOUNDS
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.turn_clock import Ticker, missed_words

from .table_helpers import prepared_game, table

TIMED = {"turn_timer": 15}


def written(app: App, scene: TableScene) -> list[tuple[str, Any]]:
    """What the next frame writes, with its colour."""
    shown: list[tuple[str, Any]] = []
    real = scene.text.get

    def get(words: str, size: int, color: Any = None, *rest: Any, **named: Any
            ) -> pygame.Surface:
        shown.append((words, color))
        return real(words, size, color, *rest, **named) if color is not None else \
            real(words, size, *rest, **named)

    scene.text.get = get  # type: ignore[method-assign, assignment]
    try:
        scene.painter.draw_afresh(app.screen)
    finally:
        del scene.text.get
    return shown


@pytest.mark.timeout(60)
def test_the_own_clock_is_written_beside_the_name_and_turns_red_in_the_last_ten(
        app: App) -> None:
    scene = table(app, prepared_game(TIMED), options=TIMED)
    assert scene.board.turn == scene.seat
    assert ("15s left", GOLD) in written(app, scene)
    assert "s left" not in scene.board.my_line()  # no longer small and grey under it
    while scene.turn_left is not None and scene.turn_left > 9.5:
        app.step(0.1)
    assert ("10s left", RED) in written(app, scene)


@pytest.mark.timeout(60)
def test_the_clock_ticks_once_a_second_in_the_player_s_last_ten(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    played: list[tuple[str, float]] = []
    scene = table(app, prepared_game(TIMED), options=TIMED)
    monkeypatch.setattr(app.res, "play", lambda name: played.append(
        (name, scene.turn_left or 0.0)))
    for _ in range(16 * 10):
        app.step(0.1)
        if local_driver(scene.driver).actions:
            break
    assert local_driver(scene.driver).actions[0] == Timeout(0)
    ticks = [left for name, left in played if name == "tick"]
    assert len(ticks) == 10 and max(ticks) <= 10 and min(ticks) > 0
    assert "tick" in SOUNDS  # played through Resources.play, silent when muted


def test_the_ticker_ticks_on_the_player_s_own_turn_only() -> None:
    ticker = Ticker()
    assert not ticker.due(9.5, mine=False)
    assert ticker.due(9.5, mine=True) and not ticker.due(9.2, mine=True)
    assert ticker.due(8.9, mine=True)
    assert not ticker.due(30.0, mine=True) and not ticker.due(None, mine=True)


@pytest.mark.timeout(60)
def test_a_missed_turn_says_how_many_of_the_allowed_are_used(app: App) -> None:
    scene = table(app, prepared_game(TIMED), options=TIMED)
    for _ in range(16 * 10):
        app.step(0.1)
        if local_driver(scene.driver).actions:
            break
    for _ in range(30):
        app.step(1 / 30)
        if "Missed" in scene.board.message:
            break
    assert scene.board.message == \
        "Missed turn 1 of 3: 2 more in a row and you are dropped for 40"
    # and the move log keeps it after the message has gone
    assert "You missed turn 1 of 3: the clock played it" in scene.board.moves.lines


def test_the_missed_turn_figures_are_the_variant_s(tmp_path: Path) -> None:
    text = (VARIANTS_DIR / "indian_13.yaml").read_text()
    text = text.replace("id: indian_13 ", "id: strict_13  ").replace(
        "missed_turns_to_drop: 3 ", "missed_turns_to_drop: 2 ").replace(
        "auto_drop_penalty: 40 ", "auto_drop_penalty: 30 ")
    path = tmp_path / "strict_13.yaml"
    path.write_text(text)
    variant = load_variant(path)
    allowed = family_of(variant).missed_turns(variant)
    assert allowed == (2, 30)
    assert missed_words(TurnMissed(0, 1), "You", allowed) == \
        "Missed turn 1 of 2: one more and you are dropped for 30"
    assert missed_words(TurnMissed(0, 2), "You", allowed) == \
        "Missed turn 2 of 2: you are dropped for 30"
    assert missed_words(TurnMissed(1, 1), "Medium 2", allowed) == "Medium 2 missed turn 1 of 2"
    super_rummy = load_variant("super_rummy")
    assert family_of(super_rummy).missed_turns(super_rummy) is None
    assert missed_words(TurnMissed(0, 1), "You", None) == "You missed a turn: the clock played it"
