"""The desktop game's connection to a server: websockets' sync client on background threads.

The frame loop never waits on the network: :meth:`NetClient.send` only queues a message,
and :meth:`NetClient.poll` returns whatever has arrived (possibly nothing). A reader thread
owns the connection: it connects, puts every message on the queue, and when the connection
drops it says so (a ``_status`` message), retries with a growing pause and, once back,
takes its seat again with the token the server gave (``rejoin``). A writer thread sends.
What retrying cannot mend (a ``wss://`` server's certificate the player's computer does
not trust, the wrong one of ``ws://`` and ``wss://``) closes the client with a sentence
for the player instead (:mod:`rummy.net.tls`).

A server that is one process of a service may answer ``create``, ``join``, ``rejoin`` or
``list`` with a ``redirect`` to the process that owns the table (docs/protocol.md, "Several
processes"): the client connects there and sends the message again, without a word to the
frame. It follows a redirect only in answer to such a message, to a ``ws://`` or
``wss://`` address (never from ``wss://`` down to ``ws://``), at most
:data:`MOST_REDIRECTS` in a row; anything else closes it with a sentence saying so. After a
lost connection it starts again at the address the player typed, which sends it on to
wherever the table is then.

Messages the client makes up itself start with an underscore: ``{"type": "_status",
"status": "connecting" | "connected" | "reconnecting" | "closed", "error": ...}``.
"""

from __future__ import annotations

import contextlib
import json
import queue
import ssl
import threading
import time
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.frames import CloseCode
from websockets.sync.client import connect
from websockets.sync.connection import Connection

from . import PROTOCOL_VERSION
from .tls import client_context, lasting_failure, passing_failure

