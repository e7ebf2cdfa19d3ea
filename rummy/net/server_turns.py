"""The turns of the game server's tables: playing a move, the clock that plays a turn when
it runs out, bot moves, a deal ended at the cap of turns, and sending each step to every
seat.

Apart from :mod:`rummy.net.server` (start-up, connections, and the lobby's messages)
because what happens once a table is playing runs on the clock, not on a client's message:
:class:`Server` inherits these methods from :class:`Turns`, which declares the state of
the server it reads.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

from rummy.model.actions import Action
from rummy.model.families import Phase

from . import messages
from .conn import Conn, Quota
from .listing import Listing
from .protocol import ProtocolError
from .store import Store
from .table import Step, Table

log = logging.getLogger("rummy.net")

FORGET_AFTER = 600.0
"""Seconds a finished table stays in memory (its record stays in the store), and a table
in the lobby with nobody connected stays open (then it is forgotten, its record marked
abandoned)."""


class Turns:
    """The playing half of :class:`rummy.net.server.Server`."""

    store: Store
    quota: Quota
    listing: Listing
    turn_seconds: float | None
    max_turns: int
    bot_delay: float
    tables: dict[str, Table]
    conns: dict[str, dict[int, Conn]]
    timers: dict[str, asyncio.TimerHandle]
    deadlines: dict[str, float]
    pool: ThreadPoolExecutor

    # -- playing

    def _play(self, table: Table, place: int, action: Action, clock: bool = False) -> None:
        mover = table.place_to_move()
        step = table.act(place, action, clock=clock)
        self.store.add_action(table.code, table.seq, action.to_json())
        if table.over:
            self.store.set_status(table.code, "over")
            # its record stays in the store; the table leaves memory once people have
            # had time to read the result
            asyncio.get_running_loop().call_later(FORGET_AFTER, self._forget, table)
        # The clock times a turn, not a move: while the same seat is still to move in the
        # same deal (after its draw, a meld, or another seat's request to drop), what was
        # left of its time runs on (each move once restarted it, and the table's own
        # countdown, which runs from the turn's start, said 0 long before the server).
        self._next(table, keep_clock=mover is not None and not step.new_deal
                   and table.place_to_move() == mover)
        self._broadcast_step(table, step)

    def _forget(self, table: Table) -> None:
        if self.tables.get(table.code) is table:
            del self.tables[table.code]
            self.conns.pop(table.code, None)
            self.quota.free(table.code)
            self.listing.drop(table.code)

    def _next(self, table: Table, keep_clock: bool = False, left: float | None = None) -> None:
        """Set the clock for the seat to move: a bot's pause, or the turn timer (what was
        left of it with ``keep_clock``, or ``left`` seconds when a resumed table's turn
        had that much left)."""
        if keep_clock:
            left = self._clock_left(table)
        handle = self.timers.pop(table.code, None)
        if handle is not None:
            handle.cancel()
        place = table.place_to_move()
        if place is None:
            self.deadlines.pop(table.code, None)
            return
        loop = asyncio.get_running_loop()
        seq = table.seq
        if table.stalemate_due(self.max_turns) is not None:
            # played after the move that reached the cap has gone out to everyone
            self.timers[table.code] = loop.call_later(0, self._stalemate, table, seq)
            self.deadlines.pop(table.code, None)
            return
        if place in table.bots:
            self.timers[table.code] = loop.call_later(
                self.bot_delay, lambda: asyncio.ensure_future(self._bot_move(table, seq)))
            self.deadlines.pop(table.code, None)
            return
        full = self.turn_seconds or float(table.turn_seconds)
        seconds = full if left is None else min(left, full)
        self.deadlines[table.code] = time.monotonic() + seconds
        # the deadline on the wall clock, for a restarted server (rummy.net.server's
        # heartbeat says when this one stopped): one write a turn, none a tick
        self.store.set_clock(table.code, seq, time.time() + seconds)
        self.timers[table.code] = loop.call_later(seconds, self._clock, table, seq)

    def _clock_left(self, table: Table) -> float | None:
        deadline = self.deadlines.get(table.code)
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    def _clock(self, table: Table, seq: int) -> None:
        """The turn timer ran out: play the seat's turn as the timer does."""
        place = table.place_to_move()
        if table.seq != seq or place is None:
            return
        table.seats[place].missed += 1
        for _ in range(4):  # a whole turn: the families without Timeout draw, then discard
            try:
                self._play(table, place, table.clock_action(), clock=True)
            except ProtocolError:  # pragma: no cover - the clock plays legal moves only
                log.exception("the clock's move at table %s was refused", table.code)
                return
            if table.place_to_move() != place or table.state.phase is Phase.DRAW:
                break

    def _stalemate(self, table: Table, seq: int) -> None:
        """The deal reached the server's cap of turns: it ends without a winner."""
        place, due = table.place_to_move(), table.stalemate_due(self.max_turns)
        if table.seq != seq or place is None or due is None:
            return
        self._play(table, place, due, clock=True)

    async def _bot_move(self, table: Table, seq: int) -> None:
        place = table.place_to_move()
        if table.seq != seq or place is None or place not in table.bots:
            return
        view, legal = table.view(place), table.legal(place)
        if view is None or not legal:
            return
        loop = asyncio.get_running_loop()
        try:
            action: Action = await loop.run_in_executor(
                self.pool, table.bots[place].choose, view, legal)
        except Exception:  # noqa: BLE001 - a failing bot must not stop its table
            log.exception("bot at table %s failed", table.code)
            action = legal[0]
        if table.seq != seq:
            return
        try:
            self._play(table, place, action)
        except ProtocolError:
            self._play(table, place, legal[0])

    # -- sending

    def _connected(self, table: Table) -> Iterator[tuple[int, Conn]]:
        yield from list(self.conns.get(table.code, {}).items())

    def _broadcast_step(self, table: Table, step: Step) -> None:
        left = self._clock_left(table)
        bare = messages.bare_state(table, step)
        online = set(self.conns.get(table.code, {}))
        for place, conn in self._connected(table):
            conn.push(messages.update(table, place, step, left, bare))
            if step.new_deal:
                conn.push(messages.state(table, place, left, online))
            if table.over:
                conn.push(messages.over(table))

    def _broadcast_lobby(self, table: Table) -> None:
        online = set(self.conns.get(table.code, {}))
        for _, conn in self._connected(table):
            conn.push(messages.lobby(table, online))

    def _broadcast_seats(self, table: Table) -> None:
        if not table.started:
            self._broadcast_lobby(table)
            return
        online = set(self.conns.get(table.code, {}))
        for _, conn in self._connected(table):
            conn.push(messages.seats(table, online, self._clock_left(table)))
