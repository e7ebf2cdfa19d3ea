"""Hint never leads to a wrong show (issue 28): over deals between medium bots, every time
Hint would say "declare with X", is its grouping, X taken out, a valid show?

Indian rummy with 2, 4 and 6 players, the first declare hints of each table's deals (the
seeds of ``tests/test_hint_declare.py``, whose ``declare_hints`` plays them), until
``--hints`` are found. Prints one JSON line: hints, wrong shows among them, seconds; exits
1 on any wrong show, listing the first few.

    python benchmarks/bench_hint.py [--hints 150]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai.hint import Hint  # noqa: E402
from tests.test_hint_declare import declare_hints  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hints", type=int, default=150)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tables = (2, 4, 6)
    found: list[tuple[int, Hint, bool, str]] = []
    for i, players in enumerate(tables):
        share = (args.hints - len(found)) // (len(tables) - i)
        found += declare_hints("indian_13", players, range(100 * players, 100 * players + 200),
                               most=share)
    wrong = [f"seed {seed}: declare with {h.card}: {reason}"
             for seed, h, valid, reason in found if not valid]
    print(json.dumps({"hints": len(found), "wrong": len(wrong),
                      "seconds": round(time.perf_counter() - start, 1)}))
    for line in wrong[:5]:
        print(line, file=sys.stderr)
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
