"""The turns of the game server's rooms: playing a move, the clock that plays a turn when
it runs out, bot moves, a deal ended at the cap of turns, and sending each step to every
seat.

Apart from :mod:`rummy.net.server` (start-up, connections, and the lobby's messages)
because what happens once a room is playing runs on the clock, not on a client's message:
:class:`Server` inherits these methods from :class:`Turns`, which declares the state of
the server it reads.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from rummy.model.actions import Action
from rummy.model.families import Phase

from . import messages
from .conn import Conn, Quota
from .front import Front
from .listing import Listing
from .protocol import ProtocolError
from .records import FORGET_AFTER, LostTable, Records
from .room import Room, Step

log = logging.getLogger("rummy.net")

class Turns:
    """The playing half of :class:`rummy.net.server.Server`."""

    store: Records
    front: Front[Any]
    quota: Quota
    listing: Listing
    turn_seconds: float | None
    max_turns: int
    bot_delay: float
    rooms: dict[str, Room]
    conns: dict[str, dict[int, Conn]]
    timers: dict[str, asyncio.TimerHandle]
    deadlines: dict[str, float]
    pool: ThreadPoolExecutor
    abandoning: dict[str, asyncio.TimerHandle]

    # -- playing

    def _play(self, room: Room, place: int, action: Action, clock: bool = False) -> None:
        mover = room.place_to_move()
        step = room.act(place, action, clock=clock)
        try:
            self.store.add_action(room.code, room.seq, action.to_json())
            if room.over:
                self.store.set_status(room.code, "over")
                # its record stays in the store; the room leaves memory once people have
                # had time to read the result
                asyncio.get_running_loop().call_later(FORGET_AFTER, self._forget, room)
            # The clock times a turn, not a move: while the same seat is still to move in
            # the same deal (after its draw, a meld, or another seat's request to drop),
            # what was left of its time runs on (each move once restarted it, and the
            # room's own countdown, which runs from the turn's start, said 0 long before
            # the server).
            self._next(room, keep_clock=mover is not None and not step.new_deal
                       and room.place_to_move() == mover)
        except LostTable:  # another process of the service owns it now: nobody hears of a
            self.lose(room.code)  # move it will not replay
            return
        self._broadcast_step(room, step)

    def _forget(self, room: Room) -> None:
        if self.rooms.get(room.code) is room:
            del self.rooms[room.code]
            self.conns.pop(room.code, None)
            self.quota.free(room.code)
            self.listing.drop(room.code)
            self.front.forget(room.code)

    def lose(self, code: str) -> None:
        """Another process of the service has claimed table ``code`` (this one was
        paused past its lease, say): stop playing it and hand its players over."""
        room = self.rooms.pop(code, None)
        for handle in (self.timers.pop(code, None), self.abandoning.pop(code, None)):
            if handle is not None:
                handle.cancel()
        self.deadlines.pop(code, None)
        self.quota.free(code)
        self.listing.drop(code)
        for conn in self.conns.pop(code, {}).values():
            conn.room = conn.place = None
            conn.hand_over()
        if room is not None:
            log.warning("table %s was taken over by another process", code)

    def _next(self, room: Room, keep_clock: bool = False, left: float | None = None) -> None:
        """Set the clock for the seat to move: a bot's pause, or the turn timer (what was
        left of it with ``keep_clock``, or ``left`` seconds when a resumed room's turn
        had that much left)."""
        if keep_clock:
            left = self._clock_left(room)
        handle = self.timers.pop(room.code, None)
        if handle is not None:
            handle.cancel()
        place = room.place_to_move()
        if place is None:
            self.deadlines.pop(room.code, None)
            return
        loop = asyncio.get_running_loop()
        seq = room.seq
        if room.stalemate_due(self.max_turns) is not None:
            # played after the move that reached the cap has gone out to everyone
            self.timers[room.code] = loop.call_later(0, self._stalemate, room, seq)
            self.deadlines.pop(room.code, None)
            return
        if place in room.bots:
            self.timers[room.code] = loop.call_later(
                self.bot_delay, lambda: asyncio.ensure_future(self._bot_move(room, seq)))
            self.deadlines.pop(room.code, None)
            return
        full = self.turn_seconds or float(room.turn_seconds)
        seconds = full if left is None else min(left, full)
        self.deadlines[room.code] = time.monotonic() + seconds
        # the deadline on the wall clock, for a restarted server (rummy.net.server's
        # heartbeat says when this one stopped): one write a turn, none a tick
        self.store.set_clock(room.code, seq, time.time() + seconds)
        self.timers[room.code] = loop.call_later(seconds, self._clock, room, seq)

    def _clock_left(self, room: Room) -> float | None:
        deadline = self.deadlines.get(room.code)
        return None if deadline is None else max(0.0, deadline - time.monotonic())

    def _clock(self, room: Room, seq: int) -> None:
        """The turn timer ran out: play the seat's turn as the timer does."""
        place = room.place_to_move()
        if room.seq != seq or place is None:
            return
        room.seats[place].missed += 1
        for _ in range(4):  # a whole turn: the families without Timeout draw, then discard
            try:
                self._play(room, place, room.clock_action(), clock=True)
            except ProtocolError:  # pragma: no cover - the clock plays legal moves only
                log.exception("the clock's move at table %s was refused", room.code)
                return
            if room.place_to_move() != place or room.state.phase is Phase.DRAW:
                break

    def _stalemate(self, room: Room, seq: int) -> None:
        """The deal reached the server's cap of turns: it ends without a winner."""
        place, due = room.place_to_move(), room.stalemate_due(self.max_turns)
        if room.seq != seq or place is None or due is None:
            return
        self._play(room, place, due, clock=True)

    async def _bot_move(self, room: Room, seq: int) -> None:
        place = room.place_to_move()
        if room.seq != seq or place is None or place not in room.bots:
            return
        view, legal = room.view(place), room.legal(place)
        if view is None or not legal:
            return
        loop = asyncio.get_running_loop()
        try:
            action: Action = await loop.run_in_executor(
                self.pool, room.bots[place].choose, view, legal)
        except Exception:  # noqa: BLE001 - a failing bot must not stop its room
            log.exception("bot at table %s failed", room.code)
            action = legal[0]
        if room.seq != seq:
            return
        try:
            self._play(room, place, action)
        except ProtocolError:
            self._play(room, place, legal[0])

    # -- sending

    def _connected(self, room: Room) -> Iterator[tuple[int, Conn]]:
        yield from list(self.conns.get(room.code, {}).items())

    def _broadcast_step(self, room: Room, step: Step) -> None:
        left = self._clock_left(room)
        bare = messages.bare_state(room, step)
        online = set(self.conns.get(room.code, {}))
        for place, conn in self._connected(room):
            conn.push(messages.update(room, place, step, left, bare))
            if step.new_deal:
                conn.push(messages.state(room, place, left, online))
            if room.over:
                conn.push(messages.over(room))

    def _broadcast_lobby(self, room: Room) -> None:
        online = set(self.conns.get(room.code, {}))
        for _, conn in self._connected(room):
            conn.push(messages.lobby(room, online))

    def _broadcast_seats(self, room: Room) -> None:
        if not room.started:
            self._broadcast_lobby(room)
            return
        online = set(self.conns.get(room.code, {}))
        for _, conn in self._connected(room):
            conn.push(messages.seats(room, online, self._clock_left(room)))
