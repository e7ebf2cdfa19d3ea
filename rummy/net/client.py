"""The desktop game's connection to a server: websockets' sync client on background threads.

The frame loop never waits on the network: :meth:`NetClient.send` only queues a message,
and :meth:`NetClient.poll` returns whatever has arrived (possibly nothing). A reader thread
owns the connection: it connects, puts every message on the queue, and when the connection
drops it says so (a ``_status`` message), retries with a growing pause and, once back,
takes its seat again with the token the server gave (``rejoin``). A writer thread sends.

Messages the client makes up itself start with an underscore: ``{"type": "_status",
"status": "connecting" | "connected" | "reconnecting" | "closed", "error": ...}``.
"""

from __future__ import annotations

import contextlib
import json
import queue
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.frames import CloseCode
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from . import PROTOCOL_VERSION

RETRY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between reconnection attempts (the last repeats)."""
SERVER_STOPPED = "server_stopped"
"""The ``error`` of a ``_status`` message while the client retries a server that closed
the connection on purpose (close code 1001, going away: its host stopped it), rather
than one it lost."""


def server_url(address: str, default_port: int) -> str:
    """The server's ``ws://`` address from what a player typed: a host name or IP, with or
    without ``:port`` and ``ws://``. ValueError, in the player's words, for anything else.

    >>> server_url("192.168.1.5", 8765), server_url(" ws://host.lan:9000 ", 8765)
    ('ws://192.168.1.5:8765', 'ws://host.lan:9000')
    >>> server_url("[::1]:9000", 8765)
    'ws://[::1]:9000'
    >>> server_url("127.0.0..1:8765", 8765)
    Traceback (most recent call last):
    ValueError: "127.0.0..1" is not a computer's name or address
    """
    text = address.strip()
    scheme, _, rest = text.rpartition("://")
    if scheme not in ("", "ws"):
        raise ValueError(f"the address starts with {scheme}://; type only the name and port")
    if rest.startswith("["):  # an IPv6 address: [::1]:8765
        inside, bracket, after = rest[1:].partition("]")
        colon, port_text = after[:1], after[1:]
        if not bracket or after[:1] not in ("", ":") or not inside or any(
                c not in "0123456789abcdefABCDEF:." for c in inside):
            raise ValueError(f'"{rest}" is not a computer\'s name or address')
        host = f"[{inside}]"
        labels = ["ipv6"]
    else:
        host, colon, port_text = rest.partition(":")
        labels = host.split(".")
    if not host or len(host) > 253 or any(
            not label or len(label) > 63 or not label.replace("-", "").replace("_", "").isalnum()
            or not label.isascii() for label in labels):
        raise ValueError(f'"{host}" is not a computer\'s name or address')
    port = default_port
    if colon:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise ValueError(f'the port "{port_text}" is not a number from 1 to 65535')
        port = int(port_text)
    return f"ws://{host}:{port}"


class NetClient:
    """One connection to a game server, kept up until :meth:`close`."""

    def __init__(self, url: str, *, retry: bool = True, open_timeout: float = 5.0) -> None:
        self.url = url
        self.retry = retry
        self.open_timeout = open_timeout
        self.incoming: queue.Queue[dict[str, Any]] = queue.Queue()
        self._outgoing: queue.Queue[str | None] = queue.Queue()
        self._stop = threading.Event()
        self._ws: Connection | None = None
        self._lock = threading.Lock()
        self.code: str | None = None
        self.token: str | None = None
        self.status = "connecting"
        self._gone: str | None = None
        """``SERVER_STOPPED`` from the moment the server closed the connection on purpose
        until the client is connected again."""
        self._reader = threading.Thread(target=self._read_loop, name="rummy-net-read",
                                        daemon=True)
        self._writer = threading.Thread(target=self._write_loop, name="rummy-net-write",
                                        daemon=True)

    def start(self) -> NetClient:
        self._reader.start()
        self._writer.start()
        return self

    # -- the frame's side: never blocks

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message (``v`` is added); sent as soon as the connection allows."""
        self._outgoing.put(json.dumps({"v": PROTOCOL_VERSION, **message}))

    def poll(self, limit: int = 200) -> list[dict[str, Any]]:
        """Every message that has arrived, oldest first (at most ``limit``)."""
        out: list[dict[str, Any]] = []
        while len(out) < limit:
            try:
                out.append(self.incoming.get_nowait())
            except queue.Empty:
                break
        return out

    def close(self) -> None:
        self._stop.set()
        self._outgoing.put(None)
        with self._lock:
            ws = self._ws
        if ws is not None:
            with contextlib.suppress(Exception):
                ws.close()
        self._reader.join(2)
        self._writer.join(2)

    # -- the threads

    def _status(self, status: str, error: str | None = None) -> None:
        self.status = status
        self.incoming.put({"type": "_status", "status": status, "error": error})

    def _read_loop(self) -> None:
        attempt = 0
        while not self._stop.is_set():
            self._status("connecting" if attempt == 0 else "reconnecting", self._gone)
            try:
                with connect(self.url, open_timeout=self.open_timeout,
                             compression=None) as ws:
                    attempt = 1
                    self._connected(ws)
            except (InvalidURI, ValueError) as err:  # ValueError: a name idna refuses
                self._status("closed", str(err))
                return
            except (OSError, WebSocketException, TimeoutError) as err:
                if not self.retry:
                    self._status("closed", str(err))
                    return
                self._stop.wait(RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)])
                attempt += 1
                continue
            with self._lock:
                self._ws = None
            if not self.retry:
                break
        self._status("closed")

    def _connected(self, ws: Connection) -> None:
        self._gone = None
        if self.code and self.token:  # take the seat back first, before queued moves
            ws.send(json.dumps({"v": PROTOCOL_VERSION, "type": "rejoin",
                                "code": self.code, "token": self.token}))
        with self._lock:
            self._ws = ws
        self._status("connected")
        self._receive(ws)
        with self._lock:
            self._ws = None

    def _receive(self, ws: Connection) -> None:
        try:
            for raw in ws:
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue
                if not isinstance(msg, dict):
                    continue
                if msg.get("type") == "joined":
                    self.code = msg.get("code", self.code)
                    self.token = msg.get("token", self.token)
                self.incoming.put(msg)
        except (ConnectionClosed, OSError):
            pass
        if ws.close_code == CloseCode.GOING_AWAY:  # the server was stopped, not lost
            self._gone = SERVER_STOPPED

    def _write_loop(self) -> None:
        while True:
            text = self._outgoing.get()
            if text is None:
                return
            while not self._stop.is_set():
                with self._lock:
                    ws = self._ws
                if ws is not None:
                    try:
                        ws.send(text)
                        break
                    except (ConnectionClosed, OSError):
                        pass
                time.sleep(0.05)  # not connected: the message waits for the connection
