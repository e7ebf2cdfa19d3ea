#!/usr/bin/env python3
"""What remembering costs: ``python benchmarks/bench_store.py [--deals 20]``.

Plays seeded ``indian_13`` deals (3 players, greedy bots) and, as the game does, saves
after every action (``SaveSlot.write``: JSON, fsync, rename, fsync of the folder), then
times loading the save (replaying it) at the deal's end, one ``Statistics.record_deal``
transaction per deal, and keeping the deal as a replay. Runs in a temporary folder on the
disk the system gives for temporary files. Prints one JSON line (milliseconds):

    {"benchmark": "store", "saves": ..., "save_ms_median": ..., "save_ms_p99": ...,
     "load_ms_median": ..., "record_deal_ms_median": ..., "replay_add_ms_median": ...}
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import make_bot  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.store.replays import ReplayShelf  # noqa: E402
from rummy.store.saves import SaveSlot  # noqa: E402
from rummy.store.stats import Statistics, deal_outcome  # noqa: E402


def ms(seconds: list[float], q: float = 0.5) -> float:
    ordered = sorted(seconds)
    return round(1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20)
    args = parser.parse_args(argv)
    saves: list[float] = []
    loads: list[float] = []
    records: list[float] = []
    replays: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        slot, stats, shelf = SaveSlot(folder), Statistics(folder), ReplayShelf(folder)
        for seed in range(args.deals):
            game = Session.lone_deal("indian_13", players=3, seed=seed)
            bots = [make_bot("greedy", seed=s) for s in range(3)]
            while not game.state.is_over:
                seat = game.state.turn
                game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
                hand = [[c.code for c in game.state.hands[0]]]
                start = time.perf_counter()
                slot.write(game, hand=hand, table={"opponents": ["greedy", "greedy"]})
                saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            slot.load()
            loads.append(time.perf_counter() - start)
            won, points, lower = deal_outcome(game.state, 0)
            start = time.perf_counter()
            stats.record_deal("indian_13", ["greedy"] * 2, won=won, points=points,
                              seconds=60.0, lower_is_better=lower)
            records.append(time.perf_counter() - start)
            start = time.perf_counter()
            shelf.add(game, ["You", "greedy", "greedy"], "done")
            replays.append(time.perf_counter() - start)
        stats.close()
    print(json.dumps({
        "benchmark": "store", "deals": args.deals, "saves": len(saves),
        "save_ms_median": ms(saves), "save_ms_p99": ms(saves, 0.99),
        "save_ms_max": round(1000 * max(saves), 2), "load_ms_median": ms(loads),
        "record_deal_ms_median": ms(records), "replay_add_ms_median": ms(replays)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
