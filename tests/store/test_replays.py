"""Replays: kept with their records, listed, loaded like saves, stepped forward and back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rummy.model.view import view_for
from rummy.session import Session
from rummy.store.replays import ReplayShelf
from rummy.store.stepper import ReplayStepper
from tests.store.helpers import digest, play


def finished_deal(seed: int) -> Session:
    game = play(Session.lone_deal("indian_13", players=3, seed=seed))
    assert game.lone and game.state.is_over
    return game


def finished_match() -> Session:
    game = play(Session.new("indian_13", players=2, seed=9,
                              options={"match_format": "deals_2"}))
    assert not game.lone and game.match.over
    return game


def test_a_finished_deal_and_match_are_listed_and_load(tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path)
    deal, match = finished_deal(1), finished_match()
    shelf.add(deal, players=["You", "easy", "hard"], result="You won")
    shelf.add(match, players=["You", "hard"], result="hard won the match")
    entries = shelf.list()
    assert [(e.kind, e.variant, e.players, e.result) for e in entries] == [
        ("match", "indian_13", ("You", "hard"), "hard won the match"),
        ("deal", "indian_13", ("You", "easy", "hard"), "You won")]
    assert all(len(e.date) == len("2026-01-01 10:00") for e in entries)
    assert digest(shelf.load(entries[0])) == digest(match)
    assert digest(shelf.load(entries[1])) == digest(deal)
    assert shelf.problems == []


def test_only_the_newest_are_kept(tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path, keep=3)
    games = [Session.lone_deal("indian_13", players=2, seed=s) for s in range(5)]
    for number, game in enumerate(games):
        shelf.add(game, players=["a", "b"], result=f"game {number}")
    assert [e.result for e in shelf.list()] == ["game 4", "game 3", "game 2"]
    assert len(list(shelf.dir.glob("*.json"))) == 3


def test_a_damaged_replay_is_left_out_and_set_aside(tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path)
    good = shelf.add(Session.lone_deal("indian_13", players=2, seed=1), players=["a", "b"],
                     result="x")
    bad = shelf.dir / "20000101-000000-000000.json"
    bad.write_text('{"format": "rummy-replay/1", "pla')
    assert [e.path for e in shelf.list()] == [good]
    assert len(shelf.problems) == 1 and bad.name in shelf.problems[0]
    assert not bad.exists() and len(list(shelf.dir.glob("*.bad-*"))) == 1


def test_a_replay_whose_moves_do_not_replay_is_refused(tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path)
    path = shelf.add(finished_deal(2), players=["a", "b", "c"], result="x")
    data = json.loads(path.read_text())
    data["game"]["deals"][0] = data["game"]["deals"][0][1:]
    path.write_text(json.dumps(data))
    entry = shelf.list()[0]
    with pytest.raises(ValueError, match="cannot be shown"):
        shelf.load(entry)
    assert not path.exists()


def test_the_stepper_walks_a_deal_both_ways() -> None:
    game = finished_deal(3)
    stepper = ReplayStepper(game)
    assert stepper.positions == len(game.actions) + 1
    replayed = Session.lone_deal("indian_13", players=3, seed=3)
    for number, action in enumerate(game.actions, 1):
        replayed.act(action)
        assert stepper.forward()
        assert stepper.index == number and stepper.action == action
        assert stepper.state == replayed.state
    assert not stepper.forward() and stepper.at_end and stepper.state == game.state
    while stepper.back():
        pass
    assert stepper.index == 0 and stepper.action is None
    assert stepper.state == Session.lone_deal("indian_13", players=3, seed=3).state
    stepper.seek(10_000)
    assert stepper.at_end


def test_every_hand_is_face_up() -> None:
    stepper = ReplayStepper(finished_deal(4))
    stepper.seek(5)
    views = stepper.views()
    assert [v.hand for v in views] == [tuple(h) for h in stepper.hands()]
    assert [v.hand for v in views] == [view_for(stepper.state, s).hand for s in range(3)]


def test_play_advances_at_its_speed_and_stops_at_the_end() -> None:
    stepper = ReplayStepper(finished_deal(5))
    stepper.speed = 4.0
    assert not stepper.update(1.0)  # paused: nothing moves
    stepper.play()
    stepper.update(0.5)
    assert stepper.index == 2
    stepper.update(0.1)
    assert stepper.index == 2  # 0.4 of an action owed
    stepper.update(0.15)
    assert stepper.index == 3
    for _ in range(10_000):
        if not stepper.playing:
            break
        stepper.update(1.0)
    assert stepper.at_end and not stepper.playing


def test_the_stepper_walks_a_match_across_its_deals() -> None:
    match = finished_match()
    stepper = ReplayStepper(match)
    assert stepper.kind == "match"
    assert stepper.positions == sum(len(d) for d in match.deals) + 1
    stepper.seek(stepper.positions - 1)
    assert stepper.match == match.match
    stepper.seek(len(match.deals[0]) + 1)
    assert stepper.match is not None and stepper.match.deal_no == 1


def test_playing_a_match_stops_where_each_deal_ends() -> None:
    """The deal's result stays up until the watcher goes on; playing on, the next deal
    starts."""
    match = finished_match()
    stepper = ReplayStepper(match)
    stepper.speed = 8.0
    stepper.play()
    for _ in range(10_000):
        if not stepper.playing:
            break
        stepper.update(1.0)
    assert stepper.deal_over and stepper.index == len(match.deals[0]) and not stepper.at_end
    stepper.play()
    for _ in range(10_000):
        if not stepper.playing:
            break
        stepper.update(1.0)
    assert stepper.deal_over and stepper.at_end


def test_one_round_of_a_contract_match_is_kept_and_watched_alone(tmp_path: Path) -> None:
    """A round of classic or contract rummy is dealt from where its match stands: it is
    kept as the match so far, and watched from its dealing to its scoring."""
    from rummy.model.events import DealScored

    match = Session.new("dummy_rummy", players=2, seed=4)
    while len(match.deals) < 3 and not match.match.over:  # rounds 1 and 2 played
        play(match, steps=1)
    assert len(match.deals) == 3, "two rounds should end within the step limit"
    shelf = ReplayShelf(tmp_path)
    shelf.add(match, ["You", "hard"], "You won round 2", deal=1)
    (entry,) = shelf.list()
    assert (entry.kind, entry.deal, entry.result) == ("deal", 1, "You won round 2")
    loaded = shelf.load(entry)
    stepper = ReplayStepper(loaded, entry.deal)
    assert stepper.kind == "deal"
    assert stepper.positions == len(match.deals[1]) + 1
    first = stepper.match
    assert first is not None and first.deal_no == 1 and stepper.action is None
    assert first.state.history == stepper.events  # the round as dealt
    stepper.seek(stepper.positions - 1)
    assert stepper.action == match.deals[1][-1]
    assert any(isinstance(e, DealScored) for e in stepper.events)
    with pytest.raises(ValueError, match="no deal 9"):
        ReplayStepper(loaded, 8)


def test_a_replay_with_a_damaged_deal_number_is_set_aside(tmp_path: Path) -> None:
    shelf = ReplayShelf(tmp_path)
    path = shelf.add(finished_match(), ["a", "b"], "a won round 1", deal=0)
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "deal": "one"}), encoding="utf-8")
    assert shelf.list() == [] and "not a number" in shelf.problems[0]
