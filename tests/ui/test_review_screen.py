"""The review screen, driven with posted events under SDL's dummy driver: opened from the
round panel after a deal played at the table and from Replays, stepped with keys and
buttons, jumped to the blunders, and stopped with Esc while it is worked out.

The expert's appraisal is stood in for (tests/review/doubles.py): what is tested here is
the screen; the expert's verdicts are tested in tests/review/test_expert_review.py.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

import pygame
import pytest

from rummy.ai import make_bot
from rummy.ai.appraisal import Appraisal
from rummy.model.actions import Action
from rummy.model.view import PlayerView
from rummy.session import Session
from rummy.store.replays import ReplayShelf
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.launch import register_scenes
from rummy.ui.screens.replays import ReplaysScene
from rummy.ui.screens.review import ReviewScene
from rummy.ui.table import TableScene
from tests.review.doubles import hashed_appraiser
from tests.review.helpers import played_deal
from tests.ui.events import click, key
from tests.ui.table_helpers import settle

pytestmark = pytest.mark.timeout(90)


def until(app: App, done: Callable[[], bool], frames: int = 4000) -> None:
    for _ in range(frames):
        if done():
            return
        app.step(0.05)
    raise AssertionError("it never happened")


def table(app: App, seed: int = 8, game: Session | None = None) -> TableScene:
    """An Indian rummy table, the player in seat 0 against greedy."""
    config = GameConfig("indian_13", {}, 2, ("greedy", "greedy"), seed, 0)
    scene = TableScene(app, config, game=game, speed=8.0)
    app.push(scene)
    settle(app, scene)
    return scene


def play_the_deal(app: App, scene: TableScene) -> None:
    """The player's moves chosen by the medium bot and played through the table's
    driver, the others' by the table's bots, to the deal's end."""
    mine = make_bot("medium", seed=9)
    for _ in range(600):
        if scene.result is not None:
            return
        driver = scene.driver
        if scene.idle and driver.view.my_turn:
            legal = driver.legal()
            assert driver.act(mine.choose(driver.view, legal)) is None
        app.step(0.05)
    raise AssertionError("the deal never ended")


def review_on_top(app: App) -> ReviewScene:
    top = app.top
    assert isinstance(top, ReviewScene)
    until(app, lambda: top.review is not None)
    return top


@pytest.fixture
def reviewing_app(app: App) -> App:
    app.register("review", partial(ReviewScene, appraiser=hashed_appraiser()))
    return app


def test_review_from_the_round_panel_steps_and_jumps_to_blunders(reviewing_app: App) -> None:
    app = reviewing_app
    scene = table(app)
    play_the_deal(app, scene)
    assert scene.result is not None
    button = scene.result.buttons["review"]
    click(app, button.rect.center)
    review = review_on_top(app)
    app.step(1 / 60)  # painted once
    decisions = review.review.decisions  # type: ignore[union-attr]
    assert len(decisions) >= 3 and review.index == 0
    assert decisions[0].moment.view.seat == scene.driver.human_seat
    key(app, pygame.K_RIGHT)
    assert review.index == 1
    click(app, review.buttons["next"].rect.center)
    assert review.index == 2
    click(app, review.buttons["previous"].rect.center)
    assert review.index == 1
    blunders = review.review.blunders  # type: ignore[union-attr]
    assert blunders, "the stand-in appraiser rates some moves blunders"
    key(app, pygame.K_b)
    assert review.index == next((i for i in blunders if i > 1), blunders[0])
    assert decisions[review.index].verdict == "blunder"
    click(app, review.buttons["blunder"].rect.center)
    assert decisions[review.index].verdict == "blunder"
    shown = review.board
    assert shown is not None
    assert set(shown.hand.cards) == set(decisions[review.index].moment.view.hand)
    key(app, pygame.K_ESCAPE)
    assert app.top is scene and scene.result is not None  # back to the round panel


def test_no_review_is_offered_for_a_deal_set_up_by_hand(reviewing_app: App) -> None:
    from tests.ui.table_helpers import prepared_game
    app = reviewing_app
    scene = table(app, 3, game=prepared_game())
    play_the_deal(app, scene)
    assert scene.result is not None and "review" not in scene.result.buttons


class Gate:
    """An appraiser that waits to be let through, one decision at a time."""

    def __init__(self) -> None:
        self.open = threading.Event()
        self.calls = 0
        self.inner = hashed_appraiser()

    def appraise(self, view: PlayerView, legal: Sequence[Action],
                 include: Sequence[Action] = ()) -> list[Appraisal]:
        self.calls += 1
        self.open.wait(5)
        return self.inner.appraise(view, legal, include)


@pytest.mark.parametrize("how", ["esc", "button"])
def test_esc_stops_the_review_while_it_is_worked_out(tmp_path: Path, how: str) -> None:
    app = register_scenes(App(audio=False, settings_dir=tmp_path / "settings"))
    try:
        gate = Gate()
        app.open("title")
        review = app.open("review", game=played_deal(seed=4), seat=0, appraiser=gate)
        assert isinstance(review, ReviewScene)
        deadline = time.monotonic() + 10
        while gate.calls == 0 and time.monotonic() < deadline:  # the worker gets there
            app.step(1 / 60)
            time.sleep(0.01)
        app.step(1 / 60)
        assert review.working and (review.done, review.total) == (0, 16) and gate.calls == 1
        if how == "esc":
            key(app, pygame.K_ESCAPE)
        else:
            click(app, review.stop_button.rect.center)
        assert app.top is not review
        gate.open.set()
        assert review._worker is not None
        review._worker.join(5)
        assert not review._worker.is_alive()
        assert gate.calls == 1 and review.review is None  # it stopped after that decision
    finally:
        app.close()


def test_replays_offer_review_for_the_players_deals(reviewing_app: App) -> None:
    app = reviewing_app
    shelf = ReplayShelf()
    shelf.add(played_deal("super_rummy", seed=4), ["Medium 1", "You"], "You won")
    shelf.add(played_deal(seed=4), ["Medium 1", "Medium 2"], "Medium 1 won")
    app.open("replays")
    replays = app.top
    assert isinstance(replays, ReplaysScene)
    app.step(1 / 60)
    click(app, replays.row_rect(0).center)  # the bots' deal (the newest is first)
    assert not replays.review.enabled
    click(app, replays.row_rect(1).center)
    assert replays.review.enabled
    click(app, replays.review.rect.center)
    review = review_on_top(app)
    assert review.review is not None and review.review.deal.seat == 1
    assert review.review.names == ("Medium 1", "You")
    app.step(1 / 60)
