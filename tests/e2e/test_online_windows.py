"""End to end, online: two game windows on one Xvfb display play one table.

Window A hosts a table from Play online (its server inside the game, on 127.0.0.1 and a
port this test picks); window B joins by the typed address and the room code (read from
A's settings, where the game keeps the seat to rejoin); B readies, A starts. Each draws
from the closed deck and discards by real xdotool drags; the server's record (its SQLite
store in A's data folder) shows the four moves, and screenshots of both windows show the
same open deck. Skipped when Xvfb, xdotool or ImageMagick's ``import`` is missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from .helpers import ROOT, SHOTS_VAR, Player, needs_tools, rightmost_card_x, run, xvfb

pytestmark = [needs_tools, pytest.mark.e2e]

SIZE = (1000, 640)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def targets(settings_dir: Path) -> dict[str, tuple[int, int]]:
    """Where the title, Play online and lobby controls are at ``SIZE`` (the game's own
    layout code under SDL's dummy driver)."""
    from rummy.ui.app import App
    from rummy.ui.screens.lobby import LobbyScene
    from rummy.ui.screens.online import LOOPBACK, OnlineScene
    from rummy.ui.screens.title import TitleScene

    app = App(SIZE, audio=False, settings_dir=settings_dir)
    try:
        title = TitleScene(app)
        title.resize(SIZE)
        online = OnlineScene(app, lan=False)
        online.resize(SIZE)
        lobby = LobbyScene(app, name="x")  # no address: it connects nowhere
        lobby.resize(SIZE)
        steps = online.bind.values.index(LOOPBACK)
        return {"online": title.online_button.rect.center, "name": online.name.rect.center,
                "bind_next": online.bind.right.center, "bind_steps": (steps, 0),
                "port": online.port.rect.center, "host": online.host_button.rect.center,
                "address": online.address.rect.center, "code": online.code.rect.center,
                "join": online.join_button.rect.center,
                "start": lobby.start_button.rect.center,
                "ready": lobby.ready_button.rect.center}
    finally:
        app.close()


class Window:
    """One game process and its window, moved to ``left`` on the shared screen."""

    def __init__(self, env: dict[str, str], left: int, home: Path) -> None:
        self.home = home
        env = dict(env, XDG_CONFIG_HOME=str(home / "config"),
                   RUMMY_DATA_DIR=str(home / "data"))
        self.process = subprocess.Popen(
            [sys.executable, str(ROOT / "main.py"), "--windowed", "--size",
             f"{SIZE[0]}x{SIZE[1]}"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE)
        self.id = run("xdotool", "search", "--sync", "--onlyvisible", "--pid",
                      str(self.process.pid), env=env, timeout=30).split()[0]
        run("xdotool", "windowmove", "--sync", self.id, str(left), "0", env=env)
        self.player = Player(env, self.id)
        self.origin = (left, 0)

    focused: str | None = None
    """The window holding the keyboard (no window manager moves it on a click)."""

    def type(self, pos: tuple[int, int], text: str) -> None:
        self.player.click(pos)
        if Window.focused != self.id:
            self.player.xdo("windowfocus", "--sync", self.id)
            Window.focused = self.id
            # Keys sent at once after the focus moved lost their first event in slow runs
            # ("WWEP" for "mwwep", "asha" for "Asha": the shift went missing); SDL takes
            # a window's keyboard focus a moment after X gives it. Give it that moment.
            time.sleep(1.5)
        self.player.xdo("key", "ctrl+BackSpace")  # empties the field
        self.player.xdo("type", "--delay", "40", text)
        time.sleep(0.3)

    def seat(self) -> dict[str, Any] | None:
        path = self.home / "config" / "rummy" / "settings.json"
        with contextlib.suppress(OSError, ValueError):
            seat = json.loads(path.read_text(encoding="utf-8")).get("online_seat")
            return seat if isinstance(seat, dict) else None
        return None

    def crop(self, shot: pygame.Surface, rect: pygame.Rect) -> pygame.Surface:
        return shot.subsurface(rect.move(self.origin)).copy()

    def stop(self) -> None:
        self.process.kill()
        _, err = self.process.communicate(timeout=10)
        tail = err.decode(errors="replace").splitlines()[-15:]
        print("\n".join(line for line in tail if "ALSA" not in line))


def until(condition: Any, timeout: float, what: str, *windows: Window) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        for w in windows:
            assert w.process.poll() is None, f"a game exited while {what}"
        time.sleep(0.25)
    raise AssertionError(f"timed out after {timeout} s {what}")


def actions(store: Path, code: str) -> list[dict[str, Any]]:
    if not store.exists():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{store}?mode=ro", uri=True)) as db:
        rows = db.execute("SELECT action FROM actions WHERE code = ? ORDER BY seq",
                          (code,)).fetchall()
    return [json.loads(row[0]) for row in rows]


@pytest.fixture
def screen() -> Iterator[str]:
    """A wide Xvfb screen: the two windows side by side."""
    with xvfb((SIZE[0] * 2 + 20, SIZE[1])) as name:
        yield name


def play_turn(window: Window, store: Path, code: str, done: int, shots: Path,
              others: list[Window]) -> None:
    """Draw from the closed deck and discard the rightmost card, by drags; ``done``:
    the table's actions before this turn."""
    from rummy.ui.table.layout import card_height, compute_layout

    lay = compute_layout(SIZE, 2, 0)
    hand_y = lay.hand_y + card_height(lay.hand_w) * 3 // 4
    p = window.player
    for _ in range(4):  # a drag while cards still glide is refused, as for a person
        p.drag(lay.closed_deck.center, (lay.hand_area.right - lay.hand_w, hand_y))
        with contextlib.suppress(AssertionError):
            until(lambda: len(actions(store, code)) > done, 6, "drawing", *others)
            break
    assert actions(store, code)[done]["type"] == "draw"
    time.sleep(1.0)
    for _ in range(4):
        shot = p.screenshot(shots / "online-drawn.png")
        right = rightmost_card_x(shot, window.origin, SIZE, hand_y)
        p.drag((right - lay.hand_w // 4, hand_y), lay.open_deck.center)
        with contextlib.suppress(AssertionError):
            until(lambda: len(actions(store, code)) > done + 1, 6, "discarding", *others)
            break
    assert actions(store, code)[done + 1]["type"] == "discard"


@pytest.mark.timeout(240)
def test_two_windows_join_one_table_and_see_the_same_open_deck(
        screen: str, tmp_path: Path) -> None:
    shots = Path(os.environ.get(SHOTS_VAR) or tmp_path / "shots")
    env = dict(os.environ, DISPLAY=screen, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("RUMMY_DATA_DIR", None)
    at = targets(tmp_path / "layout-settings")
    port = free_port()
    windows: list[Window] = []
    try:
        a = Window(env, 0, tmp_path / "a")
        windows.append(a)
        b = Window(env, SIZE[0] + 20, tmp_path / "b")
        windows.append(b)
        time.sleep(1.0)
        a.player.click(at["online"])
        a.type(at["name"], "Asha")
        for _ in range(at["bind_steps"][0]):
            a.player.click(at["bind_next"])
        a.type(at["port"], str(port))
        a.player.click(at["host"])
        seat = until(a.seat, 30, "waiting for the room code", *windows)
        code = str(seat["code"])
        b.player.click(at["online"])
        b.type(at["name"], "Ravi")
        b.type(at["address"], f"127.0.0.1:{port}")
        b.type(at["code"], code.lower())
        b.player.click(at["join"])
        until(b.seat, 30, "waiting for B to join", *windows)
        b.player.click(at["ready"])
        time.sleep(1.0)
        b.player.screenshot(shots / "online-lobbies.png")
        a.player.click(at["start"])
        store = tmp_path / "a" / "data" / "server" / "tables.sqlite3"
        time.sleep(4.0)  # the deal glides in
        play_turn(a, store, code, 0, shots, windows)  # the first to join moves first
        time.sleep(1.5)
        play_turn(b, store, code, 2, shots, windows)
        time.sleep(2.0)  # the discard lands in both windows
        shot = a.player.screenshot(shots / "online-both.png")
        record = actions(store, code)
        assert [r["type"] for r in record[:4]] == ["draw", "discard", "draw", "discard"]
        assert record[0]["seat"] != record[2]["seat"]
        from rummy.ui.table.layout import compute_layout

        deck = compute_layout(SIZE, 2, 0).open_deck.inflate(4, 4)
        mine, theirs = a.crop(shot, deck), b.crop(shot, deck)
        assert pygame.image.tobytes(mine, "RGB") == pygame.image.tobytes(theirs, "RGB")
        bright = sum(1 for x in range(0, deck.width, 4) for y in range(0, deck.height, 4)
                     if sum(mine.get_at((x, y))[:3]) > 600)
        assert bright > 20, "the open deck shows no card"
        assert all(w.process.poll() is None for w in windows)
    except BaseException:
        if windows:
            windows[0].player.screenshot(shots / "online-failed.png")
        raise
    finally:
        for w in windows:
            w.stop()
