"""The server takes a meld or a contract in another form than the one ``legal`` lists
(docs/protocol.md): players whose clients send the cards as they arranged them (here in
reverse, groups and cards) lay them down, and nobody gets an error."""

from __future__ import annotations

import asyncio
import dataclasses
from pathlib import Path

import pytest

from rummy.model.actions import Action, LayDown, LayMeld
from rummy.net.mirror import Mirror

from .helpers import Chooser, Player, bot_chooser, running_server, seat_table

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


def reversing(choose: Chooser, sent: list[Action]) -> Chooser:
    """``choose``, with every meld and lay-down sent back to front."""
    def turned(mirror: Mirror) -> Action:
        action = choose(mirror)
        if isinstance(action, LayDown):
            action = dataclasses.replace(action, groups=tuple(
                tuple(reversed(g)) for g in reversed(action.groups)))
            sent.append(action)
        elif isinstance(action, LayMeld):
            action = dataclasses.replace(action, cards=tuple(reversed(action.cards)))
            sent.append(action)
        return action
    return turned


@pytest.mark.parametrize("variant", ["dummy_rummy", "super_rummy"])
def test_melds_sent_in_another_order_are_laid(tmp_path: Path, variant: str) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path) as (server, url):
            sent: list[Action] = []
            a = Player("Asha", reversing(bot_chooser("medium", 0), sent))
            b = Player("Ben", reversing(bot_chooser("medium", 1), sent))
            code = await seat_table(url, [a, b], variant, deals=1)
            await asyncio.gather(a.play(timeout=90), b.play(timeout=90))
            assert a.mirror.over and b.mirror.over
            assert not a.mirror.errors + b.mirror.errors
            game = server.rooms[code].game
            assert game is not None
            laid = [act for deal in game.deals for act in deal
                    if isinstance(act, (LayDown, LayMeld))]
            assert sent and laid == sent  # each one played as sent
            for p in (a, b):
                await p.close()

    asyncio.run(scenario())
