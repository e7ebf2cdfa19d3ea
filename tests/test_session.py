"""The one session class (rummy.session.Session): a lone deal and a match alike, records
written before this class (``rummy-deal/1``, ``rummy-match/1``, a server's table log) still
read exactly, undo within the current deal, and the turn cap its ``act`` owns."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rummy.ai import make_bot
from rummy.model.actions import Discard, Draw, DrawSource, Drop, Stalemate
from rummy.model.state import MAX_TURNS
from rummy.net.room import Room
from rummy.session import DEAL_FORMAT, FORMAT, MATCH_FORMAT, Session

pytestmark = pytest.mark.timeout(60)

# Written by the previous Game.to_record (indian_13, 2 players, seed 5: two turns).
OLD_DEAL = json.loads("""
{"format": "rummy-deal/1", "variant": "indian_13", "options": {}, "players": 2, "seed": 5,
 "actions": [{"type": "draw", "seat": 1, "source": "closed"},
             {"type": "discard", "seat": 1, "card": "9H"},
             {"type": "draw", "seat": 0, "source": "closed"},
             {"type": "discard", "seat": 0, "card": "5C@1"}]}
""")
# Written by the previous MatchGame.to_record: deal 1 ended by a drop (20 points), deal 2
# under way.
OLD_MATCH = json.loads("""
{"format": "rummy-match/1", "variant": "indian_13", "options": {"match_format": "deals_2"},
 "players": 2, "seed": 7,
 "deals": [[{"type": "drop", "seat": 1}], [{"type": "draw", "seat": 1, "source": "closed"}]]}
