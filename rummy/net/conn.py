"""One client connection on the server: where it sits, how fast it may send, and its
outbox (a writer task drains it, so a client that reads slowly never holds up its table)."""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .protocol import encode

if TYPE_CHECKING:
    from websockets.asyncio.server import ServerConnection

    from .table import Table

OUTBOX_LIMIT = 1000
"""Messages waiting for a client that does not read; past this it is disconnected, so a
stalled reader never holds up its table."""


@dataclass
class Limits:
    """How much a client may send: ``rate`` messages a second, ``burst`` at once."""

    rate: float = 20.0
    burst: float = 40.0


@dataclass(eq=False)
class Conn:
    """One client connection and where it sits."""

    ws: ServerConnection
    limits: Limits
    table: Table | None = None
    place: int | None = None
    """Join number before the start, match seat after."""
    allowance: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    outbox: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)

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

    def push(self, message: dict[str, Any]) -> None:
        if self.outbox.qsize() >= OUTBOX_LIMIT:
            self.outbox.put_nowait(None)  # the writer closes the connection
            return
        self.outbox.put_nowait(encode(message))
