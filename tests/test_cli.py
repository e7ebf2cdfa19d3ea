"""The command line (``python -m rummy``), ``main.py`` and the bootstrap behind it.

Most tests call :func:`rummy.cli.main` in-process (fast); a few run the real commands in
a subprocess to see the exit status, stdout and stderr a person sees.
"""

from __future__ import annotations

import builtins
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import rummy.ai
import rummy.cli as cli
import rummy.cli_play as cli_play
import rummy.simulate as simulate_module
from rummy import bootstrap
from rummy.model.actions import Action, Draw, DrawSource
from rummy.model.view import PlayerView
from rummy.session import Session

ROOT = Path(__file__).resolve().parents[1]


def words(text: str) -> list[str]:
    return text.split()


EXAMPLE = words("KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3S")
SUMMARY_KEYS = {"games", "completed", "errors", "wins", "wins_by_bot", "avg_turns",
                "games_per_second"}


def run_cli(*args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=timeout, check=False,
                          env={**os.environ, **env})


def main_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert cli.main(list(args)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail with status 2; its stderr, which is one line."""
    with pytest.raises(SystemExit) as done:
        cli.main(list(args))
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]


# ---------------------------------------------------------------- check


def test_check_the_example_hand(capsys: pytest.CaptureFixture[str]) -> None:
    out = main_json(capsys, "check", "--variant", "indian_13", "--cut", "9S", *EXAMPLE)
    assert out["valid"] is False
    assert out["points"] == 21
    groups = [set(g) for g in out["groups"]]
    assert {"KC", "QC", "JC"} in groups
    assert {"2D", "3D", "4D"} <= set().union(*groups)
    assert sorted(out["ungrouped"]) == ["10S", "3S", "8H"]  # 10 + 3 + 8 = 21
    assert sorted([c for g in out["groups"] for c in g] + out["ungrouped"]) == sorted(EXAMPLE)
    for group in out["groups"]:  # every group it used is a group on its own
        kind = main_json(capsys, "check", "--group", "--cut", "9S", *group)["kind"]
        assert kind != "invalid", group


def test_check_the_example_in_a_subprocess() -> None:
    result = run_cli("check", "--variant", "indian_13", "--cut", "9S", *EXAMPLE)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    assert json.loads(lines[0])["points"] == 21


@pytest.mark.parametrize(("cards", "cut", "kind"), [
    ("2S KS 4S 5S", "KD", "impure_sequence"),
    ("AS KS QS JS", "KD", "pure_sequence"),
    ("3S KH 3D", "KD", "set"),
    ("6S 6S 6H", "9D", "invalid"),
])
def test_check_group(capsys: pytest.CaptureFixture[str], cards: str, cut: str,
                     kind: str) -> None:
    out = main_json(capsys, "check", "--group", "--cut", cut, *cards.split())
    assert out == {"kind": kind}


def test_check_a_valid_hand(capsys: pytest.CaptureFixture[str]) -> None:
    out = main_json(capsys, "check", "--cut", "QD",
                    *words("AS 2S 3S 4S 5H 6H 7H 8D 8C 8S 9C 10C JC"))
    assert out["valid"] is True
    assert out["points"] == 0
    assert out["ungrouped"] == []


def test_check_reads_repeated_cards_as_copies(capsys: pytest.CaptureFixture[str]) -> None:
    out = main_json(capsys, "check", "--group", "--cut", "9D", "6S", "6S", "6H")
    assert out == {"kind": "invalid"}  # two 6S from two packs: never one set


def test_check_bad_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert "'ZZ' is not a card" in usage_error(capsys, "check", *EXAMPLE[:12], "ZZ")


def test_check_bad_cut(capsys: pytest.CaptureFixture[str]) -> None:
    assert "'1X' is not a card" in usage_error(capsys, "check", "--cut", "1X", *EXAMPLE)


def test_check_wrong_card_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert "has 13 cards, got 3" in usage_error(capsys, "check", "KC", "QC", "JC")


def test_check_more_copies_than_the_deck_has(capsys: pytest.CaptureFixture[str]) -> None:
    message = usage_error(capsys, "check", "KC", "KC", "KC", *EXAMPLE[3:])
    assert "KC@2 is not in the deck of indian_13" in message


def test_check_unknown_variant(capsys: pytest.CaptureFixture[str]) -> None:
    assert "unknown variant 'nope'" in usage_error(capsys, "check", "--variant", "nope",
                                                   *EXAMPLE)


def test_check_bad_variant_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    text = (ROOT / "config" / "variants" / "indian_13.yaml").read_text(encoding="utf-8")
    bad = tmp_path / "indian_13.yaml"
    bad.write_text(text.replace("hand_size: 13", "hand_size: lots"), encoding="utf-8")
    message = usage_error(capsys, "check", "--variant", str(bad), *EXAMPLE)
    line = next(n for n, t in enumerate(text.splitlines(), 1) if t.startswith("hand_size"))
    assert f"indian_13.yaml:{line}:" in message
    assert "hand_size" in message


def test_usage_errors_in_a_subprocess() -> None:
    result = run_cli("check", "--cut", "9S", *EXAMPLE[:12], "ZZ")
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1
    assert "ZZ" in result.stderr
    assert run_cli("check").returncode == 2  # no cards at all: argparse's own error
    assert run_cli("frobnicate").returncode == 2


# ---------------------------------------------------------------- simulate


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

    real = match_module.start_deal
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
    assert cli.parse_options(["turn_timer=30", "allow_drop=false"]) == {
        "turn_timer": 30, "allow_drop": False}
    out = main_json(capsys, "simulate", "--games", "1", "--options", "turn_timer=30",
                    "allow_drop=false", "--failed-dir", str(tmp_path))
    assert out["errors"] == 0


# ---------------------------------------------------------------- start, play, bench


def test_start_plays_a_demo_deal(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["start", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Rummy" in out
    assert "python -m rummy play" in out
    assert "discards" in out
    assert " wins " in out
    assert "--seed 3" in out


@pytest.mark.timeout(120)
def test_main_py_runs_the_demo() -> None:
    # The bootstrap itself is covered below and by hand from a clean copy (README).
    result = subprocess.run([sys.executable, str(ROOT / "main.py"), "start", "--seed", "1"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120,
                            check=False, env={**os.environ, "RUMMY_NO_BOOTSTRAP": "1"})
    assert result.returncode == 0, result.stderr
    assert " wins " in result.stdout


def scripted_play(monkeypatch: pytest.MonkeyPatch, answer: Any) -> Iterator[str]:
    views: list[PlayerView] = []
    real = cli_play._table_text

    def remember(view: PlayerView) -> str:
        views.append(view)
        return real(view)

    monkeypatch.setattr(cli_play, "_table_text", remember)
    monkeypatch.setattr(builtins, "input", lambda prompt="": answer(views[-1]))
    yield "ready"


def test_play_a_whole_deal_in_the_terminal(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    said: list[str] = []

    def answer(view: PlayerView) -> str:
        # Help once, one bad card, then draw closed and throw the drawn card back.
        if not said:
            said.append("h")
        elif len(said) == 1:
            said.append("ZZ")
        else:
            said.append("c" if view.drawn is None else view.drawn.code)
        return said[-1]

    next(scripted_play(monkeypatch, answer))
    assert cli.main(["play", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "c = draw from the closed deck" in out
    assert "not now" in out
    assert "your hand:" in out
    assert " wins " in out  # the greedy bot wins the deal in the end


def test_play_quits(capsys: pytest.CaptureFixture[str],
                    monkeypatch: pytest.MonkeyPatch) -> None:
    def stop(view: PlayerView) -> str:
        raise EOFError

    next(scripted_play(monkeypatch, stop))
    assert cli.main(["play", "--seed", "4", "--players", "3"]) == 0
    assert "bye" in capsys.readouterr().out


@pytest.mark.timeout(120)
def test_bench_runs_the_simulate_benchmark() -> None:
    result = run_cli("bench", "simulate", "--games", "2", timeout=120)
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert data["greedy_vs_greedy"]["games_per_second"] > 0
    assert data["random_vs_greedy"]["completed"] == 2


def test_bench_unknown(capsys: pytest.CaptureFixture[str]) -> None:
    assert "no benchmark 'nope'" in usage_error(capsys, "bench", "nope")


# ---------------------------------------------------------------- bootstrap


def test_bootstrap_is_stdlib_only() -> None:
    import ast

    tree = ast.parse((ROOT / "rummy" / "bootstrap.py").read_text(encoding="utf-8"))
    modules = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
               for a in n.names}
    modules |= {n.module.split(".")[0] for n in ast.walk(tree)
                if isinstance(n, ast.ImportFrom) and n.module and not n.level}
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}, modules


def test_bootstrap_stamp_follows_the_requirement_files(tmp_path: Path) -> None:
    root, venv = tmp_path / "repo", tmp_path / "repo" / ".venv"
    venv.mkdir(parents=True)
    (root / "requirements.txt").write_text("PyYAML==6.0.3\n")
    (root / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.2.0\n")
    assert not bootstrap.is_current(False, venv, root)
    bootstrap._write_stamp(True, venv, root)
    assert bootstrap.is_current(True, venv, root)
    assert bootstrap.is_current(False, venv, root)  # a dev install includes the runtime
    (root / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.3.0\n")
    assert not bootstrap.is_current(True, venv, root)
    assert bootstrap.is_current(False, venv, root)
    (root / "requirements.txt").write_text("PyYAML==6.0.4\n")
    assert not bootstrap.is_current(False, venv, root)
    bootstrap._write_stamp(False, venv, root)
    assert bootstrap.is_current(False, venv, root)
    assert not bootstrap.is_current(True, venv, root)


def test_bootstrap_does_not_recurse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Started again by the bootstrap but still not inside the venv: stop, never loop.
    monkeypatch.setattr(bootstrap, "VENV", tmp_path / ".venv")
    monkeypatch.delenv("RUMMY_NO_BOOTSTRAP", raising=False)
    monkeypatch.setenv("RUMMY_BOOTSTRAPPED", str(tmp_path / ".venv"))
    with pytest.raises(bootstrap.BootstrapError, match="not running in it"):
        bootstrap._ensure(False, ["main.py"])
    assert not (tmp_path / ".venv").exists()


def test_bootstrap_says_how_to_get_venv(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ensurepip" else real(name, *a))
    with pytest.raises(bootstrap.BootstrapError, match="apt install python3-venv"):
        bootstrap._check_venv_support()


def test_bootstrap_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "VENV", tmp_path / ".venv")
    monkeypatch.setenv("RUMMY_NO_BOOTSTRAP", "1")
    bootstrap.ensure(dev=True, argv=["main.py"])  # returns without touching anything
    assert not (tmp_path / ".venv").exists()


# ---------------------------------------------------------------- the README


def test_readme_example_is_true() -> None:
    """The Python example in README.md runs, and its commented results hold."""
    import ast

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    checked = 0
    for line in block.splitlines():
        code, _, comment = line.partition("#")
        try:
            expected = ast.literal_eval(comment.strip())
        except (ValueError, SyntaxError):
            exec(code, namespace)
            continue
        assert eval(code, namespace) == expected, line
        checked += 1
    r = namespace["r"]
    assert (r.points, r.valid) == (21, False)
    assert {frozenset(c.code for c in g) for g in r.groups} >= {frozenset({"KC", "QC", "JC"})}
    assert checked == 1


@pytest.mark.parametrize("module", ["rummy.ai", "rummy.simulate"])
def test_doctests_outside_the_model(module: str) -> None:
    """pytest collects doctests in rummy/model; these modules have a few of their own."""
    import doctest
    import importlib

    result = doctest.testmod(importlib.import_module(module))
    assert result.attempted > 0
    assert result.failed == 0
