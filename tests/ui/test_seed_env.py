"""RUMMY_SEED fixes the deal of games started from New game (replaying a deal exactly)."""

from __future__ import annotations

import pytest

from rummy.ui.app import App
from rummy.ui.game_config import SEED_VAR, fixed_seed
from rummy.ui.screens.new_game import NewGameScene
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver


def started_hand(app: App) -> list[str]:
    menu = NewGameScene(app)
    app.push(menu)
    menu.start_game()
    table = app.top
    assert isinstance(table, TableScene), menu.message
    hand = [c.code for c in local_driver(table.driver).state.hands[0]]
    table.driver.close()
    app.pop()
    app.pop()
    return hand


@pytest.mark.timeout(30)
def test_rummy_seed_deals_the_same_game_twice(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(SEED_VAR, "53")
    first = started_hand(app)
    assert started_hand(app) == first
    monkeypatch.setenv(SEED_VAR, "54")
    assert started_hand(app) != first


def test_a_bad_seed_is_ignored_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert fixed_seed({SEED_VAR: "many"}) is None
    assert "RUMMY_SEED must be a whole number, not 'many'" in capsys.readouterr().err
    assert fixed_seed({SEED_VAR: " 7 "}) == 7 and fixed_seed({SEED_VAR: ""}) is None
