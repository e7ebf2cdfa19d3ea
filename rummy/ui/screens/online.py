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

from rummy.model.variant_type import Variant
from rummy.net.addresses import is_public, public_addresses
from rummy.net.client import server_url
from rummy.net.discovery import Browser, FoundTable, local_address
from rummy.net.invite import read_invite
from rummy.net.room import (
    CODE_LENGTH,
    DEFAULT_TURN_TIMER,
    TURN_SECONDS,
    normal_code,
    show_code,
)
from rummy.ui.catalog import difficulty_levels, refusal, scan_variants
from rummy.ui.confirm import PressAgain
from rummy.ui.options_panel import OptionsPanel, chosen_options, option_selectors
from rummy.ui.palette import DIM, INK, PANEL, PANEL_EDGE, RED
from rummy.ui.scene import Host
from rummy.ui.screens.common import Screen
from rummy.ui.textfield import TextField
from rummy.ui.widgets import Button, Selector, Widget, draw_text, ellipsize, wrap

CLOCK_LABEL = "Turn timer (seconds)"
CLOCK_HELP = "The server times every turn online: out of time, it draws and discards for you."
BASELINE_BOTS = ("greedy", "random")
"""Bots a host may also seat, beside the levels (:data:`rummy.ai.LEVELS`)."""
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


