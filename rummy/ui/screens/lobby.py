"""The lobby of an online table: who has joined, Ready, and Start for the table's creator.

The lobby owns the connection (:class:`~rummy.net.client.NetClient`, on its own threads:
a frame only polls) and, when this game hosts the table, the server
(:class:`~rummy.net.local.LocalServer`, on a thread of its own) and its advertisement on
the LAN. When the game starts it opens the table over itself with a
:class:`~rummy.net.remote.RemoteDriver`; when the table is left it closes everything and
goes back. The seat's token is kept in the settings (``online_seat``) until the game is
over, so the table can be rejoined after the window was closed.
"""

from __future__ import annotations

import threading
from typing import Any

import pygame

from rummy.net.addresses import is_public, reach_advice
from rummy.net.client import SERVER_STOPPED, NetClient
from rummy.net.discovery import Advertiser
from rummy.net.invite import invite
from rummy.net.local import LocalServer
from rummy.net.remote import RemoteDriver
from rummy.net.room import show_code
from rummy.store.files import data_dir
from rummy.ui.catalog import table_words
from rummy.ui.game_config import GameConfig
from rummy.ui.palette import DIM, GOLD, INK, Color
from rummy.ui.scene import Host
from rummy.ui.screens.common import Screen, draw_message
from rummy.ui.screens.online import LOOPBACK, start_aside, stop_aside
from rummy.ui.table.driver_protocol import Driver
from rummy.ui.widgets import Button, draw_text, wrap
from rummy.ui.words import and_list

STATUS_WORDS = {"connecting": "Connecting...", "reconnecting": "Connection lost; retrying...",
                "connected": "", "closed": "Not connected."}
NO_SEAT = frozenset({"no_table", "bad_token", "game_over", "table_full", "already_started",
                     "too_many_tables", "too_many_attempts", "too_many_connections"})
"""The server's refusals of a join or rejoin (docs/protocol.md): no seat to wait in here."""
GONE = frozenset({"no_table", "bad_token", "game_over"})
"""Of those, the ones that mean a remembered seat can never be taken again."""
GIVE_UP_SECONDS = 12.0
"""How long a join tries an address that never answers before going back to the form (a
rejoin keeps trying: its host may be restarting the game)."""


def sentence(words: str) -> str:
    """The server's words ("no table with code 'ACDEF'") as a sentence: a capital first
    letter and a full stop."""
    words = words.strip()
    if not words:
        return words
    words = words[0].upper() + words[1:]
    return words if words[-1] in ".!?" else words + "."


