"""One score story (issue 28): a one-deal game shows that deal's points only, "New deal"
starts again from 0, a match shows the match's totals, Continue shows exactly what was on
screen before Esc, and Statistics counts a lone deal as a deal, not as a match of one."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from rummy.store.stats import Statistics
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.launch import register_scenes
from rummy.ui.screens.stats import row_cells
from rummy.ui.screens.title import TitleScene
from rummy.ui.table import TableScene

from .events import click, key

pytestmark = pytest.mark.timeout(120)

ONE_DEAL = GameConfig("indian_13", {"allow_drop": True}, 2, ("greedy",), 5, 0)
TWO_DEALS = GameConfig("indian_13", {"allow_drop": True, "match_format": "deals_2"}, 2,
                       ("greedy",), 5, 0)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("RUMMY_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(tmp_path: Path, data: Path) -> Iterator[App]:
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
    application.settings.confirm_drop = False
    application.open("title")
    application.step(1 / 60)
    yield application
    application.close()


def until(app: App, done: Callable[[], bool], frames: int = 3000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(1 / 20)
    raise AssertionError("it never happened")


def my_turn(app: App, scene: TableScene) -> None:
    until(app, lambda: scene.idle and scene.driver.view.my_turn and scene.result is None)


def drop_a_deal(app: App, config: GameConfig) -> TableScene:
    scene = app.open("table", config=config, speed=8.0)
    assert isinstance(scene, TableScene)
    my_turn(app, scene)
    click(app, scene.board.buttons["drop"].rect.center)
    until(app, lambda: scene.result is not None)
    return scene


def test_new_deal_after_a_one_deal_game_starts_from_0(app: App) -> None:
    scene = drop_a_deal(app, ONE_DEAL)
    assert scene.board.points == [20, 0]  # that deal's points
    assert scene.result is not None
    click(app, scene.result.buttons["next"].rect.center)  # "New deal"
    my_turn(app, scene)
    assert scene.board.points == [0, 0]


def test_a_match_shows_its_totals_from_deal_to_deal(app: App) -> None:
    scene = drop_a_deal(app, TWO_DEALS)
    key(app, pygame.K_RETURN)  # the next deal of the match
    my_turn(app, scene)
    assert scene.board.points == [20, 0]
    assert scene.board.match_line == "Deal 2 of 2"


def _on_screen(scene: TableScene) -> tuple[object, ...]:
    b = scene.board
    return (b.points, b.names, b.sizes, b.match_line, b.open_pile[-1:], b.count,
            b.count_reason, list(b.moves.lines), [list(g) for g in scene.hand.groups])


def test_continue_shows_what_was_on_screen_before_esc(app: App) -> None:
    scene = drop_a_deal(app, ONE_DEAL)
    assert scene.result is not None
    click(app, scene.result.buttons["next"].rect.center)  # New deal
    my_turn(app, scene)
    click(app, scene.board.lay.closed_deck.center)  # draw
    until(app, lambda: scene.idle)
    app.step(1 / 60)  # saved
    before = _on_screen(scene)
    assert before[7], "the move log has the deal's moves"
    key(app, pygame.K_ESCAPE)
    menu = app.top
    assert isinstance(menu, TitleScene)
    click(app, menu.continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    app.step(1 / 60)
    assert _on_screen(again) == before


def test_statistics_count_a_lone_deal_as_a_deal_not_a_match(app: App, data: Path) -> None:
    scene = drop_a_deal(app, ONE_DEAL)
    assert scene.result is not None
    click(app, scene.result.buttons["menu"].rect.center)
    stats = Statistics(data)
    try:
        (summary,) = stats.summary()
    finally:
        stats.close()
    assert (summary.deals, summary.matches) == (1, 0)
    assert row_cells(summary, "Indian Rummy")[7] == "-"  # no match played


def test_statistics_count_a_match_once_it_is_over(app: App, data: Path) -> None:
    scene = drop_a_deal(app, TWO_DEALS)
    key(app, pygame.K_RETURN)
    my_turn(app, scene)
    click(app, scene.board.buttons["drop"].rect.center)
    until(app, lambda: scene.result is not None and scene.driver.match.over)
    stats = Statistics(data)
    try:
        (summary,) = stats.summary()
    finally:
        stats.close()
    assert (summary.deals, summary.matches, summary.matches_won) == (2, 1, 0)
