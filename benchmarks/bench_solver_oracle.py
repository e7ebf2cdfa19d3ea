"""The solver against the rules' exact search, on many full hands (issue 11).

Seeded 13- and 14-card hands of ``indian_13`` and ``two_player_13`` with 0 to 4 jokers
(printed and wild-rank), every shape of ``tests/model/oracle.py``'s ``deal`` in turn
(random, near-complete, complete, and a sequence of two far-apart cards joined by
jokers). For each, ``best_arrangement``'s count and verdict are compared with
``exact_search``, which reads every group with the rules' own ``classify_with_wild`` and
tries every arrangement. Prints one JSON line: hands, mismatches, valid shows, seconds;
exits 1 on any mismatch, listing the first few.

    python benchmarks/bench_solver_oracle.py [--hands 10000] [--seed 1]

The README's figure is ``--hands 100000`` (about 20 minutes on one core).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.model.melds import wild_rank_for  # noqa: E402
from rummy.model.solver import best_arrangement  # noqa: E402
from rummy.model.variant import load_variant  # noqa: E402
from tests.model.oracle import SHAPES, deal, exact_search  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    variants = [load_variant(v) for v in ("indian_13", "two_player_13")]
    rng = random.Random(args.seed)
    mismatches: list[str] = []
    valid = 0
    began = time.perf_counter()
    for i in range(args.hands):
        variant = variants[i % 4 // 3]  # three indian_13 hands to one two_player_13
        size, jokers = rng.choice([13, 14]), rng.randint(0, 4)
        hand, cut = deal(rng, variant, size, jokers, SHAPES[i % len(SHAPES)])
        expected = exact_search(variant, hand, wild_rank_for(variant, cut))
        r = best_arrangement(variant, hand, cut)
        valid += expected[1]
        if (r.count, r.valid) != expected:
            mismatches.append(f"{variant.id} cut {cut.code}: {' '.join(c.code for c in hand)}"
                              f" solver {(r.count, r.valid)} exact {expected}")
    print(json.dumps({"hands": args.hands, "mismatches": len(mismatches), "valid_shows": valid,
                      "seconds": round(time.perf_counter() - began, 1)}))
    for line in mismatches[:10]:
        print(line, file=sys.stderr)
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
