#!/usr/bin/env python3
"""How well the race estimates' odds fit real deals:
``python benchmarks/bench_race_fit.py [--variant indian_13] [--games 2000] [--bots hard,hard]
[--jobs 2]``.

The expert scores a world where its playout stops by a race: of deficiencies to a show in
the declare family (``rummy/ai/race.py``), of the cards a hand cannot yet get rid of to an
empty hand in the melding families (``rummy/ai/meld_race.py``). A seat is ``e ** PACE``
times likelier to finish first for each card it is ahead, and the seat to move is
``TEMPO`` of a card ahead. Those two were chosen by reasoning. This plays two-seat deals
of the variant between two bots and, at the start of every turn, notes how far behind
each seat is, as the family's estimate counts it, and whether the seat to move went on to
finish first (deals ending in a drop, a stalemate or without a winner are left out).
Then it fits
``P(the seat to move finishes first) = 1 / (1 + e ** -(PACE * (d_other - d_mover + TEMPO)))``
by maximum likelihood, overall and in the earlier and later halves of the turns (by the
closed deck's size), and prints one JSON object: the fitted pair; the log-likelihood a
turn of the fit, of the shipped pair and of a coin (one half whatever the race: a race
that predicts nothing fits no worse than that); and, per lead of the seat to move, the
turns seen and the share it won.

``--steps`` (declare family) also counts each seat's steps in (``rummy/ai/steps.py``: the
cards not in its hand or the open deck that would bring it a card nearer a show) and fits
``PACE * (d_other - d_mover) + WEIGHT * (ln(1 + s_mover) - ln(1 + s_other)) + EDGE``,
where ``EDGE`` is the mover's edge in the odds' own units (``PACE * TEMPO`` above): how
much better a race that counts the ways forward foretells the deal.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rummy.ai import make_bot, meld_race, race  # noqa: E402
from rummy.ai.deficiency import Deficiency  # noqa: E402
from rummy.ai.steps import steps_in  # noqa: E402
from rummy.model.families.declare_deal import DeclareState  # noqa: E402
from rummy.model.state import GameState, MeldState, Phase, SeatStatus  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.simulate import derive_seed  # noqa: E402

Turn = tuple[float, float, int, bool]
"""How far behind the mover is, the other, closed cards left, whether the mover finished
first."""
Ways = tuple[int, int]
"""The mover's steps in and the other's, at the same turn (``--steps``)."""


def behind(state: GameState, seat: int, deficiency: Deficiency) -> float:
    """How far behind in the race ``seat`` is, as its family's estimate counts it."""
    if isinstance(state, MeldState):
        return meld_race.standing(state, seat)[0]
    return float(deficiency.of(state.variant, state.hands[seat], state.wild_rank))


def shipped(state: GameState) -> tuple[float, float]:
    """The family's estimate's (PACE, TEMPO)."""
    module = meld_race if isinstance(state, MeldState) else race
    return module.PACE, module.TEMPO


def ways_forward(state: DeclareState, seat: int, deficiency: Deficiency) -> int:
    """The seat's steps in, counting as still to come every card it cannot see: the
    closed deck's and the other hands'."""
    live: Counter[str] = Counter(c.face for c in state.closed_deck)
    for other, hand in enumerate(state.hands):
        if other != seat:
            live.update(c.face for c in hand)
    return steps_in(state.variant, state.hands[seat], state.wild_rank, live, deficiency)


def _deal(job: tuple[str, int, int, tuple[str, str], bool]
          ) -> tuple[list[Turn], list[Ways], tuple[float, float]]:
    variant, seed, index, names, count_ways = job
    game = Session.lone_deal(variant, 2, derive_seed(seed, index), None, max_turns=0)
    bots = [make_bot(name, derive_seed(seed, index, seat)) for seat, name in enumerate(names)]
    deficiency = Deficiency()
    seen: list[tuple[int, float, float, int]] = []
    ways: list[Ways] = []
    for _ in range(600):
        state = game.state
        if state.is_over:
            break
        seat = state.turn
        if state.phase is Phase.DRAW:
            seen.append((seat, behind(state, seat, deficiency),
                         behind(state, 1 - seat, deficiency), len(state.closed_deck)))
            if count_ways:
                if not isinstance(state, DeclareState):
                    raise ValueError("--steps counts the declare family's steps in")
                ways.append((ways_forward(state, seat, deficiency),
                             ways_forward(state, 1 - seat, deficiency)))
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    final = game.state
    result = final.result
    if result is None or result.winner is None or (
            isinstance(final, DeclareState)
            and any(s is not SeatStatus.PLAYING for s in final.status)):
        return [], [], shipped(final)  # a drop, a stalemate or no winner: not a race
    return ([(mine, other, left, result.winner == seat) for seat, mine, other, left in seen],
            ways, shipped(final))


def _tally(turns: Sequence[Turn]) -> dict[float, list[int]]:
    """Per lead of the mover (how far behind the other is, less the mover): [turns, the
    mover's wins].
    The odds depend on the lead alone, so the fit reads this tally, not every turn."""
    table: dict[float, list[int]] = defaultdict(lambda: [0, 0])
    for mine, other, _, won in turns:
        table[other - mine][0] += 1
        table[other - mine][1] += won
    return table


def _ll(table: dict[float, list[int]], pace: float, tempo: float) -> float:
    total = 0.0
    count = 0
    for lead, (n, won) in table.items():
        p = 1.0 / (1.0 + math.exp(-pace * (lead + tempo)))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += won * math.log(p) + (n - won) * math.log(1.0 - p)
        count += n
    return total / count if count else 0.0


