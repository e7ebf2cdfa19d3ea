"""``benchmarks/bench_bots.py`` judges a logged run against the target its issue names for
that variant: the expert's is 60% of Indian rummy deals, 58% of the melding families'."""

from __future__ import annotations

from pathlib import Path

import pytest

from .bench_scripts import load, write_log


@pytest.mark.parametrize(("variant", "target", "met"), [
    ("indian_13", 0.60, False), ("super_rummy", 0.58, True), ("dummy_rummy", 0.58, True),
])
def test_the_expert_is_judged_by_its_variants_target(tmp_path: Path, variant: str,
                                                     target: float, met: bool) -> None:
    # 59 wins in 100 deals: short of Indian rummy's 60%, past the melding families' 58%
    deals = [(i, i % 2 == 0, -10 if i < 59 else 10) for i in range(100)]
    write_log(tmp_path / "run.log", deals)
    out = load("bench_bots").from_log("expert-hard", tmp_path / "run.log", variant)
    assert out["win_rate"] == 0.59
    assert out["target"] == target
    assert out["meets_target"] is met
