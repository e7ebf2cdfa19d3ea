#!/usr/bin/env python3
"""Games per second of whole simulated deals: ``python benchmarks/bench_simulate.py``.

Plays a seeded batch of two-player indian_13 deals, greedy against greedy and random
against greedy, through the same :func:`rummy.simulate.simulate` as
``python -m rummy simulate`` (so every action is also checked against the legal actions
and the invariants, as in real use), and prints one JSON line:

    {"benchmark": "simulate", "variant": "indian_13", "players": 2, "games": ..., "seed": ...,
     "greedy_vs_greedy": {"games_per_second": ..., "avg_turns": ..., "solver_calls_per_turn":
     ...}, "random_vs_greedy": {...}, "python": "3.11.7", "cpus": 2}

Exits 1 if any deal had an error. ``--games`` and ``--seed`` change the batch;
``--min-gps`` fails (exit 1) when greedy against greedy is slower than that.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.simulate import simulate  # noqa: E402 - after the path set-up above


def measure(bots: tuple[str, ...], games: int, seed: int, variant: str) -> dict[str, Any]:
    summary = simulate(variant, 2, games, seed, bots, rotate=True, failed_dir="failed-games")
    turns = sum(r.turns for r in summary.reports)
    calls = sum(r.solver_calls for r in summary.reports)
    return {
        "games_per_second": round(summary.games / summary.seconds, 2),
        "seconds": round(summary.seconds, 3),
        "avg_turns": summary.to_json()["avg_turns"],
        "solver_calls_per_turn": round(calls / turns, 1) if turns else 0.0,
        "completed": summary.completed,
        "errors": summary.errors,
        "wins": dict(summary.wins),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--variant", default="indian_13", help="a variant id, or all")
    parser.add_argument("--min-gps", type=float, default=0.0,
                        help="fail when greedy vs greedy plays fewer games per second")
    args = parser.parse_args(argv)
    if args.variant == "all":  # one line per shipped variant (README: rate per variant)
        from rummy.model.variant import list_variant_ids
        return max(main([*(argv or sys.argv[1:]), "--variant", vid])
                   for vid in list_variant_ids())
    gvg = measure(("greedy", "greedy"), args.games, args.seed, args.variant)
    rvg = measure(("random", "greedy"), args.games, args.seed, args.variant)
    result = {
        "benchmark": "simulate",
        "variant": args.variant,
        "players": 2,
        "games": args.games,
        "seed": args.seed,
        "greedy_vs_greedy": gvg,
        "random_vs_greedy": rvg,
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
    }
    print(json.dumps(result))
    if gvg["errors"] or rvg["errors"]:
        return 1
    if gvg["games_per_second"] < args.min_gps:
        print(f"greedy vs greedy: {gvg['games_per_second']} games/s < {args.min_gps}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
