"""Solver benchmark: time per 13-card hand for the declare family.

Two kinds of seeded hands, from 2 packs + 2 printed jokers with a random cut wild joker:
- ``random``: a random deal of 13 cards;
- ``near_complete``: hands built from real groups (a pure sequence, another sequence,
  sets) with jokers standing in, topped up with random cards -- the hands that make the
  search work hardest, and the ones that matter at a declaration.

Prints a JSON line per kind: median, p99 and max milliseconds per hand, and the share of
valid shows. Issue 3 adds ``super_rummy`` (10-card single-deck hands: gin rummy's
minimum deadwood) and ``dummy_rummy`` (11-card two-deck hands, with printed jokers).
Targets (issue 2, on the project's 2-core machine): median <= 0.3 ms,
p99 <= 3 ms, max <= 20 ms.

    python benchmarks/bench_solver.py [--hands 2000] [--seed 1] [--cpu]

``--cpu`` times each hand by the CPU time of the thread instead of the wall clock: on a
busy machine the wall clock also counts the time other processes held the core, which
swamps the p99.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.model.cards import SUITS, Card, Rank, Suit, make_deck  # noqa: E402
from rummy.model.solver import best_arrangement  # noqa: E402
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant  # noqa: E402


def random_hand(rng: random.Random, deck: tuple[Card, ...]) -> tuple[list[Card], Card]:
    cards = rng.sample(deck, 14)
    return cards[:13], cards[13]


def is_card(rank: Rank, suit: Suit) -> Callable[[Card], bool]:
    return lambda c: c.rank == rank and c.suit is suit


def near_complete_hand(rng: random.Random, deck: tuple[Card, ...]) -> tuple[list[Card], Card]:
    """Real groups plus jokers, topped up to 13 with random cards."""
    free = list(deck)
    rng.shuffle(free)
    cut = free.pop()
    wild = cut.rank if cut.rank is not None else Rank.ACE

    def take(pred: Callable[[Card], bool]) -> Card | None:
        for i, c in enumerate(free):
            if pred(c):
                return free.pop(i)
        return None

    hand: list[Card] = []
    plans = rng.choice([["seq", "seq", "set"], ["seq", "seq", "seq"], ["seq", "set", "set"],
                        ["seq", "seq", "set", "set"]])
    for n_group, plan in enumerate(plans):
        if plan == "seq":
            length = rng.choice([3, 3, 4, 4, 5])
            suit = rng.choice(SUITS)
            low = rng.randint(1, 14 - length)
            for r in range(low, low + length):
                if n_group > 0 and rng.random() < 0.2:
                    card = take(lambda c: c.rank is None or c.rank == wild)
                else:
                    card = take(is_card(Rank(r), suit))
                if card is not None:
                    hand.append(card)
        else:
            rank = Rank(rng.randint(1, 13))
            suits = rng.sample(SUITS, rng.choice([3, 3, 4]))
            for s in suits:
                card = take(is_card(rank, s))
                if card is not None:
                    hand.append(card)
    hand = hand[:13]
    while len(hand) < 13:
        hand.append(free.pop())
    rng.shuffle(hand)
    return hand, cut


def meld_hand(size: int, jokers: int) -> object:
    """Classic/contract families: ``size`` random cards, at least ``jokers`` printed jokers."""
    def make(rng: random.Random, deck: tuple[Card, ...]) -> tuple[list[Card], None]:
        wild = [c for c in deck if c.rank is None]
        cards = rng.sample(wild, min(jokers, len(wild)))
        rest = [c for c in deck if c not in cards]
        return cards + rng.sample(rest, size - len(cards)), None
    return make


MELD_KINDS = {
    # issue 3: 10-card single-deck hands for super_rummy's defaults (gin rummy's deadwood)
    "super_rummy": {"random_10": meld_hand(10, 0)},
    # issue 3: the 11-card two-deck hands of dummy_rummy, with jokers
    "dummy_rummy": {"random_11": meld_hand(11, 0), "jokers_11": meld_hand(11, 2)},
}


def timings(variant: Variant, kind: str, hands: int, seed: int,
            clock: Callable[[], float] = time.perf_counter) -> tuple[list[float], int]:
    """Milliseconds per hand (sorted) for ``hands`` seeded hands of ``kind``, and how many
    were valid shows."""
    rng = random.Random(f"{seed}/{kind}")
    deck = make_deck(variant.packs, variant.printed_jokers)
    make: Any = MELD_KINDS.get(variant.id, {}).get(kind) or (
        random_hand if kind == "random" else near_complete_hand)
    samples = [make(rng, deck) for _ in range(hands)]
    # The generated hands are the benchmark's own data: freeze them so that the cyclic
    # GC's full passes (which stay on) do not walk them and charge the solver for it.
    gc.collect()
    gc.freeze()
    times: list[float] = []
    valid = 0
    for cards, cut in samples:
        start = clock()
        result = best_arrangement(variant, cards, cut)
        times.append(clock() - start)
        valid += result.valid
    gc.unfreeze()
    return sorted(t * 1000 for t in times), valid


def summary(kind: str, ms: list[float], valid: int) -> dict[str, object]:
    ms = sorted(ms)
    return {
        "kind": kind,
        "hands": len(ms),
        "median_ms": round(statistics.median(ms), 4),
        "p99_ms": round(ms[min(len(ms) - 1, int(len(ms) * 0.99))], 4),
        "max_ms": round(ms[-1], 4),
        "valid_share": round(valid / len(ms), 3),
    }


def measure(variant: Variant, kind: str, hands: int, seed: int) -> dict[str, object]:
    return summary(kind, *timings(variant, kind, hands, seed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cpu", action="store_true",
                        help="time by the thread's CPU time instead of the wall clock")
    parser.add_argument("--variant", default="all",
                        help="indian_13, super_rummy, dummy_rummy, or all (the default)")
    args = parser.parse_args(argv)
    ids = ["indian_13", *MELD_KINDS] if args.variant == "all" else [args.variant]
    for vid in ids:
        variant = load_variant(vid)
        kinds = list(MELD_KINDS.get(variant.id, {})) or ["random", "near_complete"]
        pooled: list[float] = []
        pooled_valid = 0
        for kind in kinds:
            ms, valid = timings(variant, kind, args.hands, args.seed,
                                time.thread_time if args.cpu else time.perf_counter)
            pooled += ms
            pooled_valid += valid
            print(json.dumps({"variant": variant.id, **summary(kind, ms, valid)}))
        if len(kinds) > 1:  # both kinds together: the whole benchmark's figures
            print(json.dumps({"variant": variant.id,
                              **summary("+".join(kinds), pooled, pooled_valid)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
