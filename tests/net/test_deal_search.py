"""The attack that made online deals unsafe, played against the server from one seat.

A seat knows the engine (it is open source), the toss cards and its own hand. Where a
deal is dealt from a number, it searches the numbers for the one that deals what it sees,
and then knows the other hand and every card still to come. The server used to draw
31-bit numbers; a search of all of them takes a few CPU-hours, so the test hides the
number in a window of 4,096 and searches that. Against a server that deals from 256-bit
keys (today's), the same search, and one over keys, find nothing that deals that hand.
"""

from __future__ import annotations

import asyncio
import secrets
from pathlib import Path
from typing import Any

import pytest

from rummy.model.randomness import Seed
from rummy.model.state import start_deal
from rummy.model.variant import load_variant
from rummy.model.view import view_for
from rummy.net.codec import view_from_json
from rummy.net.server import Server

from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]

WINDOW = range(1_000_000, 1_000_000 + 4096)


def _search(candidates: Any, seat_state: dict[str, Any]) -> list[Seed]:
    """Every candidate seed that deals this seat exactly the hand and toss it was sent."""
    variant = load_variant(seat_state["variant"])
    seen = view_from_json(seat_state["view"], variant)
    seat, players = seen.seat, seen.players
    found = []
    for candidate in candidates:
        state = start_deal(variant, players, candidate)
        mine = view_for(state, seat)
        if mine.hand == seen.hand and mine.history == seen.history:
            found.append(candidate)
    return found


def _play_and_search(tmp_path: Path, seeds: Any, candidates: Any) -> tuple[list[Seed],
                                                                           Any, Any]:
    """Seat an attacker and a bot-run opponent; the attacker searches from its first
    ``state``. Returns what it found, the opponent's hand and the closed deck's top."""
    async def scenario() -> tuple[list[Seed], Any, Any]:
        async with running_server(tmp_path, seeds=seeds) as (server, url):
            attacker = Player("Mallory", bot_chooser("greedy", 1))
            other = Player("Asha", bot_chooser("greedy", 2))
            code = await seat_table(url, [attacker, other], "indian_13")
            first_state = next(m for m in attacker.received if m["type"] == "state")
            found = _search(candidates, first_state)
            state = _state(server, code)
            opponent = 1 - first_state["seat"]
            for c in (attacker, other):
                await c.close()
            return found, state.hands[opponent], state.closed_deck[-1]

    return asyncio.run(scenario())


def _state(server: Server, code: str) -> Any:
    game = server.rooms[code].game
    assert game is not None
    return game.state


def test_a_deal_from_a_number_is_found_and_the_other_hand_read(tmp_path: Path) -> None:
    hidden = WINDOW[secrets.randbelow(len(WINDOW))]
    found, their_hand, next_card = _play_and_search(tmp_path, lambda: hidden, WINDOW)
    assert found == [hidden]
    # the attacker now deals the deal again and reads what it must not know
    variant = load_variant("indian_13")
    again = start_deal(variant, 2, found[0])
    assert their_hand in again.hands
    assert again.closed_deck[-1] == next_card


def test_a_deal_from_a_key_is_not_found(tmp_path: Path) -> None:
    keys = [secrets.token_bytes(32) for _ in range(512)]
    found, _, _ = _play_and_search(tmp_path, lambda: secrets.token_bytes(32),
                                   [*WINDOW, *keys])
    assert found == []
