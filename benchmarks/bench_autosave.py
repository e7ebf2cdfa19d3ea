#!/usr/bin/env python3
"""What the autosave costs a frame: ``python benchmarks/bench_autosave.py [--changes 200]``.

A three-seat ``indian_13`` table (SDL's dummy driver, the player's seat 0) whose hand is
rearranged ``--changes`` times, one change a frame (as a drag's drop does), each change
saved by the table's keeper. Times the keeper's share of the frame (noting the change,
taking the match's record, handing it on) twice: with the save written on the keeper's
writer thread, as the game does, and written in the frame. Prints one JSON line
(milliseconds):

    {"benchmark": "autosave", "changes": ..., "thread_ms_median": ..., "thread_ms_p99": ...,
     "inline_ms_median": ..., "inline_ms_p99": ..., "writes_thread": ...}
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from rummy.ui.app import App  # noqa: E402
from rummy.ui.game_config import GameConfig  # noqa: E402
from rummy.ui.table import TableScene  # noqa: E402


def ms(seconds: list[float], q: float = 0.5) -> float:
    ordered = sorted(seconds)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def run(changes: int, background: bool, folder: Path) -> tuple[list[float], int]:
    os.environ["RUMMY_DATA_DIR"] = str(folder)
    app = App(audio=False, settings_dir=folder / "settings", inline_work=True)
    config = GameConfig("indian_13", {}, 3, ("greedy", "greedy"), 11, 0)
    scene = TableScene(app, config, speed=50.0)
    app.push(scene)
    for _ in range(200):
        app.step(1 / 30)
    keeper = scene.keeper
    keeper.writer.background = background
    rng = random.Random(5)
    times = []
    for _ in range(changes):
        hand = scene.hand
        card = rng.choice(hand.cards)
        hand.move(card, 0, rng.randrange(len(hand.groups[0]) + 1), new_group=rng.random() < 0.3)
        start = time.perf_counter()
        keeper.update(scene.driver, hand)
        times.append(time.perf_counter() - start)
        app.step(1 / 60)
    keeper.writer.flush()
    writes = keeper.writer.writes
    app.close()
    return times, writes


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--changes", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as temp:
        thread, writes = run(args.changes, True, Path(temp) / "thread")
        inline, _ = run(args.changes, False, Path(temp) / "inline")
    print(json.dumps({"benchmark": "autosave", "changes": args.changes,
                      "thread_ms_median": ms(thread), "thread_ms_p99": ms(thread, 0.99),
                      "inline_ms_median": ms(inline), "inline_ms_p99": ms(inline, 0.99),
                      "writes_thread": writes}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
