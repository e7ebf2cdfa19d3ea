"""``python -m rummy simulate``: bot-against-bot deals, their summary, determinism, and the
games it saves when a bot or the engine goes wrong.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import rummy.ai
import rummy.cli as cli
import rummy.simulate as simulate_module
from rummy.cli_common import parse_options
from rummy.model.actions import Action, Draw, DrawSource
from rummy.model.view import PlayerView
from rummy.session import Session
from tests.cli_helpers import SUMMARY_KEYS, main_json, run_cli, usage_error

# ---------------------------------------------------------------- simulate


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_simulate_summary_and_determinism(tmp_path: Path) -> None:
    args = ("simulate", "--variant", "indian_13", "--players", "3", "--games", "3",
            "--seed", "5", "--bots", "greedy,random", "--rotate",
            "--failed-dir", str(tmp_path / "failed"))
    first, second = run_cli(*args, timeout=120), run_cli(*args, timeout=120)
    assert first.returncode == 0, first.stderr
    summaries = [json.loads(r.stdout.strip().splitlines()[-1]) for r in (first, second)]
    for summary in summaries:
        assert set(summary) >= SUMMARY_KEYS
        assert summary["games"] == 3
        assert summary["errors"] == 0
        assert summary["completed"] == 3
        assert sum(summary["wins"].values()) == 3
        assert summary["wins"] == summary["wins_by_bot"]
        assert set(summary["wins"]) <= {"greedy", "random"}
        assert summary["avg_turns"] > 0
        assert summary["games_per_second"] > 0
        del summary["games_per_second"]
    assert summaries[0] == summaries[1]
    assert not (tmp_path / "failed").exists()


@pytest.mark.slow
def test_simulate_seed_and_rotation_matter() -> None:
    def reports(seed: int, rotate: bool) -> list[Any]:
        summary = simulate_module.simulate("indian_13", 2, 4, seed, ("greedy", "random"),
                                           rotate=rotate, failed_dir=None)
        return [(r.seed, r.bots, r.turns, r.winner) for r in summary.reports]

    assert reports(1, False) == reports(1, False)
    assert reports(1, False) != reports(2, False)
    assert {r[1] for r in reports(1, False)} == {("greedy", "random")}
    assert {r[1] for r in reports(1, True)} == {("greedy", "random"), ("random", "greedy")}


class IllegalBot:
    """Draws from the open deck out of turn: never a legal action."""

    name = "illegal"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        return Draw((view.seat + 1) % view.players, DrawSource.OPEN)


def test_simulate_saves_failed_games(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(rummy.ai.BOTS, "illegal", IllegalBot)
    failed = tmp_path / "failed"
    code = cli.main(["simulate", "--games", "2", "--seed", "1", "--bots", "greedy,illegal",
                     "--failed-dir", str(failed)])
    captured = capsys.readouterr()
    assert code == 1
    summary = json.loads(captured.out.strip().splitlines()[-1])
    assert summary["errors"] == 2
    assert summary["completed"] == 0
    records = sorted(failed.glob("*.json"))
    assert len(records) == 2
    assert "not a legal action" in captured.err
    data = json.loads(records[0].read_text(encoding="utf-8"))
    assert "not a legal action" in data["error"]
    assert data["failed_action"]["type"] == "draw"
    game = Session.load(records[0])  # the record replays up to the failure
    assert [a.to_json() for a in game.actions] == data["deals"][0] and data["lone"]


def test_simulate_counts_broken_invariants(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    calls = {"n": 0}

    def broken(state: Any) -> list[str]:
        calls["n"] += 1
        return ["a card went missing"] if calls["n"] > 3 else []

    monkeypatch.setattr(simulate_module, "check_invariants", broken)
    summary = simulate_module.simulate("indian_13", 2, 1, 0, ("greedy",),
                                       failed_dir=tmp_path)
    assert summary.errors == 1
    report = summary.reports[0]
    assert report.error is not None and "a card went missing" in report.error
    assert report.record_path is not None and report.record_path.exists()


def test_simulate_counts_a_failing_deal(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import rummy.model.match as match_module  # a session deals its first deal through it
    from rummy.model.state import start_deal as real  # what rummy.model.match calls

    calls = {"n": 0}

    def fails_after_the_first(*args: Any) -> Any:
        calls["n"] += 1  # the first deal is simulate's own check of its arguments
        if calls["n"] > 1:
            raise RuntimeError("the shuffle went wrong")
        return real(*args)

    monkeypatch.setattr(match_module, "start_deal", fails_after_the_first)
    summary = simulate_module.simulate("indian_13", 2, 2, 0, ("greedy",), failed_dir=tmp_path)
    assert summary.errors == 2
    for report in summary.reports:
        assert report.error == "RuntimeError: the shuffle went wrong"
        assert report.record_path is not None
        record = json.loads(report.record_path.read_text(encoding="utf-8"))
        assert record["deals"] == [[]] and record["seed"] == report.seed and record["lone"]


@pytest.mark.parametrize(("args", "expected"), [
    (["--bots", "greedy,clever"], "no bot named 'clever'"),
    (["--options", "turn_timer=7"], "turn_timer"),
    (["--options", "no_such=1"], "no_such"),
    (["--options", "turn_timer"], "not key=value"),
    (["--players", "7"], "7"),
    (["--variant", "nope"], "unknown variant"),
])
def test_simulate_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str],
                               expected: str) -> None:
    assert expected in usage_error(capsys, "simulate", "--games", "1", *args)


def test_simulate_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert parse_options(["turn_timer=30", "allow_drop=false"]) == {
        "turn_timer": 30, "allow_drop": False}
    out = main_json(capsys, "simulate", "--games", "1", "--options", "turn_timer=30",
                    "allow_drop=false", "--failed-dir", str(tmp_path))
    assert out["errors"] == 0
