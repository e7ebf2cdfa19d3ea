"""The meld solver beside RLCard's gin rummy ``melding``, measured in one run.

The same seeded 10-card hands of one 52-card deck, ``super_rummy`` with its default
options (gin rummy's minimum deadwood: runs and sets of 3+, ace low, face cards 10), are
solved by this project's ``solver_melds.best_arrangement`` and by RLCard's
``get_best_meld_clusters`` plus ``get_deadwood_count``, hand by hand, alternating which
goes first, each hand three times (the fastest time of each solver counts). Both must give
the same deadwood on every hand. Prints one JSON line per
solver (median, mean, p99 microseconds per hand) and the ratio of RLCard's time to ours;
then, for information, 11-card ``dummy_rummy`` hands with jokers (two decks).

RLCard is a benchmark peer, never a dependency of the game: it lives in its own virtual
environment, made on first use (``python -m venv /tmp/bench-venv`` and ``pip install
rlcard pyyaml``), and this script re-runs itself with that environment's Python.

    python benchmarks/bench_solver_peers.py [--hands 4000] [--seed 1] [--venv /tmp/bench-venv]
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def ensure_venv(venv: Path) -> None:
    """Re-run this script in ``venv`` (made with RLCard if missing) unless already there."""
    python = venv / "bin" / "python"
    if Path(sys.prefix).resolve() == venv.resolve():
        return
    if not python.exists():
        print(f"making {venv} with rlcard (benchmark peer only)", file=sys.stderr)
        try:
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
            subprocess.run([str(python), "-m", "pip", "install", "-q", "rlcard", "pyyaml"],
                           check=True)
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SystemExit(f"could not make {venv} with rlcard ({exc}); the peer benchmark"
                             " needs it (python -m venv, pip install rlcard pyyaml)") from exc
    os.execv(str(python), [str(python), *sys.argv])


def stats(name: str, us: list[float]) -> dict[str, Any]:  # one JSON row of the report
    us = sorted(us)
    return {"solver": name, "hands": len(us), "median_us": round(statistics.median(us), 1),
            "mean_us": round(statistics.fmean(us), 1),
            "p99_us": round(us[min(len(us) - 1, int(len(us) * 0.99))], 1)}


def gin(hands: int, seed: int, repeat: int) -> int:
    from rlcard.games.gin_rummy.utils import melding, utils

    from rummy.model.cards import SUITS, make_deck
    from rummy.model.solver_melds import best_arrangement
    from rummy.model.variant import load_variant

    variant = load_variant("super_rummy")
    rng = random.Random(f"{seed}/gin")
    deck = make_deck(1, 0)
    suit_id = {s: utils.Card.valid_suit.index(s.value) for s in SUITS}

    def peer_card(c: Any) -> Any:
        return utils.get_card(int(c.rank) - 1 + 13 * suit_id[c.suit])

    def peer_deadwood(hand: list[Any]) -> int:
        clusters = melding.get_best_meld_clusters(hand)
        if not clusters:
            return sum(utils.get_deadwood_value(c) for c in hand)
        return int(utils.get_deadwood_count(hand, clusters[0]))

    samples = [rng.sample(deck, 10) for _ in range(hands)]
    pairs = [(h, [peer_card(c) for c in h]) for h in samples]
    for ours, theirs in pairs[:50]:  # warm up both (caches, imports)
        best_arrangement(variant, ours)
        peer_deadwood(theirs)
    gc.collect()
    gc.freeze()
    mine: list[float] = []
    peer: list[float] = []
    wrong = 0
    clock = time.perf_counter
    for i, (ours, theirs) in enumerate(pairs):
        # Each hand ``repeat`` times, alternating which goes first; the fastest time of
        # each counts, so that a moment of another process on the core is not charged to
        # whichever solver it hit (neither solver keeps answers between calls).
        a_best = b_best = float("inf")
        a = b = -1
        for r in range(repeat):
            if (i + r) % 2:
                t0 = clock()
                a = best_arrangement(variant, ours).points
                t1 = clock()
                b = peer_deadwood(theirs)
                t2 = clock()
                a_best, b_best = min(a_best, t1 - t0), min(b_best, t2 - t1)
            else:
                t0 = clock()
                b = peer_deadwood(theirs)
                t1 = clock()
                a = best_arrangement(variant, ours).points
                t2 = clock()
                a_best, b_best = min(a_best, t2 - t1), min(b_best, t1 - t0)
        mine.append(a_best * 1e6)
        peer.append(b_best * 1e6)
        wrong += a != b
    gc.unfreeze()
    m, p = stats("rummy solver_melds", mine), stats("rlcard melding", peer)
    print(json.dumps({"what": "gin 10 cards, one deck", **m}))
    print(json.dumps({"what": "gin 10 cards, one deck", **p}))
    print(json.dumps({"what": "gin 10 cards, one deck", "different_answers": wrong,
                      "rlcard_over_ours_median": round(p["median_us"] / m["median_us"], 2),
                      "rlcard_over_ours_mean": round(p["mean_us"] / m["mean_us"], 2)}))
    return wrong


def dummy(hands: int, seed: int) -> None:
    from rummy.model.cards import make_deck
    from rummy.model.solver_melds import best_arrangement
    from rummy.model.variant import load_variant

    variant = load_variant("dummy_rummy")
    rng = random.Random(f"{seed}/dummy")
    deck = make_deck(variant.packs, variant.printed_jokers)
    jokers = [c for c in deck if c.rank is None]
    naturals = [c for c in deck if c.rank is not None]
    samples = []
    for _ in range(hands):
        k = rng.randint(1, 3)
        samples.append(rng.sample(jokers, k) + rng.sample(naturals, 11 - k))
    us: list[float] = []
    for hand in samples:
        t0 = time.perf_counter()
        best_arrangement(variant, hand)
        us.append((time.perf_counter() - t0) * 1e6)
    print(json.dumps({"what": "dummy_rummy 11 cards, 1-3 jokers, two decks",
                      **stats("rummy solver_melds", us)}))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--venv", default="/tmp/bench-venv")
    parser.add_argument("--repeat", type=int, default=3,
                        help="times per hand and solver; the fastest counts")
    args = parser.parse_args(argv)
    ensure_venv(Path(args.venv))
    wrong = gin(args.hands, args.seed, args.repeat)
    dummy(args.hands // 4, args.seed)
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
