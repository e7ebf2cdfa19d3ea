#!/usr/bin/env python3
"""How fast a discard rule brings a hand alone to a show:
``python benchmarks/bench_discard_speed.py [--deals 200] [--rules least,steps,steps2]
[--jobs 2]``.

The declare family's race is won by the hand that gets to a valid show first, and a
two-seat deal of ``indian_13`` lasts some five to ten draws a seat, so how much better a
discard rule could make the expert is bounded by how many draws sooner it gets there.
This measures that alone, with no other seat to take cards or to feed: each deal is a
13-card hand of a shuffled two-pack deck with a random wild rank, drawing every other
card after the deal (the other seat takes the rest), always from the closed deck. Every
rule meets the same hands and the same draws, so their difference is paired. A rule
knows what the seat knows: its hand and the cards it has drawn (the live copies,
:func:`live`). The rules, each among the discards that leave the least deficiency
(:mod:`rummy.ai.deficiency`):

- ``least``: the highest card among them;
- ``steps``: the most steps in (:func:`rummy.ai.steps.steps_in`, the expert's first
  adviser's rule), then the highest card;
- ``steps2``: the steps in plus ``LATER`` times the steps in after each of those draws
  (the draw added and the highest of its least-deficiency discards thrown): mahjong's
  "ukeire after the improvement", of the four discards with the most steps in.

Prints one JSON object: per rule, the mean draws to a show (a hand that has none after
``HORIZON`` draws counts ``HORIZON + 1``), the share that showed within eight draws and
the seconds a deal took; and per rule after the first, its paired difference from the
first with the standard error.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai.deficiency import Deficiency  # noqa: E402
from rummy.ai.hard import card_of  # noqa: E402
from rummy.ai.steps import steps_in  # noqa: E402
from rummy.ai.tracking import near  # noqa: E402
from rummy.model.cards import Card, Rank, make_deck  # noqa: E402
from rummy.model.melds import is_joker  # noqa: E402
from rummy.model.variant import load_variant  # noqa: E402
from rummy.model.variant_type import Variant  # noqa: E402

HORIZON = 25
"""Draws after which a hand still short of a show stops (it counts one more)."""
LATER = 0.05
"""``steps2``: the weight of a steps-in card after an improving draw (a card now is
worth about as much as twenty then)."""
WIDEST = 4
"""``steps2``: the discards of the most steps in that it weighs."""

Choice = tuple[Card, int]
"""A discard and the deficiency of the 13 cards it leaves."""
Rule = Callable[[Variant, list[Card], Rank, Counter[str], Deficiency], Choice]


def least(variant: Variant, hand: Sequence[Card], wild: Rank, deficiency: Deficiency
          ) -> tuple[int, list[tuple[Card, list[Card]]]]:
    """The least deficiency a discard from the 14-card ``hand`` leaves, and those discards
    (one card of each face; never a joker) with the 13 cards each leaves."""
    left: dict[str, tuple[int, Card, list[Card]]] = {}
    for card in hand:
        if is_joker(card, wild) or card.face in left:
            continue
        rest = list(hand)
        rest.remove(card)
        left[card.face] = (deficiency.of(variant, rest, wild), card, rest)
    fewest = min(short for short, _, _ in left.values())
    return fewest, [(card, rest) for short, card, rest in left.values() if short == fewest]


def _highest(variant: Variant, wild: Rank) -> Callable[[tuple[Card, list[Card]]],
                                                        tuple[int, tuple[int, int, int]]]:
    return lambda option: (variant.card_value(option[0], wild), option[0].sort_key())


def rule_least(variant: Variant, hand: list[Card], wild: Rank, live: Counter[str],
               deficiency: Deficiency) -> Choice:
    short, options = least(variant, hand, wild, deficiency)
    return max(options, key=_highest(variant, wild))[0], short


def rule_steps(variant: Variant, hand: list[Card], wild: Rank, live: Counter[str],
               deficiency: Deficiency) -> Choice:
    short, options = least(variant, hand, wild, deficiency)
    high = _highest(variant, wild)
    best = max(options, key=lambda o: (
        steps_in(variant, o[1], wild, live, deficiency, short), high(o)))
    return best[0], short


def rule_steps2(variant: Variant, hand: list[Card], wild: Rank, live: Counter[str],
                deficiency: Deficiency) -> Choice:
    short, options = least(variant, hand, wild, deficiency)
    high = _highest(variant, wild)
    if short == 0 or len(options) == 1:
        return max(options, key=high)[0], short
    ranked = sorted(options, key=lambda o: (
        -steps_in(variant, o[1], wild, live, deficiency, short), high(o)))
    best: tuple[float, Card] | None = None
    for card, rest in ranked[:WIDEST]:
        naturals = [c for c in rest if not is_joker(c, wild)]
        now = 0
        later = 0.0
        for face, copies in live.items():
            drawn = card_of(face)
            if not (is_joker(drawn, wild) or any(near(drawn, c) for c in naturals)):
                continue
            if deficiency.of(variant, [*rest, drawn], wild) >= short:
                continue
            now += copies
            after, then = least(variant, [*rest, drawn], wild, deficiency)
            if after == 0:
                later += copies * HORIZON  # a show: worth more than any steps in
                continue
            kept = max(then, key=high)[1]
            remaining = live.copy()
            remaining[face] -= 1
            later += copies * steps_in(variant, kept, wild, +remaining, deficiency, after)
        value = now + LATER * later
        if best is None or value > best[0]:
            best = (value, card)
    assert best is not None
    return best[1], short


RULES: dict[str, Rule] = {"least": rule_least, "steps": rule_steps, "steps2": rule_steps2}


def draws_to_show(variant: Variant, hand: list[Card], wild: Rank, draws: Sequence[Card],
                  deck: Sequence[Card], rule: Rule) -> int:
    """Draws until ``hand``, drawing ``draws`` in turn and discarding by ``rule``, is a
    valid show (``HORIZON + 1`` if none within ``HORIZON``)."""
    deficiency = Deficiency()
    if deficiency.of(variant, hand, wild) == 0:
        return 0
    live = live_after(deck, hand)
    for n, drawn in enumerate(draws[:HORIZON], start=1):
        live[drawn.face] -= 1
        hand = [*hand, drawn]
        card, short = rule(variant, hand, wild, +live, deficiency)
        hand.remove(card)
        if short == 0:
            return n
    return HORIZON + 1


def live_after(deck: Sequence[Card], hand: Sequence[Card]) -> Counter[str]:
    """The copies of each face the seat has not seen (the deck less its hand)."""
    live = Counter(c.face for c in deck)
    live.subtract(c.face for c in hand)
    return live


def play(job: tuple[int, Sequence[str]]) -> dict[str, tuple[int, float]]:
    """Deal ``index``: each rule's draws to a show and its seconds."""
    index, rules = job
    variant = load_variant("indian_13")
    deck = list(make_deck(variant.packs, variant.printed_jokers))
    rng = random.Random(f"discard-speed/{index}")
    rng.shuffle(deck)
    wild = rng.choice(list(Rank))
    hand, draws = deck[:13], deck[26::2]
    out: dict[str, tuple[int, float]] = {}
    for name in rules:
        start = time.process_time()
        out[name] = (draws_to_show(variant, list(hand), wild, draws, deck, RULES[name]),
                     time.process_time() - start)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--rules", default="least,steps,steps2")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    rules = args.rules.split(",")
    unknown = [r for r in rules if r not in RULES]
    if unknown or not rules:
        parser.error(f"rules are {', '.join(RULES)}, not {', '.join(unknown) or 'none'}")
    if args.deals < 2 or args.jobs < 1:
        parser.error("--deals is at least 2, --jobs at least 1")
    jobs = [(i, rules) for i in range(args.deals)]
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        deals = pool.map(play, jobs)
    report: dict[str, object] = {"benchmark": "discard_speed", "deals": args.deals,
                                 "horizon": HORIZON}
    for name in rules:
        draws = [d[name][0] for d in deals]
        report[name] = {"mean_draws": round(statistics.fmean(draws), 3),
                        "within_8": round(sum(n <= 8 for n in draws) / len(draws), 3),
                        "seconds_a_deal": round(statistics.fmean(d[name][1] for d in deals), 3)}
    first = rules[0]
    for name in rules[1:]:
        diffs = [d[name][0] - d[first][0] for d in deals]
        report[f"{name}-{first}"] = {
            "mean": round(statistics.fmean(diffs), 3),
            "se": round(statistics.stdev(diffs) / math.sqrt(len(diffs)), 3)}
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
