"""``python -m rummy review``: the JSON's shape, the same review for the same record and
seed, a replay file, the text form, and a clear message with exit status 2 for bad input.
The expert's appraisal runs at a small budget (``--budget``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import rummy.cli as cli
from rummy.review import VERDICTS
from rummy.session import Session
from rummy.store.replays import ReplayShelf
from tests.cli_helpers import main_json, run_cli, usage_error
from tests.review.helpers import played_deal

pytestmark = pytest.mark.timeout(120)
FAST = ("--budget", "12")


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("review") / "deal.json"
    played_deal(seed=4).save(path)
    return path


def test_the_json_has_every_decision_and_the_summary(capsys: pytest.CaptureFixture[str],
                                                       record: Path) -> None:
    out = main_json(capsys, "review", str(record), "--seat", "0", "--json", *FAST)
    assert set(out) == {"decisions", "summary"}
    assert set(out["summary"]) == {"decisions", "agreed", "points_lost", "blunders"}
    decisions = out["decisions"]
    assert len(decisions) == out["summary"]["decisions"] > 3
    game = Session.load(record)
    mine = [a.to_json() for a in game.actions if a.seat == 0]
    for d in decisions:
        assert set(d) == {"turn", "played", "best", "rank", "candidates", "points_lost",
                          "verdict"}
        assert d["verdict"] in VERDICTS and d["played"] in mine
        assert d["candidates"][0]["action"] == d["best"]
        at_rank = d["candidates"][d["rank"] - 1]["action"]
        assert at_rank == d["played"] or (  # a copy of the card played: the same move
            at_rank["type"] == "discard" == d["played"]["type"]
            and at_rank["card"].split("@")[0] == d["played"]["card"].split("@")[0])
        for c in d["candidates"]:
            assert set(c) == {"action", "expected_points", "spread"}
        lost = d["candidates"][d["rank"] - 1]["expected_points"] - \
            d["candidates"][0]["expected_points"]
        # Each figure is rounded to 0.01 on its own: the difference of two may be 0.01 off.
        assert d["points_lost"] == pytest.approx(max(0.0, lost), abs=0.015)
    assert out["summary"]["agreed"] == sum(d["verdict"] == "best" for d in decisions)
    assert [d["turn"] for d in decisions] == sorted(d["turn"] for d in decisions)


@pytest.mark.slow
def test_the_same_record_and_seed_give_the_same_review(capsys: pytest.CaptureFixture[str],
                                                       record: Path) -> None:
    first = main_json(capsys, "review", str(record), "--seat", "1", "--json", *FAST)
    again = main_json(capsys, "review", str(record), "--seat", "1", "--json", *FAST)
    assert first == again


@pytest.mark.slow
def test_a_replay_file_is_reviewed_with_its_names(capsys: pytest.CaptureFixture[str],
                                                  tmp_path: Path) -> None:
    path = ReplayShelf(tmp_path).add(played_deal("super_rummy", seed=4), ["Medium 1", "You"],
                                     "You won")
    assert cli.main(["review", str(path), "--seat", "1", *FAST]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("You: ") and "agreed with the expert" in lines[0]
    assert any(line.startswith("turn  1: ") for line in lines)


@pytest.mark.parametrize(("content", "message"), [
    (None, "cannot be read"),
    ("{not json", "not a saved game or replay (bad JSON"),
    ('{"format": "something else"}', "not a game that can be replayed (not a saved game"),
    ('{"format": "rummy-deal/1", "variant": "indian_13", "players": 2, "seed": 1,'
     ' "actions": [{"type": "discard", "seat": 0, "card": "KC"}]}',
     "action 1 (0: discard KC) is not legal"),
])
def test_a_bad_record_gets_a_clear_message(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           content: str | None, message: str) -> None:
    path = tmp_path / "record.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert message in usage_error(capsys, "review", str(path), "--seat", "0")


@pytest.mark.parametrize(("args", "message"), [
    (("--seat", "2"), "there is no seat 2: the game has seats 0 to 1"),
    (("--seat", "0", "--deal", "3"), "there is no deal 3: the record has 1"),
    (("--seat", "0", "--budget", "0"), "--budget is an amount of work, at least 1"),
])
def test_a_seat_or_deal_out_of_range_gets_a_clear_message(
        capsys: pytest.CaptureFixture[str], record: Path, args: tuple[str, ...],
        message: str) -> None:
    assert message in usage_error(capsys, "review", str(record), *args)


@pytest.mark.slow
def test_the_command_exits_2_on_bad_input_and_prints_json(record: Path) -> None:
    bad = run_cli("review", str(record), "--seat", "5")
    assert bad.returncode == 2 and "python -m rummy review: error:" in bad.stderr
    assert "there is no seat 5" in bad.stderr and not bad.stdout
    good = run_cli("review", str(record), "--seat", "0", "--json", *FAST)
    assert good.returncode == 0, good.stderr
    assert set(json.loads(good.stdout)) == {"decisions", "summary"}
