"""A deal is fully described by (variant, options, players, seed, actions): records replay
to identical states, survive JSON, undo replays the log, and bad records are refused with a
clear ValueError."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from rummy.model.actions import Discard, Draw, DrawSource, action_from_json
from rummy.model.cards import parse_card
from rummy.model.invariants import random_action
from rummy.session import FORMAT, Session

ROOT = Path(__file__).resolve().parents[2]


def played(variant: str, players: int, seed: int, options: dict[str, Any] | None = None,
           limit: int = 400) -> Session:
    game = Session.lone_deal(variant, players, seed, options)
    rng = random.Random(f"{seed}/test")
    while not game.state.is_over and len(game.actions) < limit:
        game.act(random_action(game.state, rng))
    return game


@pytest.mark.parametrize("seed", range(25))
def test_a_record_replays_to_an_identical_state(seed: int) -> None:
    variant = "indian_13" if seed % 2 else "two_player_13"
    options = {"turn_timer": 30} if seed % 3 == 0 else None
    game = played(variant, 2 + seed % 2 if variant == "two_player_13" else 2 + seed % 5, seed,
                  options)
    record = game.to_record()
    assert Session.from_record(record).state == game.state
    through_json = json.loads(json.dumps(record))
    assert through_json == record
    again = Session.from_record(through_json)
    assert again.state == game.state and again.to_record() == record


def test_save_and_load_round_trip(tmp_path: Path) -> None:
    game = played("indian_13", 4, 3, {"allow_drop": False})
    path = tmp_path / "deal.json"
    game.save(path)
    loaded = Session.load(path)
    assert loaded.state == game.state and loaded.options == {"allow_drop": False}
    assert json.loads(path.read_text())["format"] == FORMAT


def test_undo_replays_the_log_minus_the_last_action() -> None:
    game = Session.lone_deal("indian_13", 3, 12)
    rng = random.Random(0)
    states = [game.state]
    for _ in range(30):
        game.act(random_action(game.state, rng))
        states.append(game.state)
    for expected in reversed(states[:-1]):
        assert game.undo() is not None
        assert game.state == expected
    assert game.undo() is None and game.actions == []


def test_an_illegal_action_leaves_the_game_unchanged() -> None:
    game = Session.lone_deal("indian_13", 2, 1)
    before = game.state
    with pytest.raises(ValueError, match="draw a card first"):
        game.act(Discard(game.state.turn, game.state.hands[game.state.turn][0]))
    assert game.state is before and game.actions == []


def test_a_deal_is_the_same_in_another_process() -> None:
    # String seeds make random.Random independent of PYTHONHASHSEED and of the process.
    code = ("from rummy.session import Session; g = Session.lone_deal('indian_13', 3, 77);"
            " print(' '.join(c.code for h in g.state.hands for c in h),"
            " ' '.join(c.code for c in g.state.closed_deck))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, check=True, env={"PYTHONHASHSEED": "123"}).stdout.split()
    state = Session.lone_deal("indian_13", 3, 77).state
    here = [c.code for h in state.hands for c in h] + [c.code for c in state.closed_deck]
    assert out == here


# ---------------------------------------------------------------- bad records


def good_record() -> dict[str, Any]:
    """A deal's record as deals were saved before (``rummy-deal/1``, its ``actions``):
    still read, and refused as clearly when damaged."""
    record = played("indian_13", 2, 5, limit=20).to_record()
    actions = record.pop("deals")[0]
    del record["lone"]
    return {**record, "format": "rummy-deal/1", "actions": actions}


def tampered(**changes: Any) -> dict[str, Any]:
    record = good_record()
    record.update(changes)
    return record


def with_action(index: int, action: Any) -> dict[str, Any]:
    record = good_record()
    record["actions"][index] = action
    return record


@pytest.mark.parametrize(("record", "message"), [
    ([], "JSON object"),
    (tampered(format="something/9"), "not a saved game"),
    (tampered(variant="no_such_variant"), "cannot start"),
    (tampered(variant=3), "names its variant"),
    (tampered(options={"turn_timer": 7}), "cannot start"),
    (tampered(options={"colour": "red"}), "cannot start"),
    (tampered(players=True), "whole numbers"),
    (tampered(players=9), "cannot start"),
    (tampered(seed="5"), "whole numbers"),
    (tampered(actions="draw"), "lists its actions"),
    (with_action(0, {"type": "fly", "seat": 0}), "action 1 cannot be read"),
    (with_action(0, "draw"), "action 1 cannot be read"),
    (with_action(1, {"type": "discard", "seat": 0, "card": "ZZ"}), "action 2 cannot be read"),
    (with_action(1, {"type": "finish", "seat": 0, "card": "AS", "groups": 5}),
     "action 2 cannot be read"),
    (tampered(seed=6), "is not legal"),
])
def test_a_corrupt_record_is_refused(record: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Session.from_record(record)


def test_a_tampered_card_is_refused_with_the_action_number() -> None:
    record = good_record()
    first_discard = next(i for i, a in enumerate(record["actions"]) if a["type"] == "discard")
    game = Session.from_record(good_record())
    hands = {c for h in game.state.hands for c in h}
    stranger = next(c for c in game.state.closed_deck if c not in hands)
    record["actions"][first_discard]["card"] = stranger.code
    with pytest.raises(ValueError, match=f"action {first_discard + 1} .* not in your hand"):
        Session.from_record(record)


def test_a_record_that_plays_on_after_the_end_is_refused() -> None:
    game = played("indian_13", 2, 2)
    while not game.state.is_over:  # pragma: no cover - the playout above ends it already
        game.act(random_action(game.state, random.Random(1)))
    record = game.to_record()
    record["deals"][0].append(Draw(0, DrawSource.CLOSED).to_json())
    with pytest.raises(ValueError, match="the deal is over"):
        Session.from_record(record)


def test_load_refuses_a_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{"format": "rummy-deal/1", "actions": [')
    with pytest.raises(ValueError, match="broken.json: not a saved game"):
        Session.load(path)
    path.write_text(json.dumps(tampered(seed=6)))
    with pytest.raises(ValueError, match="broken.json: action"):
        Session.load(path)


def test_actions_round_trip_through_json() -> None:
    action = Discard(1, parse_card("6S@1"))
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
