"""What the end-to-end tests share: the tools they need, a private Xvfb screen, xdotool
driving one window like a person, and the game's event log read back.

The tests start ``main.py`` on a private Xvfb display and drive it with xdotool; they are
skipped, with the reason, when Xvfb, xdotool or ImageMagick's ``import`` is missing
(``.ci/run`` installs them).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import subprocess
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

needs_tools = pytest.mark.skipif(
    bool(MISSING), reason=f"end-to-end test needs {', '.join(MISSING)} (apt-get install xvfb"
    " xdotool imagemagick; .ci/run installs them)")
"""Every end-to-end module's mark, with ``pytest.mark.e2e`` (pyproject.toml)."""


def run(*command: str, timeout: float = 15, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env,
                          check=True)
    return done.stdout


@contextlib.contextmanager
def xvfb(size: tuple[int, int]) -> Iterator[str]:
    """A private X server of ``size`` on a free display number (Xvfb picks it:
    -displayfd); yields the display name, ``":N"``."""
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0",
                               f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
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


def events(log: Path) -> list[dict[str, Any]]:  # JSON lines: any values
    """The game's event log (``RUMMY_EVENT_LOG``) so far."""
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


def rightmost_card_x(shot: pygame.Surface, origin: tuple[int, int], size: tuple[int, int],
                     y: int) -> int:
    """The right edge of the hand at height ``y`` of the window (window coordinates): the
    last bright (card) pixel of that row in a screenshot of the whole screen."""
    for x in range(size[0] - 1, -1, -1):
        r, g, b, *_ = shot.get_at((origin[0] + x, origin[1] + y))
        if r + g + b > 600:
            return x
    raise AssertionError("no card found in the hand row of the screenshot")
