"""Hint never leads to a wrong show (issue 28): where Hint says "declare with X", its
grouping is the arrangement to declare with. Measured over deals between bots: every
declare hint's groups, with the finish card taken out, are a valid show (before the fix,
46 of 150 were not: the grouping was the best of all 14 cards, the finish card in it)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rummy.ai import make_bot
from rummy.ai.hint import Hint, hint
from rummy.model.actions import Finish
from rummy.model.melds import check_declaration
from rummy.model.state import apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.view import view_for


def declare_hints(variant_id: str, players: int, seeds: range, most: int
                  ) -> list[tuple[int, Hint, bool, str]]:
    """Each declare hint met in deals between medium bots, with the verdict on its
    grouping minus the finish card: (seed, hint, valid, reason)."""
    variant = load_variant(variant_id)
    found: list[tuple[int, Hint, bool, str]] = []
    for seed in seeds:
        state = start_deal(variant, players=players, seed=seed)
        bots = [make_bot("medium", seed * 10 + s) for s in range(players)]
        for _ in range(1000):  # a deal between bots ends well inside this
            seat = state.turn
            legal = legal_actions(state, seat) if seat is not None and seat >= 0 else []
            if not legal:
                break
            view = view_for(state, seat)
            if any(isinstance(a, Finish) for a in legal):
                h = hint(view, legal)
                if h.declare:
                    shown = [g for g in (tuple(c for c in g if c != h.card)
                                         for g in h.groups) if g]
                    loose = tuple(c for c in h.ungrouped if c != h.card)
                    valid, reason = check_declaration(variant, [*shown, *(
                        [loose] if loose else [])], view.wild_joker)
                    assert h.card in h.ungrouped, "the finish card is in no group"
                    found.append((seed, h, valid, reason))
                    if len(found) >= most:
                        return found
            state, _ = apply(state, bots[seat].choose(view, legal))
    return found


def _wrong(found: list[tuple[int, Hint, bool, str]]) -> list[str]:
    return [f"seed {seed}: declare with {h.card}: {reason}"
            for seed, h, valid, reason in found if not valid]


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_declare_hints_group_a_valid_show() -> None:
    # Seeds 7, 8 and 13 of these showed a wrong show behind the hint before the fix.
    found = declare_hints("indian_13", 2, range(14), most=150)
    assert len(found) >= 10
    assert _wrong(found) == []


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_declare_hints_group_a_valid_show_over_150() -> None:
    """The issue's measurement, as benchmarks/bench_hint.py makes it: 150 declare hints
    over deals between bots, two to six seats (41 were wrong shows before the fix)."""
    bench = Path(__file__).resolve().parents[1] / "benchmarks" / "bench_hint.py"
    done = subprocess.run([sys.executable, str(bench), "--hints", "150"], capture_output=True,
                          text=True, timeout=850, check=False)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert (figures["hints"], figures["wrong"]) == (150, 0)
