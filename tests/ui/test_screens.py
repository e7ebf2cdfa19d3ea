"""The Statistics, Replays and Settings screens driven by posted mouse and key events."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.session import Session
from rummy.store.replays import ReplayShelf
from rummy.store.settings import Settings
from rummy.store.stats import Statistics
from rummy.ui.app import App
from rummy.ui.columns import fit_table
from rummy.ui.palette import GOLD
from rummy.ui.scene import Scene
from rummy.ui.screens import replays as replays_screen
from rummy.ui.screens.replays import ReplaysScene
from rummy.ui.screens.settings import SettingsScene
from rummy.ui.screens.stats import COLUMNS, GAP, TABLE_SIZES, StatsScene, row_cells
from tests.store.helpers import play

from .events import click, key

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(audio=False, settings_dir=tmp_path / "settings")
    application.push(Scene(application))  # what the screens return to
    yield application
    application.close()


def test_statistics_show_and_reset_after_asking(app: App, tmp_path: Path) -> None:
    stats = Statistics(tmp_path / "data")
    for points in (0, 30, 0, 80, 0):
        stats.record_deal("indian_13", ["hard"], won=points == 0, points=points, seconds=60)
    stats.record_deal("two_player_13", ["easy"], won=True, points=0, seconds=30)
    scene = StatsScene(app, stats)
    app.push(scene)
    app.step(1 / 60)
    assert [(s.variant, s.deals) for s in scene.summaries] == [("indian_13", 5),
                                                              ("two_player_13", 1)]
    # The chart shows one row's deals: Indian rummy's counts, not the other table's.
    assert [p for _, p in scene.points] == [0, 30, 0, 80, 0]
    key(app, pygame.K_DOWN)
    assert scene.selected == 1 and [p for _, p in scene.points] == [0]
    _rows, font, _widths = scene.fitted()
    first_row = (scene.table.centerx, scene.table.y + 8 + (font.get_linesize() + 4) * 3 // 2)
    click(app, first_row)
    assert scene.selected == 0 and len(scene.points) == 5
    click(app, scene.reset_button.rect.center)
    assert scene.asking
    click(app, scene.no.rect.center)
    assert not scene.asking and len(stats.summary()) == 2  # No keeps everything
    click(app, scene.reset_button.rect.center)
    key(app, pygame.K_ESCAPE)  # Esc answers No too
    assert not scene.asking and len(stats.summary()) == 2 and app.top is scene
    click(app, scene.reset_button.rect.center)
    click(app, scene.yes.rect.center)
    assert stats.summary() == [] and scene.summaries == [] and scene.points == []
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene
    stats.close()


def test_the_chart_says_which_way_points_are_better(app: App, tmp_path: Path) -> None:
    # A count to keep low in Indian rummy, points won in classic rummy.
    stats = Statistics(tmp_path / "data")
    stats.record_deal("indian_13", ["hard"], won=False, points=30, seconds=60)
    stats.record_deal("super_rummy", ["hard"], won=True, points=45, seconds=60,
                      lower_is_better=False)
    scene = StatsScene(app, stats)
    app.push(scene)
    app.step(1 / 60)
    assert scene.summaries[0].variant == "indian_13"
    assert "(last 1, lower is better)" in scene.chart_title()
    key(app, pygame.K_DOWN)
    assert "Super Rummy" in scene.chart_title()
    assert "(last 1, higher is better)" in scene.chart_title()
    # One deal is one dot on the chart (it stayed empty until a second deal).
    app.screen.fill((0, 0, 0))
    scene.draw_chart(app.screen)
    chart = app.screen.subsurface(scene.chart)
    golden = [(x, y) for x in range(chart.get_width()) for y in range(chart.get_height())
              if chart.get_at((x, y))[:3] == GOLD]
    assert golden, "no point drawn"
    stats.close()


def test_records_name_their_variant_as_players_read_it(app: App, tmp_path: Path) -> None:
    stats = Statistics(tmp_path / "data")
    stats.record_deal("indian_13", ["hard"], won=True, points=0, seconds=60)
    stats.record_deal("a_variant_since_removed", ["medium"], won=False, points=20, seconds=9)
    scene = StatsScene(app, stats)
    app.push(scene)
    app.step(1 / 60)
    rows = [row_cells(s, scene.titles[s.variant])[:2] for s in scene.summaries]
    assert sorted(rows) == [["Indian Rummy (13 cards)", "Hard"],
                            ["a_variant_since_removed", "Medium"]]  # an old record stays
    stats.close()
    shelf = ReplayShelf(tmp_path / "data")
    shelf.add(Session.lone_deal("dummy_rummy", players=2, seed=1), players=["a", "b"],
              result="x")
    replays = ReplaysScene(app, shelf)
    app.push(replays)
    app.step(1 / 60)
    assert replays.titles == {"dummy_rummy": "Dummy Rummy"}


@pytest.mark.parametrize("room", [900, 1220, 1900])
def test_statistics_columns_fit_their_headings_and_the_table(app: App, room: int) -> None:
    rows = [["Two-player classic (single deck)", "Medium", "10 of 120", "8%", "47.0",
             "9 / 68", "10 / 12", "3 of 15", "12 h 17 min"]] * 3
    font, widths = fit_table([app.res.font(size) for size in TABLE_SIZES], COLUMNS, rows,
                             room, GAP)
    assert sum(widths) <= room
    for index, (heading, width) in enumerate(zip(COLUMNS, widths, strict=True)):
        cells = [heading, *(row[index] for row in rows)]
        if index or room > 1000:  # at 960 pixels the variant's name is cut short
            assert all(font.size(cell)[0] <= width - GAP for cell in cells), (heading, width)


def test_replays_columns_fit_their_cells(app: App, tmp_path: Path) -> None:
    """The columns once had fixed shares of the width, which cut six players' names
    short while the date column stood half empty."""
    shelf = ReplayShelf(tmp_path / "data")
    names = ["You", "Medium 2", "Medium 3", "Medium 4", "Medium 5", "Medium 6"]
    shelf.add(play(Session.lone_deal("indian_13", players=6, seed=4)), players=names,
              result="Medium 4 won")
    scene = ReplaysScene(app, shelf)
    app.push(scene)
    app.step(1 / 60)
    widths = scene.widths()
    assert sum(widths) <= scene.list_rect.width - 24
    for index, width in enumerate(widths):
        for text in (replays_screen.HEADINGS[index], scene.cells(scene.entries[0])[index]):
            assert scene.font.size(text)[0] <= width - replays_screen.GAP, (text, width)


def test_replays_list_and_watch(app: App, tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path / "data")
    first = play(Session.lone_deal("indian_13", players=2, seed=1))
    second = play(Session.lone_deal("indian_13", players=3, seed=2))
    shelf.add(first, players=["You", "hard"], result="You won")
    shelf.add(second, players=["You", "easy", "medium"], result="medium won")
    (shelf.dir / "19990101-000000-000000.json").write_text("{broken")
    watched: list[Session] = []
    scene = ReplaysScene(app, shelf, on_watch=lambda game, entry: watched.append(game))
    app.push(scene)
    app.step(1 / 60)
    assert [e.result for e in scene.entries] == ["medium won", "You won"]
    assert "cannot be shown" in scene.message  # the broken file, set aside
    assert not scene.watch.enabled
    click(app, scene.row_rect(1).center)
    assert scene.selected == 1 and scene.watch.enabled
    click(app, scene.watch.rect.center)
    assert len(watched) == 1 and watched[0].state == first.state
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert len(watched) == 2 and watched[1].state == second.state
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_replays_without_a_table_only_list(app: App, tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path / "data")
    shelf.add(Session.lone_deal("indian_13", players=2, seed=1), players=["a", "b"], result="x")
    scene = ReplaysScene(app, shelf)
    app.push(scene)
    click(app, scene.row_rect(0).center)
    assert scene.selected == 0 and not scene.watch.enabled


def test_settings_are_changed_by_clicks_and_kept(app: App, tmp_path: Path) -> None:
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    by_label = {s.label.split(" (")[0]: s for s in scene.selectors}
    click(app, by_label["Sort the hand by"].right.center)
    click(app, by_label["Four-colour deck"].rect.center)
    click(app, by_label["Confirm before dropping"].rect.center)
    click(app, by_label["Animation speed"].right.center)
    click(app, by_label["Card back"].left.center)
    click(app, by_label["Volume"].left.center)
    prefs = app.settings
    assert (prefs.sort_by, prefs.four_colour, prefs.confirm_drop) == ("rank", True, False)
    assert (prefs.animation_speed, prefs.card_back, prefs.volume) == (1.5, "black", 0.5)
    assert app.res.volume == 0.5
    again = Settings.load(tmp_path / "settings")  # on disk, for the next start
    assert again.sort_by == "rank" and again.four_colour is True
    key(app, pygame.K_ESCAPE)
    assert app.top is not scene


def test_a_bad_value_in_the_settings_file_is_reported(app: App, tmp_path: Path) -> None:
    app.settings.sort_by = "colour"
    scene = SettingsScene(app)
    app.push(scene)
    app.step(1 / 60)
    assert "sort_by" in scene.message
    assert app.settings.sort_by == "suit"
