#!/usr/bin/env python3
"""How long the post-game review takes: ``python benchmarks/bench_review.py [--deals 3]
[--budget N] [--variants indian_13,super_rummy,dummy_rummy]``.

For each variant, ``--deals`` deals of ``--players`` (2) are played, seat 0 easy against
medium (seeds 1, 2, ...), and seat 0's decisions are reviewed with the expert's appraisal
at the first look's budget (``rummy.review.appraiser.REVIEW_BUDGET`` unless ``--budget``)
and the second look at the moves it blames, as the review screen and ``python -m rummy
review`` do. Prints one JSON line per variant:

    {"benchmark": "review", "variant": ..., "players": ..., "budget": ..., "deals": ...,
     "decisions": [...], "seconds": [...], "seconds_per_decision": ...,
     "seconds_for_15": ..., "worst_deal_seconds": ..., "cpu_seconds": [...],
     "cpu_seconds_for_15": ...}

``seconds_for_15`` is the median seconds per decision times 15: a deal of about 15 of the
player's decisions, the issue's measure (at most 30 s); ``cpu_...`` the same in the
process's CPU time, which other work on the machine does not stretch.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import make_bot  # noqa: E402
from rummy.review import review_game  # noqa: E402
from rummy.review.appraiser import REVIEW_BUDGET, review_appraisers  # noqa: E402
from rummy.session import Session  # noqa: E402


def played(variant: str, seed: int, players: int) -> Session:
    """A deal seat 0 plays at the easy level (a player whose moves a review blames, and
    looks at twice) against medium."""
    game = Session.lone_deal(variant, players=players, seed=seed)
    bots = [make_bot("easy" if s == 0 else "medium", seed=s) for s in range(players)]
    while not game.state.is_over:
        seat = game.state.turn
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--budget", type=int, default=REVIEW_BUDGET)
    parser.add_argument("--variants", default="indian_13,super_rummy,dummy_rummy")
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    for variant in args.variants.split(","):
        decisions, seconds, cpu = [], [], []
        for seed in range(1, args.deals + 1):
            game = played(variant, seed, args.players)
            start, used = time.perf_counter(), time.process_time()
            first, second = review_appraisers(0, args.budget)
            review = review_game(game, 0, first, second_look=second)
            seconds.append(round(time.perf_counter() - start, 2))
            cpu.append(round(time.process_time() - used, 2))
            decisions.append(len(review.decisions))
        # A deal with no decision of seat 0's (it asked to drop before its first turn)
        # says nothing of the time a decision takes.
        per = [s / d for s, d in zip(seconds, decisions, strict=True) if d] or [0.0]
        per_cpu = [s / d for s, d in zip(cpu, decisions, strict=True) if d] or [0.0]
        print(json.dumps({
            "benchmark": "review", "variant": variant, "players": args.players,
            "budget": args.budget,
            "deals": args.deals, "decisions": decisions, "seconds": seconds,
            "seconds_per_decision": round(statistics.median(per), 3),
            "seconds_for_15": round(15 * statistics.median(per), 1),
            "worst_deal_seconds": max(seconds), "cpu_seconds": cpu,
            "cpu_seconds_for_15": round(15 * statistics.median(per_cpu), 1),
        }), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
