"""The toss and the dealer's pick at the table (docs/rules.md, "The toss and the dealer"):
the deck spread face down, a click on a card picks it, the picked cards turn over, the
outcome is said before the deal's cards fly; Quick start skips it all."""

from __future__ import annotations

import pytest

from rummy.model.events import CardPicked, CardsDealt, WildJokerCut
from rummy.model.families import Phase
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver

from .events import click
from .table_helpers import settle


def ceremony_table(app: App, variant: str = "two_player_13", seed: int = 5) -> TableScene:
    config = GameConfig(variant, {}, 2, ("greedy",), seed, 0, ceremony=True)
    scene = TableScene(app, config, speed=4.0)
    app.push(scene)
    settle(app, scene)
    return scene


@pytest.mark.timeout(90)
def test_two_player_toss_and_joker_are_picked_with_clicks(app: App) -> None:
    scene = ceremony_table(app)
    assert local_driver(scene.driver).state.phase is Phase.PICK
    assert scene.ceremony.size == 52 and scene.ceremony.picker == 0
    # the banner says what to do; no turn's line ("Discard a card...") nor a count's reason
    assert scene.board.status_line == "" and scene.board.count_reason == ""
    click(app, scene.ceremony.grip(9))
    picked = [e for e in local_driver(scene.driver).state.history if isinstance(e, CardPicked)]
    assert [(e.seat, e.position) for e in picked] == [(0, 9)]
    banners: set[str] = set()
    for _ in range(3000):  # the bot picks after its pause; the outcome is shown, then dealt
        app.step(1 / 30)
        banners.add(scene.ceremony.banner)
        if scene.ceremony.picker == 0 and scene.idle:  # the dealer's pick of the joker
            assert scene.ceremony.purpose == "joker"
            click(app, scene.ceremony.grip(3))
        if local_driver(scene.driver).state.phase is not Phase.PICK and scene.idle:
            break
    state = local_driver(scene.driver).state
    assert state.phase is Phase.DRAW and scene.driver.view.wild_joker is not None
    dealer = state.dealer
    assert dealer is not None
    who = scene.board.names
    deals = "You deal" if who[dealer] == "You" else f"{who[dealer]} deals"
    plays = "You play" if who[1 - dealer] == "You" else f"{who[1 - dealer]} plays"
    assert f"{deals} · {plays} first" in banners
    # the outcome was said before the deal's cards flew: it is in the history before them
    kinds = [type(e) for e in state.history]
    assert kinds.index(CardsDealt) < kinds.index(WildJokerCut)
    assert not scene.ceremony.showing  # gathered once the joker lies under the deck


@pytest.mark.timeout(60)
def test_a_pick_out_of_turn_is_refused_with_the_engines_reason(app: App) -> None:
    scene = ceremony_table(app)
    local_driver(scene.driver).bots.clear()  # nobody picks for seat 1: the spread waits for it
    click(app, scene.ceremony.grip(20))
    click(app, scene.ceremony.grip(30))
    assert "not your pick" in scene.board.message
    assert scene.ceremony.turned.keys() <= {20}


@pytest.mark.timeout(60)
def test_quick_start_is_a_setting_new_game_follows(app: App) -> None:
    app.open("new_game")
    screen = app.stack[-1]
    config = screen.config()  # type: ignore[attr-defined]
    assert config is not None and config.ceremony  # off by default: the ceremony is played
    app.settings.quick_start = True
    assert not screen.config().ceremony  # type: ignore[attr-defined]
