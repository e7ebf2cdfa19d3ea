"""The menus driven by posted mouse events: title, new game, broken variants, settings."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.model.variant import VARIANTS_DIR, load_variant
from rummy.ui.app import App
from rummy.ui.catalog import difficulty_levels
from rummy.ui.launch import register_scenes
from rummy.ui.rules_text import rules_page
from rummy.ui.scene import TABLE_MISSING
from rummy.ui.screens.new_game import NewGameScene
from rummy.ui.screens.rules import RulesScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.widgets import Selector
from tests.ui.events import key
from tests.ui.menus import config_of


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
    application.push(TitleScene(application))
    application.step(1 / 60)
    yield application
    application.close()


@pytest.fixture
def variants(tmp_path: Path) -> Path:
    """A copy of the shipped variants plus one broken file."""
    folder = tmp_path / "variants"
    folder.mkdir()
    for name in ("indian_13.yaml", "two_player_13.yaml"):
        shutil.copy(VARIANTS_DIR / name, folder / name)
    (folder / "broken.yaml").write_text("id: broken\nname: [unclosed\n", encoding="utf-8")
    return folder


def click(app: App, pos: tuple[int, int]) -> bool:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    return app.step(1 / 60)


def open_menu(app: App, variants: Path) -> NewGameScene:
    menu = NewGameScene(app, variants_dir=variants)
    app.push(menu)
    app.step(1 / 60)
    return menu


def select(app: App, menu: NewGameScene, ref: str) -> None:
    index = [e.id for e in menu.entries].index(ref)
    click(app, menu.entry_rects[index].center)
    assert menu.selected == index


def control(menu: NewGameScene, label: str) -> Selector:
    return next(c for c in menu.controls if c.label.startswith(label))


@pytest.mark.timeout(30)
def test_title_buttons_work_with_the_mouse(app: App) -> None:
    title = app.top
    assert isinstance(title, TitleScene)
    new_game, rules, quit_ = title.buttons
    click(app, new_game.rect.center)
    menu = app.top
    assert isinstance(menu, NewGameScene)
    click(app, menu.back.rect.center)
    assert app.top is title
    click(app, rules.rect.center)
    assert isinstance(app.top, RulesScene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(1 / 60)
    assert app.top is title
    assert click(app, quit_.rect.center) is False


@pytest.mark.timeout(30)
def test_a_press_that_leaves_the_button_does_not_click(app: App) -> None:
    title = app.top
    assert isinstance(title, TitleScene)
    new_game = title.buttons[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=new_game.rect.center,
                                         button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(5, 5), button=1))
    app.step(1 / 60)
    assert isinstance(app.top, TitleScene)


@pytest.mark.timeout(30)
def test_every_shipped_variant_is_listed_with_its_description(app: App) -> None:
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    ids = [e.id for e in menu.entries]
    assert "indian_13" in ids and "two_player_13" in ids
    entry = menu.entry
    assert entry is not None and entry.id == "indian_13"  # the default choice
    assert entry.variant is not None and entry.variant.description


@pytest.mark.timeout(30)
def test_a_broken_variant_file_is_greyed_out_with_its_error(app: App, variants: Path) -> None:
    menu = open_menu(app, variants)
    broken = next(e for e in menu.entries if e.path.name == "broken.yaml")
    assert broken.variant is None and "broken.yaml" in broken.error
    assert menu.entry is not None and menu.entry.variant is not None  # never selected by default
    select(app, menu, broken.id)
    assert menu.config() is None and not menu.start.enabled
    click(app, menu.start.rect.center)
    assert app.top is menu
    assert app.step(1 / 60)  # drawing its error works


@pytest.mark.timeout(30)
def test_option_controls_change_the_game_config(app: App, variants: Path) -> None:
    menu = open_menu(app, variants)
    select(app, menu, str(variants / "indian_13.yaml"))
    assert config_of(menu).options["allow_drop"] is True
    click(app, control(menu, "Allow dropping").rect.center)  # a toggle: a click flips it
    assert config_of(menu).options["allow_drop"] is False
    timer = control(menu, "Turn timer")
    click(app, timer.right.center)
    click(app, timer.right.center)
    assert config_of(menu).options["turn_timer"] == 30
    click(app, timer.left.center)
    assert config_of(menu).options["turn_timer"] == 15
    variant = load_variant(variants / "indian_13.yaml").with_options(config_of(menu).options)
    assert variant.declare.turn_timer == 15 and variant.declare.allow_drop is False


@pytest.mark.timeout(30)
def test_seats_stay_within_the_variants_range(app: App, variants: Path) -> None:
    menu = open_menu(app, variants)
    indian = str(variants / "indian_13.yaml")
    select(app, menu, indian)
    players = control(menu, "Players")
    assert players.values == [2, 3, 4, 5, 6]
    app.settings.players = {indian: 99}
    menu = open_menu(app, variants)
    assert config_of(menu).players == 6 and len(config_of(menu).opponents) == 5
    select(app, menu, str(variants / "two_player_13.yaml"))
    assert control(menu, "Players").values == [2]
    assert config_of(menu).players == 2 and len(config_of(menu).opponents) == 1


@pytest.mark.timeout(30)
def test_each_opponent_seat_has_a_level_and_it_is_remembered(app: App, variants: Path) -> None:
    menu = open_menu(app, variants)
    levels = difficulty_levels()
    seat2 = control(menu, "Seat 2")
    assert seat2.values == list(levels)
    click(app, seat2.right.center)
    chosen = config_of(menu).opponents[0]
    assert chosen != config_of(menu).opponents[1]
    again = open_menu(app, variants)
    assert config_of(again).opponents[0] == chosen
    assert again.config() == menu.config()


@pytest.mark.timeout(30)
def test_choices_survive_a_restart(tmp_path: Path, variants: Path) -> None:
    first = App(audio=False, settings_dir=tmp_path / "s")
    menu = open_menu(first, variants)
    select(first, menu, str(variants / "two_player_13.yaml"))
    wanted = menu.config()
    first.close()
    second = App(audio=False, settings_dir=tmp_path / "s")
    try:
        assert open_menu(second, variants).config() == wanted
    finally:
        second.close()


@pytest.mark.timeout(60)
def test_start_opens_the_table_or_says_it_is_missing(app: App) -> None:
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    click(app, menu.start.rect.center)
    try:
        from rummy.ui.table import TableScene
    except ImportError:
        assert menu.message == TABLE_MISSING and app.top is menu
        return
    assert isinstance(app.top, TableScene), menu.message


@pytest.mark.timeout(30)
def test_rules_page_per_variant_scrolls_and_switches(app: App) -> None:
    app.show_rules("two_player_13")
    rules = app.top
    assert isinstance(rules, RulesScene) and rules.variant_id == "two_player_13"
    assert "Pure sequence" in rules_page(load_variant("indian_13"))
    for code in (pygame.K_END, pygame.K_HOME, pygame.K_PAGEDOWN, pygame.K_RIGHT):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(1 / 60)
    assert rules.variant_id != "two_player_13" and rules.scroll == 0
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600)))
    assert app.step(1 / 60)
    assert rules.max_scroll > 0  # the page is longer than the window at 960x600


@pytest.mark.timeout(30)
def test_the_mute_toggle_is_remembered(tmp_path: Path) -> None:
    app = App(audio=True, settings_dir=tmp_path)
    try:
        title = TitleScene(app)
        app.push(title)
        app.step(1 / 60)
        if not app.res.audio_available:
            pytest.skip("no audio device, not even SDL's dummy one")
        click(app, title.sound.rect.center)
        assert app.res.muted and "off" in title.sound.text
    finally:
        app.close()
    again = App(audio=True, settings_dir=tmp_path)
    try:
        assert again.res.muted
    finally:
        again.close()


@pytest.mark.timeout(30)
def test_start_asks_before_replacing_the_saved_game(app: App, tmp_path: Path) -> None:
    """Only one game is kept: a new one once replaced the saved one without a word."""
    from rummy.session import Session
    from rummy.store.saves import SaveSlot
    from rummy.ui.table import TableScene

    slot = SaveSlot()
    slot.write(Session.new("dummy_rummy", 2, 5))
    saved = slot.path.read_bytes()
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    click(app, menu.start.rect.center)
    assert app.top is menu and menu.start.text == "Yes, start"
    assert menu.start.font is not None  # the label is shown whole, not cut short
    assert menu.start.font.size(menu.start.text)[0] <= menu.start.rect.width - 12
    assert "replaces your saved game" in menu.message
    assert slot.path.read_bytes() == saved  # nothing replaced yet
    app.pop()  # Back, and New game again: it asks again
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    click(app, menu.start.rect.center)
    assert app.top is menu
    click(app, menu.start.rect.center)
    assert isinstance(app.top, TableScene), menu.message


@pytest.mark.timeout(30)
def test_leaving_a_new_game_goes_back_to_the_title_not_to_start(app: App) -> None:
    """Esc at a table started from New game landed on New game with Start lit and no word
    that the game was saved: the title says so and offers Continue."""
    from rummy.ui.table import TableScene

    title = app.top
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    click(app, menu.start.rect.center)
    assert isinstance(app.top, TableScene), menu.message
    assert menu not in app.stack
    app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    assert app.top is title


@pytest.mark.timeout(30)
def test_a_row_stays_under_the_pointer_when_notes_above_it_come_and_go(app: App) -> None:
    """Clicking "Cards per player ▶" again and again: a note that appeared above it
    ("Not possible now: 1. ...", under the decks) pushed the row down, and the next
    clicks landed on other rows."""
    menu = NewGameScene(app)
    app.push(menu)
    app.step(1 / 60)
    select(app, menu, "super_rummy")
    while config_of(menu).players != 4:
        click(app, control(menu, "Players").right.center)
    click(app, control(menu, "Number of decks").right.center)
    assert config_of(menu).options["deck_count"] == 2
    menu.panel_view.bring_into_view(control(menu, "Cards per player"))
    spot = control(menu, "Cards per player").right.center
    sizes = []
    for _ in range(4):
        click(app, spot)
        assert control(menu, "Cards per player").right.collidepoint(spot)
        sizes.append(config_of(menu).options["hand_size"])
    # from 8 cards one deck is too few: its note appears above the row, and the row stays
    assert sizes == [6, 7, 8, 9], sizes
