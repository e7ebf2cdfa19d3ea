"""A service process's lease in Redis, renewed from a thread of its own.

The lease (``rummy:proc:<process>``, see :mod:`rummy.net.directory`) says the process is
alive; when it runs out, the other processes take its tables. It is renewed here, on a
thread with its own (blocking) Redis connection, not on the event loop: a loop that is
busy for a few seconds (hundreds of tables on a crowded machine) must not look dead and
have its tables taken from under its players. A process that is really gone (killed, its
machine lost, stopped with SIGSTOP) renews nothing, threads included. A loop that has not
run its heartbeat for :data:`STALL_SECONDS` (stuck, not busy) is let go of too.
"""

from __future__ import annotations

import logging
import threading
import time

import redis
from redis.exceptions import RedisError

from .redact import redact_url

log = logging.getLogger("rummy.net")

RENEW_SECONDS = 1.0
STALL_SECONDS = 15.0
"""An event loop whose heartbeat has not run for this long is stuck: the lease lapses."""
PREFIX = "rummy:"


class Lease:
    """Keeps ``rummy:proc:<process>`` (the process's address) alive while the process is."""

    def __init__(self, url: str, process: str, lease_ms: int) -> None:
        self.url_shown = redact_url(url)
        self.key = PREFIX + "proc:" + process
        self.process = process
        self.lease_ms = lease_ms
        self.address = ""
        self.ticked = time.monotonic()
        """When the event loop's heartbeat last ran (:meth:`tick`)."""
        self._redis = redis.Redis.from_url(url, decode_responses=True, socket_timeout=5,
                                           socket_connect_timeout=5)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="rummy-lease", daemon=True)

    def start(self, address: str) -> None:
        self.address = address
        self._thread.start()

    def tick(self) -> None:
        self.ticked = time.monotonic()

    def _run(self) -> None:
        while not self._stop.wait(RENEW_SECONDS):
            if time.monotonic() - self.ticked > STALL_SECONDS:
                continue  # the loop is stuck: let the lease run out
            try:
                if not self._redis.set(self.key, self.address, px=self.lease_ms, xx=True):
                    # it ran out meanwhile (the process was stopped, or stuck): enter the
                    # service again; the heartbeat finds which tables went to others
                    pipe = self._redis.pipeline()
                    pipe.set(self.key, self.address, px=self.lease_ms)
                    pipe.sadd(PREFIX + "procs", self.process)
                    pipe.execute()
            except RedisError as err:  # Redis away for a moment: tried again in a second
                log.warning("the lease could not be renewed (Redis at %s): %s",
                            self.url_shown, err)

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(5)
        self._redis.close()
