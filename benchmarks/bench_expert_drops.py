#!/usr/bin/env python3
"""What the expert's opening drops cost and save in Indian rummy:
``python benchmarks/bench_expert_drops.py LOG [--jobs 2]``.

``LOG`` is a ``benchmarks/bench_bots.py --only expert-hard --log LOG`` run of two-seat
``indian_13`` deals. A drop before the first draw (20 points, docs/rules.md) is a deal
lost, however many points it saves. The deals of the log in which the expert dropped so
are played again with the same seeds, the expert now dropping only where hard would (its
hopeless opening); every move before that drop is the same, so what differs is the drop
alone. Prints one JSON object: the deals, how many the expert wins when it plays them out,
and the points it pays and collects there, beside the 20 a deal it paid by dropping.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import rummy.ai as ai  # noqa: E402
from rummy.ai.hard import HardBot  # noqa: E402
from rummy.model.actions import Action, Drop  # noqa: E402
from rummy.model.view import PlayerView  # noqa: E402
from rummy.simulate import play_one  # noqa: E402

FIRST_DROP = 20
"""What an opening drop costs in ``indian_13`` (its variant file's first drop)."""
OPENING_MOVES = 5
"""Moves of a deal within which a loss of exactly 20 points is taken for an opening drop
(the other seat's first turn is two moves; no valid show comes that soon at 20)."""
NAME = "expert-drops-as-hard"


class DropsAsHard:
    """The expert (or ``expert``, another bot of the declare family), dropping only where
    hard would."""

    name = NAME

    def __init__(self, seed: int = 0, expert: ai.Bot | None = None) -> None:
        self.expert = ai.DECLARE_BOTS["expert"](seed) if expert is None else expert
        self.hard = HardBot(seed)

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        drops = [a for a in legal if isinstance(a, Drop)]
        if drops and len(drops) < len(legal) and not self.hard.should_drop(view):
            legal = [a for a in legal if not isinstance(a, Drop)]
        return self.expert.choose(view, legal)


def _register() -> None:
    ai.DECLARE_BOTS[NAME] = DropsAsHard
    ai.BOTS[NAME] = partial(ai.EveryFamily, NAME)


def opening_drops(log: Path) -> list[dict[str, Any]]:
    """The logged deals the expert lost by a drop before its first draw."""
    picked = []
    for line in log.read_text(encoding="utf-8").splitlines():
        for deal in json.loads(line)["deals"]:
            if deal["winner"] is None or deal["error"]:
                continue
            expert = deal["bots"].index("expert")
            if (deal["winner"] != expert and deal["points"][expert] == FIRST_DROP
                    and deal["turns"] <= OPENING_MOVES):
                picked.append(deal)
    return picked


def _replay(job: tuple[int, dict[str, Any]]) -> dict[str, Any]:
    seed, deal = job
    _register()
    names = tuple(NAME if b == "expert" else b for b in deal["bots"])
    report = play_one("indian_13", 2, seed, deal["index"], names, None, None)
    seat = names.index(NAME)
    if report.error or not report.points:
        return {"index": deal["index"], "error": report.error or "no result"}
    return {"index": deal["index"], "won": report.winner == seat,
            "paid": report.points[seat], "collected": report.points[1 - seat]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", type=Path)
    parser.add_argument("--seed", type=int, default=1, help="the run's --seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    deals = opening_drops(args.log)
    with multiprocessing.Pool(args.jobs) as pool:
        played = pool.map(_replay, [(args.seed, d) for d in deals], chunksize=1)
    total = sum(len(json.loads(line)["deals"])
                for line in args.log.read_text(encoding="utf-8").splitlines())
    ok = [p for p in played if "error" not in p]
    print(json.dumps({
        "benchmark": "expert_drops", "deals_in_log": total, "opening_drops": len(deals),
        "played_out": len(ok), "errors": [p for p in played if "error" in p],
        "wins_played_out": sum(p["won"] for p in ok),
        "points_paid_played_out": sum(p["paid"] for p in ok),
        "points_collected_played_out": sum(p["collected"] for p in ok),
        "points_paid_dropping": FIRST_DROP * len(ok),
    }))


if __name__ == "__main__":
    main()
