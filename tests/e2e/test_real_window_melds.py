"""End to end, classic rummy: a Super Rummy deal in a real X window (Xvfb), played with
xdotool: New game -> Super Rummy -> 2 players -> Start, draw, select three cards and drag
them to the new meld zone, drag a fourth card onto that meld, discard.

The deal is fixed with ``RUMMY_SEED`` (seed 53: the player moves first and holds 9D 10D JD
QD). Where to press is found by a twin of the table in this process (SDL's dummy driver,
the same size, the same seed, the same code): the twin is played with the same gestures as
posted events first, so each point is checked to do what it should before xdotool makes it
in the real window. The event log (``RUMMY_EVENT_LOG``) says what the real game did; a
screenshot shows the meld on the felt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.model import LayMeld, LayOff, parse_card
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.meld_area import MeldLayout
from rummy.ui.table.parts_melds import MeldParts

from .helpers import ROOT, SHOTS_VAR, Player, events, needs_tools, retry, run, wait_for

pytestmark = [needs_tools, pytest.mark.e2e]

SEED = 53
MELD = ("9D", "10D", "JD")
LAY_OFF = "QD"
Point = tuple[int, int]


def menu_targets(size: Point, settings_dir: Path, variant: str) -> dict[str, Any]:
    """Where the title and new-game controls are at ``size`` on a first start."""
    from rummy.ui.screens.new_game import NewGameScene
    from rummy.ui.screens.title import TitleScene

    app = App(size, audio=False, settings_dir=settings_dir)
    try:
        title = TitleScene(app)
        app.push(title)
        menu = NewGameScene(app)
        app.push(menu)
        index = [e.id for e in menu.entries].index(variant)
        menu.select(index)
        players = next(c for c in menu.controls if c.label == "Players")
        config = menu.config()
        assert config is not None
        return {"new_game": title.buttons[0].rect.center, "variant": menu.entry_rects[index].center,
                "fewer_players": players.left.center, "players": players.value,
                "start": menu.start.rect.center, "options": dict(config.options)}
    finally:
        app.close()


class Twin:
    """The table at the real window's size and seed, in this process, played first."""

    def __init__(self, size: Point, settings_dir: Path, options: dict[str, object]) -> None:
        self.app = App(size, audio=False, settings_dir=settings_dir, inline_work=True)
        config = GameConfig("super_rummy", dict(options), 2, ("medium",), SEED, 0)
        self.scene = TableScene(self.app, config, speed=4.0)
        self.app.push(self.scene)
        self.settle()

    def settle(self) -> None:
        for _ in range(600):
            self.app.step(1 / 30)
            if self.scene.idle and all(s.settled for s in self.scene.board.sprites.values()):
                return
        raise AssertionError("the twin table never came to rest")

    def post(self, kind: int, pos: Point, **extra: Any) -> None:
        pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
        self.app.step(1 / 60)

    def click(self, pos: Point) -> Point:
        self.post(pygame.MOUSEBUTTONDOWN, pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos, button=1)
        self.settle()
        return pos

    def drag(self, start: Point, end: Point) -> tuple[Point, Point]:
        self.post(pygame.MOUSEBUTTONDOWN, start, button=1)
        for i in range(1, 7):
            self.post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 6,
                                           start[1] + (end[1] - start[1]) * i // 6),
                      rel=(0, 0), buttons=(1, 0, 0))
        self.post(pygame.MOUSEBUTTONUP, end, button=1)
        self.settle()
        return start, end

    def card(self, code: str) -> Point:
        """A point on the visible left strip of a hand card, below a selected card's lift."""
        x, y = self.scene.board.sprites[parse_card(code)].pos
        return round(x) + 10, round(y) + self.scene.card_height() * 3 // 5

    def placed(self) -> MeldLayout:
        """Where the twin table's melds are drawn."""
        parts = self.scene.parts
        assert isinstance(parts, MeldParts) and parts.placed is not None
        return parts.placed

    def close(self) -> None:
        self.scene.driver.close()
        self.app.close()


@dataclass
class Plan:
    """The turn's gestures in window coordinates (a drag: from, to)."""

    draw: Point
    select: list[Point]
    meld: tuple[Point, Point]
    lay_off: tuple[Point, Point]
    discard: tuple[Point, Point]
    discarded: str
    meld_rect: pygame.Rect
    """Where the meld lies once grown by the lay-off."""


