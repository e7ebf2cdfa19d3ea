"""Play online: host a table in this game, or join one (a typed address and room code, or
a table found on the LAN), or take back the seat of the last table played.

Nothing here touches the network but the LAN browser (zeroconf, on its own thread, started
on a worker so a slow network never holds a frame); the lobby (``lobby``) connects. The
seat of the table in play is remembered in the settings under ``online_seat`` (its
address, room code, name and token), so closing and reopening the game offers Rejoin.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any, Protocol

import pygame

from rummy.net.client import server_url
from rummy.net.discovery import Browser, FoundTable, local_address
from rummy.ui.catalog import scan_variants
from rummy.ui.palette import DIM, INK, PANEL
from rummy.ui.scene import Host, Scene
from rummy.ui.screens.common import draw_message, draw_title, scale_for
from rummy.ui.widgets import Button, Selector, Widget, draw_text, ellipsize

SEAT_KEY = "online_seat"
"""The settings key of the seat to rejoin: ``{url, code, name, token, bind, port}``."""
BOT_LEVELS = ("easy", "medium", "hard", "greedy", "random")
LOOPBACK = "127.0.0.1"
DEFAULT_PORT = 8765


class Zeroconf(Protocol):
    """What :class:`~rummy.net.discovery.Browser` and ``Advertiser`` share."""

    def stop(self) -> None: ...


def start_aside(start: Callable[[], object], name: str) -> threading.Thread:
    """Run a zeroconf start on a worker: it can take seconds (multicast probing)."""
    thread = threading.Thread(target=start, name=name, daemon=True)
    thread.start()
    return thread


def stop_aside(service: Zeroconf, started: threading.Thread | None) -> None:
    """Stop ``service`` once its start (on ``started``) has finished, without waiting here:
    a stop before the start is over would leave zeroconf's sockets open."""
    def stop() -> None:
        if started is not None:
            started.join(10)
        service.stop()
    threading.Thread(target=stop, name="rummy-zeroconf-stop", daemon=True).start()


class TextField(Widget):
    """One line of typed text; a click gives it the keyboard, Ctrl+Backspace empties it."""

    def __init__(self, label: str, text: str = "", limit: int = 40,
                 upper: bool = False) -> None:
        super().__init__()
        self.label = label
        self.text = text
        self.limit = limit
        self.upper = upper
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                clear = getattr(event, "mod", 0) & pygame.KMOD_CTRL
                self.text = "" if clear else self.text[:-1]
                return True
            char = getattr(event, "unicode", "")
            if char and char.isprintable() and len(self.text) < self.limit:
                self.text += char.upper() if self.upper else char
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        label_w = self.rect.width * 2 // 5
        draw_text(surface, self.font, self.label, (self.rect.x, self.rect.centery), INK,
                  "midleft")
        box = pygame.Rect(self.rect.x + label_w, self.rect.y, self.rect.width - label_w,
                          self.rect.height)
        pygame.draw.rect(surface, PANEL, box, border_radius=4)
        if self.focused:
            pygame.draw.rect(surface, INK, box, 2, border_radius=4)
        shown = ellipsize(self.font, self.text + ("|" if self.focused else ""),
                          box.width - 10)
        draw_text(surface, self.font, shown, (box.x + 6, box.centery), INK, "midleft")


