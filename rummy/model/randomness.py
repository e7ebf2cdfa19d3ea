"""Where a deal's randomness comes from: a seed, one named stream per random choice.

Every random choice of a deal (the toss, the shuffle, the joker's cut, a reshuffle of the
open deck) draws from its own stream, named by a label (``"toss"``, ``"deal"``,
``"reshuffle/2"``), so a deal is fully determined by its seed and the actions played.

A seed is one of two things:

- a number (offline play, ``RUMMY_SEED``, ``simulate --seed``, tests): the stream is
  ``random.Random(f"{seed}/{label}")``, the Mersenne Twister the game has always used, so
  a number replays the same deal as it always did. Its 2^31 or so values can be searched,
  and its output predicted: fine where nobody has anything to hide from anybody.
- a secret key of 32 bytes (online tables, drawn with ``secrets``): the stream is
  HMAC-SHA256 in counter mode, keyed by ``HMAC-SHA256(key, label)``. Nothing a seat is
  sent (the toss, its own hand, every open card) lets it compute another stream's output
  or the key, and the key of deal *n* of a match, ``HMAC-SHA256(match key, "match/n")``,
  tells nothing about any other deal's (docs/protocol.md, "Fair deals").

Both are used the same way, through :func:`stream`, which returns a ``random.Random``:
``shuffle``, ``randrange`` and ``choice`` run Python's own algorithms over the stream's
bits, so a third-party client can rebuild a deal from a revealed key.

>>> stream(7, "deal").random() == random.Random("7/deal").random()
True
>>> key = bytes(range(32))
>>> a, b = stream(key, "deal"), stream(key, "deal")
>>> [a.randrange(52) for _ in range(5)] == [b.randrange(52) for _ in range(5)]
True
>>> stream(key, "deal").getrandbits(64) != stream(key, "toss").getrandbits(64)
True
>>> deal_key(key, 1) != deal_key(key, 2) and len(deal_key(key, 1)) == KEY_BYTES
True
>>> deal_key(41, 0), seed_text(41), seed_text(bytes(2))
(41, '41', '0000')
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from typing import Any, NoReturn

Seed = int | bytes
"""A deal's or a match's seed: a number (replayable offline play) or a secret key."""

KEY_BYTES = 32
"""The length of an online match's key: 256 secret bits (docs/protocol.md)."""


def new_key() -> bytes:
    """A fresh secret key for an online match, from the operating system's generator."""
    return secrets.token_bytes(KEY_BYTES)


class KeyedRandom(random.Random):
    """``random.Random`` whose every bit comes from HMAC-SHA256 in counter mode.

    Block *i* (from 0) is ``HMAC-SHA256(HMAC-SHA256(key, label), i as 8 bytes big-endian)``;
    the blocks are read as one stream of bytes, and ``getrandbits(k)`` takes the next
    ``ceil(k / 8)`` bytes as a big-endian number and keeps its top ``k`` bits. Python's
    ``shuffle`` and ``randrange`` use only ``getrandbits``, so they consume the stream the
    same way in every Python from 3.10 on. The Mersenne Twister state the base class keeps
    is never read."""

    def __init__(self, key: bytes, label: str) -> None:
        self._stream_key = hmac.new(key, label.encode(), hashlib.sha256).digest()
        self._block = 0
        self._buffer = b""
        super().__init__(0)

    def seed(self, a: Any = None, version: int = 2) -> None:
        # random.Random.__init__ calls seed(); the keyed stream needs no seeding, and the
        # base class's own state is left as it is (never read).
        super().seed(0)

    def _take(self, count: int) -> bytes:
        while len(self._buffer) < count:
            block = self._block.to_bytes(8, "big")
            self._buffer += hmac.new(self._stream_key, block, hashlib.sha256).digest()
            self._block += 1
        out, self._buffer = self._buffer[:count], self._buffer[count:]
        return out

    def getrandbits(self, k: int) -> int:
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        if k == 0:
            return 0
        count = (k + 7) // 8
        return int.from_bytes(self._take(count), "big") >> (count * 8 - k)

    def random(self) -> float:
        return self.getrandbits(53) * (2.0 ** -53)

    def getstate(self) -> NoReturn:
        raise NotImplementedError("a keyed stream is rebuilt from its key, not saved")

    def setstate(self, state: Any) -> NoReturn:
        raise NotImplementedError("a keyed stream is rebuilt from its key, not saved")


def stream(seed: Seed, label: str) -> random.Random:
    """The generator of one random choice of the deal dealt from ``seed``."""
    if isinstance(seed, bytes):
        return KeyedRandom(seed, label)
    return random.Random(f"{seed}/{label}")


def deal_key(seed: Seed, deal_no: int) -> Seed:
    """The seed of deal ``deal_no`` of the match played from ``seed``.

    A number's deal 0 is the number itself, and later deals are drawn from
    ``f"{seed}/match/{n}"`` (as the game always did). A key's every deal, the first
    included, has its own key ``HMAC-SHA256(key, "match/n")``: revealing one deal's key
    after it is over tells nothing of the match's key or of any other deal."""
    if isinstance(seed, bytes):
        return hmac.new(seed, f"match/{deal_no}".encode(), hashlib.sha256).digest()
    if deal_no == 0:
        return seed
    return random.Random(f"{seed}/match/{deal_no}").randrange(2**31)


def derived_number(seed: Seed, label: str) -> int:
    """A number for something seeded by the match but not secret itself (a bot's own
    choices): from a key, 63 bits of ``HMAC-SHA256(key, label)``, which tell nothing of
    the key; from a number, the number itself."""
    if isinstance(seed, bytes):
        digest = hmac.new(seed, label.encode(), hashlib.sha256).digest()
        return int.from_bytes(digest[:8], "big") >> 1
    return seed


def seed_text(seed: Seed) -> str:
    """A seed as it is written in records and messages: a key in hex, a number in digits."""
    return seed.hex() if isinstance(seed, bytes) else str(seed)


def seed_from_text(text: Any) -> Seed:
    """The seed as records keep it: a number as a JSON number, a key as :func:`seed_text`
    writes it; ValueError for anything else (a number in a string included)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if isinstance(text, str) and len(text) == 2 * KEY_BYTES:
        try:
            return bytes.fromhex(text)
        except ValueError:
            pass
    raise ValueError(f"not a seed: {str(text)[:80]!r}")