""")
# What the server's store kept of a table (rummy.net.store): its meta and its actions.
OLD_ROOM_META = {
    "format": "rummy-table/1", "code": "ACDEF", "variant": "indian_13",
    "options": {"match_format": "deals_2", "turn_timer": 30}, "players": 2, "deals": None,
    "bot_level": "greedy", "seed": 7,
    "seats": [{"name": "Greedy 2", "token_hash": None, "bot": "greedy", "ready": True,
               "join_no": 1},
              {"name": "Asha", "token_hash": "09568c151e37915661f080979dd1924b"
                                             "9c0f954d9cacba59bdc011022f0f61e3",
               "bot": None, "ready": False, "join_no": 0}]}
OLD_ROOM_ACTIONS = [{"type": "drop", "seat": 1}, {"type": "draw", "seat": 1, "source": "closed"}]


def test_an_old_deal_record_loads_as_a_lone_deal(tmp_path: Path) -> None:
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(OLD_DEAL))
    game = Session.load(path)
    assert game.lone and len(game.actions) == 4 and not game.over
    assert game.state.turn == 1 and sum(game.state.turns_done) == 2
    assert [c.code for c in game.state.hands[0][:3]] == ["QC@1", "QS", "4C@1"]
    record = game.to_record()  # written on in today's format, replaying the same deal
    assert record["format"] == FORMAT and record["lone"] is True
    assert record["deals"] == [OLD_DEAL["actions"]]
    assert Session.from_record(record).state == game.state


def test_an_old_match_record_loads_as_the_match() -> None:
    game = Session.from_record(OLD_MATCH)
    assert not game.lone and game.match.deal_no == 1 and game.match.totals == (0, 20)
    assert game.deals == [[Drop(1)], [Draw(1, DrawSource.CLOSED)]]
    ended = game.ended
    assert ended is not None and ended.result is not None and ended.result.winner == 0
    again = Session.from_record(json.loads(json.dumps(game.to_record())))
    assert again.match == game.match and again.to_record()["format"] == FORMAT


def test_a_server_table_log_replays_through_the_session() -> None:
    room = Room.from_record(OLD_ROOM_META, OLD_ROOM_ACTIONS)
    assert room.game is not None and room.game.match.totals == (0, 20)
    assert room.deal_no == 1 and room.seq == 2 and room.game.max_turns == 0


@pytest.mark.parametrize(("change", "message"), [
    ({"lone": "yes"}, "true or false"),
    ({"lone": True}, "a lone deal, one"),
    ({"deals": "draw"}, "lists its deals"),
    ({"deals": [[], []]}, "deal 2 is recorded but deal 1 never ended"),
    ({"deals": [[{"type": "drop", "seat": 1}], [{"type": "fly"}]]},
     "deal 2, action 1 cannot be read"),
    ({"deals": [[{"type": "discard", "seat": 1, "card": "AS"}]]},
     "deal 1, action 1 .* is not legal"),
    ({"format": "rummy-deal/2"}, "not a saved game"),
])
def test_a_damaged_record_is_refused_in_words(change: dict[str, Any], message: str) -> None:
    record = {**Session.from_record(OLD_MATCH).to_record(), **change}
    with pytest.raises(ValueError, match=message):
        Session.from_record(record)


def test_old_formats_keep_their_own_shape() -> None:
    with pytest.raises(ValueError, match="lists its actions"):
        Session.from_record({**OLD_DEAL, "format": DEAL_FORMAT, "actions": None})
    with pytest.raises(ValueError, match="'lone' is true or false"):
        Session.from_record({**OLD_MATCH, "format": MATCH_FORMAT, "lone": True})


def test_undo_takes_back_only_the_current_deal() -> None:
    game = Session.from_record(OLD_MATCH)
    dealt = Session.from_record({**OLD_MATCH, "deals": [[{"type": "drop", "seat": 1}]]})
    assert game.undo() == Draw(1, DrawSource.CLOSED)
    assert game.state == dealt.state and game.match.totals == (0, 20)
    assert game.undo() is None  # the finished deal stays finished
    assert game.deals == [[Drop(1)], []]


def test_undo_of_the_move_that_ended_the_match_reopens_it() -> None:
    game = Session.from_record(OLD_MATCH)
    game.undo()
    game.act(Drop(game.state.turn))
    assert game.over and len(game.ends) == 2
    game.undo()
    assert not game.over and game.match.totals == (0, 20) and len(game.ends) == 1
    assert game.legal_actions(game.state.turn)


def test_a_lone_deal_ends_the_session_and_a_match_deals_on() -> None:
    lone = Session.lone_deal("indian_13", 2, 7, {"match_format": "deals_2"})
    lone.act(Drop(lone.state.turn))
    assert lone.over and lone.legal_actions(0) == [] and lone.deals == [[Drop(1)]]
    assert lone.as_match() is lone and not lone.lone  # played on as its match's first deal
    assert lone.match.deal_no == 1 and lone.match.totals == (0, 20) and not lone.over
    first_deal = {**OLD_MATCH, "deals": OLD_MATCH["deals"][:1]}
    assert lone.match == Session.from_record(first_deal).match


def play_bots(game: Session, limit: int = 2000) -> None:
    bots = [make_bot("greedy", seed=s) for s in range(game.players)]
    for _ in range(limit):
        if game.over:
            return
        seat = game.state.turn
        game.act(bots[game.match.seats[seat]].choose(game.view(seat),
                                                     game.legal_actions(seat)))


def test_the_session_ends_a_deal_at_its_turn_cap_and_the_record_replays_it() -> None:
    game = Session.new("dummy_rummy", 3, 11, max_turns=6)
    play_bots(game, limit=40)
    first = game.deals[0]
    assert isinstance(first[-1], Stalemate) and game.match.deal_no >= 1
    ended = game.ends[0]
    assert ended.result is not None and ended.result.winner is None
    assert sum(ended.turns_done) == 6
    again = Session.from_record(game.to_record())  # the logged Stalemate, played once
    assert again.match == game.match and again.deals == game.deals


def test_no_cap_plays_on() -> None:
    game = Session.lone_deal("dummy_rummy", 3, 11, max_turns=0)
    game.state = replace(game.state, turns_done=(MAX_TURNS,) * 3)
    seat = game.state.turn
    game.act(Draw(seat, DrawSource.CLOSED))
    discard = next(a for a in game.legal_actions(seat) if isinstance(a, Discard))
    game.act(discard)
    assert not game.over and len(game.actions) == 2 and game.prepared
