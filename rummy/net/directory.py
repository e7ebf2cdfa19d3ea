"""The service's directory in Redis (redis-py's asyncio client): which process is up, where
it is reached, how many tables it holds, and which process owns each table.

Keys (all under ``rummy:``):

- ``proc:<process>``: the process's public address (the URL clients are sent to), with a
  time to live of :data:`LEASE_SECONDS`, renewed every second by a thread of its own
  (:mod:`rummy.net.lease`): the process's lease.
  A process killed without a word is gone from the directory when it runs out.
- ``procs``: the set of process names; ``load``: process -> tables it holds (written when
  it creates a table and every heartbeat), so a new table goes to the least loaded.
- ``room:<code>``: the owning process. ``SET NX`` when a table is created, so a code is
  unique across the service; taken over (a script: only while it still names the dead
  process) when its owner's lease has run out.
- ``fence:<code>``: a counter bumped at every claim: the fencing token the records store
  checks on every write (:mod:`rummy.net.pgstore`), so a process that lost its lease
  (paused past it, say) cannot write over the new owner.
- ``listed:<process>``: the public tables it lists, for any process's ``list``; read only
  for processes whose lease is alive, so it may outlive a heartbeat that comes late
  (:data:`LISTED_SECONDS`).

Nothing a client sends is written here but a room code the server drew itself; addresses
are the processes' own (``serve --advertise``).
"""

from __future__ import annotations

import json
from typing import Any, cast

import redis.asyncio as aioredis
from redis.exceptions import RedisError

from .redact import redact_url

LEASE_SECONDS = 4.0
"""A process's lease: renewed every second, so three renewals may be late before it runs
out; then another process takes over its tables (within this, a heartbeat, and the time
to replay them, of a kill: docs/scaling.md)."""
LISTED_SECONDS = 30.0
"""How long a process's list of public tables is kept after its heartbeat wrote it. The
heartbeat runs on the event loop, the lease on a thread of its own: a process whose loop
is busy for seconds (replaying tables it took over, a loaded machine) keeps its lease, and
its tables stay listed at the other processes rather than vanishing until the next
heartbeat. It is longer than a loop may go without a heartbeat and keep its lease
(:data:`rummy.net.lease.STALL_SECONDS`, 15 s). A process that is gone is not read (its
lease has run out), whatever is left."""
PREFIX = "rummy:"

# Take a table over: only while it still names the process that is gone (or nobody),
# so two processes that see the same dead owner cannot both take it. The new token is
# above the last one the records hold (ARGV[3]), even if Redis lost its counter.
TAKE = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return false end
redis.call('SET', KEYS[1], ARGV[2])
local fence = redis.call('INCR', KEYS[2])
if fence <= tonumber(ARGV[3]) then
  fence = tonumber(ARGV[3]) + 1
  redis.call('SET', KEYS[2], fence)
end
return fence
"""
# Give a table up (it is over, or forgotten): only if it is still this process's.
RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1], KEYS[2])
  return 1
end
return 0
"""


class DirectoryError(ConnectionError):
    """Redis could not be reached or refused (the message names no password)."""


