"""What the game remembers, as a player reaches it from the title: Continue after Esc and
after closing the window, a corrupt save, Statistics and Replays after a finished deal,
watching a replay at the table, and Settings that change the table. Posted events, the SDL
dummy driver, the data folder in the test's own directory."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.model import Card, parse_card
from rummy.store.saves import SaveSlot, groups_to_codes
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.launch import register_scenes
from rummy.ui.screens.new_game import NewGameScene
from rummy.ui.screens.replay_table import ReplayTableScene
from rummy.ui.screens.replays import ReplaysScene
from rummy.ui.screens.settings import SettingsScene
from rummy.ui.screens.stats import StatsScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.parts_contract import ContractParts
from rummy.ui.table.record_keeper import LEFT_SAVED

from .events import click, key
from .table_helpers import drag, grip

pytestmark = pytest.mark.timeout(120)

CONFIG = GameConfig("indian_13", {"allow_drop": True}, 2, ("greedy",), 5, 0)


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "data"
    monkeypatch.setenv("RUMMY_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(tmp_path: Path, data: Path) -> Iterator[App]:
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
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


def title(app: App) -> TitleScene:
    assert isinstance(app.top, TitleScene)
    return app.top


def my_turn_table(app: App, config: GameConfig = CONFIG) -> TableScene:
    """A new table, stepped until it is the player's turn and nothing moves."""
    scene = app.open("table", config=config, speed=8.0)
    assert isinstance(scene, TableScene)
    until(app, lambda: scene.idle and scene.driver.view.my_turn and scene.result is None)
    return scene


