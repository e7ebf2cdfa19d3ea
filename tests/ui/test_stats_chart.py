"""The statistics chart shows each deal as a point (issue 28, "smaller things": it was a
bare line, and how many deals it joined could not be told)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.store.stats import Statistics
from rummy.ui.app import App
from rummy.ui.palette import GOLD as ACCENT
from rummy.ui.scene import Scene
from rummy.ui.screens.stats import StatsScene


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = App(audio=False, settings_dir=tmp_path / "settings")
    application.push(Scene(application))
    yield application
    application.close()


@pytest.mark.timeout(60)
def test_each_deal_is_a_dot_on_the_line(app: App, tmp_path: Path) -> None:
    stats = Statistics(tmp_path / "data")
    try:
        for _ in range(6):  # six equal counts: a flat line, but six dots on it
            stats.record_deal("indian_13", ["hard"], won=False, points=30, seconds=60)
        scene = StatsScene(app, stats)
        app.push(scene)
        app.step(1 / 60)
        app.screen.fill((0, 0, 0))
        scene.draw_chart(app.screen)
        spots = scene.chart_spots()
        assert len(spots) == 6 and len({y for _, y in spots}) == 1
        for x, y in spots:  # above the line (2 pixels thick), only a dot reaches
            assert app.screen.get_at((x, y - 3))[:3] == ACCENT, (x, y)
        between = ((spots[0][0] + spots[1][0]) // 2, spots[0][1] - 3)
        assert app.screen.get_at(between)[:3] != ACCENT  # the line itself stays thin
    finally:
        stats.close()
