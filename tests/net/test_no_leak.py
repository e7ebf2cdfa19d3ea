"""No card of another hand or of the closed deck reaches a seat before the rules show it:
every message each seat received over whole games of every variant is searched."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from rummy.model.actions import DropAtTurn
from rummy.model.cards import parse_card
from rummy.model.events import Event
from rummy.net import messages
from rummy.net.codec import event_from_json
from rummy.net.room import Room

from .helpers import Player, bot_chooser, kind_chooser, running_server, seat_table
from .leaks import Secrets, leaks

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]

# variant, options, deals, clients ("r" random moves, "g" greedy bot, "w" shows at once
# (wrong), "d" drops at once, "q" quits after two moves: the clock plays its turns and drops
# it after three), bots the server adds, what the games must show
CASES: list[tuple[str, dict[str, Any], int, str, int, set[str]]] = [
    ("indian_13", {}, 1, "dwgq", 0, {"player_dropped", "turn_missed", "wrong_show"}),
    ("indian_13", {"match_format": "deals_2"}, 2, "ggr", 1, {"valid_show", "deal_scored"}),
    ("two_player_13", {"allow_drop": True}, 1, "gg", 0, {"valid_show"}),
    ("two_player_13", {"allow_drop": True}, 1, "rr", 0, {"deal_scored"}),
    ("super_rummy", {"lay_at_end": True}, 1, "grg", 0, {"meld_laid", "deal_scored"}),
    ("dummy_rummy", {}, 2, "ggq", 1, {"meld_laid", "deal_scored"}),
]


@pytest.mark.parametrize(("variant", "options", "deals", "kinds", "bots", "expected"), CASES)
def test_no_seat_sees_a_hidden_card(tmp_path: Path, variant: str, options: dict[str, Any],
                                    deals: int, kinds: str, bots: int,
                                    expected: set[str]) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, turn_seconds=0.15) as (server, url):
            clients = [Player(f"p{i}", bot_chooser("greedy", i) if k in "gq" else
                              kind_chooser(k) if k in "wd" else None)
                       for i, k in enumerate(kinds)]
            code = await seat_table(url, clients, variant, options, deals=deals,
                                    seats=len(clients) + bots)
            games = []
            for client, kind in zip(clients, kinds, strict=True):
                games.append(client.play(timeout=150, stop_after=2 if kind == "q" else None))
            await asyncio.gather(*games)
            for client, kind in zip(clients, kinds, strict=True):
                if kind == "q":
                    await client.close()
            for _ in range(3000):
                if server.rooms[code].over:
                    break
                await asyncio.sleep(0.05)
            room = server.rooms[code]
            assert room.over
            for c in clients:
                await c.close()
            actions = server.store.actions(code)
            secrets = Secrets(room.meta(), actions)
            seen: set[str] = set()
            for c in clients:
                assert c.mirror.place is not None
                assert leaks(secrets, c.mirror.place, c.received) == []
                for event in (e for m in c.received for e in m.get("events", [])):
                    seen.add(event["event"])
                    if event["event"] == "declared":
                        seen.add("valid_show" if event["valid"] else "wrong_show")
            assert expected <= seen, f"the games never showed {expected - seen}"

    asyncio.run(scenario())


def test_the_search_finds_a_card_of_another_hand() -> None:
    """The check itself works: another seat's card in a message is reported."""
    from rummy.model.state import start_deal
    from rummy.model.variant import load_variant

    meta = {"variant": "indian_13", "players": 2, "seed": 9, "options": {}}
    state = start_deal(load_variant("indian_13"), 2, 9)
    secrets = Secrets(meta, [])
    theirs = state.hands[1][0].code
    event: Event = event_from_json({"event": "card_discarded", "seat": 1, "card": theirs})
    leaked = {"type": "update", "seq": 0, "deal": 0, "events": [event.to_json()]}
    assert leaks(secrets, 0, [leaked]) != []
    mine = {"type": "update", "seq": 0, "deal": 0, "view": {"hand": [
        c.code for c in state.hands[0]]}}
    assert leaks(secrets, 0, [mine]) == []
    assert parse_card(state.closed_deck[0].code) in secrets.by_key[(0, 0)][0]


def test_a_request_to_drop_at_my_turn_reaches_only_its_seat() -> None:
    """Docs/rules.md: only the player sees the request (the server once sent it to every
    seat, and the other window said "You will drop at the start of your turn")."""
    room = Room.create("ACDEF", "indian_13", {}, players=2, deals=1, bot_level="medium")
    room.add_player("Asha")
    room.add_player("Ben")
    room.start(seed=3)
    mover = room.place_to_move()
    assert mover is not None
    waiting = 1 - mover
    seat = room.deal_seat(waiting)
    assert seat is not None
    step = room.act(waiting, DropAtTurn(seat, True))
    told = {place: [e["event"] for e in messages.update(room, place, step, None)["events"]]
            for place in (0, 1)}
    assert told[waiting] == ["drop_at_turn_set"]
    assert told[mover] == []
