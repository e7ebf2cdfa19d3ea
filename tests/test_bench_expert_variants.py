"""``benchmarks/bench_expert_variants.py`` pairs two runs of the same deals: each deal
counts for both, a deal only one of them won is told apart, and the points differ by deal."""

from __future__ import annotations

import json
import random
import statistics
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import rummy.ai.expert as expert_module
import rummy.ai.worlds as worlds
from rummy.ai import make_bot
from rummy.ai.deficiency import Deficiency
from rummy.ai.tracking import known_holdings
from rummy.model.state import Phase
from rummy.session import Session

from .bench_scripts import load, write_log

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


def test_organized_worlds_keep_every_card_and_bring_the_other_hand_nearer_a_show(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``organized`` deals the other hand anew from the same unseen cards: the same cards
    in play, the known takes kept, every size as the view says; its hands lack fewer cards
    than the uniform deal's."""
    script = load("bench_expert_variants")
    uniform = worlds.sample_world
    monkeypatch.setattr(expert_module, "sample_world", uniform)  # restored after the test
    script._organized()
    organized = getattr(expert_module, "sample_world")  # noqa: B009 - not exported
    deficiency = Deficiency()
    gaps: list[float] = []
    for deal in range(6):
        game = Session.lone_deal("indian_13", 2, 1000 + deal, None, max_turns=0)
        bots = [make_bot("hard", 50 + deal + seat) for seat in range(2)]
        for step in range(200):
            state = game.state
            if state.is_over or (state.phase is Phase.DRAW and state.turn == 0 and step >= 10):
                break
            game.act(bots[state.turn].choose(game.view(state.turn),
                                             game.legal_actions(state.turn)))
        if game.state.is_over:
            continue
        view = game.view(0)
        took = known_holdings(view).get(1)
        variant, wild = view.variant, view.wild_rank
        for k in range(5):
            plain = uniform(view, random.Random(k), 7)
            world = organized(view, random.Random(k), 7)
            assert world.hands[0] == plain.hands[0]
            assert len(world.hands[1]) == len(plain.hands[1])
            assert len(world.closed_deck) == view.closed_size
            assert (Counter([*world.hands[1], *world.closed_deck])
                    == Counter([*plain.hands[1], *plain.closed_deck]))
            if took is not None:
                assert not Counter(took.took) - Counter(world.hands[1])
            gaps.append(deficiency.of(variant, plain.hands[1], wild)
                        - deficiency.of(variant, world.hands[1], wild))
    assert len(gaps) >= 15
    assert statistics.fmean(gaps) > 0.3