class Directory:
    """One process's view of the service's directory."""

    def __init__(self, url: str, process: str, lease: float = LEASE_SECONDS) -> None:
        self.url_shown = redact_url(url)
        self.process = process
        self.lease_ms = int(lease * 1000)
        self.address = ""
        """This process's public URL (set by :meth:`enter`)."""
        self.redis = aioredis.Redis.from_url(url, decode_responses=True,
                                             socket_timeout=5, socket_connect_timeout=5)
        self._take = self.redis.register_script(TAKE)
        self._release = self.redis.register_script(RELEASE)

    async def _do(self, call: Any) -> Any:
        """Await a Redis call; its failure as a :class:`DirectoryError` without the URL's
        password."""
        try:
            return await call
        except RedisError as err:
            raise DirectoryError(f"Redis at {self.url_shown}: {err}") from None

    # -- this process

    async def enter(self, address: str, tables: int) -> None:
        """Join the service reachable at ``address``."""
        self.address = address
        pipe = self.redis.pipeline()
        pipe.set(PREFIX + "proc:" + self.process, address, px=self.lease_ms)
        pipe.sadd(PREFIX + "procs", self.process)
        pipe.hset(PREFIX + "load", self.process, tables)
        await self._do(pipe.execute())

    async def publish(self, tables: int, listed: list[dict[str, Any]]) -> None:
        """The heartbeat: say the load and the public tables (the lease itself is renewed
        by :class:`rummy.net.lease.Lease`, off the event loop)."""
        pipe = self.redis.pipeline()
        pipe.hset(PREFIX + "load", self.process, tables)
        pipe.set(PREFIX + "listed:" + self.process, json.dumps(listed),
                 px=int(LISTED_SECONDS * 1000))
        await self._do(pipe.execute())

    async def leave(self) -> None:
        """Leave the service (stopped cleanly): its lease is given up, and the others take
        its tables once its last heartbeat in the records is a lease's time old."""
        pipe = self.redis.pipeline()
        pipe.delete(PREFIX + "proc:" + self.process, PREFIX + "listed:" + self.process)
        pipe.srem(PREFIX + "procs", self.process)
        pipe.hdel(PREFIX + "load", self.process)
        await self._do(pipe.execute())

    async def close(self) -> None:
        await self.redis.aclose()

    # -- the others

    async def processes(self) -> dict[str, tuple[str, int]]:
        """The processes up now: name -> (public URL, tables held)."""
        names = sorted(cast(set[str], await self._do(self.redis.smembers(PREFIX + "procs"))))
        if not names:
            return {}
        pipe = self.redis.pipeline()
        pipe.mget([PREFIX + "proc:" + n for n in names])
        pipe.hmget(PREFIX + "load", names)
        addresses, loads = await self._do(pipe.execute())
        gone = [n for n, a in zip(names, addresses, strict=True) if a is None]
        if gone:  # their lease ran out: their tables are found in the records, not here
            pipe = self.redis.pipeline()
            pipe.srem(PREFIX + "procs", *gone)
            pipe.hdel(PREFIX + "load", *gone)
            await self._do(pipe.execute())
        return {n: (a, int(load or 0)) for n, a, load in zip(names, addresses, loads,
                                                                   strict=True)
                if a is not None}

    async def listed(self, names: list[str]) -> list[dict[str, Any]]:
        """The public tables the processes ``names`` list (their last heartbeat's)."""
        if not names:
            return []
        rows: list[dict[str, Any]] = []
        for text in await self._do(self.redis.mget([PREFIX + "listed:" + n for n in names])):
            if text:
                rows.extend(json.loads(text))
        return rows

    # -- tables

    async def reserve(self, code: str) -> int | None:
        """Take ``code`` for a new table here: its first fencing token, or None when
        another process has the code already."""
        if not await self._do(self.redis.set(PREFIX + "room:" + code, self.process, nx=True)):
            return None
        return int(await self._do(self.redis.incr(PREFIX + "fence:" + code)))

    async def owner(self, code: str) -> str | None:
        return cast("str | None", await self._do(self.redis.get(PREFIX + "room:" + code)))

    async def owners(self, codes: list[str]) -> list[str | None]:
        if not codes:
            return []
        return cast("list[str | None]", await self._do(
            self.redis.mget([PREFIX + "room:" + c for c in codes])))

    async def take(self, code: str, gone: str | None, last: int) -> int | None:
        """Take table ``code`` from process ``gone`` (whose lease ran out): the new fencing
        token (above ``last``, the records' latest), or None when someone else took it
        first."""
        token = await self._do(self._take(
            keys=[PREFIX + "room:" + code, PREFIX + "fence:" + code],
            args=[gone or "", self.process, last]))
        return None if token is None else int(token)

    async def keep(self, code: str) -> bool:
        """Name this process as ``code``'s owner again where Redis lost the entry (it was
        restarted): False when another process holds it."""
        return bool(await self._do(self.redis.set(PREFIX + "room:" + code, self.process,
                                                  nx=True)))

    async def load(self, tables: int) -> None:
        await self._do(self.redis.hset(PREFIX + "load", self.process, tables))

    async def release(self, code: str) -> None:
        """The table is forgotten here (over, or abandoned in the lobby)."""
        await self._do(self._release(keys=[PREFIX + "room:" + code, PREFIX + "fence:" + code],
                                     args=[self.process]))
