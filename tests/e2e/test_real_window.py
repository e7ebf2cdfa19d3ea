"""End to end: the real game in a real X window (Xvfb), driven by xdotool like a person.

Starts ``main.py`` on a private Xvfb display with ``RUMMY_EVENT_LOG`` set, finds its window
by process id, clicks New game -> Indian Rummy -> 2 players -> Start, waits for its turn,
drags a card from the closed deck into the hand and a hand card onto the open deck, takes
screenshots (``import -window root``; kept in ``$RUMMY_E2E_SHOTS`` when set), and checks in
the event log that seat 0 drew and discarded. Skipped, with the reason, when Xvfb, xdotool
or ImageMagick's ``import`` is missing (``.ci/run`` installs them).

Where to click is computed by the game's own layout code for the window's size, in this
process under SDL's dummy driver: the same code, the same size, the same rectangles.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOLS = ("Xvfb", "xdotool", "import")
MISSING = [tool for tool in TOOLS if shutil.which(tool) is None]
SHOTS_VAR = "RUMMY_E2E_SHOTS"
"""Set it to a folder to keep the screenshots (by default they go to pytest's tmp_path)."""

pytestmark = pytest.mark.skipif(
    bool(MISSING), reason=f"end-to-end test needs {', '.join(MISSING)} (apt-get install xvfb"
    " xdotool imagemagick; .ci/run installs them)")


def run(*command: str, timeout: float = 15, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env,
                          check=True)
    return done.stdout


@pytest.fixture
def display() -> Iterator[str]:
    """A private X server on a free display number (Xvfb picks it: -displayfd)."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "1280x720x24",
                               "-nolisten", "tcp"], pass_fds=(write,),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        assert number, "Xvfb did not report its display number"
        yield f":{number}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()


class Player:
    """xdotool on one window; coordinates are relative to the window."""

    def __init__(self, env: dict[str, str], window: str) -> None:
        self.env, self.window = env, window

    def xdo(self, *args: str) -> str:
        return run("xdotool", *args, env=self.env)

    def move(self, pos: tuple[int, int]) -> None:
        self.xdo("mousemove", "--window", self.window, str(pos[0]), str(pos[1]))

    def click(self, pos: tuple[int, int]) -> None:
        self.move(pos)
        time.sleep(0.15)
        self.xdo("click", "1")
        time.sleep(0.5)

    def key(self, name: str) -> None:
        self.xdo("key", "--window", self.window, name)
        time.sleep(0.3)

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int = 12) -> None:
        self.move(start)
        time.sleep(0.15)
        self.xdo("mousedown", "1")
        time.sleep(0.15)
        for i in range(1, steps + 1):
            x = start[0] + (end[0] - start[0]) * i // steps
            y = start[1] + (end[1] - start[1]) * i // steps
            self.move((x, y))
            time.sleep(0.03)
        time.sleep(0.2)
        self.xdo("mouseup", "1")
        time.sleep(0.8)

    def screenshot(self, path: Path) -> pygame.Surface:
        path.parent.mkdir(parents=True, exist_ok=True)
        run("import", "-window", "root", str(path), env=self.env, timeout=30)
        return pygame.image.load(str(path))


def menu_targets(size: tuple[int, int], settings_dir: Path
                 ) -> tuple[dict[str, tuple[int, int]], int]:
    """Where the title and new-game controls are at ``size`` on a first start, and how many
    players the menu first offers for Indian rummy."""
    from rummy.ui.app import App
    from rummy.ui.screens.new_game import NewGameScene
    from rummy.ui.screens.title import TitleScene

    app = App(size, audio=False, settings_dir=settings_dir)
    try:
        title = TitleScene(app)
        app.push(title)
        menu = NewGameScene(app)
        app.push(menu)
        indian = [e.id for e in menu.entries].index("indian_13")
        menu.select(indian)
        players = next(c for c in menu.controls if c.label == "Players")
        return ({"new_game": title.buttons[0].rect.center,
                 "indian_13": menu.entry_rects[indian].center,
                 "fewer_players": players.left.center,
                 "start": menu.start.rect.center}, int(players.value))
    finally:
        app.close()


def events(log: Path) -> list[dict[str, Any]]:  # JSON lines: any values
    if not log.exists():
        return []
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line]


def wait_for(condition: Callable[[], object], timeout: float, what: str,
             process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        assert process.poll() is None, f"the game exited ({process.returncode}) while {what}"
        time.sleep(0.2)
    raise AssertionError(f"timed out after {timeout} s {what}")


def retry(gesture: Callable[[], object], done: Callable[[], object], what: str,
          process: subprocess.Popen[bytes], tries: int = 4) -> None:
    """Repeat ``gesture`` until ``done()``: a gesture made while cards are still gliding
    (the deal, the opponent's last move) may be refused by the table, as for a person."""
    for _ in range(tries):
        gesture()
        try:
            wait_for(done, 6, what, process)
            return
        except AssertionError:
            continue
    raise AssertionError(f"gave up {what} after {tries} tries")


def my_turn_started(log: Path) -> bool:
    turns = [e for e in events(log) if e["event"] == "turn_began"]
    return bool(turns) and turns[-1]["seat"] == 0


def count(log: Path, event: str) -> int:
    return sum(1 for e in events(log) if e["event"] == event)


def wait_for_my_turn(player: Player, log: Path, game: subprocess.Popen[bytes]) -> None:
    """Until seat 0's turn begins. A bot may show a valid hand before it (a dealt hand can
    be one: about one deal in 150): then Return starts the next deal, as for a person."""
    # (each lambda is used within its own pass of the loop: it sees that pass's counts)
    for _ in range(3):
        over = count(log, "deal_scored")
        wait_for(lambda: my_turn_started(log) or count(log, "deal_scored") > over,  # noqa: B023
                 60, "waiting for seat 0's turn", game)
        if count(log, "deal_scored") == over:
            return
        dealt = count(log, "cards_dealt")
        retry(lambda: player.key("Return"),
              lambda: count(log, "cards_dealt") > dealt,  # noqa: B023
              "waiting for the next deal", game)
    raise AssertionError("three deals ended before seat 0's first turn")


def rightmost_card_x(shot: pygame.Surface, origin: tuple[int, int], size: tuple[int, int],
                     y: int) -> int:
    """The right edge of the hand at height ``y`` of the window (window coordinates): the
    last bright (card) pixel of that row in a screenshot of the whole screen."""
    for x in range(size[0] - 1, -1, -1):
        r, g, b, *_ = shot.get_at((origin[0] + x, origin[1] + y))
        if r + g + b > 600:
            return x
    raise AssertionError("no card found in the hand row of the screenshot")


@pytest.mark.timeout(180)
def test_new_game_draw_and_discard_in_a_real_window(display: str, tmp_path: Path) -> None:
    from rummy.ui.table.layout import card_height, compute_layout

    log = tmp_path / "events.jsonl"
    shots = Path(os.environ.get(SHOTS_VAR) or tmp_path / "shots")
    home = tmp_path / "config"
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               RUMMY_EVENT_LOG=str(log), XDG_CONFIG_HOME=str(home),
               RUMMY_DATA_DIR=str(tmp_path / "data"),  # no save from another test
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    game = subprocess.Popen([sys.executable, str(ROOT / "main.py"), "--windowed"], cwd=ROOT,
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        window = run("xdotool", "search", "--sync", "--onlyvisible", "--pid", str(game.pid),
                     env=env, timeout=30).split()[0]
        # rummy.desktop's StartupWMClass: the window's class is "rummy", not "main.py".
        assert window in run("xdotool", "search", "--class", "^rummy$", env=env).split()
        player = Player(env, window)
        geometry = player.xdo("getwindowgeometry", "--shell", window)
        fields = dict(line.split("=", 1) for line in geometry.split())
        size = (int(fields["WIDTH"]), int(fields["HEIGHT"]))
        origin = (int(fields["X"]), int(fields["Y"]))  # the screenshots are of the root window
        targets, players = menu_targets(size, tmp_path / "layout-settings")
        time.sleep(1.0)
        player.click(targets["new_game"])
        player.click(targets["indian_13"])
        for _ in range(players - 2):  # two players: our turn comes sooner
            player.click(targets["fewer_players"])
        player.screenshot(shots / "e2e-menu.png")
        player.click(targets["start"])
        wait_for(lambda: any(e["event"] == "cards_dealt" for e in events(log)), 20,
                 "waiting for the deal", game)
        wait_for_my_turn(player, log, game)
        time.sleep(2.0)  # let the deal and the last move finish gliding

        lay = compute_layout(size, 2, 0)
        hand_mid_y = lay.hand_y + card_height(lay.hand_w) * 3 // 4
        drop_in_hand = (lay.hand_area.right - lay.hand_w, hand_mid_y)
        retry(lambda: player.drag(lay.closed_deck.center, drop_in_hand),
              lambda: any(e["event"] == "card_drawn" and e["seat"] == 0 for e in events(log)),
              "waiting for seat 0 to draw", game)
        time.sleep(1.0)

        def discard() -> None:
            shot = player.screenshot(shots / "e2e-drawn.png")
            right = rightmost_card_x(shot, origin, size, hand_mid_y)
            player.drag((right - lay.hand_w // 4, hand_mid_y), lay.open_deck.center)

        retry(discard, lambda: any(e["event"] == "card_discarded" and e["seat"] == 0
                                   for e in events(log)), "waiting for seat 0 to discard", game)
        time.sleep(0.5)
        player.screenshot(shots / "e2e-discarded.png")
        assert (shots / "e2e-discarded.png").stat().st_size > 10_000
        mine = [e["event"] for e in events(log) if e.get("seat") == 0
                and e["event"] in ("card_drawn", "card_discarded")]
        assert mine[:2] == ["card_drawn", "card_discarded"]
        assert game.poll() is None, "the game should still be running"
    finally:
        game.kill()
        _, err = game.communicate(timeout=10)
        if err:
            tail = err.decode(errors="replace").splitlines()[-20:]
            print("\n".join(line for line in tail if "ALSA" not in line))
