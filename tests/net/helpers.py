"""Loopback test clients: real websockets on 127.0.0.1, every message received recorded."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import ssl
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from rummy.ai import make_bot
from rummy.model.actions import Action, Discard, Drop, Finish
from rummy.net.conn import Limits
from rummy.net.mirror import Mirror
from rummy.net.server import Server
from rummy.net.store import Store

Chooser = Callable[[Mirror], Action]
ROOT = Path(__file__).resolve().parents[2]


@contextlib.asynccontextmanager
async def running_server(data: Path, ssl_context: ssl.SSLContext | None = None,
                         **kwargs: Any) -> AsyncIterator[tuple[Server, str]]:
    """A server on 127.0.0.1 on a port the OS picks (``wss://`` with an ``ssl_context``);
    stopped on leaving."""
    store = Store(data / "tables.sqlite3")
    kwargs.setdefault("limits", Limits(rate=1000, burst=1000))
    kwargs.setdefault("bot_delay", 0.0)
    kwargs.setdefault("seeds", _fixed_seeds())
    server = Server(store, **kwargs)
    stop = asyncio.Event()
    ready: asyncio.Future[int] = asyncio.get_running_loop().create_future()
    task = asyncio.create_task(server.run("127.0.0.1", 0, ready, stop, ssl_context))
    port = await asyncio.wait_for(ready, 10)
    scheme = "ws" if ssl_context is None else "wss"
    try:
        yield server, f"{scheme}://127.0.0.1:{port}"
    finally:
        stop.set()
        await asyncio.wait_for(task, 10)
        store.close()


def server_process(data: Path) -> tuple[subprocess.Popen[str], str]:
    """``python -m rummy serve`` in a process of its own (a test can kill it), on
    127.0.0.1 on a port the OS picks: the process and its ``host:port``."""
    # Two bots playing each other at full speed send more than the default flood limit
    # of 20 messages a second (a whole deal can take a third of a second), so this
    # server has the same wide limit as the tests' servers in this process.
    proc = subprocess.Popen(
        [sys.executable, "-m", "rummy", "serve", "--port", "0", "--data", str(data),
         "--rate", "1000", "--burst", "1000"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert "listening on ws://" in line, line
    return proc, line.split("ws://")[1].split()[0]


def _fixed_seeds() -> Callable[[], bytes]:
    """The same deals on every run (a game that fails can be played again): keys, as the
    server draws them, from a seeded generator."""
    rng = random.Random(2026)
    return lambda: rng.randbytes(32)


class Player:
    """A client that records every message it gets (the leak test reads them all)."""

    def __init__(self, name: str, choose: Chooser | None = None, **connect: Any) -> None:
        """``connect``: websockets' ``connect`` options (``ssl``, ``local_addr``, ...)."""
        self.name = name
        self.connect_options = connect
        self.choose = choose or random_chooser(random.Random(name))
        self.mirror = Mirror()
        self.received: list[dict[str, Any]] = []
        self.ws: ClientConnection | None = None

    async def connect(self, url: str, source: str | None = None) -> None:
        """Connect, from the loopback address ``source`` when given (127.0.0.2, ...: a
        machine of its own to the server's limits per address)."""
        options = dict(self.connect_options)
        if source is not None:
            options["local_addr"] = (source, 0)
        self.ws = await connect(url, compression=None, **options)
        await self.expect("welcome")

    async def send(self, **message: Any) -> None:
        assert self.ws is not None
        await self.ws.send(json.dumps({"v": 1, **message}))

    async def recv(self, timeout: float = 10) -> dict[str, Any]:
        assert self.ws is not None
        msg: dict[str, Any] = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.received.append(msg)
        self.mirror.apply(msg)
        return msg

    async def expect(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        """Read until a message of ``kind`` (others are recorded and applied too)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while True:
            msg = await self.recv(max(0.01, end - loop.time()))
            if msg["type"] == kind:
                return msg

    async def play(self, timeout: float = 60, stop_after: int | None = None,
                   until_seq: int | None = None) -> None:
        """Play whenever it is this seat's move until the table is over (or, with
        ``stop_after``, until this seat has played that many actions; with ``until_seq``,
        until the table has played that many)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        played = 0
        while not self.mirror.over:
            if until_seq is not None and self.mirror.seq >= until_seq:
                return
            if self.mirror.my_turn and self._sent_at is None:
                if stop_after is not None and played >= stop_after:
                    return
                await self.send(type="action", action=_wire(self.choose(self.mirror)))
                self._sent_at = self.mirror.seq
                played += 1
            msg = await self.recv(max(0.01, end - loop.time()))
            # the answer to a move is its own update (``by`` this seat) or an error; an
            # update of another seat's move (asking to drop, out of turn) is not
            if msg["type"] in ("error", "state") or (
                    msg["type"] == "update" and msg["by"] == self.mirror.place):
                self._sent_at = None

    _sent_at: int | None = None

    async def close(self) -> None:
        if self.ws is not None:
            await self.ws.close()


async def rejoin(player: Player, url: str) -> dict[str, Any]:
    """Connect again and take the seat back with its token: the ``state`` it gets."""
    code, token = player.mirror.code, player.mirror.token
    player.mirror.view = None
    await player.connect(url)
    await player.send(type="rejoin", code=code, token=token)
    return await player.expect("state")


def _wire(action: Action) -> dict[str, Any]:
    data = action.to_json()
    del data["seat"]  # the server knows the seat; sending it is optional
    return data


def random_chooser(rng: random.Random) -> Chooser:
    """Any legal move: drops, wrong shows and all."""
    return lambda mirror: rng.choice(mirror.legal)


def kind_chooser(kind: str) -> Chooser:
    """``w``: shows at its first chance (a wrong show, nearly always); ``d``: drops at its
    first chance; otherwise the first legal move."""
    wanted = {"w": Finish, "d": Drop}[kind]

    def choose(mirror: Mirror) -> Action:
        return next((a for a in mirror.legal if isinstance(a, wanted)), mirror.legal[0])

    return choose


def bot_chooser(name: str, seed: int) -> Chooser:
    """A bot playing from the seat's mirrored view, as a remote bot client does."""
    bot = make_bot(name, seed)

    def choose(mirror: Mirror) -> Action:
        assert mirror.view is not None
        return bot.choose(mirror.view, mirror.legal)

    return choose


def showing_after(choose: Chooser, moves: int) -> Chooser:
    """``choose``, until it has made ``moves`` moves; then it shows at its first chance.

    Two bots can hold the cards the other needs and draw and discard for ever (Indian
    rummy has no stalemate, docs/rules.md), so a test against a server that deals at random
    bounds the deal: a wrong show ends a two-player deal."""
    made = 0

    def choose_or_show(mirror: Mirror) -> Action:
        nonlocal made
        made += 1
        show = next((a for a in mirror.legal if isinstance(a, Finish)), None)
        return show if show is not None and made > moves else choose(mirror)

    return choose_or_show


def not_showing_before(choose: Chooser, moves: int) -> Chooser:
    """``choose``, except that for its first ``moves`` moves a show it picks is a discard
    of the same card instead.

    A test that stops a deal at a given move needs the deal to last that long: one dealt
    at random (a server in a process of its own) is now and then a hand that two draws
    complete, and it would end before the test's move is due."""
    made = 0

    def choose_or_wait(mirror: Mirror) -> Action:
        nonlocal made
        made += 1
        action = choose(mirror)
        if isinstance(action, Finish) and made <= moves:
            return Discard(action.seat, action.card)
        return action

    return choose_or_wait


async def seat_table(url: str, players: list[Player], variant: str,
                     options: dict[str, Any] | None = None, seats: int | None = None,
                     deals: int | None = 1, bots: str = "greedy", **create: Any) -> str:
    """Create a table with the first player (``create``: more fields of its message), join
    the others, ready, start."""
    first, *rest = players
    for p in players:
        await p.connect(url)
    await first.send(type="create", variant=variant, options=options or {}, name=first.name,
                     seats=seats or len(players), deals=deals, bots=bots, **create)
    code = (await first.expect("joined"))["code"]
    for p in rest:
        await p.send(type="join", code=code.lower(), name=p.name)
        await p.expect("joined")
        await p.send(type="ready")
    # every join and ready reaches the creator before it starts
    while len(first.mirror.lobby) < len(players) or not all(
            s["ready"] for s in first.mirror.lobby):
        await first.expect("lobby")
    await first.send(type="start")
    for p in players:
        await p.expect("state")
    return str(code)
