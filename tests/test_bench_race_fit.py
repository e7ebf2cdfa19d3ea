"""``benchmarks/bench_race_fit.py`` fits the race estimate's odds by maximum likelihood:
given turns drawn from known odds, it finds them again, and it scores a better fit above
a worse one."""

from __future__ import annotations

import math
import random
from types import ModuleType

import pytest

from .bench_scripts import load


def _script() -> ModuleType:
    return load("bench_race_fit")


def _turns(pace: float, tempo: float, n: int, seed: int) -> list[tuple[int, int, int, bool]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        mine, other = rng.randint(0, 4), rng.randint(0, 4)
        p = 1.0 / (1.0 + math.exp(-pace * (other - mine + tempo)))
        out.append((mine, other, rng.randint(0, 90), rng.random() < p))
    return out


def test_the_fit_finds_the_odds_the_turns_were_drawn_from() -> None:
    fit = _script().fit
    pace, tempo, _ = fit(_turns(1.6, 0.5, 6000, seed=3))
    assert abs(pace - 1.6) <= 0.15
    assert abs(tempo - 0.5) <= 0.15
    pace, tempo, _ = fit(_turns(0.6, 0.0, 6000, seed=4))
    assert abs(pace - 0.6) <= 0.15
    assert abs(tempo) <= 0.2


def test_the_true_odds_are_likelier_than_others() -> None:
    script = _script()
    turns = _turns(1.0, 0.3, 4000, seed=5)
    true = script.log_likelihood(turns, 1.0, 0.3)
    assert true > script.log_likelihood(turns, 2.5, 0.3)
    assert true > script.log_likelihood(turns, 1.0, -0.5)


def test_the_fit_with_the_steps_in_finds_their_weight() -> None:
    """Turns whose outcome leans on the steps in as well as the deficiencies: the fit
    finds both terms again, and foretells them better than the deficiencies alone."""
    script = _script()
    rng = random.Random(6)
    turns, ways = [], []
    for _ in range(6000):
        mine, other = rng.randint(0, 4), rng.randint(0, 4)
        w_mine, w_other = rng.randint(0, 40), rng.randint(0, 40)
        z = 1.1 * (other - mine) + 0.7 * (math.log1p(w_mine) - math.log1p(w_other)) + 0.25
        turns.append((mine, other, rng.randint(0, 90), rng.random() < 1 / (1 + math.exp(-z))))
        ways.append((w_mine, w_other))
    pace, weight, edge, ll = script.fit_with_ways(turns, ways)
    assert abs(pace - 1.1) <= 0.1
    assert abs(weight - 0.7) <= 0.1
    assert abs(edge - 0.25) <= 0.1
    assert ll > script.fit(turns)[2] + 0.005


def test_steps_on_a_melding_table_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    # The steps in are the declare family's: a melding table is refused before any deal
    # is played, with one line that says why, not an error from a worker process.
    with pytest.raises(SystemExit) as stop:
        _script().main(["--steps", "--variant", "super_rummy", "--games", "1"])
    assert stop.value.code == 2
    assert "declare family's steps in" in capsys.readouterr().err
