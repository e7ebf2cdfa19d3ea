"""Bot levels against each other: win rates with 95% Wilson intervals, hard's decision time.

    python benchmarks/bench_bots.py --games 1000          # the README figures (slow)
    python benchmarks/bench_bots.py --games 100 --only hard-medium
    python benchmarks/bench_bots.py --games 200 --only expert-hard --jobs 2

Each matchup is ``python -m rummy simulate --players 2 --bots A,B --rotate`` (the bots
change seats every game), two-player, on ``--variant`` (default ``indian_13``). Prints one
JSON object: per matchup the games, wins, the first bot's win rate over completed deals
with its 95% Wilson interval, average points per deal per bot with the 95% interval of
the difference (second minus first, paired by deal), and the target. ``--every-round``
(contract family) plays deal ``i`` with round ``i mod 7``'s contract, so the points cover
every contract of a match, not only round 1's. For every ``hard`` seat it times each
decision (median, p99, max, in ms) and reports how often its work cap (hand evaluations
a decision) was hit; for every ``expert`` seat likewise (``expert_decisions``: the expert's
default budget is meant to decide in at most 1 s median and 3 s at most). ``--jobs N``
shares the deals among N processes: the same deals and seeds, so the same results.
``--log FILE`` writes each deal as it ends, and ``--from-log FILE`` prints the figures of
the deals logged so far (a long run stopped early still counts).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import os
import platform
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import hard as hard_module  # noqa: E402
from rummy.ai import meld_levels  # noqa: E402
from rummy.ai.expert import ExpertBot  # noqa: E402
from rummy.cli_common import parse_options  # noqa: E402
from rummy.model.variant import load_variant  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.simulate import DealReport, Summary, play_one, seating, simulate  # noqa: E402

MATCHUPS: dict[str, tuple[str, str, float]] = {
    "expert-hard": ("expert", "hard", 0.60),
    "hard-medium": ("hard", "medium", 0.60),
    "medium-easy": ("medium", "easy", 0.70),
    "easy-random": ("easy", "random", 0.80),
}
"""Name -> (bot, opponent, the bot's target win rate over deals)."""
VARIANT_TARGETS: dict[tuple[str, str], float] = {
    ("expert-hard", "super_rummy"): 0.58,
    ("expert-hard", "dummy_rummy"): 0.58,
}
"""Where a matchup's target differs by variant (the expert's is 60% in Indian rummy, 58%
in the melding families' tables)."""


def target_of(name: str, variant: str) -> float:
    """The matchup's target win rate in ``variant``."""
    return VARIANT_TARGETS.get((name, variant), MATCHUPS[name][2])


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion.

    >>> [round(x, 3) for x in wilson(60, 100)]
    [0.502, 0.691]
    """
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float, float]:
    """Mean and its normal 95% interval."""
    if not values:
        return (0.0, 0.0, 0.0)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


_NESTING = [0]
"""Timed decisions under way in this process: one inside another (the hard bot the
expert asks for advice) is the outer one's time, not a decision of its own."""


class DecisionTimer:
    """Wraps ``choose`` of the hard bots (``HardBot`` for Indian rummy, ``MeldHardBot``
    where melds lie on the table), or of ``classes``, to time every decision (in this
    process)."""

    def __init__(self, classes: Sequence[Any] = (hard_module.HardBot, meld_levels.MeldHardBot)
                 ) -> None:
        self.times: list[float] = []
        self.cap_hits = 0
        self.counts: dict[str, int] = {}
        """The expert's ``searches`` and ``overrules`` over the timed decisions."""
        self._classes: list[Any] = list(classes)
        self._originals = [cls.choose for cls in self._classes]

    def __enter__(self) -> DecisionTimer:
        timer = self

        def timing(original: Any) -> Any:
            def timed(bot: Any, view: Any, legal: Any) -> Any:
                start = time.perf_counter()
                before = getattr(bot, "cap_hits", 0)
                counted = {k: getattr(bot, k, 0) for k in ("searches", "overrules")}
                _NESTING[0] += 1
                try:
                    return original(bot, view, legal)
                finally:
                    _NESTING[0] -= 1
                    if not _NESTING[0]:  # not a hard bot advising the expert
                        timer.times.append(time.perf_counter() - start)
                        timer.cap_hits += getattr(bot, "cap_hits", 0) - before
                        for key, was in counted.items():
                            timer.counts[key] = (timer.counts.get(key, 0)
                                                 + getattr(bot, key, 0) - was)
            return timed

        for cls, original in zip(self._classes, self._originals, strict=True):
            cls.choose = timing(original)
        return self

    def __exit__(self, *_: object) -> None:
        for cls, original in zip(self._classes, self._originals, strict=True):
            cls.choose = original

    def stats(self) -> dict[str, Any]:
        if not self.times:
            return {}
        ms = sorted(t * 1000 for t in self.times)
        p99 = ms[min(len(ms) - 1, math.ceil(0.99 * len(ms)) - 1)]
        return {"decisions": len(ms), "median_ms": round(statistics.median(ms), 2),
                "p99_ms": round(p99, 2), "max_ms": round(ms[-1], 2),
                "mean_ms": round(statistics.fmean(ms), 2), "cap_hits": self.cap_hits,
                **{k: v for k, v in self.counts.items() if v}}


def every_round(variant: str, games: int, seed: int, bots: tuple[str, str]) -> Summary:
    """Like ``simulate --rotate``, but deal ``i`` is played with the contract of round
    ``i mod 7`` (the variant's contracts turned round so that it comes first): points per
    deal over every contract of the match, not only round 1's two sets."""
    table = load_variant(variant)
    contracts = table.params.round_contracts
    tables = [dataclasses.replace(table, params=dataclasses.replace(
                  table.contract, contracts=contracts[k:] + contracts[:k]))
              for k in range(len(contracts))] or [table]
    summary = Summary()
    start = time.perf_counter()
    for index in range(games):
        summary.add(play_one(variant, 2, seed, index, seating(bots, 2, index, True), None,
                             None, table=tables[index % len(tables)]))
    summary.seconds = time.perf_counter() - start
    return summary


def _tables(variant: str, rounds: bool, options: dict[str, Any] | None) -> list[Any]:
    """The variant (with ``options``) each deal is played on, by deal number modulo
    their count: one, or with ``rounds`` one per contract (see :func:`every_round`)."""
    table = Session.lone_deal(variant, 2, 0, options).variant
    contracts = table.params.round_contracts
    if not rounds or not contracts:
        return [table]
    return [dataclasses.replace(table, params=dataclasses.replace(
                table.contract, contracts=contracts[k:] + contracts[:k]))
            for k in range(len(contracts))]


def _play_deals(job: tuple[str, int, tuple[str, str], list[int], list[Any],
                           dict[str, Any] | None]
                ) -> tuple[list[DealReport], list[float], list[float], int, dict[str, int]]:
    """Deals ``indexes`` of a run in this process: their reports, the decision times of
    the hard bots and of the expert, the hard bots' cap hits and the expert's counts."""
    variant, seed, bots, indexes, tables, options = job
    reports: list[DealReport] = []
    with DecisionTimer() as hard, DecisionTimer((ExpertBot,)) as expert:
        for index in indexes:
            reports.append(play_one(variant, 2, seed, index, seating(bots, 2, index, True),
                                    options, None, table=tables[index % len(tables)]))
    return reports, hard.times, expert.times, hard.cap_hits, expert.counts


def run_parallel(variant: str, games: int, seed: int, bots: tuple[str, str], jobs: int,
                 rounds: bool, options: dict[str, Any] | None, log: Path | None = None
                 ) -> tuple[Summary, DecisionTimer, DecisionTimer]:
    """The deals of a matchup shared out among ``jobs`` processes, one deal at a time:
    the same deals, seats and seeds as one process plays. With ``log``, each deal is
    written there as it ends (a JSON line; ``--from-log`` reads the figures back), so a
    long run stopped early still tells what it measured."""
    tables = _tables(variant, rounds, options)
    work = [(variant, seed, bots, [index], tables, options) for index in range(games)]
    summary, hard, expert = Summary(), DecisionTimer(), DecisionTimer((ExpertBot,))
    start = time.perf_counter()
    results = []
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for result in pool.imap_unordered(_play_deals, work):
            results.append(result)
            if log is not None:
                with log.open("a", encoding="utf-8") as out:
                    out.write(json.dumps(_log_line(result)) + "\n")
    summary.seconds = time.perf_counter() - start
    _gather([_log_line(r) for r in results], summary, hard, expert)
    return summary, hard, expert


def _log_line(result: tuple[list[DealReport], list[float], list[float], int, dict[str, int]]
              ) -> dict[str, Any]:
    reports, hard_times, expert_times, caps, counts = result
    return {"deals": [{"index": r.index, "seed": r.seed, "bots": r.bots, "turns": r.turns,
                       "winner": r.winner, "error": r.error, "points": r.points}
                      for r in reports],
            "hard_s": hard_times, "expert_s": expert_times, "cap_hits": caps,
            "counts": counts}


def _gather(lines: Sequence[dict[str, Any]], summary: Summary, hard: DecisionTimer,
            expert: DecisionTimer) -> None:
    """Count logged deals (in deal order) and decision times into the totals."""
    deals = sorted((d for line in lines for d in line["deals"]), key=lambda d: d["index"])
    for d in deals:
        summary.add(DealReport(d["index"], d["seed"], tuple(d["bots"]), turns=d["turns"],
                               winner=d["winner"], error=d["error"],
                               points=tuple(d["points"])))
    for line in lines:
        hard.times += line["hard_s"]
        hard.cap_hits += line["cap_hits"]
        expert.times += line["expert_s"]
        for key, n in line["counts"].items():
            expert.counts[key] = expert.counts.get(key, 0) + n


def from_log(name: str, log: Path, variant: str) -> dict[str, Any]:
    """The matchup's figures from a ``--log`` file, however many deals it holds."""
    lines = [json.loads(t) for t in log.read_text(encoding="utf-8").splitlines() if t]
    summary, hard, expert = Summary(), DecisionTimer(), DecisionTimer((ExpertBot,))
    _gather(lines, summary, hard, expert)
    return figures(name, variant, summary, hard, expert)


def run_matchup(name: str, games: int, seed: int, variant: str,
                rounds: bool = False, options: dict[str, Any] | None = None,
                jobs: int = 1, log: Path | None = None) -> dict[str, Any]:
    first, second, _target = MATCHUPS[name]
    if jobs > 1 or log is not None:
        summary, timer, expert = run_parallel(variant, games, seed, (first, second), jobs,
                                              rounds, options, log)
    else:
        with DecisionTimer() as timer, DecisionTimer((ExpertBot,)) as expert:
            if rounds:
                summary = every_round(variant, games, seed, (first, second))
            else:
                summary = simulate(variant, 2, games, seed, (first, second), rotate=True,
                                   failed_dir=None, options=options)
    return figures(name, variant, summary, timer, expert)


def figures(name: str, variant: str, summary: Summary, timer: DecisionTimer,
            expert: DecisionTimer) -> dict[str, Any]:
    """A matchup's result: wins with their interval, the points edge with its interval,
    and the decision times."""
    first, second, _ = MATCHUPS[name]
    target = target_of(name, variant)
    wins = summary.wins.get(first, 0)
    n = summary.completed
    low, high = wilson(wins, n)
    diffs = []
    for report in summary.reports:
        if report.points:
            seat_first = report.bots.index(first)
            diffs.append(float(report.points[1 - seat_first] - report.points[seat_first]))
    mean, dlow, dhigh = mean_interval(diffs)
    out: dict[str, Any] = {
        "games": summary.games, "completed": n, "errors": summary.errors,
        "incomplete": summary.incomplete,
        "wins_by_bot": {first: wins, second: summary.wins.get(second, 0)},
        "win_rate": round(wins / n, 3) if n else 0.0,
        "win_rate_ci95": [round(low, 3), round(high, 3)],
        "target": target, "meets_target": bool(n) and wins / n >= target,
        "points_by_bot": summary.to_json()["points_by_bot"],
        "points_edge": round(mean, 2), "points_edge_ci95": [round(dlow, 2), round(dhigh, 2)],
        "seconds": round(summary.seconds, 1),
    }
    if timer.times:
        out["hard_decisions"] = timer.stats()
    if expert.times:
        out["expert_decisions"] = expert.stats()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="indian_13")
    parser.add_argument("--only", nargs="*", choices=sorted(MATCHUPS), default=None)
    parser.add_argument("--every-round", action="store_true",
                        help="contract family: deal i plays round i mod 7's contract")
    parser.add_argument("--options", nargs="*", default=[], metavar="KEY=VALUE",
                        help="the variant's options, as for `rummy simulate`")
    parser.add_argument("--jobs", type=int, default=1,
                        help="processes to share the deals among (the same deals and seeds)")
    parser.add_argument("--log", type=Path, default=None,
                        help="append each deal to this file as it ends (one matchup)")
    parser.add_argument("--from-log", type=Path, default=None,
                        help="print the figures of the deals in this --log file, play none")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs is a number of processes, at least 1")
    names = args.only or list(MATCHUPS)
    if (args.log or args.from_log) and len(names) != 1:
        parser.error("--log and --from-log are for one matchup: name it with --only")
    options = parse_options(args.options)
    if args.from_log:
        results = {names[0]: from_log(names[0], args.from_log, args.variant)}
    else:
        results = {name: run_matchup(name, args.games, args.seed, args.variant,
                                     args.every_round, options, args.jobs, args.log)
                   for name in names}
    print(json.dumps({"benchmark": "bots", "variant": args.variant, "players": 2,
                      "seed": args.seed, "every_round": args.every_round, "options": options,
                      "matchups": results,
                      "python": platform.python_version(), "cpus": os.cpu_count()}))
    return 1 if any(r["errors"] for r in results.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
