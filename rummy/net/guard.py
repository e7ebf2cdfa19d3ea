"""What one client address may ask of the server beyond its messages' rate: open
connections, and joins that find no seat (docs/protocol.md, "Limits").

Failed joins are what a scanner of room codes makes: a token bucket per address lets a
player mistype a code a few times, and holds a scanner to a rate at which finding a table
takes years (the arithmetic is in docs/protocol.md).

>>> now = [0.0]
>>> joins = FailedJoins(per_minute=10, clock=lambda: now[0])
>>> for _ in range(10):
...     joins.failed("192.0.2.7")
>>> joins.allowed("192.0.2.7"), joins.allowed("192.0.2.8")
(False, True)
>>> now[0] = 6.0  # one try back every 6 seconds
>>> joins.allowed("192.0.2.7")
True
>>> doors = Connections(limit=2)
>>> [doors.enter("2001:db8::1"), doors.enter("2001:db8::2"), doors.enter("2001:db8:1::1")]
[True, True, True]
>>> doors.enter("2001:db8::3")  # one /64, as one machine's IPv4 address
False
"""

from __future__ import annotations

import ipaddress
import time
from collections import Counter
from collections.abc import Callable

KEPT_BUCKETS = 10_000
"""Addresses whose bucket is kept before the full ones are swept away (a full bucket is
the same as none)."""


def address_key(address: str) -> str:
    """Who a limit counts: the IPv4 address, or the /64 network of an IPv6 one (one home
    or one server gets a whole /64, so its single addresses are as free as ports)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return address


class Connections:
    """Open connections per address; ``limit`` 0: no limit."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count a new connection from ``address``; False (not counted) when it is over
        the limit."""
        key = address_key(address)
        if 0 < self.limit <= self.open[key]:
            return False
        self.open[key] += 1
        return True

    def leave(self, address: str) -> None:
        key = address_key(address)
        self.open[key] -= 1
        if self.open[key] <= 0:
            del self.open[key]


class FailedJoins:
    """A token bucket per address: ``per_minute`` tries come back a minute, up to
    ``per_minute`` held (a new address has them all); each failed join takes one.
    ``per_minute`` 0: no limit."""

    def __init__(self, per_minute: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.per_minute = per_minute
        self.clock = clock
        self.buckets: dict[str, tuple[float, float]] = {}
        """Address key -> (tries left, when counted)."""

    def _left(self, key: str) -> float:
        tries, stamp = self.buckets.get(key, (self.per_minute, 0.0))
        return min(self.per_minute, tries + (self.clock() - stamp) * self.per_minute / 60)

    def allowed(self, address: str) -> bool:
        """Whether ``address`` may try a join now (one that fails will cost a try)."""
        return self.per_minute <= 0 or self._left(address_key(address)) >= 1.0

    def failed(self, address: str) -> None:
        if self.per_minute <= 0:
            return
        key = address_key(address)
        self.buckets[key] = (self._left(key) - 1.0, self.clock())
        if len(self.buckets) > KEPT_BUCKETS:
            full = [k for k in self.buckets if self._left(k) >= self.per_minute]
            for k in full:
                del self.buckets[k]
