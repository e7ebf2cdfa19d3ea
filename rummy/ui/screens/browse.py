"""Browse tables: the public tables of a game server, joined with a click.

Play online opens it with the player's name. It asks the server's address (the address
last typed to join, remembered in the settings), connects with a
:class:`~rummy.net.client.NetClient` (on its own threads: a frame only polls), sends
``list`` and shows each open public table the server answers with (docs/protocol.md,
"Public tables"). A click on a table opens its lobby in this screen's place, as Join does,
so leaving the lobby goes back to Play online.
"""

from __future__ import annotations

from typing import Any

import pygame

from rummy.net.client import NetClient, server_url
from rummy.net.listing import ListedTable, read_tables
from rummy.ui.catalog import changed_options, scan_variants
from rummy.ui.confirm import PressAgain
from rummy.ui.palette import DIM, INK, RED
from rummy.ui.scene import Host
from rummy.ui.screens.common import Screen
from rummy.ui.screens.online import DEFAULT_PORT
from rummy.ui.textfield import TextField
from rummy.ui.widgets import Button, Widget, draw_text, ellipsize, paint_button, wrap


class TableRow(Button):
    """One public table: what it plays, its free seats and its creator, and its options
    in a second, dimmer line."""

    def __init__(self, table: ListedTable, words: str, details: str, on_click: Any) -> None:
        super().__init__(words, on_click)
        self.table = table
        self.details = details

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        paint_button(surface, self.rect, pygame.Surface((0, 0)), hover=self.hover)
        width = self.rect.width - 24
        line = self.font.get_linesize()
        top = self.rect.centery - (line if self.details else line // 2)
        draw_text(surface, self.font, ellipsize(self.font, self.text, width),
                  (self.rect.x + 12, top), INK, "topleft")
        if self.details:
            draw_text(surface, self.font, ellipsize(self.font, self.details, width),
                      (self.rect.x + 12, top + line), DIM, "topleft")


class BrowseScene(Screen):
    """The tables a server lists; see the module docstring."""

    title_points, text_points, title_top = 40, 19, 16

    def __init__(self, app: Host, *, name: str) -> None:
        super().__init__(app)
        self.name = name
        entries = [e for e in scan_variants() if e.variant is not None]
        self.variants = {e.id: e for e in entries}
        self.address = TextField("Server address", app.settings.online_address[:60], 60)
        self.refresh_button = Button("Refresh", self.refresh)
        self.back = Button("Back", self._back)
        self.client: NetClient | None = None
        self.shown_address = ""
        """The address whose tables are shown (or asked for)."""
        self.tables: list[ListedTable] | None = None
        """The last answer (None: none yet for this address)."""
        self.more = False
        self.rows: list[TableRow] = []
        self.first = 0
        """The first table shown (the list scrolls when it is longer than the screen)."""
        self.status = ""
        self.message = ""
        self.confirm = PressAgain()
        self.status_y = self.bottom = self.left = self.width = 0
        self.page = 1
        """Rows that fit on the screen (set by the layout)."""
        if self.address.text.strip():
            self.refresh()
        else:
            self.address.focused = True
            self.status = "Type the address of a game server, then Refresh."

    # -- asking the server

    def refresh(self) -> None:
        """Ask the server at the typed address for its tables (connecting first if it is
        another address, or the connection was lost)."""
        self.message = ""
        typed = self.address.text.strip()
        if not typed:
            self.status = "Type the address of a game server, then Refresh."
            return
        try:
            url = server_url(typed, DEFAULT_PORT)
        except ValueError as err:
            self.status = f"Check the address: {err}."
            return
        self.app.settings.online_address = typed  # Join's address too: the same server
        client = self.client
        if client is None or client.home != url or client.status == "closed":
            self._disconnect()
            client = self.client = NetClient(url, retry=False).start()
            self.tables, self.rows = None, []
        self.shown_address = typed
        self.status = f"Asking {typed} for its tables..."
        client.send({"type": "list"})

    def _disconnect(self) -> None:
        if self.client is not None:
            self.client.close()
            self.client = None

    def update(self, dt: float) -> None:
        if self.client is None:
            return
        for msg in self.client.poll():
            self._take(msg)

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        where = self.shown_address
        if kind == "_status" and msg.get("status") == "closed":
            self._disconnect()
            self.tables, self.rows = None, []
            error = msg.get("error")
            self.status = (f"Cannot reach {where}: check the address, and that the server"
                           " is running" + (f" ({error})." if error else "."))
        elif kind == "tables":
            try:
                tables = read_tables(msg)
            except ValueError as err:
                self.status = f"{where} sent a list of tables this game cannot read: {err}."
                return
            self.tables, self.more = tables, msg.get("more") is True
            self.first = 0
            self.rows = [self._row(t) for t in tables]
            self.status = "" if tables else (
                f"No public tables on {where} now: Refresh to look again, or join with a"
                " room code in Play online.")
            self.resize(self.size)
        elif kind == "error":
            self.status = f"{where} refused: {msg.get('message') or msg.get('code')}"

    def _row(self, table: ListedTable) -> TableRow:
        entry = self.variants.get(table.variant)
        title = entry.title if entry is not None else table.variant
        words = (f"{title} · {table.free} of {table.seats} seats free ·"
                 f" {table.creator}'s table")
        details = [f"{table.options.get('turn_timer') or table.turn_seconds or '?'} s a turn"]
        if entry is not None and entry.variant is not None:  # an option it does not know
            details += changed_options(entry.variant, table.options, skip=("turn_timer",))
        return TableRow(table, words, " · ".join(details), lambda: self.join(table))

    # -- joining

    def join(self, table: ListedTable) -> None:
        """The table's lobby, in this screen's place (as Join opens it). The seat kept for
        Rejoin is forgotten for it: the first click says so, a second goes on."""
        saved = self.app.settings.online_seat
        if saved is not None and not self.confirm.confirmed(f"join {table.code}"):
            self.message = (f"Rejoin table {saved.get('code', '')} will be forgotten for"
                            " this table: click it again to go on.")
            return
        url = server_url(self.shown_address, DEFAULT_PORT)
        self._disconnect()
        self.app.open_instead("lobby", name=self.name, url=url, code=table.code)

    # -- lifecycle and input

    def _back(self) -> None:
        self._disconnect()
        self.app.pop()

    def closing(self) -> None:
        self._disconnect()

    def pause(self) -> None:
        self.address.focused = False

    def claims_key(self, key: int) -> bool:
        return self.address.focused  # M is a letter of the address, not mute

    @property
    def shown_rows(self) -> list[TableRow]:
        return self.rows[self.first:self.first + self.page]

    @property
    def widgets(self) -> list[Widget]:
        return [self.address, self.refresh_button, self.back, *self.shown_rows]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.confirm.new_input()
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._back()
            return
        if event.type == pygame.KEYDOWN and self.address.focused and event.key in (
                pygame.K_RETURN, pygame.K_KP_ENTER):
            self.refresh()
            return
        if event.type == pygame.MOUSEWHEEL:
            self._scroll(-event.y)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            self._scroll(self.page if event.key == pygame.K_PAGEDOWN else -self.page)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.message = ""
            self.address.focused = False  # the field clicked takes the keyboard again
        for widget in self.widgets:
            if widget.handle(event):
                return

    def _scroll(self, rows: int) -> None:
        last = max(0, len(self.rows) - self.page)
        self.first = max(0, min(last, self.first + rows))
        self.resize(self.size)

    def layout(self) -> None:
        w, h = self.size
        bold = self.button_font
        row, gap = self.px(38), self.px(10)
        width = min(w - 4 * gap, self.px(900))
        left = (w - width) // 2
        top = self.px(80)
        bw = self.px(180)
        self.address.place(pygame.Rect(left, top, width - bw - gap, row), self.font)
        self.refresh_button.place(pygame.Rect(left + width - bw, top, bw, row), bold)
        self.back.place(pygame.Rect(gap * 2, h - row - gap * 2, self.px(220), row), bold)
        self.status_y = top + row + gap
        y = self.status_y + self.font.get_linesize() + gap
        y += self.font.get_linesize()  # the status may take two lines
        self.bottom = self.back.rect.top - 2 * gap - 2 * self.font.get_linesize()
        tall = round(row * 1.5)
        self.page = max(1, (self.bottom - y) // (tall + gap))
        for row_widget in self.rows:
            row_widget.place(pygame.Rect(left, -1000, width, tall), self.font)  # off screen
        for row_widget in self.rows[self.first:self.first + self.page]:
            row_widget.place(pygame.Rect(left, y, width, tall), self.font)
            y += tall + gap
        self.left, self.width = left, width

    def look(self) -> object:
        return (self.status, self.message, self.first, [r.text for r in self.rows])

    def heading(self) -> str:
        """The line above the tables: what is shown, or what went wrong."""
        if self.status or self.tables is None:
            return self.status
        shown = self.shown_rows
        line = (f"Public tables on {self.shown_address}: click one to join it as"
                f" {self.name}.")
        if len(shown) < len(self.rows):
            line += (f" Tables {self.first + 1}-{self.first + len(shown)} of"
                     f" {len(self.rows)}{'+' if self.more else ''} (scroll for more).")
        return line

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        self.draw_title(surface, "Browse tables")
        bad = self.status.startswith(("Cannot", "Check")) or "cannot read" in self.status
        y = self.status_y
        for line in wrap(self.font, self.heading(), self.width)[:2]:
            draw_text(surface, self.font, line, (self.left, y), RED if bad else DIM, "topleft")
            y += self.font.get_linesize()
        for widget in self.widgets:
            widget.draw(surface)
        if self.message:
            draw_text(surface, self.font, ellipsize(self.font, self.message, self.width),
                      (self.left, self.back.rect.top - 2 * self.font.get_linesize()), RED,
                      "topleft")
