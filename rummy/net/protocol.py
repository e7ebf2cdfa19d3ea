"""The wire format: one JSON object per websocket text message, with the protocol version.

Every message has ``v`` (:data:`PROTOCOL_VERSION`) and ``type``. ``docs/protocol.md``
describes each type; :data:`CLIENT_TYPES` lists the ones a client may send, with the fields
each needs. :func:`read_message` turns raw input into a checked message or a
:class:`ProtocolError` whose ``code`` and text go back to that client alone.

>>> read_message('{"v": 1, "type": "ready"}')
{'v': 1, 'type': 'ready'}
>>> try:
...     read_message('{"v": 1, "type": "dance"}')
... except ProtocolError as err:
...     print(err.code)
unknown_type
>>> for v in ("true", "1.0", '"1"'):
...     try:
...         read_message('{"v": %s, "type": "ready"}' % v)
...     except ProtocolError as err:
...         print(err.code)
bad_version
bad_version
bad_version
>>> encode({"type": "error", "code": "illegal"})
'{"v":1,"type":"error","code":"illegal"}'
"""

from __future__ import annotations

import json
from typing import Any

from . import PROTOCOL_VERSION

MAX_MESSAGE = 16 * 1024
"""The largest message (in characters) the server reads; a longer one gets ``too_big``."""
HARD_MAX_MESSAGE = 1024 * 1024
"""The websocket's own frame limit: a message past it closes the connection (1009)."""
NAME_LENGTH = 24
"""The longest player name."""

CLIENT_TYPES: dict[str, tuple[str, ...]] = {
    "create": ("variant", "name"),
    "join": ("code", "name"),
    "rejoin": ("code", "token"),
    "ready": (),
    "start": (),
    "action": ("action",),
    "list": (),
}
"""Message types a client may send -> the fields each must have."""
UNSEATED_TYPES = frozenset({"create", "join", "rejoin", "list"})
"""The ones a connection without a seat may send (``list`` with a seat too)."""

ERROR_CODES = (
    "bad_json", "bad_version", "unknown_type", "bad_request", "too_big", "no_table",
    "table_full", "already_started", "not_seated", "not_creator", "not_ready", "bad_token",
    "not_your_turn", "illegal", "game_over", "flood", "too_many_tables",
    "too_many_attempts", "too_many_connections",
)
"""Every ``code`` an ``error`` message may carry (``docs/protocol.md`` says when)."""
CLOSING_CODES = frozenset({"flood", "too_many_attempts", "too_many_connections"})
"""The errors after which the server closes the connection (1008, the code as reason):
nothing the client sends after them is read."""


class ProtocolError(ValueError):
    """A message the server will not act on: ``code`` (one of :data:`ERROR_CODES`) and a
    sentence for the player."""

    def __init__(self, code: str, message: str) -> None:
        assert code in ERROR_CODES, code
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def encode(message: dict[str, Any]) -> str:
    """A message as compact JSON text, the version first."""
    return json.dumps({"v": PROTOCOL_VERSION, **message}, separators=(",", ":"))


def read_message(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked for size, JSON, version, type and required fields."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE:
            raise ProtocolError("too_big", f"messages are at most {MAX_MESSAGE} bytes")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("bad_json", "a message is UTF-8 JSON text") from None
    if len(raw) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"messages are at most {MAX_MESSAGE} characters")
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as err:
        raise ProtocolError("bad_json", f"not JSON: {err}") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", "a message is a JSON object")
    version = data.get("v")
    # JSON's true and 1.0 equal 1 in Python: the version is the integer itself
    if type(version) is not int or version != PROTOCOL_VERSION:
        raise ProtocolError("bad_version",
                            f"protocol version {data.get('v')!r}; this server speaks"
                            f" {PROTOCOL_VERSION}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        known = ", ".join(sorted(CLIENT_TYPES))
        raise ProtocolError("unknown_type", f"no message type {kind!r:.40} (known: {known})")
    missing = [f for f in CLIENT_TYPES[kind] if f not in data]
    if missing:
        raise ProtocolError("bad_request", f"{kind} needs {', '.join(missing)}")
    return data


def int_field(data: dict[str, Any], key: str, default: int, low: int, high: int) -> int:
    """An optional whole-number field between ``low`` and ``high``."""
    value = data.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError("bad_request", f"{key} is a whole number from {low} to {high}")
    return value