class LobbyScene(Screen):
    """Host (``bind`` and ``create``), join (``url`` and ``code``) or rejoin (``token``)."""

    title_points, text_points, button_points, title_top = 40, 21, 22, 16

    def __init__(self, app: Host, *, name: str, url: str | None = None,
                 code: str | None = None, token: str | None = None, bind: str | None = None,
                 port: int = 0, create: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.name = name
        self.url = url
        self.code = code
        self.token = token
        self.bind = bind
        self.create = create
        self.creator = create is not None or bind is not None
        self.message = ""
        self.server: LocalServer | None = None
        self.client: NetClient | None = None
        self.driver: RemoteDriver | None = None
        self.advertiser: Advertiser | None = None
        self._advertising: threading.Thread | None = None
        self.table_opened = False
        self.finished = False
        self.ready = False
        self.refused = False
        """The server refused to seat us (the message says why): only Leave is left."""
        self._errors_seen = 0
        self._trying = 0.0
        """Seconds a join has tried to reach its address without ever reaching it."""
        self._words: tuple[object, tuple[str, str]] | None = None
        if bind is not None:
            self.server = app.hosted.open(bind, port, data_dir() / "server")
        elif url is not None:
            self._connect(url)
        self.start_button = Button("Start", self.start, enabled=False)
        self.ready_button = Button("Ready", self.toggle_ready)
        self.leave_button = Button("Leave", self.leave)
        self.invite_button = Button("Copy invite", self.copy_invite, enabled=False)
        self.note = ""
        """What Copy invite did, said under the table's words."""

    # -- the connection

    def _connect(self, url: str) -> None:
        self.url = url
        client = NetClient(url)
        if self.token and self.code:
            client.code, client.token = self.code, self.token  # it rejoins on connecting
        self.client = client.start()
        self.driver = RemoteDriver(client)
        if self.token:
            return
        if self.create is not None:
            client.send(self.create)
        elif self.code:
            client.send({"type": "join", "code": self.code, "name": self.name})

    @property
    def mirror_code(self) -> str | None:
        return None if self.driver is None else self.driver.mirror.code

    def _remember(self) -> None:
        """The seat to rejoin after a restart (the token is this seat's key)."""
        assert self.client is not None
        seat = {"url": self.url, "code": self.client.code, "name": self.name,
                "token": self.client.token, "bind": self.bind,
                "port": self.server.port if self.server else None}
        if self.app.settings.online_seat != seat:
            self.app.settings.online_seat = seat

    def _advertise(self) -> None:
        """Tell the LAN about the table (zeroconf, on a worker: it takes a moment)."""
        server, driver = self.server, self.driver
        if server is None or driver is None or server.host == LOOPBACK or server.port is None:
            return
        if is_public(server.host):  # an internet address: nobody on a LAN looks there
            return
        info = driver.mirror.info
        players = int(info.get("players", 2))
        free = players - len(driver.mirror.lobby)
        advertiser = self.advertiser = Advertiser()
        port, code, variant = server.port, str(info.get("code")), str(info.get("variant"))
        self._advertising = start_aside(
            lambda: advertiser.start(self.name, server.host, port, code, variant, players,
                                     free), "rummy-advertise")

    def shutdown(self) -> None:
        """Close the connection, the advertisement and the hosted server (in that order;
        the server goes on while a table on it is in play, see ``HostedServers``)."""
        if self.advertiser is not None:
            stop_aside(self.advertiser, self._advertising)
            self.advertiser = None
        if self.driver is not None:
            self.driver.close()
        elif self.client is not None:
            self.client.close()
        self.driver = self.client = None
        if self.server is not None:
            self.app.hosted.release(self.server)
            self.server = None

    # -- buttons

    def start(self) -> None:
        if self.client is not None:
            self.client.send({"type": "start"})

    def address(self) -> str | None:
        """The address the others join at: this game's server, or the one joined (with
        its ``wss://``, which the invite must carry; ``ws://`` goes without saying)."""
        if self.server is not None:
            return None if self.server.port is None else f"{self.server.host}:{self.server.port}"
        return self.url.removeprefix("ws://") if self.url else None

    def copy_invite(self) -> None:
        """The address and the room code on the clipboard, as one line to send the others
        (pasted into their Join form, it fills both fields)."""
        address, code = self.address(), self.mirror_code
        if address is None or not code:
            return
        try:
            pygame.scrap.put_text(invite(address, code))
            self.note = "Invite copied: paste it where the others will read it."
        except pygame.error:
            self.note = (f"No clipboard here: give them {address} and the code"
                         f" {show_code(code)}.")

    def toggle_ready(self) -> None:
        if self.client is not None:
            self.ready = not self.ready
            self.client.send({"type": "ready", "ready": self.ready})

    def _forget_seat(self, code: str | None) -> None:
        """Forget the remembered seat if it is at table ``code``: a lobby that never
        seated (a mistyped code) leaves the seat of the game the player is in alone."""
        saved = self.app.settings.online_seat
        if code and saved is not None and saved.get("code") == code:
            self.app.settings.online_seat = None

    def leave(self) -> None:
        self._forget_seat(self.mirror_code)  # left on purpose: nothing to rejoin
        self.shutdown()
        self.finished = True
        self.app.pop()

    @property
    def joining(self) -> bool:
        """A join typed in the form (not a host, not a rejoin): what goes wrong before a
        seat is said back on the form, where the address and the code can be mended."""
        return not self.creator and self.token is None

    def _back_to_form(self, words: str) -> None:
        self.app.notice = words  # the form beneath shows it
        self.leave()

    # -- every frame

    def resume(self) -> None:
        if self.table_opened:  # back from the table: this table is done here
            self.finished = True
        self.resize(self.size)

    def update(self, dt: float) -> None:
        if self.finished:
            if self.driver is not None and self.driver.mirror.over:
                self._forget_seat(self.mirror_code)  # the game is over: nothing to rejoin
            self.shutdown()
            if self in self.app.stack and self.app.stack[-1] is self:
                self.app.pop()
            return
        server = self.server
        if server is not None and self.client is None:
            if server.error:
                self.message = server.error
            elif server.port is not None:
                self._connect(server.url)
            return
        driver = self.driver
        if driver is None:
            return
        driver.pump()
        if self._said_by_client():
            return
        errors = driver.mirror.errors
        if len(errors) > self._errors_seen:
            self.message = sentence(str(errors[-1].get("message", "")))
            self._errors_seen = len(errors)
            code = errors[-1].get("code")
            if not self.mirror_code and code in NO_SEAT:
                self.refused = True
                if code in GONE and self.token:  # the seat rejoined is gone: forget it
                    self._forget_seat(self.code)
        if self.joining and not self.mirror_code:
            if self.refused:
                self._back_to_form(self.message)
                return
            if driver.connection == "connected":
                self._trying = -1.0  # reached once: a later loss is retried as ever
            elif self._trying >= 0:
                self._trying += dt
                if self._trying > GIVE_UP_SECONDS:
                    self._back_to_form(self.message or (
                        f"Cannot reach {self.address()}: check the address, and that the"
                        " host's game is open."))
                    return
        if self.client is not None and self.client.token and self.mirror_code:
            if self.advertiser is None:
                self._advertise()
            self._remember()  # seated: the seat to rejoin (never one the server refused)
        lobby = driver.mirror.lobby
        seated = bool(self.mirror_code)  # Ready and Start mean nothing before a seat
        self.ready_button.enabled = seated
        self.invite_button.enabled = seated and self.address() is not None
        self.start_button.enabled = seated and self.creator and all(
            s["ready"] for s in lobby[1:])
        self.ready_button.text = "Not ready" if self.ready else "Ready"
        if driver.mirror.view is not None:
            self._open_table(driver)

    def _said_by_client(self) -> bool:
        """What the connection itself says for the player: why it gave up (a server's
        certificate this computer does not trust, docs/hosting.md), or, while it retries
        an address never reached, what may be wrong with it (``wss://`` or ``ws://``).
        True when the lobby went back to the Join form with it."""
        client = self.client
        if client is None or not client.error or client.error == SERVER_STOPPED:
            return False
        if client.status == "closed":
            if self.joining and not self.mirror_code:
                self._back_to_form(sentence(client.error))
                return True
            self.message = sentence(client.error)
        elif client.status == "reconnecting" and not self.mirror_code:
            self.message = sentence(client.error)
        return False

    def _open_table(self, driver: RemoteDriver) -> None:
        info = driver.mirror.info
        config = GameConfig(str(info["variant"]), dict(info.get("options") or {}),
                            int(info["players"]), (), None, driver.mirror.place or 0)
        self.table_opened = True
        driver.hosting = self.server is not None
        driver.joined_late = self.token is not None  # a rejoin: the deal is under way
        if self.advertiser is not None:  # the game has started: nobody else can join
            stop_aside(self.advertiser, self._advertising)
        # Typed as the table's protocol so that mypy checks the RemoteDriver satisfies it
        # (``open`` passes its arguments on untyped).
        table_driver: Driver = driver
        self.app.open("table", config=config, driver=table_driver)

    def closing(self) -> None:
        self.shutdown()  # the seat stays in the settings: Rejoin after a restart

    # -- input and drawing

    @property
    def buttons(self) -> list[Button]:
        middle = self.start_button if self.creator else self.ready_button
        return [self.leave_button, self.invite_button, middle]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave()
            return
        for button in self.buttons:
            if button.handle(event):
                return

    def layout(self) -> None:
        w, h = self.size
        self.code_font = self.app.res.font(self.px(64), bold=True)
        bold = self.button_font
        bw, bh, gap = self.px(240), self.px(48), self.px(20)
        top = h - bh - 2 * gap
        self.leave_button.place(pygame.Rect(w // 2 - bw * 3 // 2 - gap, top, bw, bh), bold)
        self.invite_button.place(pygame.Rect(w // 2 - bw // 2, top, bw, bh), bold)
        right = pygame.Rect(w // 2 + bw // 2 + gap, top, bw, bh)
        self.start_button.place(right, bold)
        self.ready_button.place(right, bold)

    def _status(self) -> str:
        if self.server is not None and self.client is None:
            return "Starting the table..." if not self.server.error else ""
        if self.client is None:
            return ""
        if self.refused and not self.mirror_code:
            return "Not seated at a table: Leave to go back."
        words = STATUS_WORDS.get(self.client.status, "")
        if self.client.status == "reconnecting" and not self.mirror_code:
            return f"Cannot reach {self.address()}; retrying..."
        if words:
            return words
        return self._waiting_for() if self.mirror_code else "Joining..."

    def _waiting_for(self) -> str:
        """Whom the table waits for before it starts (Start is greyed out till then)."""
        lobby = self.driver.mirror.lobby if self.driver is not None else []
        if self.creator:
            names = [str(s["name"]) for s in lobby[1:] if not s["ready"]]
            return f"Waiting for {and_list(names)} to press Ready." if names else ""
        return "Waiting for the host to start." if self.ready else ""

    def host_lines(self) -> list[str]:
        """What the host tells the others (the address and the code), then, for an address
        that works only at home or on this computer, why and what to do (docs/hosting.md).
        Nothing while this game hosts no table."""
        server = self.server
        if server is None or server.port is None:
            return []
        return [f"Give the others the address {server.host}:{server.port} and this code",
                reach_advice(server.host, server.port)]

    def table_words(self) -> tuple[str, str]:
        """What the table plays, once the server has said (see ``catalog.table_words``)."""
        info = self.driver.mirror.info if self.driver is not None else {}
        if not info.get("variant"):
            return "", ""
        said = (info["variant"], repr(info.get("options")), info.get("players"),
                info.get("turn_seconds"))
        if self._words is None or self._words[0] != said:  # loading a variant takes a while
            clock = info.get("turn_seconds")
            self._words = said, table_words(str(info["variant"]),
                                            dict(info.get("options") or {}),
                                            int(info.get("players") or 0),
                                            clock if isinstance(clock, int) else None)
        return self._words[1]

    def seat_lines(self) -> list[tuple[str, Color]]:
        """The table's seats as the lobby lists them: who joined, ready or not, which one
        is this player's (two may share a name), and the free ones."""
        driver = self.driver
        lobby = driver.mirror.lobby if driver is not None else []
        players = int(driver.mirror.info.get("players", 0)) if driver is not None else 0
        mine = driver.mirror.join_no if driver is not None else None
        lines = []
        for index in range(max(players, len(lobby))):
            if index >= len(lobby):
                lines.append((f"{index + 1}. (free: a bot plays it if nobody joins)", DIM))
                continue
            seat = lobby[index]
            state = "ready" if seat["ready"] else "not ready"
            if not seat["connected"]:
                state += ", away"
            you = " - you" if seat.get("join_no") == mine else ""
            lines.append((f"{index + 1}. {seat['name']} ({state}){you}", INK))
        return lines

    def look(self) -> object:
        """What changes here without input: the table's people and the connection."""
        driver = self.driver
        server = self.server
        return (self.mirror_code, self._status(), self.message, self.note, self.table_words(),
                None if server is None else (server.host, server.port),
                None if driver is None else (repr(driver.mirror.lobby), driver.mirror.join_no,
                                             driver.mirror.info.get("players")),
                self.start_button.enabled, self.ready_button.enabled, self.ready_button.text,
                self.invite_button.enabled)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        self.draw_title(surface, "Online table")
        y = self.px(90)
        code = self.mirror_code
        line = self.font.get_linesize()
        if code:
            draw_text(surface, self.font, "Room code", (w // 2, y), DIM, "midtop")
            draw_text(surface, self.code_font, show_code(code), (w // 2, y + line), GOLD,
                      "midtop")
            y += line + self.code_font.get_linesize()
            for words, color in zip(self.host_lines(), (INK, DIM), strict=False):
                for part in wrap(self.font, words, w - self.px(80)) if words else ():
                    draw_text(surface, self.font, part, (w // 2, y), color, "midtop")
                    y += line
                if words and color == DIM:  # the advice stands apart from the table's words
                    y += line // 3
            for words, color in zip(self.table_words(), (INK, DIM), strict=True):
                for part in wrap(self.font, words, w - self.px(80)) if words else ():
                    draw_text(surface, self.font, part, (w // 2, y), color, "midtop")
                    y += line
        status = self._status()
        if status:
            draw_text(surface, self.font, status, (w // 2, y), GOLD, "midtop")
        elif self.note:
            draw_text(surface, self.font, self.note, (w // 2, y), DIM, "midtop")
        y += line * 2
        for text, color in self.seat_lines():
            draw_text(surface, self.font, text, (w // 2 - self.px(260), y), color,
                      "topleft")
            y += line + 4
        for button in self.buttons:
            button.draw(surface)
        draw_message(surface, self.font, self.message, self.size,
                     self.leave_button.rect.top - 8)
