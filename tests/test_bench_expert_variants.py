"""``benchmarks/bench_expert_variants.py`` pairs two runs of the same deals: each deal
counts for both, a deal only one of them won is told apart, and the points differ by deal."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from .bench_scripts import write_log

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "benchmarks" / "bench_expert_variants.py"


def _pair(tmp_path: Path, base: list[tuple[int, bool, int]],
          new: list[tuple[int, bool, int]]) -> Any:
    write_log(tmp_path / "base.log", base)
    write_log(tmp_path / "new.log", new)
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "reading", "--against", str(tmp_path / "base.log"),
         "--from-log", str(tmp_path / "new.log")],
        capture_output=True, text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_pairs_the_deals_both_runs_played(tmp_path: Path) -> None:
    base = [(0, True, -10), (1, False, 20), (2, True, 5), (3, False, -8)]
    new = [(0, True, -10), (1, False, -6), (2, True, 15), (4, True, -30)]
    out = _pair(tmp_path, base, new)
    assert out["deals"] == 3  # deals 0 to 2; 3 and 4 were played by one run only
    assert out["wins"] == {"base": 1, "new": 2}
    assert out["won_by_one_only"]["base"] == 0 and out["won_by_one_only"]["new"] == 1
    # hard's points less the expert's: base 10, -20, -5; new 10, 6, -15
    assert out["points_edge"] == {"base": -5.0, "new": 0.33}
    assert out["points_difference"] == 5.33


def test_the_same_run_twice_differs_in_nothing(tmp_path: Path) -> None:
    deals = [(i, i % 2 == 0, (-1) ** i * (i + 3)) for i in range(6)]
    out = _pair(tmp_path, deals, deals)
    assert out["wins"]["base"] == out["wins"]["new"]
    assert out["won_by_one_only"] == {"base": 0, "new": 0, "z": 0.0}
    assert (out["points_difference"], out["points_difference_se"]) == (0.0, 0.0)
