"""The app shell: scene stack lifecycle, the one event loop, resize, F1/F11, settings."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from rummy.store.settings import Settings
from rummy.ui.app import MIN_SIZE, App
from rummy.ui.eventlog import ENV_VAR, EventLog
from rummy.ui.game_config import GameConfig
from rummy.ui.scene import Scene
from rummy.ui.screens.rules import RulesScene
from rummy.ui.screens.title import TitleScene


class Recorder(Scene):
    def __init__(self, app: App, name: str, calls: list[str]) -> None:
        super().__init__(app)
        self.name, self.calls = name, calls

    def resume(self) -> None:
        self.calls.append(f"{self.name}.resume")

    def pause(self) -> None:
        self.calls.append(f"{self.name}.pause")

    def resize(self, size: tuple[int, int]) -> None:
        self.calls.append(f"{self.name}.resize{size}")

    def handle(self, event: pygame.event.Event) -> None:
        self.calls.append(f"{self.name}.handle:{pygame.event.event_name(event.type)}")

    def update(self, dt: float) -> None:
        self.calls.append(f"{self.name}.update")


@pytest.mark.timeout(30)
def test_stack_lifecycle_in_order(app: App) -> None:
    calls: list[str] = []
    a, b = Recorder(app, "a", calls), Recorder(app, "b", calls)
    app.push(a)
    app.push(b)
    assert app.pop() is b
    app.replace(Recorder(app, "c", calls))
    assert calls == ["a.resize(1280, 720)", "a.resume", "a.pause", "b.resize(1280, 720)",
                     "b.resume", "b.pause", "a.resume", "a.pause", "c.resize(1280, 720)",
                     "c.resume"]


@pytest.mark.timeout(30)
def test_step_gives_events_to_the_top_scene_only(app: App) -> None:
    calls: list[str] = []
    app.push(Recorder(app, "a", calls))
    app.push(Recorder(app, "b", calls))
    calls.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b", scancode=41))
    assert app.step(1 / 60) is True
    assert "b.handle:KeyDown" in calls and "b.update" in calls
    assert not [c for c in calls if c.startswith("a.")]


class StillScene(Recorder):
    still = True

    def draw(self, surface: pygame.Surface) -> None:
        self.calls.append(f"{self.name}.draw")


@pytest.mark.timeout(30)
def test_a_still_screen_is_painted_again_only_after_an_event(app: App) -> None:
    calls: list[str] = []
    app.push(StillScene(app, "menu", calls))
    for _ in range(3):
        app.step(1 / 60)
    assert calls.count("menu.draw") == 1  # the first frame; then nothing changed
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)
    app.step(1 / 60)
    assert calls.count("menu.draw") == 2
    app.repaint()  # a resize or an exposure: painted whole again
    app.step(1 / 60)
    assert calls.count("menu.draw") == 3
    moving = Recorder(app, "table", calls)  # a scene that is not still: every frame
    app.push(moving)
    app.step(1 / 60)
    app.step(1 / 60)
    assert calls.count("menu.draw") == 3 and calls.count("table.update") == 2
    app.pop()
    app.step(1 / 60)  # uncovered: painted again
    assert calls.count("menu.draw") == 4


class Lobby(StillScene):
    """A screen whose picture changes without input (as a network screen's does)."""

    still = False
    players: tuple[str, ...] = ()

    def look(self) -> object:
        return self.players


@pytest.mark.timeout(30)
def test_a_screen_with_a_look_is_painted_again_when_its_look_changes(app: App) -> None:
    calls: list[str] = []
    lobby = Lobby(app, "lobby", calls)
    app.push(lobby)
    app.step(1 / 60)
    app.step(1 / 60)
    assert calls.count("lobby.draw") == 1
    lobby.players = ("Asha",)  # someone joined: no event, a new picture
    app.step(1 / 60)
    app.step(1 / 60)
    assert calls.count("lobby.draw") == 2


@pytest.mark.timeout(30)
def test_quit_event_and_empty_stack_end_the_loop(app: App) -> None:
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert app.step(1 / 60) is False
    other = App(audio=False, settings_dir=app.settings.dir)
    assert other.step(1 / 60) is False  # nothing to show


@pytest.mark.timeout(30)
@pytest.mark.parametrize("event", [
    pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600)),
    pygame.event.Event(pygame.WINDOWSIZECHANGED, x=960, y=600),
])
def test_window_resize_lays_out_every_scene_again(app: App, event: pygame.event.Event) -> None:
    from rummy.ui.screens.new_game import NewGameScene

    app.push(TitleScene(app))
    app.push(NewGameScene(app))
    app.step(1 / 60)
    pygame.event.post(event)
    assert app.step(1 / 60)
    assert app.size == (960, 600) == app.screen.get_size()
    window = app.screen.get_rect()
    for scene in app.stack:
        assert getattr(scene, "size", None) == (960, 600)
    menu = app.top
    assert isinstance(menu, NewGameScene)
    for widget in [menu.start, menu.back, menu.rules, *menu.controls]:
        assert window.contains(widget.rect), widget
    app.pop()
    title = app.top
    assert isinstance(title, TitleScene)
    for button in title.buttons:
        assert window.contains(button.rect)
    assert app.step(1 / 60)


