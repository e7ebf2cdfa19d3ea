"""Demo mode: bots fill every seat and the table plays a whole deal by itself."""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from pathlib import Path

import pytest

from rummy.ai import BOTS
from rummy.model import Action, PlayerView
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_demo_plays_a_whole_deal_and_quits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    log = tmp_path / "events.jsonl"
    monkeypatch.setenv("RUMMY_EVENT_LOG", str(log))
    app = App(audio=False, settings_dir=tmp_path / "settings", inline_work=True)
    try:
        config = GameConfig("indian_13", {}, 3, ("greedy", "random", "greedy"), 5, None)
        scene = TableScene(app, config, deals=1, quit_when_done=True, speed=8.0)
        app.push(scene)
        frames = 0
        while app.step(0.1):
            frames += 1
            assert frames < 5000, "the demo deal never ended"
        assert scene.deals_done == 1
        result = local_driver(scene.driver).state.result
        assert result is not None
        assert scene.result is not None and scene.result.result == result
    finally:
        app.close()
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert rows[0]["event"] in ("toss_made", "toss_won", "cards_dealt")
    assert rows[-1]["event"] == "deal_scored"
    assert any(r["event"] == "card_discarded" for r in rows)


class SlowBot:
    """Thinks hard (pure Python, holding the GIL) for 0.4 s, then plays the first legal move."""

    name = "slow"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        end = time.perf_counter() + 0.4
        n = 0
        while time.perf_counter() < end:
            n += sum(range(200))
        return legal[0]


@pytest.mark.slow
@pytest.mark.timeout(60)
def test_frames_keep_coming_while_a_bot_thinks(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "slow", SlowBot)
    app = App(audio=False, settings_dir=tmp_path / "settings")
    try:
        config = GameConfig("indian_13", {}, 2, ("slow", "slow"), 5, None)
        scene = TableScene(app, config, speed=8.0)
        app.push(scene)
        while not scene.idle:
            app.step(0.05)
        frames: list[float] = []
        moves = len(local_driver(scene.driver).actions)
        start = time.perf_counter()
        while (len(local_driver(scene.driver).actions) < moves + 2
               and time.perf_counter() - start < 20):
            t0 = time.perf_counter()
            app.step(1 / 60)
            frames.append(time.perf_counter() - t0)
        assert len(local_driver(scene.driver).actions) >= moves + 2  # the bots did move
        # 0.8 s of thinking happened meanwhile, yet the frames went on, each one short: a
        # frame that waited for the bot would take its 0.4 s (a busy machine alone slows
        # a frame, so the bound is far from both)
        assert len(frames) > 20
        assert sorted(frames)[len(frames) // 2] < 0.15
    finally:
        app.close()


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_frames_keep_coming_while_the_expert_thinks(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """The expert searches for about a second a move (a budget near its default): the
    table's frames go on meanwhile, as with any bot."""
    import rummy.ai.expert

    monkeypatch.setattr(rummy.ai.expert, "DEFAULT_BUDGET", 300)
    app = App(audio=False, settings_dir=tmp_path / "settings")
    try:
        config = GameConfig("indian_13", {}, 2, ("expert", "expert"), 5, None)
        scene = TableScene(app, config, speed=8.0)
        app.push(scene)
        while not scene.idle:
            app.step(0.05)
        frames: list[float] = []
        local = local_driver(scene.driver)
        moves = len(local.actions)
        start = time.perf_counter()
        while len(local.actions) < moves + 4 and time.perf_counter() - start < 60:
            t0 = time.perf_counter()
            app.step(1 / 60)
            frames.append(time.perf_counter() - t0)
        assert len(local_driver(scene.driver).actions) >= moves + 4
        assert len(frames) > 20
        assert sorted(frames)[len(frames) // 2] < 0.15
    finally:
        app.close()