def pick(app: App, scene: TableScene, card: Card) -> None:
    """Click a hand card (near its left edge, which the next card does not cover)."""
    until(app, lambda: all(s.settled for s in scene.board.sprites.values()))
    x, y = scene.board.sprites[card].pos
    click(app, (x + 4, y + scene.card_height() // 2))
    assert card in scene.hand.selected


def codes(groups: list[list[Card]]) -> list[list[str]]:
    return groups_to_codes(groups)


def test_esc_saves_and_continue_resumes_exactly(app: App, data: Path) -> None:
    scene = my_turn_table(app)
    click(app, scene.board.lay.closed_deck.center)  # draw
    until(app, lambda: scene.idle)
    key(app, pygame.K_s)  # sort: a rearrangement, saved too
    pick(app, scene, scene.hand.cards[0])
    pick(app, scene, scene.hand.cards[-1])
    key(app, pygame.K_g)  # group two cards
    assert len(scene.hand.groups[-1]) == 2
    app.step(1 / 60)
    state, groups = local_driver(scene.driver).state, codes(scene.hand.groups)
    saved = SaveSlot(data).load()
    assert saved is not None and saved.hand == groups
    assert saved.game.state == state
    key(app, pygame.K_ESCAPE)
    menu = title(app)
    assert menu.saved and menu.notice == LEFT_SAVED
    app.open("rules")  # any other screen and back: the notice is not shown again
    key(app, pygame.K_ESCAPE)
    assert app.top is menu and menu.notice == ""
    click(app, menu.continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    app.step(1 / 60)
    assert local_driver(again.driver).state == state
    assert codes(again.hand.groups) == groups
    assert again.driver.view.my_turn  # and it plays on: discard the first card
    scene_card = again.hand.groups[0][0]
    pick(app, again, scene_card)
    key(app, pygame.K_d)
    until(app, lambda: local_driver(again.driver).state.turn != 0 or again.result is not None)
    assert scene_card not in again.driver.view.hand


def test_continue_keeps_the_turn_timer_where_it_stood(app: App, data: Path) -> None:
    config = GameConfig("indian_13", {"turn_timer": 30}, 2, ("greedy",), 5, 0)
    scene = my_turn_table(app, config)
    assert scene.turn_left is not None
    for _ in range(120):  # twelve seconds of the player's turn go by
        app.step(0.1)
    left = scene.turn_left
    assert left is not None and 17 <= left <= 19
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    click(app, title(app).continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    assert again.turn_left is not None and abs(again.turn_left - left) <= 1.0
    assert again.board.timer == again.turn_left  # shown as it runs on, not 30 again


def test_closing_the_window_saves_first(app: App, data: Path) -> None:
    scene = my_turn_table(app)
    click(app, scene.board.lay.closed_deck.center)
    until(app, lambda: scene.idle)
    state = local_driver(scene.driver).state
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step(1 / 60) is False
    saved = SaveSlot(data).load()
    assert saved is not None and saved.game.state == state
    assert scene.board.message == LEFT_SAVED  # shown on the last frame


def test_a_corrupt_save_says_so_and_the_game_starts_normally(app: App, data: Path) -> None:
    data.mkdir(parents=True, exist_ok=True)
    (data / "save.json").write_text('{"format": "rummy-save/1", "game": {"trunc')
    app.pop()
    app.open("title")
    menu = title(app)
    assert menu.saved
    click(app, menu.continue_button.rect.center)
    assert app.top is menu and not menu.saved
    assert "could not be continued" in menu.message and "kept as" in menu.message
    assert list(data.glob("save.json.bad-*")) and not (data / "save.json").exists()
    click(app, menu.buttons[0].rect.center)  # New game works as always
    assert isinstance(app.top, NewGameScene)


def finish_a_deal_by_dropping(app: App) -> TableScene:
    app.settings.confirm_drop = False  # Settings: no second press to drop
    scene = my_turn_table(app)
    click(app, scene.board.buttons["drop"].rect.center)
    until(app, lambda: scene.result is not None)
    return scene


def test_statistics_replays_and_watching_after_a_finished_deal(app: App, data: Path) -> None:
    scene = finish_a_deal_by_dropping(app)
    assert not (data / "save.json").exists()  # the match is over: nothing to continue
    assert scene.result is not None
    click(app, scene.result.buttons["menu"].rect.center)
    menu = title(app)
    assert not menu.saved and menu.notice == ""
    click(app, menu.store_buttons[0].rect.center)
    stats = app.top
    assert isinstance(stats, StatsScene)
    assert [(s.variant, s.level, s.deals, s.deals_won, s.best) for s in stats.summaries] \
        == [("indian_13", "greedy", 1, 0, 20)]
    key(app, pygame.K_ESCAPE)
    click(app, menu.store_buttons[1].rect.center)
    replays = app.top
    assert isinstance(replays, ReplaysScene) and len(replays.entries) == 1
    entry = replays.entries[0]
    assert entry.variant == "indian_13" and entry.players == ("You", "Greedy 2")
    assert "Greedy 2 won" in entry.result
    click(app, replays.row_rect(0).center)
    click(app, replays.watch.rect.center)
    watch = app.top
    assert isinstance(watch, ReplayTableScene)
    stepper = watch.stepper
    assert stepper.index == 0 and stepper.positions >= 2
    key(app, pygame.K_END)
    assert stepper.at_end and watch.result is not None  # the result, every hand shown
    key(app, pygame.K_LEFT)
    assert stepper.index == stepper.positions - 2 and watch.result is None
    click(app, watch.buttons["forward"].rect.center)
    assert stepper.at_end
    key(app, pygame.K_HOME)
    click(app, watch.buttons["faster"].rect.center)
    assert stepper.speed == 4.0
    key(app, pygame.K_SPACE)
    until(app, lambda: stepper.at_end, frames=200)
    assert not stepper.playing and watch.result is not None
    key(app, pygame.K_ESCAPE)
    assert app.top is replays


@pytest.mark.slow
def test_a_round_of_contract_rummy_is_kept_and_watched_on_its_own(
        app: App, data: Path) -> None:
    """A round is dealt from where its match stands: it is kept as the match so far and
    the Replays screen shows just that round."""
    from rummy.ai import make_bot
    from rummy.store.replays import ReplayShelf

    config = GameConfig("dummy_rummy", {}, 2, ("greedy",), 4, 0)
    scene = app.open("table", config=config, speed=8.0)
    assert isinstance(scene, TableScene)
    bot = make_bot("greedy", 7)

    def round_over() -> bool:
        driver = scene.driver
        if scene.result is None and scene.idle and driver.view.my_turn and driver.legal():
            assert scene.try_act(bot.choose(driver.view, driver.legal()))  # the player's move
        return scene.result is not None

    until(app, round_over, frames=20000)
    (entry,) = ReplayShelf(data).list()
    assert (entry.kind, entry.deal, entry.variant) == ("deal", 0, "dummy_rummy")
    assert entry.result.endswith("round 1")
    listed = app.open("replays")
    assert isinstance(listed, ReplaysScene)
    assert listed.cells(entry)[1] == "Dummy Rummy (round)"  # not "(deal)"
    key(app, pygame.K_ESCAPE)
    watch = app.open("replay_table", game=ReplayShelf(data).load(entry), entry=entry)
    assert isinstance(watch, ReplayTableScene)
    assert watch.stepper.kind == "deal" and watch.stepper.match is not None
    assert watch.board is not None and watch.board.match_line == "Replay · round 1"
    # a replay is only watched: no zone to lay a new meld on (the table had one)
    assert scene.board.parts.seated and not watch.board.parts.seated
    key(app, pygame.K_END)
    assert watch.stepper.at_end and watch.result is not None
    # The result stands above the replay's controls, for the round just played, and
    # offers to watch it again.
    panel = watch.result
    assert watch.board.match_line == "Replay · round 1"
    assert all(not panel.buttons["next"].rect.colliderect(b.rect)
               for b in watch.buttons.values())
    assert panel.surface is not None
    assert panel.surface.get_height() <= watch.buttons["play"].rect.top
    assert panel.next_label == "Watch again" and panel.buttons["menu"].name == "Close"
    # Paused, once the cards are at rest, its frames stand until something changes.
    until(app, lambda: watch.look() is not None, frames=600)
    look = watch.look()
    assert isinstance(look, tuple) and look[0] == watch.stepper.index
    click(app, panel.buttons["next"].rect.center)  # Watch again: from the deal, playing
    assert watch.stepper.index == 0 and watch.stepper.playing and watch.result is None


def test_settings_change_the_table(app: App, data: Path) -> None:
    menu = title(app)
    click(app, menu.store_buttons[2].rect.center)
    prefs = app.top
    assert isinstance(prefs, SettingsScene)
    by_label = {s.label.split(" (")[0]: s for s in prefs.selectors}
    blue_before = app.res.card("7D", 100).get_at((50, 75))
    click(app, by_label["Four-colour deck"].rect.center)
    click(app, by_label["Sort the hand by"].right.center)
    back_before = app.res.back(60).get_at((30, 45))
    click(app, by_label["Card back"].right.center)
    assert app.res.back(60).get_at((30, 45)) != back_before  # a back that looks different
    key(app, pygame.K_ESCAPE)
    assert app.res.four_colour
    scene = my_turn_table(app)
    key(app, pygame.K_s)
    for group in scene.hand.groups:  # by rank: each group one rank (the wild ones apart)
        ranks = {c.rank for c in group if not scene.hand.is_wild(c)}
        assert len(ranks) <= 1, group
    diamond = app.res.card("7D", 100)
    pip = max(((diamond.get_at((x, y))) for x in range(100) for y in range(145)),
              key=lambda c: c.b - c.r)
    assert pip.b > 150 and pip.r < 60, pip  # the diamonds are blue now
    assert blue_before != diamond.get_at((50, 75)) or pip.b > pip.r


@pytest.mark.parametrize("variant", ["super_rummy", "dummy_rummy", "two_player_13"])
def test_continue_every_family(app: App, data: Path, variant: str) -> None:
    config = GameConfig(variant, {}, 2, ("medium",), 9, 0)
    scene = my_turn_table(app, config)
    click(app, scene.board.lay.closed_deck.center)  # draw
    until(app, lambda: scene.idle)
    state, groups = local_driver(scene.driver).state, codes(scene.hand.groups)
    key(app, pygame.K_ESCAPE)
    click(app, title(app).continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    app.step(1 / 60)
    assert local_driver(again.driver).state == state and codes(again.hand.groups) == groups
    assert again.driver.match.totals == scene.driver.match.totals


def test_continue_keeps_cards_staged_for_the_contract_as_a_group(app: App, data: Path) -> None:
    """Cards staged in a lay-down slot came back after Continue mixed into one group at the
    end of the hand (a play-tester): the save keeps them as a group of their own."""
    config = GameConfig("dummy_rummy", {}, 2, ("medium",), 9, 0)
    scene = my_turn_table(app, config)
    click(app, scene.board.lay.closed_deck.center)  # draw
    until(app, lambda: scene.idle)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    pairs = [sorted(c.code for c in scene.hand.cards[i:i + 2]) for i in (0, 2)]
    for slot, pair in enumerate(pairs):
        for code in pair:
            pick(app, scene, parse_card(code))
        assert parts.placed is not None
        drag(app, grip(scene, pair[0]), parts.placed.slots[slot].rect.center)
        until(app, lambda: scene.idle and scene.drag is None)
        assert sorted(c.code for c in parts.staged[slot]) == pair
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    click(app, title(app).continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    app.step(1 / 60)
    groups = [sorted(c.code for c in g) for g in again.hand.groups]
    assert pairs[0] in groups and pairs[1] in groups, groups


def test_continue_in_the_second_deal_of_a_match(app: App, data: Path) -> None:
    app.settings.confirm_drop = False
    config = GameConfig("indian_13", {"allow_drop": True, "match_format": "deals_2"}, 2,
                        ("greedy",), 5, 0)
    scene = my_turn_table(app, config)
    click(app, scene.board.buttons["drop"].rect.center)
    until(app, lambda: scene.result is not None)
    key(app, pygame.K_RETURN)  # next deal
    until(app, lambda: scene.idle and scene.driver.view.my_turn and scene.result is None)
    assert scene.driver.deal_no == 1
    state, totals = local_driver(scene.driver).state, scene.driver.match.totals
    key(app, pygame.K_ESCAPE)
    click(app, title(app).continue_button.rect.center)
    again = app.top
    assert isinstance(again, TableScene) and again is not scene
    app.step(1 / 60)
    assert again.driver.deal_no == 1 and again.driver.match.totals == totals
    assert local_driver(again.driver).state == state and again.board.points[0] == 20


def test_every_move_at_the_table_is_applied_once(app: App, data: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The table plays through one session, which the autosave keeps as it is: the engine
    applies each logged action once (not once more for the save), across a deal's end."""
    import rummy.session as session_module
    from rummy.model.state import apply as engine_apply  # what rummy.session calls

    applied: list[object] = []

    def counted(state: Any, action: Any) -> Any:
        applied.append(action)
        return engine_apply(state, action)

    monkeypatch.setattr(session_module, "apply", counted)
    app.settings.confirm_drop = False
    config = GameConfig("indian_13", {"allow_drop": True, "match_format": "deals_2"}, 2,
                        ("greedy",), 5, 0)
    scene = my_turn_table(app, config)
    click(app, scene.board.buttons["drop"].rect.center)
    until(app, lambda: scene.result is not None)
    key(app, pygame.K_RETURN)  # next deal
    until(app, lambda: scene.idle and scene.driver.view.my_turn and scene.result is None)
    click(app, scene.board.lay.closed_deck.center)  # draw
    until(app, lambda: scene.idle)
    app.step(1 / 60)  # the keeper saves
    session = local_driver(scene.driver).game
    assert session.match.deal_no == 1 and len(session.deals[1]) >= 1
    assert applied == [a for deal in session.deals for a in deal]
    saved = SaveSlot(data).load()
    assert saved is not None and saved.game.deals == session.deals
