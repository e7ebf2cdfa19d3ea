"""One client connection on the server: where it sits, how fast it may send, and its
outbox (a writer task drains it, so a client that reads slowly never holds up its room)."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from websockets.exceptions import ConnectionClosed

from . import messages
from .protocol import ProtocolError, encode

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

    from .room import Room

OUTBOX_LIMIT = 1000
"""Messages waiting for a client that does not read; past this it is disconnected, so a
stalled reader never holds up its room."""


Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def proxy_networks(addresses: Iterable[str]) -> tuple[Network, ...]:
    """The trusted proxies (``serve --trusted-proxy``): each an IP address or a network
    such as ``10.0.0.0/8``. ValueError naming one that is neither."""
    networks = []
    for address in addresses:
        try:
            networks.append(ipaddress.ip_network(address.strip(), strict=False))
        except ValueError:
            raise ValueError(f"{address!r} is not an IP address or network (e.g. 127.0.0.1"
                             " or 10.0.0.0/8)") from None
    return tuple(networks)


def client_address(peer: str, forwarded: Sequence[str], proxies: Sequence[Network]) -> str:
    """The address a connection counts as: its TCP peer's, or, when the peer is a trusted
    proxy, the right-most address of ``X-Forwarded-For`` that is not a trusted proxy: the
    one the proxy wrote (what the client wrote itself stands to its left, and a client
    that reaches the server without the proxy is not believed at all).

    >>> nginx = proxy_networks(["127.0.0.1"])
    >>> client_address("127.0.0.1", ["203.0.113.9"], nginx)
    '203.0.113.9'
    >>> client_address("127.0.0.1", ["6.6.6.6, 203.0.113.9"], nginx)  # 6.6.6.6: a lie
    '203.0.113.9'
    >>> client_address("198.51.100.7", ["6.6.6.6"], nginx)  # not through the proxy
    '198.51.100.7'
    >>> client_address("198.51.100.7", ["6.6.6.6"], ())  # no proxy trusted (the desktop)
    '198.51.100.7'
    >>> client_address("127.0.0.1", ["rubbish"], nginx), client_address("127.0.0.1", [], nginx)
    ('127.0.0.1', '127.0.0.1')
    """
    if not _trusted(peer, proxies):
        return peer
    entries = [entry.strip() for value in forwarded for entry in value.split(",")]
    for entry in reversed(entries):
        if not _trusted(entry, proxies):
            try:
                return str(ipaddress.ip_address(entry))
            except ValueError:
                # not what a proxy writes: count the connection as the proxy's own
                # rather than guess (a stricter limit, never a looser one)
                return peer
    return peer


def _trusted(address: str, proxies: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped  # a dual-stack socket's 127.0.0.1
    return any(ip in network for network in proxies)


@dataclass
class Limits:
    """How much a client may send: ``rate`` messages a second, ``burst`` at once."""

    rate: float = 20.0
    burst: float = 40.0
    rooms_per_address: int = 5
    """Open rooms (in the lobby or playing) one client address may have created; a room
    frees its slot when it is over or forgotten. 0: no limit."""
    connections_per_address: int = 16
    """Open connections from one address (an IPv6 /64 counts as one): a household's
    players and a few spare reconnects; the next is refused at once. 0: no limit."""
    failed_joins_per_minute: float = 10.0
    """Joins and rejoins that find no table or no seat, per address: this many at once,
    then one more every 60 / this seconds (:class:`rummy.net.guard.FailedJoins`). 0: no
    limit."""
    failed_joins_per_connection: int = 5
    """Failed joins after which a connection is closed. 0: no limit."""


@dataclass
class Quota:
    """Who created which room, so one address cannot fill the server with rooms."""

    limit: int
    owners: dict[str, str] = field(default_factory=dict)
    """Room code -> the address that created it (in memory: resumed rooms have none)."""

    def check(self, address: str, is_open: Callable[[str], bool]) -> None:
        """ProtocolError ``too_many_tables`` when ``address`` already holds its limit."""
        held = sum(1 for code, owner in self.owners.items()
                   if owner == address and is_open(code))
        if 0 < self.limit <= held:
            raise ProtocolError("too_many_tables", f"you already have {held} open tables"
                                f" on this server (at most {self.limit}): finish or leave"
                                " one first")

    def add(self, code: str, address: str) -> None:
        self.owners[code] = address

    def free(self, code: str) -> None:
        self.owners.pop(code, None)


@dataclass(eq=False)
class Conn:
    """One client connection and where it sits."""

    ws: ServerConnection
    limits: Limits
    room: Room | None = None
    place: int | None = None
    """Join number before the start, match seat after."""
    allowance: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    proxies: Sequence[Network] = ()
    """The trusted proxies, whose ``X-Forwarded-For`` names the client (see
    :func:`client_address`)."""
    failed_joins: int = 0
    closing: str = "closed by the server"
    """The close frame's reason once the server closes the connection."""
    close_code: int = 1008
    """The close frame's code: 1008 (policy) after an error, 1012 when the table moved to
    another process of a service (the client rejoins, and is sent there)."""
    reserved: str | None = None
    """A room code a service's front reserved for this connection's ``create``."""

    @property
    def address(self) -> str:
        """The client's IP address (its port left out: one machine, one address); behind
        a trusted proxy, the player's, not the proxy's."""
        peer = self.ws.remote_address
        ip = str(peer[0]) if isinstance(peer, tuple) and peer else "unknown"
        request = self.ws.request
        if not self.proxies or request is None:
            return ip
        return client_address(ip, request.headers.get_all("X-Forwarded-For"), self.proxies)

    def allow(self) -> bool:
        """Token bucket: False once the client sends faster than its limits."""
        now = time.monotonic()
        self.allowance = min(self.limits.burst,
                             self.allowance + (now - self.stamp) * self.limits.rate)
        self.stamp = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True

    def close_with(self, err: ProtocolError) -> None:
        """Send ``err``, then close the connection (1008, the error's code as reason)."""
        self.push(messages.error(err))
        self.closing = err.code
        self.outbox.put_nowait(None)

    def hand_over(self) -> None:
        """Close the connection because its table moved to another process: the client
        reconnects and rejoins, and the service sends it to the table's new owner."""
        self.closing, self.close_code = "the table moved: rejoin", 1012
        self.outbox.put_nowait(None)

    def push(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.outbox.put_nowait(None)  # the writer closes the connection
            return
        self.outbox.put_nowait(encode(message))

    async def drain(self) -> None:
        """Send the outbox's messages until it holds ``None``: then close the connection."""
        while True:
            text = await self.outbox.get()
            if text is None:
                # The close frame goes out at once; a client that floods has unread
                # messages queued here, so its reply is not waited for.
                with contextlib.suppress(asyncio.TimeoutError, ConnectionClosed):
                    await asyncio.wait_for(self.ws.close(self.close_code, self.closing),
                                           0.2)
                self.ws.transport.abort()
                return
            try:
                await self.ws.send(text)
            except ConnectionClosed:
                return
