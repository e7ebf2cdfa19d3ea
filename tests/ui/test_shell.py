"""The UI shell: screens opened by name, the New game panel's scrolling and words, refused
choices, the desktop game's command line and start without a display, no import circles."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.model.variant import list_variant_ids, load_variant, variant_files
from rummy.model.variant_type import VariantError
from rummy.ui import catalog
from rummy.ui.app import App
from rummy.ui.launch import parse_args, register_scenes
from rummy.ui.scene import SceneUnavailable
from rummy.ui.screens.new_game import NewGameScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.widgets import Selector
from tests.ui.menus import config_of

ROOT = Path(__file__).resolve().parents[2]
MAIN = ROOT / "main.py"


@pytest.fixture(params=[(1280, 720), (960, 600)], ids=["1280x720", "960x600"])
def app(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[App]:
    application = register_scenes(App(request.param, audio=False,
                                      settings_dir=tmp_path / "settings", inline_work=True))
    application.open("title")
    application.step(1 / 60)
    yield application
    application.close()


def post(event_type: int, **fields: Any) -> None:
    pygame.event.post(pygame.event.Event(event_type, **fields))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(1 / 60)


def wheel(app: App, pos: tuple[int, int], notches: int) -> None:
    """``notches`` < 0 scrolls down, as a real wheel turned towards the player does."""
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEWHEEL, x=0, y=notches, precise_x=0.0, precise_y=float(notches),
         flipped=False)
    app.step(1 / 60)


def new_game(app: App, variant_id: str) -> NewGameScene:
    title = app.top
    assert isinstance(title, TitleScene)
    click(app, title.buttons[0].rect.center)
    menu = app.top
    assert isinstance(menu, NewGameScene)
    index = [e.id for e in menu.entries].index(variant_id)
    click(app, menu.entry_rects[index].center)
    assert menu.variant_id == variant_id
    return menu


def control(menu: NewGameScene, label: str) -> Selector:
    return next(c for c in menu.controls if c.label == label)


@pytest.mark.timeout(60)
def test_every_shipped_variant_can_be_picked_and_started_from_the_menu(app: App) -> None:
    menu = new_game(app, "indian_13")
    assert [e.id for e in menu.entries] == list_variant_ids()
    for variant_id in ("super_rummy", "dummy_rummy", *list_variant_ids()):
        index = [e.id for e in menu.entries].index(variant_id)
        click(app, menu.entry_rects[index].center)
        config = menu.config()
        assert config is not None and config.variant_id == variant_id
        assert menu.start.enabled, menu.options_problem()


@pytest.mark.timeout(60)
def test_the_wheel_scrolls_super_rummys_options_and_they_stay_inside_the_panel(
        app: App) -> None:
    menu = new_game(app, "super_rummy")
    window = app.screen.get_rect()
    view = menu.panel_view.scroll.view
    assert menu.panel.contains(view) and window.contains(menu.panel)
    assert view.bottom < menu.start.rect.top  # the options never run under the buttons
    last = menu.controls[-1]
    assert last.label == "Play to" and last.rect.top > view.bottom  # below: needs a scroll
    click(app, last.right.center)  # a control out of view takes no click
    assert config_of(menu).options["target_score"] == 250
    for _ in range(20):
        wheel(app, view.center, -1)
    assert menu.panel_view.scroll.offset == menu.panel_view.scroll.max_offset > 0
    assert view.contains(last.rect)
    click(app, last.right.center)
    assert config_of(menu).options["target_score"] == 500
    wheel(app, menu.list_rect.center, -3)  # over the variant list: the options stay put
    assert menu.panel_view.scroll.offset == menu.panel_view.scroll.max_offset
    wheel(app, view.center, 30)
    assert menu.panel_view.scroll.offset == 0
    knob = menu.panel_view.scroll.track()
    click(app, (knob.centerx, knob.bottom - 2))  # a press on the bar below the knob: a page
    assert menu.panel_view.scroll.offset > 0


@pytest.mark.timeout(60)
def test_unset_options_and_code_values_are_shown_in_words(app: App) -> None:
    menu = new_game(app, "super_rummy")
    assert control(menu, "Cards per player").show(None) == "by players"
    assert control(menu, "Largest meld").show(None) == "no limit"
    assert control(menu, "When the deck runs out").show("flip_discard") == "turn pile over"
    for variant_id in list_variant_ids():
        index = [e.id for e in menu.entries].index(variant_id)
        click(app, menu.entry_rects[index].center)
        variant = load_variant(variant_id)
        for option in variant.options:
            assert option.help and "seed" not in option.help.lower()
            selector = control(menu, option.label)
            assert selector.help == " ".join(option.help.split())
            for value in option.values:
                shown = selector.show(value)
                assert "None" not in shown and "_" not in shown, (option.key, shown)


@pytest.mark.timeout(60)
def test_hand_sizes_the_engine_refuses_are_skipped_with_the_reason(app: App) -> None:
    menu = new_game(app, "super_rummy")
    players, decks, hand = (control(menu, name) for name in
                            ("Players", "Number of decks", "Cards per player"))
    assert players.value == 4 and decks.value == 1
    refused = dict(hand.refusals())
    assert sorted(refused) == [8, 9, 10, 11, 12]
    assert refused[8].endswith("more than the rules deal to 4 players from one deck (at most"
                               " 7; more decks allow up to 10)")
    assert "hand_size" not in refused[8]  # the player's words, not the file's key
    notes = [text for row in menu.panel_view.rows if row.control is hand
             for text, _ in row.notes]
    assert any(text.startswith("Not possible now: 8, 9, 10, 11, 12") for text in notes)
    seen = []
    for _ in range(4):  # by players -> 6 -> 7 -> (8..12 refused) back to by players
        for row in menu.panel_view.rows:
            if row.control.label == "Cards per player":
                menu.panel_view.bring_into_view(row.control)
        hand = control(menu, "Cards per player")
        click(app, hand.right.center)
        seen.append(config_of(menu).options["hand_size"])
    assert seen == [6, 7, None, 6]
    # Two decks allow 10 for four players; then fewer seats are fine, more are refused.
    click(app, control(menu, "Number of decks").right.center)
    hand = control(menu, "Cards per player")
    assert sorted(dict(hand.refusals())) == [11, 12]
    for _ in range(3):
        click(app, control(menu, "Cards per player").right.center)
    options = config_of(menu).options
    assert options == {**options, "hand_size": 9, "deck_count": 2}
    click(app, control(menu, "Cards per player").right.center)  # 10
    players = control(menu, "Players")
    assert dict(players.refusals()).keys() == {5, 6}
    menu.panel_view.bring_into_view(players)  # (the clicks above kept their row still)
    click(app, players.right.center)  # 5 and 6 are refused: round to 2
    assert config_of(menu).players == 2
    assert menu.start.enabled and not menu.options_problem()


@pytest.mark.timeout(60)
def test_a_remembered_choice_the_engine_refuses_blocks_start_with_the_reason(
        app: App) -> None:
    app.settings.options = {"super_rummy": {"hand_size": 12}}
    app.settings.players = {"super_rummy": 6}
    menu = new_game(app, "super_rummy")
    assert "more than the rules deal to 6 players" in menu.options_problem()
    assert not menu.start.enabled
    menu.start_game()
    assert app.top is menu and "more than the rules deal" in menu.message
    assert app.step(1 / 60)  # drawing the refusal works


@pytest.mark.timeout(30)
def test_screens_open_by_name_and_an_unknown_name_is_an_error(app: App) -> None:
    rules = app.open("rules", variant_id="super_rummy")
    assert app.top is rules and getattr(rules, "variant_id", None) == "super_rummy"
    app.show_rules()  # F1 on the rules closes them
    assert app.top is not rules
    with pytest.raises(SceneUnavailable):
        app.open("no such screen")


@pytest.mark.parametrize(("argv", "words"), [
    (["--demo", "--players", "99"], "--players 99: Indian Rummy (13 cards) is for 2 to 6"),
    (["--demo", "--variant", "two_player_13", "--players", "3"], "is for 2 to 2 players"),
    (["--deals", "2"], "--deals only works with --demo"),
    (["--seed", "4"], "--seed only works with --demo"),
    (["--demo", "--quit-when-done"], "--quit-when-done needs --deals"),
    (["--demo", "--variant", "nope"], "unknown variant 'nope'"),
    (["--demo", "--deals", "0"], "--deals must be at least 1"),
    (["--size", "big"], "--size must look like 1280x720"),
])
@pytest.mark.timeout(30)
def test_command_line_mistakes_are_argparse_errors(argv: list[str], words: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        parse_args(argv)
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


@pytest.mark.timeout(30)
def test_an_unknown_variant_lists_only_the_variants_that_load(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken_one.yaml"
    broken.write_text("id: broken_one\nname: [unclosed\n", encoding="utf-8")
    shipped = variant_files()  # what catalog.find_variant reads, before it is patched
    monkeypatch.setattr(catalog, "variant_files", lambda: [*shipped, broken])
    with pytest.raises(VariantError) as unknown:
        catalog.find_variant("nope")
    assert "broken_one" not in str(unknown.value) and "indian_13" in str(unknown.value)
    with pytest.raises(VariantError) as bad:
        catalog.find_variant("broken_one")
    assert "does not load" in str(bad.value) and "broken_one.yaml" in str(bad.value)


@pytest.mark.slow
@pytest.mark.timeout(90)
@pytest.mark.parametrize("driver", ["x11", None], ids=["x11", "sdl-picks"])
def test_without_a_display_the_game_says_why_and_exits_1(tmp_path: Path,
                                                         driver: str | None) -> None:
    env = {k: v for k, v in os.environ.items()
           if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env.update(SDL_AUDIODRIVER="dummy", XDG_CONFIG_HOME=str(tmp_path),
               XDG_RUNTIME_DIR=str(tmp_path))
    if driver:
        env["SDL_VIDEODRIVER"] = driver
    done = subprocess.run([sys.executable, str(MAIN)], env=env, capture_output=True,
                          text=True, timeout=80, check=False)
    assert done.returncode == 1, done.stderr[-2000:]
    assert "DISPLAY" in done.stderr and "window" in done.stderr


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the rummy modules it imports, deferred and TYPE_CHECKING imports included."""
    mods = {".".join(p.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__"):
            p for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in mods.items():
        deps: set[str] = set()
        pkg = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                for alias in node.names:
                    for candidate in (f"{base}.{alias.name}", base):
                        if candidate in mods and candidate != name:
                            deps.add(candidate)
                            break
            elif isinstance(node, ast.Import):
                deps |= {a.name for a in node.names if a.name in mods and a.name != name}
        graph[name] = deps
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    found: list[list[str]] = []
    seen: set[str] = set()
    stack: list[str] = []

    def visit(node: str) -> None:
        seen.add(node)
        stack.append(node)
        for dep in sorted(graph.get(node, ())):
            if dep in stack:
                found.append(stack[stack.index(dep):] + [dep])
            elif dep not in seen:
                visit(dep)
        stack.pop()

    for node in sorted(graph):
        if node not in seen:
            visit(node)
    return found


@pytest.mark.timeout(30)
def test_no_import_circle_in_the_ui_and_no_screen_imports_another() -> None:
    graph = import_graph(ROOT / "rummy")
    ui = [c for c in cycles(graph) if any(m.startswith("rummy.ui") for m in c)]
    assert ui == []
    screens = {"rummy.ui.screens.title", "rummy.ui.screens.new_game", "rummy.ui.screens.rules",
               "rummy.ui.table", "rummy.ui.table.scene"}
    for screen in screens:
        assert not graph[screen] & (screens | {"rummy.ui.app", "rummy.ui.launch"}) - {
            screen, "rummy.ui.table.scene" if screen == "rummy.ui.table" else ""}, screen


@pytest.mark.timeout(60)
def test_with_more_decks_the_refusal_offers_no_more_decks(app: App) -> None:
    """It read "(at most 10; more decks allow up to 10)" with 2 decks already."""
    menu = new_game(app, "super_rummy")
    click(app, control(menu, "Number of decks").right.center)
    over = dict(control(menu, "Cards per player").refusals())[11]
    assert over.endswith("the rules deal to 4 players from 2 decks (at most 10)"), over