SECURE_PORT = 443
"""The port of a ``wss://`` address typed without one (HTTPS's: a server behind a web
server, docs/hosting.md)."""
RETRY_PAUSES = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Seconds between reconnection attempts (the last repeats)."""
MOST_REDIRECTS = 3
"""Redirects followed in a row (a service sends a client on once, twice while a table
changes hands); past them the client gives up and says so."""
OPENING_TYPES = frozenset({"create", "join", "rejoin", "list"})
"""The messages a service may answer with a ``redirect``."""
ANSWER_TYPES = frozenset({"joined", "state", "tables", "error"})
"""What answers one of them where it was sent (no redirect is followed after it)."""
SERVER_STOPPED = "server_stopped"
"""The ``error`` of a ``_status`` message while the client retries a server that closed
the connection on purpose (close code 1001, going away: its host stopped it), rather
than one it lost."""


def server_url(address: str, default_port: int) -> str:
    """The server's address from what a player typed: a host name or IP, with or without
    ``:port``, after ``wss://`` (encrypted: port 443 when none is typed), ``ws://`` or
    nothing (plain, as on a LAN). ValueError, in the player's words, for anything else.

    >>> server_url("192.168.1.5", 8765), server_url(" ws://host.lan:9000 ", 8765)
    ('ws://192.168.1.5:8765', 'ws://host.lan:9000')
    >>> server_url("wss://rummy.example.org", 8765), server_url("WSS://[::1]:9000", 8765)
    ('wss://rummy.example.org:443', 'wss://[::1]:9000')
    >>> server_url("[::1]:9000", 8765)
    'ws://[::1]:9000'
    >>> server_url("127.0.0..1:8765", 8765)
    Traceback (most recent call last):
    ValueError: "127.0.0..1" is not a computer's name or address
    >>> server_url("https://rummy.example.org", 8765)
    Traceback (most recent call last):
    ValueError: the address starts with https://, not wss:// or ws://
    """
    text = address.strip()
    scheme, _, rest = text.rpartition("://")
    scheme = scheme.lower() or "ws"
    if scheme not in ("ws", "wss"):
        raise ValueError(f"the address starts with {scheme}://, not wss:// or ws://")
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
    port = SECURE_PORT if scheme == "wss" else default_port
    if colon:
        if not port_text.isdigit() or not 0 < int(port_text) < 65536:
            raise ValueError(f'the port "{port_text}" is not a number from 1 to 65535')
        port = int(port_text)
    return f"{scheme}://{host}:{port}"


class NetClient:
    """One connection to a game server, kept up until :meth:`close`."""

    def __init__(self, url: str, *, retry: bool = True, open_timeout: float = 5.0,
                 ssl_context: ssl.SSLContext | None = None) -> None:
        self.url = url
        """Where the client connects next: ``home``, or where a redirect sent it."""
        self.home = url
        """The address the player typed (a service's front door)."""
        self._asked: str | None = None
        """The last create/join/rejoin/list sent, sent again where a redirect says."""
        self._resend: str | None = None
        self._redirects = 0
        self._following = False
        self.retry = retry
        self.open_timeout = open_timeout
        self.ssl_context = ssl_context
        """What a ``wss://`` server's certificate is checked against (default: the
        system's certificate authorities, see :func:`rummy.net.tls.client_context`)."""
        self.incoming: queue.Queue[dict[str, Any]] = queue.Queue()
        self._outgoing: queue.Queue[str | None] = queue.Queue()
        self._stop = threading.Event()
        self._ws: Connection | None = None
        self._lock = threading.Lock()
        self.code: str | None = None
        self.token: str | None = None
        self.status = "connecting"
        self.error: str | None = None
        """What the last ``_status`` message said beside its status."""
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
        text = json.dumps({"v": PROTOCOL_VERSION, **message})
        if message.get("type") in OPENING_TYPES:
            self._asked = text
        self._outgoing.put(text)

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
        self.status, self.error = status, error
        self.incoming.put({"type": "_status", "status": status, "error": error})

    def _read_loop(self) -> None:
        attempt = 0
        hint: str | None = None
        while not self._stop.is_set():
            if not self._following:  # a redirect is followed without a word to the frame
                self._status("connecting" if attempt == 0 else "reconnecting",
                             self._gone or hint)
            url, self._following = self.url, False
            self.url = self.home  # after this connection, start again at the front door
            secure = url.startswith("wss://")
            if secure and self.ssl_context is None:
                self.ssl_context = client_context()  # read off the disk here, not in a frame
            try:
                with connect(url, open_timeout=self.open_timeout, compression=None,
                             ssl=self.ssl_context if secure else None) as ws:
                    attempt, hint = 1, None
                    self._connected(ws)
            except (OSError, WebSocketException, TimeoutError, ValueError) as err:
                lasting = lasting_failure(err, url)
                if lasting is None and isinstance(err, (InvalidURI, ValueError)) and not (
                        isinstance(err, OSError)):  # a refused certificate is both
                    lasting = str(err)  # ValueError: a name idna refuses
                if lasting is not None:
                    self._status("closed", lasting)
                    return
                hint = passing_failure(err, url)
                self._redirects = 0  # sent to a process just gone: the front door again
                if not self.retry:
                    self._status("closed", hint or str(err))
                    return
                self._stop.wait(RETRY_PAUSES[min(attempt, len(RETRY_PAUSES) - 1)])
                attempt += 1
                continue
            with self._lock:
                self._ws = None
            if self.status == "closed":  # a redirect it would not follow
                return
            if not self.retry and not self._following:
                break
        self._status("closed")

    def _connected(self, ws: Connection) -> None:
        self._gone = None
        if self.code and self.token:  # take the seat back first, before queued moves
            self._asked = json.dumps({"v": PROTOCOL_VERSION, "type": "rejoin",
                                      "code": self.code, "token": self.token})
            ws.send(self._asked)
        elif self._resend is not None:  # the message a redirect sent here
            ws.send(self._resend)
        self._resend = None
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
                if msg.get("type") == "redirect":
                    self._redirect(ws, msg)
                    return
                if msg.get("type") in ANSWER_TYPES:  # the next redirect is the first again,
                    self._redirects, self._asked = 0, None  # and only for a new question
                if msg.get("type") == "joined":
                    self.code = msg.get("code", self.code)
                    self.token = msg.get("token", self.token)
                self.incoming.put(msg)
        except (ConnectionClosed, OSError):
            pass
        if ws.close_code == CloseCode.GOING_AWAY:  # the server was stopped, not lost
            self._gone = SERVER_STOPPED

    def _redirect(self, ws: Connection, msg: dict[str, Any]) -> None:
        """Follow ``msg`` (a ``redirect``): connect where it says and send the message it
        answered again there; or close, saying why, when it cannot be followed."""
        why = redirect_refused(msg, self.home, self._asked is not None, self._redirects)
        with contextlib.suppress(Exception):
            ws.close()
        if why is not None:
            self._stop.set()
            self._outgoing.put(None)
            self._status("closed", f"the server sent a redirect this game will not follow:"
                                   f" {why}")
            return
        self._redirects += 1
        asked = json.loads(self._asked or "{}")
        asked["redirected"] = True  # a create is made where the redirect sent it
        self.url, self._resend, self._following = msg["url"], json.dumps(asked), True

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


def redirect_refused(msg: dict[str, Any], home: str, asked: bool, followed: int) -> str | None:
    """Why a ``redirect`` is not followed (None: it is). ``home``: the address the player
    typed; ``asked``: a create/join/rejoin/list was sent; ``followed``: redirects followed
    in a row before this one.

    >>> redirect_refused({"url": "ws://10.0.0.2:8766"}, "ws://10.0.0.1:8765", True, 0)
    >>> redirect_refused({"url": "ws://10.0.0.2:8766"}, "wss://rummy.example.org:443", True, 0)
    'it would drop the encryption (wss:// to ws://)'
    >>> redirect_refused({"url": "http://evil.example/"}, "ws://10.0.0.1:8765", True, 0)
    'the address starts with http://, not wss:// or ws://'
    >>> redirect_refused({"url": 5}, "ws://10.0.0.1:8765", True, 0)
    'it names no address'
    >>> redirect_refused({"url": "ws://10.0.0.2:8766"}, "ws://10.0.0.1:8765", False, 0)
    'nothing was asked that it could answer'
    """
    url = msg.get("url")
    if not asked:
        return "nothing was asked that it could answer"
    if followed >= MOST_REDIRECTS:
        return f"more than {MOST_REDIRECTS} in a row"
    if not isinstance(url, str) or not url or len(url) > 300:
        return "it names no address"
    if "://" not in url:
        return f"{url!r:.60} is not a ws:// or wss:// address"
    try:
        whole = server_url(url, 0)
    except ValueError as err:
        return str(err)
    if whole != url.rstrip("/"):
        return f"{url!r:.60} is not a whole ws:// or wss:// address with its port"
    if home.startswith("wss://") and not url.startswith("wss://"):
        return "it would drop the encryption (wss:// to ws://)"
    return None
