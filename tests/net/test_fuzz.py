"""Thousands of bad messages during live games: every table still holds every invariant
after every action, replays from its record to the state the server holds, and the honest
players finish their games without a single error."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rummy.model.actions import action_from_json
from rummy.model.invariants import check_invariants
from rummy.model.randomness import seed_from_text
from rummy.net.conn import Limits
from rummy.session import Session

from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(240)]

CARDS = ["KS", "7H", "JK", "6S@1", "10D", "AC", "2C@1", "ZZ", "", "JK@7", "11H", 7, None]
VALUES: list[Any] = [None, True, 0, -1, 1, 2, 99, 10**30, 1e308, "x", "", [], {}, [[1]],
                     {"a": None}, "closed", "open", CARDS[:4], [CARDS[:3], CARDS[3:6]]]
KEYS = ["v", "type", "code", "name", "token", "action", "variant", "options", "seats",
        "ready", "deals", "bots", "card", "source", "seat", "count", "groups", "cards", "meld"]
TYPES = ["create", "join", "rejoin", "ready", "start", "action", "welcome", "state", "x"]
ACTIONS = ["draw", "discard", "finish", "drop", "timeout", "meld", "lay_down", "lay_off",
           "flip", "nope"]


def junk(rng: random.Random, fuzzer: Player, codes: list[str]) -> str | bytes:
    """One bad (or, now and then, legal) message."""
    roll = rng.randrange(9)
    if roll == 0:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40)))
    if roll == 1:
        return "".join(chr(rng.randrange(32, 0x2FF)) for _ in range(rng.randrange(60)))
    if roll == 2:
        return json.dumps(rng.choice(VALUES))
    if roll == 3:
        msg = {k: rng.choice(VALUES) for k in rng.sample(KEYS, rng.randrange(5))}
        msg.update(v=1, type=rng.choice(TYPES))
        return json.dumps(msg)
    if roll in (4, 5):
        action = {"type": rng.choice(ACTIONS)}
        action.update({k: rng.choice(VALUES + CARDS) for k in rng.sample(KEYS[12:], 3)})
        return json.dumps({"v": 1, "type": "action", "action": action})
    if roll == 6 and fuzzer.mirror.legal:  # a real move now and then: it plays along
        data = rng.choice(fuzzer.mirror.legal).to_json()
        return json.dumps({"v": 1, "type": "action", "action": data})
    if roll == 7:
        return json.dumps({"v": 1, "type": rng.choice(["rejoin", "join"]),
                           "code": rng.choice(codes), "token": "t" * rng.randrange(200),
                           "name": "n" * rng.randrange(40)})
    return json.dumps({"v": 1, "type": "ready", "pad": "p" * rng.choice([10, 17000])})


async def fuzz(fuzzer: Player, url: str, codes: list[str], seed: int, count: int) -> int:
    rng = random.Random(seed)
    if fuzzer.ws is None:
        await fuzzer.connect(url)
    assert fuzzer.ws is not None
    answered = 0
    for _ in range(count):
        await fuzzer.ws.send(junk(rng, fuzzer, codes))
        msg = await fuzzer.recv(10)
        while msg["type"] != "error" and msg.get("seq") is None:
            msg = await fuzzer.recv(10)
        answered += 1
    return answered


def test_fuzz_during_live_games(tmp_path: Path) -> None:
    async def scenario() -> None:
        # The loose fuzzers' wrong tokens are what a scanner sends, and would close them
        # after five (test_scanning.py); here they go on to test everything else.
        limits = Limits(rate=1000, burst=1000, failed_joins_per_minute=0,
                        failed_joins_per_connection=0)
        async with running_server(tmp_path, turn_seconds=2.0, limits=limits) as (server, url):
            tables = [("indian_13", {}, 4), ("indian_13", {"match_format": "deals_2"}, 3),
                      ("dummy_rummy", {}, 3)]
            honest: list[Player] = []
            seated: list[Player] = []
            codes = []
            for n, (variant, options, seats) in enumerate(tables):
                players = [Player(f"h{n}{i}", bot_chooser("greedy", i)) for i in range(2)]
                fuzzer = Player(f"f{n}")
                codes.append(await seat_table(url, [*players, fuzzer], variant, options,
                                              seats=seats, deals=1))
                honest += players
                seated.append(fuzzer)
            loose = [Player(f"loose{i}") for i in range(2)]
            fuzzers = [fuzz(f, url, codes, seed, 1200)
                       for seed, f in enumerate(seated + loose)]
            results = await asyncio.gather(*(p.play(timeout=200) for p in honest), *fuzzers,
                                           return_exceptions=True)
            answers = [r for r in results if isinstance(r, int)]
            assert not [r for r in results if isinstance(r, BaseException)
                        and not isinstance(r, ConnectionClosed)], results
            assert sum(answers) >= 5000
            for _ in range(1000):  # the fuzzers' seats are played by the clock to the end
                if all(server.rooms[c].over for c in codes):
                    break
                await asyncio.sleep(0.05)
            for player in honest:
                assert player.mirror.over and not player.mirror.errors, player.name
            for code in codes:
                room = server.rooms[code]
                assert room.over
                meta = room.meta()
                replay = Session.new(meta["variant"], meta["players"],
                                     seed_from_text(meta["seed"]), meta["options"])
                for data in server.store.actions(code):
                    replay.act(action_from_json(data))
                    assert check_invariants(replay.state) == [], (code, data)
                assert room.game is not None and replay.match == room.game.match
            for p in honest + seated + loose:
                await p.close()

    asyncio.run(scenario())
