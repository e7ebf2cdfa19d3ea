"""The command line (``python -m rummy``): ``check``, ``start``, ``play``, ``bench``, and the
README's example.

Most tests call :func:`rummy.cli.main` in-process (fast); a few run the real commands in
a subprocess to see the exit status, stdout and stderr a person sees. ``simulate`` is
``test_cli_simulate.py``; ``main.py``'s bootstrap is ``test_bootstrap.py``.
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

import rummy.cli as cli
import rummy.cli_play as cli_play
from rummy.model.view import PlayerView
from tests.cli_helpers import EXAMPLE, ROOT, main_json, run_cli, usage_error, words

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


@pytest.mark.parametrize(("flag", "value", "message"), [
    ("--rate", "0", "--rate is a number of messages a second, more than 0"),
    ("--burst", "0.5", "--burst is a number of messages, at least 1"),
    ("--max-turns", "-1", "--max-turns is 0 (never) or more"),
    ("--connections", "-1", "--connections is a number of connections, 0 for no limit"),
    ("--failed-joins", "-2", "--failed-joins is a number a minute, 0 for no limit"),
    ("--failed-joins", "nan", "--failed-joins is a number a minute, 0 for no limit"),
])
def test_serve_refuses_limits_that_make_no_sense(capsys: pytest.CaptureFixture[str], flag: str,
                                                 value: str, message: str) -> None:
    assert message in usage_error(capsys, "serve", "--port", "0", flag, value)