class OnlineScene(Scene):
    """Host a table or join one; see the module docstring."""

    def __init__(self, app: Host, *, lan: bool = True) -> None:
        super().__init__(app)
        self.size = app.size
        self.lan_search = lan
        """Look for tables on the LAN (zeroconf); tests turn it off."""
        self.message = ""
        variants = [e for e in scan_variants() if e.variant is not None]
        self.variants = {e.id: e.title for e in variants}
        wanted = app.settings.get("variant") or "indian_13"
        self.lan = local_address()
        self.name = TextField("Your name", str(app.settings.get("online_name") or "Player"),
                              24)
        self.variant = Selector("Variant", list(self.variants), wanted, self._variant,
                                show=lambda v: self.variants.get(v, v))
        self.seats = Selector("Seats", [2, 3, 4, 5, 6], 2, lambda v: None,
                              refused=self._seats_refused)
        self.bots = Selector("Bots in empty seats", list(BOT_LEVELS), "medium",
                             lambda v: None)
        where = [self.lan, LOOPBACK] if self.lan != LOOPBACK else [LOOPBACK]
        self.bind = Selector("Open to", where, where[0], lambda v: None,
                             show=lambda v: "this computer only" if v == LOOPBACK
                             else f"the network ({v})")
        for selector in (self.variant, self.bind):
            selector.value_share = 0.55  # long values: "the network (192.168.1.20)"
        self.port = TextField("Port", str(DEFAULT_PORT), 5)
        self.address = TextField("Address", "", 60)
        self.code = TextField("Room code", "", 8, upper=True)
        self.host_button = Button("Host a table", self.host)
        self.join_button = Button("Join", self.join)
        self.back = Button("Back", self._back)
        saved = app.settings.get(SEAT_KEY)
        self.saved: dict[str, Any] | None = saved if isinstance(saved, dict) else None
        self.rejoin_button = Button(f"Rejoin table {self.saved.get('code', '')}"
                                    if self.saved else "Rejoin", self.rejoin)
        self.browser = Browser()
        self.found: list[tuple[Button, FoundTable]] = []
        self._browsing: threading.Thread | None = None
        self.fields = [self.name, self.port, self.address, self.code]

    # -- what the buttons do

    def _variant(self, value: str) -> None:
        entry = self._variant_entry(value)
        if entry is not None and not entry.min_players <= self.seats.value <= entry.max_players:
            self.seats.index = self.seats.values.index(
                max(entry.min_players, min(self.seats.value, entry.max_players)))

    def _variant_entry(self, value: str) -> Any:
        from rummy.ui.catalog import find_variant
        try:
            return find_variant(value)
        except Exception:  # noqa: BLE001 - a broken file was left out of the list already
            return None

    def _seats_refused(self, seats: int) -> str:
        variant = self._variant_entry(self.variant.value)
        if variant is None:
            return ""
        if not variant.min_players <= seats <= variant.max_players:
            return f"{variant.name} is for {variant.min_players} to {variant.max_players}"
        return str(variant.seating_problem(seats) or "")

    def _player_name(self) -> str | None:
        name = " ".join(self.name.text.split())
        if not name:
            self.message = "Type your name first."
            return None
        self.app.settings.set("online_name", name)
        return name

    def host(self) -> None:
        name = self._player_name()
        if name is None:
            return
        try:
            port = int(self.port.text or "0")
            if not 0 <= port < 65536:
                raise ValueError
        except ValueError:
            self.message = "The port is a number from 1024 to 65535 (0: any free port)."
            return
        why = self._seats_refused(self.seats.value)
        if why:
            self.message = why
            return
        create = {"type": "create", "variant": self.variant.value, "name": name,
                  "seats": self.seats.value, "bots": self.bots.value, "options": {}}
        self.app.open("lobby", name=name, bind=self.bind.value, port=port, create=create)

    def join(self) -> None:
        name = self._player_name()
        if name is None:
            return
        address = self.address.text.strip()
        code = "".join(self.code.text.split())
        if not address or not code:
            self.message = "Type the address and the room code the host gave you."
            return
        self._join(address, code, name)

    def _join(self, address: str, code: str, name: str) -> None:
        try:
            url = server_url(address, DEFAULT_PORT)
        except ValueError as err:
            self.message = f"Check the address: {err}."
            return
        self.app.open("lobby", name=name, url=url, code=code)

    def _join_found(self, table: FoundTable) -> Callable[[], None]:
        def join() -> None:
            name = self._player_name()
            if name is not None:
                self._join(table.url, table.code, name)
        return join

    def rejoin(self) -> None:
        seat = self.saved
        if seat is None:
            return
        self.app.open("lobby", name=str(seat.get("name", "")), url=seat.get("url"),
                      code=seat.get("code"), token=seat.get("token"), bind=seat.get("bind"),
                      port=int(seat.get("port") or 0))

    # -- lifecycle

    def resume(self) -> None:
        saved = self.app.settings.get(SEAT_KEY)
        self.saved = saved if isinstance(saved, dict) else None
        if self.saved:
            self.rejoin_button.text = f"Rejoin table {self.saved.get('code', '')}"
        if self._browsing is None and self.lan_search:
            self._browsing = start_aside(self.browser.start, "rummy-browse")
        self.resize(self.size)

    def _back(self) -> None:
        self._stop_browsing()
        self.app.pop()

    def _stop_browsing(self) -> None:
        if self._browsing is not None:
            stop_aside(self.browser, self._browsing)

    def pause(self) -> None:
        for field in self.fields:
            field.focused = False

    def claims_key(self, key: int) -> bool:
        # While a field takes typing, every key is a letter of it: M spells "Sam" and
        # the room code "MWWEP" instead of muting the sound.
        return any(field.focused for field in self.fields)

    def closing(self) -> None:
        self._stop_browsing()

    def update(self, dt: float) -> None:
        tables = self.browser.tables()
        if [t for _, t in self.found] != tables:
            self.found = [(Button(f"{t.name}: {self.variants.get(t.variant, t.variant)},"
                                  f" {t.free} of {t.players} free", self._join_found(t)), t)
                          for t in tables[:4]]
            self.resize(self.size)

    @property
    def widgets(self) -> list[Widget]:
        out: list[Widget] = [self.name, self.variant, self.seats, self.bots, self.bind,
                             self.port, self.host_button, self.address, self.code,
                             self.join_button, self.back]
        out += [b for b, _ in self.found]
        if self.saved:
            out.append(self.rejoin_button)
        return out

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = ""  # a new click: what a button says now replaces the old words
        for widget in self.widgets:
            if widget.handle(event):
                return

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        s = scale_for(size)
        self.title_font = self.app.res.font(round(40 * s), bold=True)
        self.head_font = self.app.res.font(round(24 * s), bold=True)
        self.font = self.app.res.font(round(19 * s))
        bold = self.app.res.font(round(20 * s), bold=True)
        row, gap = round(38 * s), round(10 * s)
        col_w = min(round(520 * s), w // 2 - 3 * gap)
        left, right = w // 2 - col_w - 2 * gap, w // 2 + 2 * gap
        top = round(70 * s)
        self.name.place(pygame.Rect(w // 2 - col_w // 2, top, col_w, row), self.font)
        self.columns_top = top + row + 3 * gap
        y = self.columns_top + row
        for widget in (self.variant, self.seats, self.bots, self.bind, self.port):
            widget.place(pygame.Rect(left, y, col_w, row), self.font)
            y += row + gap
        self.host_button.place(pygame.Rect(left, y + gap, col_w, row + gap), bold)
        y = self.columns_top + row
        for widget in (self.address, self.code):
            widget.place(pygame.Rect(right, y, col_w, row), self.font)
            y += row + gap
        self.join_button.place(pygame.Rect(right, y, col_w, row + gap), bold)
        y += row + 3 * gap
        self.found_top = y
        y += row
        for button, _ in self.found:
            button.place(pygame.Rect(right, y, col_w, row), self.font)
            y += row + gap
        self.left, self.right = left, right
        bw = round(220 * s)
        self.back.place(pygame.Rect(gap * 2, h - row - gap * 2, bw, row), bold)
        self.rejoin_button.place(pygame.Rect(w - bw * 3 // 2 - gap * 2, h - row - gap * 2,
                                             bw * 3 // 2, row), bold)

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        draw_title(surface, self.title_font, "Play online", w, round(16 * scale_for(self.size)))
        draw_text(surface, self.head_font, "Host a table", (self.left, self.columns_top),
                  INK, "topleft")
        draw_text(surface, self.head_font, "Join a table", (self.right, self.columns_top),
                  INK, "topleft")
        lan = ("Tables on this network:" if self.found else
               self.browser.error or ("Looking for tables on this network..."
                                      if self.lan_search else ""))
        draw_text(surface, self.font, ellipsize(self.font, lan, w // 2 - 40),
                  (self.right, self.found_top), DIM, "topleft")
        for widget in self.widgets:
            widget.draw(surface)
        draw_message(surface, self.font, self.message, self.size,
                     self.back.rect.top - 8)
