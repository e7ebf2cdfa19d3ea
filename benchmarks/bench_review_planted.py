#!/usr/bin/env python3
"""How often the review calls a planted mistake a blunder, at the review's own budgets:
``python benchmarks/bench_review_planted.py [--seeds 1-12]``.

For each seed, a two-seat Indian rummy deal between medium bots in which seat 0 once
throws a joker (from its second turn on), and one in which it breaks a pure sequence of
three for nothing (the deals of ``tests/review/test_expert_review.py``, which checks a few
of them at a tiny budget); that move is reviewed at ``REVIEW_BUDGET`` with the second look,
as the review screen does. Prints one JSON object: per mistake, the verdicts counted and
the points lost of each.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.review import seat_decisions  # noqa: E402
from rummy.review.appraiser import REVIEW_BUDGET, review_appraisers  # noqa: E402
from rummy.review.engine import appraise_one  # noqa: E402
from tests.review.test_expert_review import (  # noqa: E402
    break_a_pure_sequence,
    deal_with,
    throw_a_joker,
)

MISTAKES = {"joker thrown": throw_a_joker, "pure sequence broken": break_a_pure_sequence}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", default="1-12", help="first-last (default 1-12)")
    args = parser.parse_args()
    first, last = (int(x) for x in args.seeds.split("-"))
    out: dict[str, object] = {"benchmark": "review_planted", "budget": REVIEW_BUDGET}
    for name, twist in MISTAKES.items():
        verdicts: Counter[str] = Counter()
        lost: list[float] = []
        for seed in range(first, last + 1):
            try:
                game, move = deal_with(seed, twist)
            except AssertionError:
                continue  # the deal never offered the mistake
            moment = next(m for m in seat_decisions(game, 0).decisions if m.played == move)
            decision = appraise_one(moment, *review_appraisers(0, REVIEW_BUDGET))
            verdicts[decision.verdict] += 1
            lost.append(round(decision.points_lost, 1))
        out[name] = {"deals": sum(verdicts.values()), "verdicts": dict(verdicts),
                     "points_lost": lost}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
