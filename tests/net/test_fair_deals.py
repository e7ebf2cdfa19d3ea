"""Fair deals over real sockets: every deal is committed to when dealt, revealed when over,
and checked by each seat; a server that changes the deck mid-deal is caught; nothing of a
deal's key reaches a seat before the deal is over (docs/protocol.md, "Fair deals")."""

from __future__ import annotations

import asyncio
import json
from dataclasses import replace
from pathlib import Path

import pytest

from rummy.model.randomness import deal_key, seed_text
from rummy.net.proof import DealProof

from .helpers import Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]

KEYS = [bytes([n]) * 32 for n in range(1, 40)]


def _keys() -> object:
    keys = iter(KEYS)
    return lambda: next(keys)


@pytest.mark.parametrize(("variant", "players", "deals"), [
    ("indian_13", 3, 1), ("two_player_13", 2, 1), ("super_rummy", 2, 2),
    ("dummy_rummy", 3, 2),
])
def test_every_deal_is_verified_by_every_seat(tmp_path: Path, variant: str, players: int,
                                              deals: int) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, seeds=_keys()) as (server, url):
            clients = [Player(f"p{i}", bot_chooser("greedy", i)) for i in range(players)]
            code = await seat_table(url, clients, variant, deals=deals)
            await asyncio.gather(*(c.play(timeout=150) for c in clients))
            played = server.rooms[code].deal_no + 1
            for c in clients:
                verdicts = c.mirror.proofs.verdicts
                assert sorted(verdicts) == list(range(played)), verdicts
                assert all(v.ok and v.headline == "Shuffle verified"
                           for v in verdicts.values()), verdicts
                # the proof kept checks again from its JSON, as `rummy verify` reads it
                for proof in c.mirror.proofs.checked:
                    again = DealProof.from_json(json.loads(json.dumps(proof.to_json())))
                    assert again.check().ok
                await c.close()

    asyncio.run(scenario())


def test_no_key_reaches_a_seat_before_its_deal_is_over(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, seeds=_keys()) as (server, url):
            clients = [Player(f"p{i}", bot_chooser("greedy", i)) for i in range(2)]
            code = await seat_table(url, clients, "super_rummy", deals=2)
            await asyncio.gather(*(c.play(timeout=150) for c in clients))
            match_key = server.rooms[code].seed
            assert isinstance(match_key, bytes)
            keys = [deal_key(match_key, n) for n in range(2)]
            assert all(isinstance(key, bytes) for key in keys)
            for c in clients:
                texts = [json.dumps(m) for m in c.received]
                assert not any(match_key.hex() in t for t in texts)  # never sent at all
                for n, key in enumerate(keys):
                    sent = [i for i, t in enumerate(texts) if seed_text(key) in t]
                    revealed = [i for i, m in enumerate(c.received)
                                if m.get("reveal", {}).get("deal") == n]
                    # the first message naming a deal's key is the one revealing that deal
                    assert sent and sent[0] == revealed[0]
                    ended = c.received[revealed[0]]
                    assert ended["type"] == "update" and ended["view"]["result"] is not None
                await c.close()

    asyncio.run(scenario())


def test_a_deck_changed_during_the_deal_is_caught(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, seeds=_keys()) as (server, url):
            clients = [Player(f"p{i}", bot_chooser("greedy", i)) for i in range(2)]
            code = await seat_table(url, clients, "indian_13")
            await asyncio.gather(*(c.play(timeout=60, until_seq=4) for c in clients))
            # a dishonest server swaps the next two cards of the closed deck
            game = server.rooms[code].game
            assert game is not None
            state = game.state
            closed = state.closed_deck[:-2] + state.closed_deck[-1:] + state.closed_deck[-2:-1]
            game.match = replace(game.match, state=replace(state, closed_deck=closed))
            await asyncio.gather(*(c.play(timeout=90) for c in clients))
            verdicts = [c.mirror.proofs.verdicts[0] for c in clients]
            assert not any(v.ok for v in verdicts)
            drew = [v for v in verdicts if "other cards than the committed deck" in v.headline]
            assert drew, [v.headline for v in verdicts]  # whoever drew next saw the swap
            assert all(v.headline.startswith("Shuffle NOT verified") for v in verdicts)
            for c in clients:
                await c.close()

    asyncio.run(scenario())


def test_a_reveal_that_does_not_match_its_commitment_is_caught(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path, seeds=_keys()) as (server, url):
            clients = [Player(f"p{i}", bot_chooser("greedy", i)) for i in range(2)]
            code = await seat_table(url, clients, "indian_13")
            server.rooms[code].commitment = "ab" * 32  # committed to something else...
            for c in clients:  # ...as the seats were told when the deal started
                assert c.mirror.proofs.current is not None
                c.mirror.proofs.current.commitment = "ab" * 32
            await asyncio.gather(*(c.play(timeout=90) for c in clients))
            for c in clients:
                verdict = c.mirror.proofs.verdicts[0]
                assert verdict.headline == ("Shuffle NOT verified: the revealed deck is not"
                                            " the one committed to")
                await c.close()

    asyncio.run(scenario())