class OnlineScene(Screen):
    """Host a table or join one; see the module docstring."""

    title_points, text_points, title_top = 40, 19, 16

    def __init__(self, app: Host, *, lan: bool = True) -> None:
        super().__init__(app)
        self.lan_search = lan
        """Look for tables on the LAN (zeroconf); tests turn it off."""
        self.message = ""
        variants = [e for e in scan_variants() if e.variant is not None]
        self.variants = {e.id: e.title for e in variants}
        self.rules: dict[str, Variant] = {e.id: e.variant for e in variants
                                          if e.variant is not None}
        """Each variant as read once (the options' refusals ask for it again and again)."""
        hosted = app.settings.online_host or {}
        wanted = hosted.get("variant") or app.settings.variant or "indian_13"
        self.lan = local_address()
        self.name = TextField("Your name", app.settings.online_name or "Player", 24)
        self.variant = Selector("Variant", list(self.variants), wanted, self._variant,
                                show=lambda v: self.variants.get(v, v))
        self.chosen: dict[str, dict[str, Any]] = {
            k: dict(v) for k, v in app.settings.online_options.items()}
        """The options chosen for each variant's tables (untouched ones are defaults)."""
        self.clocks: dict[str, int] = {
            k: v for k, v in app.settings.online_clock.items() if v in TURN_SECONDS}
        """The turn clock chosen for each variant that has no turn timer of its own."""
        self.options_view = OptionsPanel()
        self.options_box = pygame.Rect(0, 0, 0, 0)
        self.seats = Selector("Seats", [2, 3, 4, 5, 6], 2, lambda v: self._relayout(),
                              refused=self._seats_refused)
        self.bots = Selector("Bots in empty seats", [*difficulty_levels(), *BASELINE_BOTS],
                             "medium",
                             lambda v: None, show=str.capitalize)  # as New game shows them
        # A public address on an interface (no router in between) is offered too: the
        # invite then gives one the others can reach from anywhere.
        where = [a for a in dict.fromkeys((self.lan, *public_addresses())) if a != LOOPBACK]
        where.append(LOOPBACK)
        # The choice of the last table hosted: a host who kept it to this computer is
        # never opened to the network behind their back.
        self.bind = Selector("Open to", where,
                             LOOPBACK if hosted.get("open_to") == "local" else where[0],
                             lambda v: None,
                             show=lambda v: "this computer only" if v == LOOPBACK
                             else f"the internet ({v})" if is_public(v)
                             else f"the network ({v})")
        self.public = Selector("List publicly", [False, True], hosted.get("public") is True,
                               lambda v: None, help_text="Anyone who browses this server's"
                               " tables sees it; otherwise it is joined by its room code.")
        for selector in (self.variant, self.bind):
            selector.value_share = 0.55  # long values: "the network (192.168.1.20)"
        port = hosted.get("port")
        self.port = TextField("Port", str(port if _port_ok(port) else DEFAULT_PORT), 5)
        self.address = TextField("Address", app.settings.online_address[:60], 60)
        # room for the code as shown ("ACDEF HJKMN", as a pasted invitation fills it) and a
        # stray space or hyphen typed between its groups
        self.code = TextField("Room code", "", len(show_code("A" * CODE_LENGTH)) + 2,
                              upper=True)
        for field in (self.address, self.code):
            field.on_paste = self._paste_invite
        self.host_button = Button("Host a table", self.host)
        self.join_button = Button("Join", self.join)
        self.browse_button = Button("Browse tables", self.browse)
        self.create_button = Button("New table there", self.create_there)
        self.back = Button("Back", self._back)
        self.saved: dict[str, Any] | None = app.settings.online_seat
        self.rejoin_button = Button(f"Rejoin table {self._saved_code()}"
                                    if self.saved else "Rejoin", self.rejoin)
        self.confirm = PressAgain()  # Host or Join, with a seat kept for Rejoin
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
        self.options_view.scroll.scroll_to(0)
        self._relayout()

    def _relayout(self) -> None:
        """Lay the screen out again: the options, and what they refuse, have changed."""
        if hasattr(self, "columns_top"):  # laid out once already
            self.layout()

    # -- the table's options

    def options(self) -> dict[str, Any]:
        """The chosen variant's options for the table: as chosen, or the defaults; the turn
        timer is never off (the server runs one at every table that has it)."""
        variant = self._variant_entry(self.variant.value)
        if variant is None:
            return {}
        chosen = chosen_options(variant, self.chosen.get(self.variant.value, {}))
        if chosen.get("turn_timer") == 0:
            chosen["turn_timer"] = DEFAULT_TURN_TIMER
        return chosen

    def turn_seconds(self) -> int | None:
        """The clock picked for a variant without a turn timer option (None: the variant's
        own timer is the clock)."""
        variant = self._variant_entry(self.variant.value)
        if variant is None or any(o.key == "turn_timer" for o in variant.options):
            return None
        return self.clocks.get(self.variant.value, DEFAULT_TURN_TIMER)

    def set_clock(self, seconds: int) -> None:
        self.clocks[self.variant.value] = seconds
        self.app.settings.online_clock = self.clocks

    def set_option(self, key: str, value: Any) -> None:
        self.chosen.setdefault(self.variant.value, {})[key] = value
        self.app.settings.online_options = self.chosen
        self.message = ""
        self._relayout()  # what the other options refuse may have changed

    def refused_option(self, key: str, value: Any) -> str:
        variant = self._variant_entry(self.variant.value)
        if variant is None:
            return ""
        return refusal(variant, {**self.options(), key: value}, self.seats.value)

    def _option_controls(self) -> list[Selector]:
        variant = self._variant_entry(self.variant.value)
        if variant is None:
            return []
        controls = option_selectors(variant, self.options(), self.set_option,
                                    self.refused_option)
        for option, control in zip(variant.options, controls, strict=True):
            if option.key == "turn_timer" and 0 in control.values:  # never off online
                chosen = control.value
                control.values.remove(0)
                control.index = control.values.index(chosen)
                control.label = CLOCK_LABEL
        clock = self.turn_seconds()
        if clock is not None:  # the server's clock, which the variant's options lack
            controls.insert(0, Selector(CLOCK_LABEL, TURN_SECONDS, clock, self.set_clock,
                                        help_text=CLOCK_HELP))
        return controls

    def _variant_entry(self, value: str) -> Variant | None:
        return self.rules.get(value)  # a broken file was left out of the list already

    def _seats_refused(self, seats: int) -> str:
        variant = self._variant_entry(self.variant.value)
        if variant is None:
            return ""
        if not variant.min_players <= seats <= variant.max_players:
            return f"{variant.name} is for {variant.min_players} to {variant.max_players}"
        return refusal(variant, self.options(), seats)

    def _player_name(self) -> str | None:
        name = " ".join(self.name.text.split())
        if not name:
            self.message = "Type your name first."
            return None
        self.app.settings.online_name = name
        return name

    def host(self) -> None:
        name = self._player_name()
        if name is None:
            return
        try:
            port = int(self.port.text or "0")
        except ValueError:
            port = -1
        if not _port_ok(port):
            self.message = "The port is a number from 1024 to 65535 (0: any free port)."
            return
        why = self._seats_refused(self.seats.value)
        if why:
            self.message = why
            return
        if not self._may_forget_seat("host", "Host a table"):
            return
        create = self._create(name)
        self.app.settings.online_host = {
            "variant": self.variant.value, "port": port,
            "open_to": "local" if self.bind.value == LOOPBACK else "network",
            "public": self.public.value}
        self.app.open("lobby", name=name, bind=self.bind.value, port=port, create=create)

    def _create(self, name: str) -> dict[str, Any]:
        """The ``create`` message of a table as the Host column has it chosen."""
        create = {"type": "create", "variant": self.variant.value, "name": name,
                  "seats": self.seats.value, "bots": self.bots.value,
                  "options": self.options(), "public": self.public.value,
                  "ceremony": not self.app.settings.quick_start}
        clock = self.turn_seconds()
        if clock is not None:
            create["turn_seconds"] = clock
        return create

    def create_there(self) -> None:
        """A new table, as the Host column has it chosen, on the server typed under Join
        (a public server: docs/hosting.md), instead of in this game."""
        name = self._player_name()
        if name is None:
            return
        address = self.address.text.strip()
        if not address:
            self.message = "Type the server's address under Join first."
            return
        try:
            url = server_url(address, DEFAULT_PORT)
        except ValueError as err:
            self.message = f"Check the address: {err}."
            return
        why = self._seats_refused(self.seats.value)
        if why:
            self.message = why
            return
        if not self._may_forget_seat("create", "New table there"):
            return
        self.app.settings.online_address = address
        self.app.open("lobby", name=name, url=url, create=self._create(name))

    def join(self) -> None:
        name = self._player_name()
        if name is None:
            return
        address = self.address.text.strip()
        code = normal_code(self.code.text)
        if not address or not code:
            self.message = "Type the address and the room code the host gave you."
            return
        self.app.settings.online_address = address
        self._join(address, code, name)

    def browse(self) -> None:
        """The public tables of a server (``browse``): a click there joins one."""
        name = self._player_name()
        if name is not None:
            self.app.open("browse", name=name)

    def _join(self, address: str, code: str, name: str) -> None:
        try:
            url = server_url(address, DEFAULT_PORT)
        except ValueError as err:
            self.message = f"Check the address: {err}."
            return
        if not self._may_forget_seat("join", "Join"):
            return
        self.app.open("lobby", name=name, url=url, code=code)

    def _may_forget_seat(self, action: str, button: str) -> bool:
        """Only one seat is kept for Rejoin, and a new table's seat takes its place: the
        first press says so, a second goes on."""
        if self.saved is None or self.confirm.confirmed(action):
            return True
        self.message = (f"Rejoin table {self._saved_code()} will be forgotten for"
                        f" the new table: press {button} again to go on.")
        return False

    def _join_found(self, table: FoundTable) -> Callable[[], None]:
        def join() -> None:
            name = self._player_name()
            if name is not None:
                self._join(table.url, table.code, name)
        return join

    def _paste_invite(self, text: str) -> bool:
        """An invitation pasted into the address or the code fills both (see
        :mod:`rummy.net.invite`)."""
        found = read_invite(text)
        if found is None:
            return False
        self.address.text, self.code.text = found[0], show_code(found[1])
        self.message = ""
        return True

    def _saved_code(self) -> str:
        """The kept seat's room code as people read it."""
        code = self.saved.get("code") if self.saved else None
        return show_code(code) if isinstance(code, str) else ""

    def rejoin(self) -> None:
        seat = self.saved
        if seat is None:
            return
        self.app.open("lobby", name=str(seat.get("name", "")), url=seat.get("url"),
                      code=seat.get("code"), token=seat.get("token"), bind=seat.get("bind"),
                      port=int(seat.get("port") or 0))

    # -- lifecycle

    def resume(self) -> None:
        if self.app.notice:  # a join that went wrong: its reason, beside what was typed
            self.message, self.app.notice = self.app.notice, ""
        typed = self.app.settings.online_address
        if typed:  # Browse tables may have asked another server
            self.address.text = typed[:60]
        self.saved = self.app.settings.online_seat
        if self.saved:
            self.rejoin_button.text = f"Rejoin table {self._saved_code()}"
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
            # the free seats first: a narrow button cuts the variant's name short instead
            self.found = [(Button(f"{t.name}: {t.free} of {t.players} seats free ·"
                                  f" {self.variants.get(t.variant, t.variant)}",
                                  self._join_found(t)), t)
                          for t in tables[:4]]
            self.resize(self.size)

    @property
    def widgets(self) -> list[Widget]:
        out: list[Widget] = [self.name, self.variant, self.seats, self.bots, self.bind,
                             self.public, self.port, self.host_button, self.address,
                             self.code, self.join_button, self.browse_button,
                             self.create_button, self.back]
        out += [b for b, _ in self.found]
        if self.saved:
            out.append(self.rejoin_button)
        return out

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.confirm.new_input()  # any other input withdraws the question
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = ""  # a new click: what a button says now replaces the old words
            for field in self.fields:  # the field clicked takes the keyboard (the widgets
                field.focused = False  # stop at the first that handles the click)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            page = self.options_view.scroll.view.height * 3 // 4
            self.options_view.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            return
        if event.type == pygame.KEYDOWN and self._field_key(event):
            return
        if self.options_view.handle(event):
            return
        for widget in self.widgets:
            if widget.handle(event):
                return

    def _field_key(self, event: pygame.event.Event) -> bool:
        """Tab (Shift+Tab back) moves the keyboard to the next field; Enter in the
        address or the room code joins, in the port hosts, as the form's buttons do."""
        focused = [f for f in self.fields if f.focused]
        if not focused:
            return False
        field = focused[0]
        if event.key == pygame.K_TAB:
            step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
            field.focused = False
            self.fields[(self.fields.index(field) + step) % len(self.fields)].focused = True
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if field in (self.address, self.code):
                self.join()
            elif field is self.port:
                self.host()
            return True
        return False

    def layout(self) -> None:
        w, h = self.size
        self.head_font = self.app.res.font(self.px(24), bold=True)
        self.small_font = self.app.res.font(self.px(16))
        bold = self.button_font
        row, gap = self.px(38), self.px(10)
        col_w = min(self.px(520), w // 2 - 3 * gap)
        left, right = w // 2 - col_w - 2 * gap, w // 2 + 2 * gap
        top = self.px(70)
        self.name.place(pygame.Rect(w // 2 - col_w // 2, top, col_w, row), self.font)
        self.columns_top = top + row + 3 * gap
        y = self.columns_top + row
        for widget in (self.variant, self.seats, self.bots, self.bind, self.public, self.port):
            widget.place(pygame.Rect(left, y, col_w, row), self.font)
            y += row + gap
        # the variant's options scroll in the room left down to the bottom row, where the
        # Host button ends the column beside Back
        bw = self.px(220)
        self.back.place(pygame.Rect(gap * 2, h - row - gap * 2, bw, row), bold)
        self.options_box = pygame.Rect(left, y, col_w, max(row, self.back.rect.top - 2 * gap - y))
        self.options_view.set_controls(self._option_controls())
        self.options_view.place(self.options_box.inflate(-2 * gap, -gap), self.font,
                                self.small_font, row, self.px(4))
        host_x = max(left, self.back.rect.right + 2 * gap)
        self.host_button.place(pygame.Rect(host_x, self.back.rect.top, left + col_w - host_x,
                                           row), bold)
        y = self.columns_top + row
        for widget in (self.address, self.code):
            widget.place(pygame.Rect(right, y, col_w, row), self.font)
            y += row + gap
        self.join_button.place(pygame.Rect(right, y, col_w, row + gap), bold)
        y += row + 2 * gap
        half = (col_w - gap) // 2
        self.browse_button.place(pygame.Rect(right, y, half, row), bold)
        self.create_button.place(pygame.Rect(right + col_w - half, y, half, row), bold)
        y += row + 2 * gap
        self.found_top = y
        y += row
        for button, _ in self.found:
            button.place(pygame.Rect(right, y, col_w, row), self.font)
            y += row + gap
        self.left, self.right = left, right
        # as wide as "Rejoin table WMWMW MWMWM" needs: a ten-letter code is never cut short
        rejoin_w = max(bw * 3 // 2, bold.size(self.rejoin_button.text)[0] + 2 * gap)
        self.rejoin_button.place(pygame.Rect(w - rejoin_w - gap * 2, h - row - gap * 2,
                                             rejoin_w, row), bold)

    def look(self) -> object:
        """What changes here without input: the tables found on the network, the search's
        state and the message."""
        return ([button.text for button, _ in self.found], self.browser.error,
                self.lan_search, self.message, self.seat_line())

    def seat_line(self) -> str:
        """Tables this game hosts that go on without the host (left mid-game), else the
        seat kept for Rejoin."""
        codes = self.app.hosted.playing()
        if not codes:
            return "" if not self.saved else (
                f"Your seat at table {self._saved_code()} is kept: Rejoin takes it"
                " back.")
        if len(codes) == 1:
            return (f"Your table {show_code(codes[0])} goes on for the others while this game"
                    " stays open.")
        return (f"Your tables {', '.join(map(show_code, codes))} go on for the others while"
                " this game stays open.")

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        self.draw_title(surface, "Play online")
        draw_text(surface, self.head_font, "Host a table", (self.left, self.columns_top),
                  INK, "topleft")
        draw_text(surface, self.head_font, "Join a table", (self.right, self.columns_top),
                  INK, "topleft")
        lan = ("Tables on this network:" if self.found else
               self.browser.error or ("Looking for tables on this network..."
                                      if self.lan_search else ""))
        draw_text(surface, self.font, ellipsize(self.font, lan, w // 2 - 40),
                  (self.right, self.found_top), DIM, "topleft")
        if self.options_view.rows:
            pygame.draw.rect(surface, PANEL, self.options_box, border_radius=8)
            pygame.draw.rect(surface, PANEL_EDGE, self.options_box, width=1, border_radius=8)
            self.options_view.draw(surface)
        else:
            draw_text(surface, self.font, "This variant has no options.",
                      (self.left, self.options_box.y + 4), DIM, "topleft")
        for widget in self.widgets:
            widget.draw(surface)
        self._draw_message(surface)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """A problem to report, in the Join column above the Rejoin button (the Host
        column is full); else the tables this game hosts that are still in play."""
        text, color = (self.message, RED) if self.message else (self.seat_line(), INK)
        if not text:
            return
        width = self.host_button.rect.right - self.left  # a column's width
        lines = wrap(self.font, text, width)[:3]
        y = self.rejoin_button.rect.top - 8 - len(lines) * self.font.get_linesize()
        for line in lines:
            draw_text(surface, self.font, line, (self.right, y), color, "topleft")
            y += self.font.get_linesize()


def _port_ok(port: object) -> bool:
    """A port a table may listen on: 0 (any free one) or 1024 to 65535 (below 1024 are the
    system's)."""
    return isinstance(port, int) and not isinstance(port, bool) and (
        port == 0 or 1024 <= port <= 65535)