@pytest.mark.timeout(30)
def test_window_never_smaller_than_the_minimum(app: App) -> None:
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=500, h=300, size=(500, 300)))
    app.step(1 / 60)
    assert app.size == MIN_SIZE


@pytest.mark.timeout(30)
def test_f1_shows_rules_from_anywhere_and_esc_closes_them(app: App) -> None:
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.step(1 / 60)
    assert isinstance(app.top, RulesScene)
    rules = app.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0,
                                         precise_y=-2.0, flipped=False))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, mod=0, unicode=""))
    app.step(1 / 60)
    assert rules.scroll > 0 or rules.max_scroll == 0
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="\x1b"))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)


@pytest.mark.timeout(30)
def test_f11_switches_fullscreen_without_losing_the_scene(app: App) -> None:
    app.push(TitleScene(app))
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.step(1 / 60)
    assert isinstance(app.top, TitleScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.step(1 / 60)
    assert app.fullscreen is False


@pytest.mark.timeout(30)
def test_m_mutes_from_any_scene_and_is_remembered(tmp_path: Path) -> None:
    app = App(audio=True, settings_dir=tmp_path)
    try:
        if not app.res.audio_available:
            pytest.skip("no audio device, not even SDL's dummy one")
        calls: list[str] = []
        app.push(Recorder(app, "table", calls))  # any scene: the app handles M itself
        was = app.res.muted
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0,
                                             unicode="m"))
        assert app.step(1 / 60)
        assert app.res.muted is not was
        assert "table.handle:KeyDown" not in calls
    finally:
        app.close()
    again = App(audio=True, settings_dir=tmp_path)
    try:
        assert again.res.muted is not was
    finally:
        again.close()


@pytest.mark.timeout(30)
def test_settings_survive_a_restart(tmp_path: Path) -> None:
    Settings.load(tmp_path).opponents = ["hard", "easy"]
    assert Settings.load(tmp_path).opponents == ["hard", "easy"]


@pytest.mark.timeout(30)
def test_a_corrupt_settings_file_is_kept_aside_and_replaced(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text("{not json", encoding="utf-8")
    app = App(audio=False, settings_dir=tmp_path)
    try:
        assert "damaged" in app.settings.message
        assert (tmp_path / "settings.json.bad").read_text(encoding="utf-8") == "{not json"
        assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {}
        title = TitleScene(app)
        app.push(title)
        assert title.message and app.step(1 / 60)
    finally:
        app.close()
    assert Settings.load(tmp_path).message == ""  # the replaced file reads cleanly next time


@pytest.mark.timeout(30)
def test_game_config_names_the_computer_seats() -> None:
    config = GameConfig("indian_13", {}, 3, ("easy", "hard"), seed=1)
    assert config.seat_bots() == {1: "easy", 2: "hard"}
    demo = GameConfig("indian_13", {}, 2, ("hard", "medium"), seed=None, human_seat=None)
    assert demo.seat_bots() == {0: "hard", 1: "medium"}


@pytest.mark.timeout(30)
def test_event_log_appends_json_lines(tmp_path: Path) -> None:
    from rummy.model.cards import parse_card
    from rummy.model.events import CardDiscarded

    path = tmp_path / "events.jsonl"
    log = EventLog.from_env({ENV_VAR: str(path)})
    log.write(1, CardDiscarded(1, parse_card("7H")))
    log.write(CardDiscarded(0, parse_card("KC")))
    log.close()
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [(r["event"], r["seat"], r["actor"], r["card"]) for r in rows] == [
        ("card_discarded", 1, 1, "7H"), ("card_discarded", 0, 0, "KC")]
    assert not EventLog.from_env({}).enabled


MAIN = Path(__file__).resolve().parents[2] / "main.py"


@pytest.mark.slow
@pytest.mark.timeout(150)
def test_demo_plays_the_deals_asked_and_exits_0(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    log = tmp_path / "events.jsonl"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               RUMMY_EVENT_LOG=str(log), XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, str(MAIN), "--demo", "--players", "3", "--deals", "1",
                           "--quit-when-done", "--speed", "50", "--seed", "5"],
                          env=env, capture_output=True, text=True, timeout=140, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    rows = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert [r["event"] for r in rows].count("deal_scored") == 1
    actors = {r["actor"] for r in rows if r["actor"] is not None}
    assert 0 in actors and actors <= {0, 1, 2}  # a bot plays seat 0 too: nobody is human


@pytest.mark.timeout(60)
def test_a_subcommand_still_goes_to_the_command_line() -> None:
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(MAIN), "check", "--group", "--cut", "KD",
                           "2S", "KS", "4S", "5S"], capture_output=True, text=True, timeout=50,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"kind": "impure_sequence"}
