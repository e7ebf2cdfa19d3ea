"""A deal nobody can win ends as a stalemate every seat is told of (once the stock has gone
round four times with nothing laid, or at the server's cap of turns); the record (and a
restarted server) replays it to the same result."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from rummy.model.actions import Action, Discard, Draw, DrawSource, Stalemate
from rummy.model.events import STUCK_TURNOVERS
from rummy.net.mirror import Mirror
from rummy.net.protocol import ProtocolError
from rummy.net.room import Room

from .helpers import Player, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(240)]

STALLED_SEED = 1
"""Dummy Rummy, two seats, a person who only passes and a medium bot: the fourth deal
(three sets) stalls, nobody going out in 800 turns (found by playing seeds in turn) when
nothing else ends it."""
STALLED_DEAL = 4


def passing(mirror: Mirror) -> Action:
    """A person who only passes: draw from the stock and throw the card drawn."""
    assert mirror.view is not None
    seat = mirror.view.seat
    if mirror.view.drawn is not None:
        return Discard(seat, mirror.view.drawn)
    wanted = Draw(seat, DrawSource.CLOSED)
    return wanted if wanted in mirror.legal else mirror.legal[0]


def _results(player: Player) -> list[dict[str, Any]]:
    return [e["result"] for m in player.received for e in m.get("events", [])
            if e["event"] == "deal_scored"]


async def _rejoin(player: Player, url: str) -> None:
    code, token = player.mirror.code, player.mirror.token
    player.mirror.view = None
    await player.connect(url)
    await player.send(type="rejoin", code=code, token=token)
    await player.expect("state")


async def _play_stalled_table(data: Path, stop_at: int | None = None) -> tuple[int, Any]:
    """Play the stalled table to its end (with ``stop_at``, stop the server after that
    many actions and go on with a restarted one); its last seq and the stalled deal's
    result as the person was told."""
    me = Player("Asha", passing)
    async with running_server(data, seeds=lambda: STALLED_SEED) as (server, url):
        code = await seat_table(url, [me], "dummy_rummy", seats=2, deals=STALLED_DEAL,
                                bots="medium")
        await me.play(timeout=200, until_seq=stop_at)
        await me.close()
        if stop_at is None:
            room = server.rooms[code]
            replayed = Room.from_record(room.meta(), server.store.actions(code))
            assert replayed.over and replayed.state.result == room.state.result
    if stop_at is not None:
        assert not me.mirror.over and me.mirror.deal == STALLED_DEAL - 1  # numbered from 0
        async with running_server(data, seeds=lambda: STALLED_SEED) as (server, url):
            assert server.resumed == 1
            await _rejoin(me, url)
            await me.play(timeout=200)
            await me.close()
    assert me.mirror.over and not me.mirror.errors
    results = _results(me)
    assert len(results) == STALLED_DEAL
    assert all(r["winner"] is not None for r in results[:-1])
    return me.mirror.seq, results[-1]


def test_a_stalled_deal_ends_as_a_stalemate_and_a_restart_replays_it(tmp_path: Path) -> None:
    async def scenario() -> None:
        seq, result = await _play_stalled_table(tmp_path / "whole")
        assert result["winner"] is None
        # the stock went round four times with nothing laid, long before the cap of turns
        assert result["reason"] == (f"the stock went round {STUCK_TURNOVERS} times with"
                                    " nothing laid")
        assert result["changes"] == result["points"]  # each seat scores its hand
        # the same table with the server stopped in the middle of the stalled deal
        again = await _play_stalled_table(tmp_path / "restarted", stop_at=seq - 300)
        assert again == (seq, result)

    asyncio.run(scenario())


def test_only_the_server_ends_a_deal_and_only_at_its_cap() -> None:
    room = Room.create("ACDEF", "dummy_rummy", {}, players=2, deals=1, bot_level="medium")
    room.add_player("Asha")
    room.start(seed=STALLED_SEED)
    assert room.game is not None
    place = room.place_to_move()
    assert place is not None
    seat = room.game.state.turn
    with pytest.raises(ProtocolError, match="only the server"):
        room.act(place, Stalemate(seat))
    assert room.stalemate_due(1) is None  # no turn played yet
    for _ in range(2):
        mover = room.place_to_move()
        assert mover is not None
        room.act(mover, room.clock_action(), clock=True)  # draw
        assert room.stalemate_due(1) is None  # never in the middle of a turn
        room.act(mover, room.clock_action(), clock=True)  # discard
    assert room.stalemate_due(3) is None and room.stalemate_due(0) is None
    due = room.stalemate_due(2)
    assert due == Stalemate(room.game.state.turn)
    mover = room.place_to_move()
    assert mover is not None
    step = room.act(mover, due, clock=True)
    assert room.over and step.finished is not None and step.finished.result is not None
    assert step.finished.result is not None
    assert step.finished.result.reason == "nobody went out in 2 turns"
    assert not any(isinstance(a, Stalemate) for a in room.legal(0) + room.legal(1))


def test_an_indian_rummy_table_is_never_ended_so() -> None:
    room = Room.create("ACDEF", "indian_13", {}, players=2, deals=1, bot_level="medium")
    room.add_player("Asha")
    room.start(seed=3)
    assert room.stalemate_due(0) is None
    mover = room.place_to_move()
    assert mover is not None
    room.act(mover, room.clock_action(), clock=True)  # a timeout: a whole turn
    assert room.stalemate_due(1) is None
