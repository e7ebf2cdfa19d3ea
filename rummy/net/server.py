"""The authoritative game server: ``python -m rummy serve``.

asyncio with the ``websockets`` package. The server creates rooms, deals from a secret
key it draws with ``secrets`` (committing to each deal and revealing it once over), checks
every action with the engine (:mod:`rummy.net.room`), writes it to the store before
anyone hears of it, and sends each seat only its own view and the events as that seat sees
them (:mod:`rummy.net.messages`). The turn timer runs here: when it runs out, or while a
seat's player is away, the seat's turn is played as the timer plays it. Bad input from one
client gets an error for that client alone.

This module holds start-up, connections and the lobby's messages; the turns of a room
that is playing (moves, the clock, bots, sending each step) are :mod:`rummy.net.server_turns`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import ssl
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, NoReturn

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from rummy.model.actions import action_from_json
from rummy.model.randomness import Seed, new_key

from . import messages
from .conn import Conn, Limits, Network, Quota
from .front import Alone, Front
from .guard import Connections, FailedJoins
from .listing import Listing
from .names import clean_name
from .protocol import (
    CLOSING_CODES,
    HARD_MAX_MESSAGE,
    UNSEATED_TYPES,
    ProtocolError,
    int_field,
    read_message,
)
from .records import FORGET_AFTER, LostTable, Records
from .room import DEFAULT_MAX_TURNS, Room, new_code, normal_code
from .server_turns import Turns

log = logging.getLogger("rummy.net")

TLS_HANDSHAKE_SECONDS = 10.0
HEARTBEAT_SECONDS = 1.0
"""How often the server writes that it is running. A killed server's turns resume with
at most this much more time than they had (docs/protocol.md, "Records and restarts")."""


class Server(Turns):
    """Every room of one server process, their connections and clocks."""

    def __init__(self, store: Records, *, turn_seconds: float | None = None,
                 limits: Limits | None = None, bot_delay: float = 0.3,
                 seeds: Callable[[], Seed] | None = None,
                 max_turns: int = DEFAULT_MAX_TURNS,
                 abandon_after: float = FORGET_AFTER,
                 proxies: Sequence[Network] = (), hosted: bool = False,
                 front: Front[Server] | None = None) -> None:
        self.store = store
        self.front: Front[Server] = front or Alone()
        """The other processes of a service, if any (:mod:`rummy.net.front`)."""
        self.proxies = tuple(proxies)
        """Trusted proxies (``serve --trusted-proxy``): behind one, a client's address,
        which every per-address limit counts by, is the one the proxy forwards."""
        self.hosted = hosted
        """The server runs inside a player's desktop game (``welcome`` says so)."""
        self.seeds = seeds or new_key
        """Where each match's secret key comes from: 32 bytes of ``secrets`` (tests give a
        fixed sequence, so a failing game can be played again; a client never chooses
        one). docs/protocol.md, "Fair deals"."""
        self.turn_seconds = turn_seconds
        """Overrides every room's turn time (tests run short clocks)."""
        self.limits = limits or Limits()
        self.quota = Quota(self.limits.rooms_per_address)
        self.doors = Connections(self.limits.connections_per_address)
        self.failed_joins = FailedJoins(self.limits.failed_joins_per_minute)
        self.abandon_after = abandon_after
        self.abandoning: dict[str, asyncio.TimerHandle] = {}
        self.max_turns = max_turns
        """Turns after which a deal ends without a winner (0: never), where the family
        allows it (classic and contract rummy): no room is held for ever."""
        self.bot_delay = bot_delay
        self.rooms: dict[str, Room] = {}
        self.listing = Listing()
        self.conns: dict[str, dict[int, Conn]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}
        self.deadlines: dict[str, float] = {}
        self.pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rummy-server-bot")
        self.resumed = 0

    # -- start-up

    def resume(self) -> None:
        """Load every room this process resumes (alone: every one the store holds that
        is not over, or over within :data:`FORGET_AFTER`), and set its clock going."""
        for code, meta, actions in self.front.at_start(self.store):
            self.adopt(code, meta, actions)

    def adopt(self, code: str, meta: dict[str, Any], actions: list[dict[str, Any]]) -> bool:
        """Replay a room from its record and play it from here on (at start, or taken
        over from a process that is gone); False for a damaged record, or one another
        process has claimed since."""
        try:
            room = Room.from_record(meta, actions)
        except (ValueError, KeyError, TypeError) as err:
            log.error("table %s cannot be resumed: %s", code, err)
            self.store.set_status(code, "damaged")
            return False
        if room.over:  # its last owner stopped between the deal's last move and saying
            try:  # the table was over, or its players come back for the result
                self.store.set_status(code, "over")
            except LostTable:
                return False
        self.rooms[code] = room
        self.conns[code] = {}
        self.resumed += 1
        if room.over:  # it stays as long as a table that finished here
            asyncio.get_running_loop().call_later(FORGET_AFTER, self._forget, room)
        elif room.started:  # the turn to move has the time it had when the server stopped
            self._next(room, left=self.store.clock_at_stop(code, room.seq))
        else:
            self.listing.add(room)
            self._abandon_later(room)
        return True

    async def run(self, host: str, port: int, ready: asyncio.Future[int] | None = None,
                  stop: asyncio.Event | None = None,
                  ssl_context: ssl.SSLContext | None = None) -> None:
        """Serve until ``stop`` is set (forever without one): ``wss://`` with an
        ``ssl_context`` (:func:`rummy.net.tls.server_context`), else ``ws://``."""
        self.resume()  # before the first heartbeat: it reads when the last server stopped
        beating = asyncio.create_task(self._heartbeat())
        try:
            # A client that opens a connection and never finishes the TLS handshake holds
            # it for asyncio's 60 s by default; the websocket handshake has websockets' 10 s.
            async with serve(self.handle, host, port, max_size=HARD_MAX_MESSAGE,
                             compression=None, ssl=ssl_context,
                             ssl_handshake_timeout=None if ssl_context is None
                             else TLS_HANDSHAKE_SECONDS) as server:
                bound = next(iter(server.sockets)).getsockname()[1]
                scheme = "ws" if ssl_context is None else "wss"
                await self.front.enter(self, f"{scheme}://{host}:{bound}")
                if ready is not None:
                    ready.set_result(bound)
                try:
                    await (stop.wait() if stop is not None else asyncio.Future())
                finally:  # stopped (or interrupted): the clocks stop now, not after the
                    beating.cancel()  # goodbyes to every connection
                    self.store.beat(time.time())
                    try:
                        await self.front.leave(self)
                    except Exception:  # noqa: BLE001 - Redis away: the lease runs out
                        log.exception("the process could not leave the service")
        finally:
            beating.cancel()
        self.close()

    async def _heartbeat(self) -> None:
        """Write the time every :data:`HEARTBEAT_SECONDS`: a server killed without a
        word stopped within one of the last, and its turns' clocks resume from there."""
        while True:
            try:
                self.store.beat(time.time())
            except Exception:  # noqa: BLE001 - a full disk, a database away for a moment:
                # the clocks resume less exactly, that is all
                log.exception("the heartbeat could not be written")
            try:
                await self.front.tick(self)
            except Exception:  # noqa: BLE001 - Redis away for a moment: tried again next beat
                log.exception("the service's heartbeat failed")
            await asyncio.sleep(HEARTBEAT_SECONDS)

    def close(self) -> None:
        for handle in [*self.timers.values(), *self.abandoning.values()]:
            handle.cancel()
        self.pool.shutdown(wait=False, cancel_futures=True)

    # -- connections

    async def handle(self, ws: ServerConnection) -> None:
        conn = Conn(ws, self.limits, allowance=self.limits.burst, proxies=self.proxies)
        writer = asyncio.create_task(conn.drain())
        address = conn.address  # counted in and out under the same address
        try:
            if self.doors.enter(address):
                try:
                    await self._read(conn)
                finally:
                    self.doors.leave(address)
            else:
                conn.close_with(ProtocolError(
                    "too_many_connections", "too many connections from your address (at"
                    f" most {self.limits.connections_per_address}): close one and try"
                    " again"))
        finally:
            self._leave(conn)
            with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                await asyncio.wait_for(writer, 1.0)
            writer.cancel()

    async def _read(self, conn: Conn) -> None:
        """Handle the client's messages until it leaves or is closed."""
        conn.push(messages.welcome(self.hosted))
        with contextlib.suppress(ConnectionClosed):
            async for raw in conn.ws:
                if not conn.allow():
                    conn.close_with(ProtocolError(
                        "flood", "too many messages; this connection is closed"))
                    return
                try:
                    msg = read_message(raw)
                    if msg["type"] in UNSEATED_TYPES and await self.front.route(self, conn, msg):
                        continue  # answered for the service (a redirect, or its listing)
                    self.dispatch(conn, msg)
                except ProtocolError as err:
                    if err.code in CLOSING_CODES:
                        conn.close_with(err)
                        return
                    conn.push(messages.error(err))
                except LostTable as lost:  # another process has the table now
                    self.lose(lost.code)
                except Exception:  # noqa: BLE001 - one odd message must not end the server
                    log.exception("a message could not be handled")
                    conn.push(messages.error(ProtocolError(
                        "bad_request", "the server could not handle that message")))

    def _leave(self, conn: Conn) -> None:
        room, place = conn.room, conn.place
        if room is None or place is None:
            return
        seated = self.conns.get(room.code, {})
        if seated.get(place) is conn:
            del seated[place]
            self._broadcast_seats(room)
            if not seated and not room.started:
                self._abandon_later(room)

    def _abandon_later(self, room: Room) -> None:
        """Forget a room in the lobby that nobody comes back to (it frees its creator's
        slot; its record is marked abandoned and not resumed)."""
        self._keep(room)
        self.abandoning[room.code] = asyncio.get_running_loop().call_later(
            self.abandon_after, self._abandon, room)

    def _keep(self, room: Room) -> None:
        handle = self.abandoning.pop(room.code, None)
        if handle is not None:
            handle.cancel()

    def _abandon(self, room: Room) -> None:
        self.abandoning.pop(room.code, None)
        if (self.rooms.get(room.code) is room and not room.started
                and not self.conns.get(room.code)):
            try:
                self.store.set_status(room.code, "abandoned")
            except LostTable:
                self.lose(room.code)
                return
            self._forget(room)

    def dispatch(self, conn: Conn, msg: dict[str, Any]) -> None:
        kind = msg["type"]
        if kind == "list":  # anyone may ask, seated or not: only public tables are named
            conn.push(messages.tables(*self.listing.open(self._creator_here)))
            return
        if kind in UNSEATED_TYPES:
            if conn.room is not None:
                raise ProtocolError("bad_request", "this connection already has a seat")
            getattr(self, f"_on_{kind}")(conn, msg)
            return
        if conn.room is None or conn.place is None:
            raise ProtocolError("not_seated", "create or join a table first")
        getattr(self, f"_on_{kind}")(conn, msg)

    def _seat(self, conn: Conn, room: Room, place: int) -> None:
        old = self.conns.setdefault(room.code, {}).get(place)
        if old is not None and old is not conn:
            old.push(messages.error(ProtocolError("bad_token", "this seat was taken over by"
                                                  " a newer connection")))
            old.outbox.put_nowait(None)
            old.room = None
        conn.room, conn.place = room, place
        self.conns[room.code][place] = conn
        self._keep(room)

    def _on_create(self, conn: Conn, msg: dict[str, Any]) -> None:
        name = clean_name(msg["name"])
        players = int_field(msg, "seats", 2, 2, 6)
        deals = msg.get("deals")
        if deals is not None:
            deals = int_field(msg, "deals", 1, 1, 50)
        bots = msg.get("bots", "medium")
        self.quota.check(conn.address, self._is_open)
        code, conn.reserved = conn.reserved, None  # a service's front drew it
        while code is None or code in self.rooms or self.store.code_taken(code):
            code = new_code()
        room = Room.create(code, msg["variant"], msg.get("options", {}), players, deals,
                             bots if isinstance(bots, str) else "", msg.get("turn_seconds"),
                             msg.get("public", False), msg.get("ceremony", False))
        self.rooms[code] = room
        self.listing.add(room)
        self.quota.add(code, conn.address)
        self._join(conn, room, name)

    def _creator_here(self, room: Room) -> bool:
        """Whether the room's creator is connected (before the start, places are join
        numbers: the creator's is 0)."""
        return 0 in self.conns.get(room.code, {})

    def _is_open(self, code: str) -> bool:
        room = self.rooms.get(code)
        return room is not None and not room.over

    def _on_join(self, conn: Conn, msg: dict[str, Any]) -> None:
        name = clean_name(msg["name"])
        self._join(conn, self._room(conn, msg), name)

    def _join(self, conn: Conn, room: Room, name: str) -> None:
        join_no, token = room.add_player(name)
        if len(room.seats) == room.players:  # full: a seat taken stays taken
            self.listing.drop(room.code)
        self.store.save_room(room.code, room.meta(), "lobby")
        self._seat(conn, room, join_no)
        conn.push(messages.joined(room, join_no, token))
        self._broadcast_lobby(room)

    def _room(self, conn: Conn, msg: dict[str, Any]) -> Room:
        """The room a join or rejoin names. An address that failed too often is refused
        before the code is looked up, so a scanner learns nothing from its answer."""
        if not self.failed_joins.allowed(conn.address):
            raise ProtocolError("too_many_attempts", "too many joins with a wrong room code"
                                " or token from your address: wait a minute, check the"
                                " code, and try again")
        room = self.rooms.get(normal_code(msg.get("code")))
        if room is None:
            self._failed(conn, ProtocolError(
                "no_table", f"no table with code {msg.get('code')!r:.20}"))
        return room

    def _failed(self, conn: Conn, err: ProtocolError) -> NoReturn:
        """A join or rejoin found no seat: it counts against the address and the
        connection, and the connection's last allowed failure closes it."""
        self.failed_joins.failed(conn.address)
        conn.failed_joins += 1
        if 0 < self.limits.failed_joins_per_connection <= conn.failed_joins:
            raise ProtocolError("too_many_attempts", f"{err.message}; that is"
                                f" {conn.failed_joins} wrong room codes or tokens: check"
                                " the code, and connect again")
        raise err

    def _on_rejoin(self, conn: Conn, msg: dict[str, Any]) -> None:
        room = self._room(conn, msg)
        place = room.seat_for_token(msg.get("token"))
        if place is None:
            self._failed(conn, ProtocolError("bad_token",
                                             "that token holds no seat at this table"))
        self._seat(conn, room, place)
        if room.started:
            conn.push(messages.state(room, place, self._clock_left(room),
                                     set(self.conns.get(room.code, {}))))
            self._broadcast_seats(room)
        else:
            conn.push(messages.joined(room, room.seats[place].join_no, None))
            self._broadcast_lobby(room)

    def _on_ready(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, place = self._mine(conn)
        if room.started:
            raise ProtocolError("already_started", "the game has started")
        room.seats[place].ready = msg.get("ready", True) is not False
        self.store.save_room(room.code, room.meta(), "lobby")
        self._broadcast_lobby(room)

    def _on_start(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, place = self._mine(conn)
        if room.started:
            raise ProtocolError("already_started", "the game has started")
        if room.seats[place].join_no != 0:
            raise ProtocolError("not_creator", "only the table's creator starts the game")
        waiting = [s.name for s in room.seats[1:] if not s.ready]
        if waiting:
            raise ProtocolError("not_ready", f"waiting for {', '.join(waiting)} to be ready")
        by_join = self.conns.get(room.code, {})
        room.start(self.seeds())
        self.listing.drop(room.code)
        self.conns[room.code] = {}
        for join_no, seated in by_join.items():
            seated.place = room.place_of(join_no)
            self.conns[room.code][seated.place] = seated
        self.store.save_room(room.code, room.meta(), "playing")
        self._next(room)
        for p, seated in self._connected(room):
            seated.push(messages.state(room, p, self._clock_left(room),
                                       set(self.conns[room.code])))

    def _on_action(self, conn: Conn, msg: dict[str, Any]) -> None:
        room, place = self._mine(conn)
        raw = msg["action"]
        if not isinstance(raw, dict):
            raise ProtocolError("bad_request", "action is an object (see docs/protocol.md)")
        if not room.started:
            raise ProtocolError("illegal", "the game has not started")
        seat = room.deal_seat(place)
        try:
            action = action_from_json({"seat": seat, **raw})
        except (ValueError, TypeError, AttributeError, OverflowError) as err:
            raise ProtocolError("bad_request", f"not an action: {err}") from None
        self._play(room, place, action)

    def _mine(self, conn: Conn) -> tuple[Room, int]:
        assert conn.room is not None and conn.place is not None
        return conn.room, conn.place