def log_likelihood(turns: Sequence[Turn], pace: float, tempo: float) -> float:
    """Mean log-probability of the outcomes under the race's odds."""
    return _ll(_tally(turns), pace, tempo)


def fit(turns: Sequence[Turn]) -> tuple[float, float, float]:
    """The (pace, tempo) of the greatest likelihood on a grid (steps of 0.05), and that
    likelihood."""
    table = _tally(turns)
    best = (0.0, 0.0, -math.inf)
    for p in range(0, 61):
        pace = p / 20
        for t in range(-10, 21):
            tempo = t / 20
            ll = _ll(table, pace, tempo)
            if ll > best[2]:
                best = (pace, tempo, ll)
    return best


def fit_with_ways(turns: Sequence[Turn], ways: Sequence[Ways]
                  ) -> tuple[float, float, float, float]:
    """(PACE, WEIGHT, EDGE) of the greatest likelihood for the odds with the steps in (see
    the module docstring), and that likelihood a turn: Newton's method on the logistic
    log-likelihood, which is concave, from even odds."""
    rows = [((other - mine), math.log1p(w_mine) - math.log1p(w_other), won)
            for (mine, other, _, won), (w_mine, w_other) in zip(turns, ways, strict=True)]
    beta = [0.0, 0.0, 0.0]
    for _ in range(50):
        grad = [0.0, 0.0, 0.0]
        hess = [[0.0] * 3 for _ in range(3)]
        for lead, ahead, won in rows:
            x = (lead, ahead, 1.0)
            p = 1.0 / (1.0 + math.exp(-sum(b * v for b, v in zip(beta, x, strict=True))))
            for i in range(3):
                grad[i] += (won - p) * x[i]
                for j in range(3):
                    hess[i][j] -= p * (1.0 - p) * x[i] * x[j]
        step = _solve(hess, grad)
        beta = [b - s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    total = 0.0
    for lead, ahead, won in rows:
        p = 1.0 / (1.0 + math.exp(-(beta[0] * lead + beta[1] * ahead + beta[2])))
        p = min(max(p, 1e-9), 1 - 1e-9)
        total += math.log(p) if won else math.log(1.0 - p)
    return beta[0], beta[1], beta[2], total / len(rows) if rows else 0.0


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gaussian elimination with partial pivoting; ``a`` is 3 by
    3 and, for turns that do not all agree, not singular)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        if abs(m[pivot][col]) < 1e-12:
            raise ValueError("the turns cannot tell the odds' terms apart")
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(col + 1, n):
            f = m[r][col] / m[col][col]
            for c in range(col, n + 1):
                m[r][c] -= f * m[col][c]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        x[r] = (m[r][n] - sum(m[r][c] * x[c] for c in range(r + 1, n))) / m[r][r]
    return x


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="indian_13")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", default="hard,hard")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--steps", action="store_true",
                        help="declare family: fit the odds with the steps in too")
    args = parser.parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        parser.error("--games and --jobs are counts, at least 1")
    names = args.bots.split(",")
    if len(names) != 2 or not all(names):
        parser.error(f"--bots names the two seats' bots, as hard,hard (not {args.bots!r})")
    a, b = names
    if args.steps and not isinstance(
            Session.lone_deal(args.variant, 2, args.seed, max_turns=0).state, DeclareState):
        parser.error(f"--steps counts the declare family's steps in; {args.variant} melds")
    jobs = [(args.variant, args.seed, i, (a, b) if i % 2 == 0 else (b, a), args.steps)
            for i in range(args.games)]
    turns: list[Turn] = []
    ways: list[Ways] = []
    shipped_pairs = set()
    with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
        for deal, deal_ways, pair in pool.imap_unordered(_deal, jobs, chunksize=8):
            turns.extend(deal)
            ways.extend(deal_ways)
            shipped_pairs.add(pair)
    (pace_tempo,) = shipped_pairs  # one variant, one family
    pace, tempo, ll = fit(turns)
    by_left: dict[str, list[Turn]] = defaultdict(list)
    middle = sorted(t[2] for t in turns)[len(turns) // 2] if turns else 0
    for turn in turns:
        by_left[f"closed deck > {middle}" if turn[2] > middle else
                f"closed deck <= {middle}"].append(turn)
    table = _tally(turns)
    out: dict[str, Any] = {
        "benchmark": "race_fit", "variant": args.variant, "bots": [a, b],
        "deals": args.games, "turns": len(turns),
        "fitted": {"pace": pace, "tempo": tempo, "log_likelihood": round(ll, 4)},
        "shipped": {"pace": pace_tempo[0], "tempo": pace_tempo[1],
                    "log_likelihood": round(log_likelihood(turns, *pace_tempo), 4)},
        "coin": {"log_likelihood": round(math.log(0.5), 4)},
        "by_deck": {k: dict(zip(("pace", "tempo", "log_likelihood"),
                                (round(x, 4) for x in fit(v)), strict=True)) | {"turns": len(v)}
                    for k, v in sorted(by_left.items())},
        "mover_ahead_by": {str(k): {"turns": n, "mover_won": round(w / n, 3)}
                           for k, (n, w) in sorted(table.items())},
    }
    if args.steps:
        pace_w, weight, edge, ll_w = fit_with_ways(turns, ways)
        out["with_steps_in"] = {"pace": round(pace_w, 3), "weight": round(weight, 3),
                                "edge": round(edge, 3), "log_likelihood": round(ll_w, 4)}
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