def gestures(size: Point, settings_dir: Path, options: dict[str, Any]) -> Plan:
    """Every point the real game will be played at, each checked on the twin."""
    twin = Twin(size, settings_dir, options)
    try:
        game = local_driver(twin.scene.driver).game
        hand = {c.code for c in game.state.hands[0]}
        assert game.state.turn == 0 and {*MELD, LAY_OFF} <= hand, "the seed's deal changed"
        draw = twin.click(twin.scene.board.lay.closed_deck.center)
        assert len(game.actions) == 1, "the twin did not draw"
        select = [twin.click(twin.card(code)) for code in MELD]
        meld = twin.drag(twin.card(MELD[-1]), twin.placed().new_meld.center)
        assert isinstance(game.actions[-1], LayMeld), "the twin did not lay the meld"
        lay_off = twin.drag(twin.card(LAY_OFF), twin.placed().melds[0].rect.center)
        assert isinstance(game.actions[-1], LayOff), "the twin did not lay off"
        loose = next(c for c in twin.scene.hand.cards if c.code not in (*MELD, LAY_OFF))
        discard = twin.drag(twin.card(loose.code), twin.scene.board.lay.open_deck.center)
        return Plan(draw, select, meld, lay_off, discard, loose.code,
                    twin.placed().melds[0].rect)
    finally:
        twin.close()


def seat0(log: Path, kind: str) -> list[dict[str, Any]]:
    return [e for e in events(log) if e["event"] == kind and e.get("seat") == 0]


@pytest.mark.timeout(180)
def test_a_super_rummy_meld_and_lay_off_in_a_real_window(display: str, tmp_path: Path) -> None:
    log = tmp_path / "events.jsonl"
    shots = Path(os.environ.get(SHOTS_VAR) or tmp_path / "shots")
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               RUMMY_EVENT_LOG=str(log), RUMMY_SEED=str(SEED),
               XDG_CONFIG_HOME=str(tmp_path / "config"),
               RUMMY_DATA_DIR=str(tmp_path / "data"),  # no save from another test
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--windowed"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        window = run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(game.pid),
                     env=env, timeout=30).split()[0]
        player = Player(env, window)
        fields = dict(line.split("=", 1)
                      for line in player.xdo("getwindowgeometry", "--shell", window).split())
        size = (int(fields["WIDTH"]), int(fields["HEIGHT"]))
        origin = (int(fields["X"]), int(fields["Y"]))
        menu = menu_targets(size, tmp_path / "menu-settings", "super_rummy")
        plan = gestures(size, tmp_path / "twin-settings", menu["options"])
        time.sleep(1.0)
        player.click(menu["new_game"])
        player.click(menu["variant"])
        for _ in range(int(menu["players"]) - 2):
            player.click(menu["fewer_players"])
        player.click(menu["start"])
        wait_for(lambda: any(e["event"] == "turn_began" and e["seat"] == 0
                             for e in events(log)), 30, "waiting for seat 0's turn", game)
        dealt = next(e for e in events(log) if e["event"] == "cards_dealt")
        assert {*MELD, LAY_OFF} <= set(dealt["hands"][0]), "RUMMY_SEED did not fix the deal"
        time.sleep(1.5)  # let the deal finish gliding

        retry(lambda: player.click(plan.draw), lambda: bool(seat0(log, "card_drawn")),
              "waiting for seat 0 to draw", game)
        time.sleep(0.8)
        for point in plan.select:
            player.click(point)
        player.drag(*plan.meld)
        wait_for(lambda: bool(seat0(log, "meld_laid")), 10, "waiting for the meld", game)
        time.sleep(0.8)
        retry(lambda: player.drag(*plan.lay_off), lambda: bool(seat0(log, "card_laid_off")),
              "waiting for the lay-off", game)
        time.sleep(0.8)
        shot = player.screenshot(shots / "e2e-super-meld.png")
        retry(lambda: player.drag(*plan.discard), lambda: bool(seat0(log, "card_discarded")),
              "waiting for the discard", game)

        (laid,) = seat0(log, "meld_laid")
        assert laid["meld"]["cards"] == list(MELD), laid
        (off,) = seat0(log, "card_laid_off")
        assert off["card"] == LAY_OFF and off["meld"]["cards"] == [*MELD, LAY_OFF], off
        assert seat0(log, "card_discarded")[0]["card"] == plan.discarded
        # The screenshot shows the grown meld: a row across its place on the felt is mostly
        # card white (the felt is dark green).
        rect = plan.meld_rect
        white = sum(1 for x in range(rect.left, rect.right)
                    if sum(shot.get_at((origin[0] + x, origin[1] + rect.centery))[:3]) > 690)
        assert white > rect.width * 0.3, f"no meld on the screenshot ({white} white px)"
        assert game.poll() is None, "the game should still be running"
    finally:
        game.kill()
        _, err = game.communicate(timeout=10)
        if err:
            tail = err.decode(errors="replace").splitlines()[-20:]
            print("\n".join(line for line in tail if "ALSA" not in line))
