"""The title screen lights one button at most (issue 28, "smaller things"): back from a
game, Continue takes the place New game had under the pointer, and New game stayed lit
from before, so both were."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.launch import register_scenes
from rummy.ui.screens.title import TitleScene
from rummy.ui.table import TableScene

from .events import click, key

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "data"))
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
    application.open("title")
    application.step(1 / 60)
    yield application
    application.close()


def move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)


CONFIG = GameConfig("indian_13", {"allow_drop": True}, 2, ("greedy",), 5, 0)


def play_until_my_turn(app: App, table: TableScene) -> None:
    for _ in range(400):
        app.step(1 / 20)
        if table.idle and table.driver.view.my_turn and table.result is None:
            return
    raise AssertionError("never the player's turn")


def leave_a_saved_game(app: App) -> None:
    """A game started (as New game's Start does) and left with Esc: it is saved."""
    table = app.open("table", config=CONFIG, speed=8.0)
    assert isinstance(table, TableScene)
    play_until_my_turn(app, table)
    key(app, pygame.K_ESCAPE)


def lit(title: TitleScene) -> list[str]:
    return [b.text for b in title.shown if b.hover]


def test_back_from_a_game_only_the_button_under_the_pointer_is_lit(app: App) -> None:
    app.settings.confirm_drop = False
    title = app.top
    assert isinstance(title, TitleScene)
    leave_a_saved_game(app)
    assert app.top is title and title.saved
    move(app, title.continue_button.rect.center)
    assert lit(title) == ["Continue"]
    click(app, title.continue_button.rect.center)  # Continue, then the deal ends
    table = app.top
    assert isinstance(table, TableScene)
    play_until_my_turn(app, table)
    click(app, table.board.buttons["drop"].rect.center)
    for _ in range(400):
        app.step(1 / 20)
        if table.result is not None:
            break
    assert table.result is not None
    click(app, table.result.buttons["menu"].rect.center)
    assert app.top is title and not title.saved  # nothing to continue: New game on top
    move(app, title.buttons[0].rect.center)
    assert lit(title) == ["New game"]
    leave_a_saved_game(app)  # from New game's place
    assert app.top is title and title.saved
    assert len(lit(title)) <= 1, lit(title)  # both were lit, from before
    move(app, title.buttons[0].rect.center)
    assert lit(title) == ["New game"]
