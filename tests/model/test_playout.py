"""Random playouts of every shipped variant, under every value of every option.

DESIGN.md habit 6: one generic test plays every variant to the end with bots, checking
after every action that the action was legal and that every invariant holds (cards exist
exactly once, hand sizes, scores add up). It runs :func:`rummy.simulate.simulate`, the
function behind ``python -m rummy simulate``, not a copy of it. A failure leaves the
deal's record in ``failed_dir``; ``Game.load`` replays it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from rummy.model.variant import list_variant_ids, load_variant
from rummy.simulate import simulate

from .helpers import MATCH_OPTIONS


def _settings() -> list[Any]:
    """(variant id, options) for the defaults and for each non-default option value."""
    out = []
    for vid in list_variant_ids():
        variant = load_variant(vid)
        out.append(pytest.param(vid, {}, id=f"{vid}-defaults"))
        for option in variant.options:
            if option.key in MATCH_OPTIONS:
                continue
            for value in option.values:
                if value != option.default:
                    # slow: a second each; the defaults above keep every variant in
                    # tests/run.py --fast
                    out.append(pytest.param(vid, {option.key: value},
                                            id=f"{vid}-{option.key}={value}",
                                            marks=pytest.mark.slow))
    return out


def test_every_variant_is_played() -> None:
    assert list_variant_ids(), "no variant files in config/variants/"
    assert len(_settings()) > len(list_variant_ids())


def _playable(variant_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options``, plus the other option values it needs to seat anyone (source 001: hand
    sizes above one deck's need ``deck_count`` 2 or 3)."""
    variant = load_variant(variant_id)
    if any(variant.with_options(options).seating_problem(p) is None
           for p in range(variant.min_players, variant.max_players + 1)):
        return options
    for option in variant.options:
        for value in option.values:
            more = {**options, option.key: value}
            if option.key not in options and any(
                    variant.with_options(more).seating_problem(p) is None
                    for p in range(variant.min_players, variant.max_players + 1)):
                return more
    return options


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("variant_id", "options"), _settings())
def test_playout(variant_id: str, options: dict[str, Any], tmp_path: Path) -> None:
    options = _playable(variant_id, options)
    variant = load_variant(variant_id).with_options(options)
    failed = tmp_path / "failed-games"
    for players in range(variant.min_players, variant.max_players + 1):
        if variant.seating_problem(players) is not None:
            continue
        # Greedy and random bots in every seat in turn; then random bots alone, which
        # reach the rarer paths (drops, timeouts, reshuffles of the closed deck).
        mixed = simulate(variant_id, players, games=2, seed=players, bots=("greedy", "random"),
                         options=options, rotate=True, failed_dir=failed)
        alone = simulate(variant_id, players, games=1, seed=players, bots=("random",),
                         options=options, failed_dir=failed, max_turns=150)
        for summary in (mixed, alone):
            errors = [r.error for r in summary.reports if r.error]
            assert not errors, f"{players} players: {errors}; records in {failed}"
            assert summary.games == summary.completed + summary.incomplete
        # A greedy bot finishes a deal long before the turn limit. With table melds a
        # round can stall for good (every card left fits nowhere), so there one must end.
        if variant.family == "declare":
            assert mixed.completed == mixed.games, f"{players} players: a deal did not end"
        else:
            ended = [r for r in (*mixed.reports, *alone.reports) if r.points]  # scored
            assert ended, f"{players} players: no round ended"
    assert not failed.exists()
