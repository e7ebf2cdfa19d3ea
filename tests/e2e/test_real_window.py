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

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .helpers import (
    ROOT,
    SHOTS_VAR,
    Player,
    events,
    needs_tools,
    retry,
    rightmost_card_x,
    run,
    wait_for,
)

pytestmark = [needs_tools, pytest.mark.e2e]


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
