"""kill -9 at 50 random moments: the save always loads and holds the last state saved.

A real game process (``kill_child.py``: bots playing ``indian_13`` through
``rummy.session``, the hand rearranged between actions, a save after each) is killed with
SIGKILL at a random moment after it starts saving, 50 times. Each time the save must load,
and hold either the last state the process reported saved or the one after it (the kill
can land between the rename and the report); the next process must resume exactly that.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rummy.store.saves import SaveSlot
from tests.store.kill_child import fingerprint

CHILD = Path(__file__).with_name("kill_child.py")
KILLS = 50

# Slow: each test kills a real game (a process, a window) dozens of times.
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL (POSIX)")]


def saved_now(folder: Path) -> tuple[int, str]:
    saved = SaveSlot(folder).load()  # a SaveError here fails the test: never acceptable
    assert saved is not None and saved.game.lone
    return int(saved.table["seq"]), fingerprint(saved.game, saved.hand)


def complete_lines(output: bytes) -> list[list[str]]:
    """The lines the child finished printing (a kill can cut the last one)."""
    text = output.decode()
    lines = text.split("\n")[:-1]  # the part after the last newline is unfinished
    return [line.split(" ", 2) for line in lines if line]


@pytest.mark.timeout(600)
def test_kill_minus_9_at_50_random_moments(tmp_path: Path) -> None:
    rng = random.Random(13)
    last: tuple[int, str] | None = None
    deadline = time.monotonic() + 420
    for kill in range(KILLS):
        assert time.monotonic() < deadline, f"only {kill} kills in the time allowed"
        child = subprocess.Popen([sys.executable, str(CHILD), str(tmp_path)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert child.stdout is not None
            first = child.stdout.readline()  # resumed (or the first save): it is saving now
            assert first, "the game process ended before its first save"
            time.sleep(rng.uniform(0.0, 0.3))
            os.kill(child.pid, signal.SIGKILL)
            rest, err = child.communicate(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL, err.decode()
        lines = complete_lines(first + rest)
        if last is not None:
            assert lines[0] == ["resumed", str(last[0]), last[1]], \
                f"kill {kill}: the game did not resume the last saved state"
        else:
            assert lines[0][0] == "saved"
        reported = [line for line in lines if line[0] == "saved"]
        seq, state = saved_now(tmp_path)
        if reported:
            number, printed = int(reported[-1][1]), reported[-1][2]
            assert seq in (number, number + 1), f"kill {kill}: save {seq}, reported {number}"
            if seq == number:
                assert state == printed, f"kill {kill}: the save is not the state reported"
        else:  # killed before its first save finished: the save is still the resumed one
            assert last is not None and (seq, state) in (last, (last[0] + 1, state))
        last = (seq, state)
    assert last is not None and last[0] > KILLS, "the processes hardly saved anything"


UI_CHILD = Path(__file__).with_name("ui_kill_child.py")
UI_KILLS = 50


def expected_resume(folder: Path) -> str | None:
    """What Continue must rebuild: the digest of the save on disk now (None: no save)."""
    from tests.store.ui_kill_child import digest

    saved = SaveSlot(folder).load()  # a SaveError here fails the test: never acceptable
    if saved is None:
        return None
    return digest(saved.game.to_record(), saved.hand, saved.game.state)


@pytest.mark.timeout(600)
def test_kill_minus_9_a_real_game_window_and_continue(tmp_path: Path) -> None:
    """The real game (title, Continue, the table with its bots on the worker thread, the
    animations, drags under way and the background save writer) killed at 50 random
    moments: each next start's Continue rebuilds exactly the last save."""
    rng = random.Random(31)
    resumed = 0
    deadline = time.monotonic() + 480
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    for kill in range(UI_KILLS):
        assert time.monotonic() < deadline, f"only {kill} kills in the time allowed"
        want = expected_resume(tmp_path)
        child = subprocess.Popen([sys.executable, str(UI_CHILD), str(tmp_path), str(kill)],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        try:
            assert child.stdout is not None
            first = child.stdout.readline().decode().split()
            assert first, f"kill {kill}: the game ended before it showed the table"
            time.sleep(rng.uniform(0.0, 0.8))
            os.kill(child.pid, signal.SIGKILL)
            _, err = child.communicate(timeout=30)
        finally:
            if child.poll() is None:
                child.kill()
                child.wait(timeout=30)
        assert child.returncode == -signal.SIGKILL, err.decode()[-2000:]
        if want is None:
            assert first == ["started"], f"kill {kill}: {first}"
        else:
            assert first == ["resumed", want], f"kill {kill}: Continue is not the last save"
            resumed += 1
    assert resumed > UI_KILLS // 2, "the game was hardly ever continued"
