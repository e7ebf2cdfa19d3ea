"""The Replays screen: every kept game (date, variant, players, result), newest first.

Click a line to choose it, Watch (or double-click, or Enter) to hand the replayed game to
``on_watch``, which puts it at the table with every hand face up (the table's replay mode).
Without ``on_watch`` the list is shown and Watch stays off. Review (R) hands a deal the
player played (a seat named "You", as the table names the player) to ``on_review``, which
reviews their decisions; a whole match is reviewed a round at a time, from its rounds'
own lines.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from rummy.session import Session
from rummy.store.replays import ReplayEntry, ReplayShelf
from rummy.ui.catalog import variant_title
from rummy.ui.columns import column_widths, measure
from rummy.ui.palette import DIM, PANEL, SELECTED
from rummy.ui.palette import GOLD as ACCENT
from rummy.ui.palette import INK as TEXT
from rummy.ui.screens.common import Screen, draw_message
from rummy.ui.widgets import Button, draw_text, ellipsize

if TYPE_CHECKING:
    from rummy.ui.scene import Host as App

Watch = Callable[[Session, ReplayEntry], None]
Review = Callable[[Session, ReplayEntry, int], None]
"""Review the game of the entry for the player's seat (the third argument)."""
PLAYER = "You"
"""The name the table gives the player's seat in what it keeps (``TableDriver.match_names``)."""

HEADINGS = ("Date", "Variant", "Players", "Result")
GAP = 12
"""Pixels between two columns."""
GIVES = 2
"""The column cut short first when the room is short: the players (six names at most)."""


class ReplaysScene(Screen):
    """The list of ``shelf`` (default: the data folder's replays)."""

    still = True
    text_points = 17

    def __init__(self, app: App, shelf: ReplayShelf | None = None,
                 on_watch: Watch | None = None, on_review: Review | None = None) -> None:
        super().__init__(app)
        self.shelf = shelf if shelf is not None else ReplayShelf()
        self.on_watch = on_watch
        self.on_review = on_review
        self.entries: list[ReplayEntry] = []
        self.titles: dict[str, str] = {}
        """Variant id -> its name, read once per refresh (a variant file is YAML to parse)."""
        self.selected: int | None = None
        self.first = 0
        """Index of the top visible line (scrolling)."""
        self.message = ""
        self.watch = Button("Watch", self.watch_selected, enabled=False)
        self.review = Button("Review", self.review_selected, enabled=False)
        self.back = Button("Back (Esc)", self.close)
        self.list_rect = pygame.Rect(0, 0, 0, 0)
        self.line = 24
        self._last_click = (-1, 0)
        self._fitted: tuple[int, pygame.font.Font, list[int]] | None = None
        """The columns' widths for a width and font, worked out once per refresh or size
        (every entry's cells are measured, not just the lines shown)."""
        self.refresh()

    def refresh(self) -> None:
        self.entries = self.shelf.list()
        self.titles = {e.variant: variant_title(e.variant) for e in self.entries}
        self.message = " ".join(self.shelf.problems[-2:])
        self._fitted = None
        if self.selected is not None and self.selected >= len(self.entries):
            self.selected = None

    @property
    def rows(self) -> int:
        return max(1, self.list_rect.height // self.line - 1)

    def row_rect(self, index: int) -> pygame.Rect:
        """The rectangle of entry ``index`` on screen (it may be scrolled out)."""
        y = self.list_rect.y + (index - self.first + 1) * self.line
        return pygame.Rect(self.list_rect.x, y, self.list_rect.width, self.line)

    def cells(self, entry: ReplayEntry) -> tuple[str, str, str, str]:
        # A round of classic or contract rummy is kept with its match's number for it.
        kind = "match" if entry.kind == "match" else "round" if entry.deal is not None else "deal"
        return (entry.date, f"{self.titles[entry.variant]} ({kind})", ", ".join(entry.players),
                entry.result)

    def widths(self) -> list[int]:
        """Each column's width: fitted to the entries' cells and the list's width."""
        room = self.list_rect.width - 24
        if self._fitted is None or self._fitted[:2] != (room, self.font):
            rows = [self.cells(e) for e in self.entries]
            widths = column_widths(measure(self.font), HEADINGS, rows, room, GAP, GIVES)
            self._fitted = (room, self.font, widths)
        return self._fitted[2]

    def choose(self, index: int) -> None:
        self.selected = index
        self.watch.enabled = self.on_watch is not None
        self.review.enabled = self.on_review is not None and _player_seat(
            self.entries[index]) is not None

    def watch_selected(self) -> None:
        if self.selected is None or self.on_watch is None:
            return
        entry = self.entries[self.selected]
        game = self._load(entry)
        if game is not None:
            self.on_watch(game, entry)

    def review_selected(self) -> None:
        if self.selected is None or self.on_review is None:
            return
        entry = self.entries[self.selected]
        seat = _player_seat(entry)
        if seat is None:
            return
        game = self._load(entry)
        if game is not None:
            self.on_review(game, entry, seat)

    def _load(self, entry: ReplayEntry) -> Session | None:
        try:
            return self.shelf.load(entry)
        except ValueError as exc:
            self.message = str(exc)
            self.selected = None
            self.watch.enabled = self.review.enabled = False
            self.refresh()
            return None

    def close(self) -> None:
        self.app.pop()

    def resume(self) -> None:
        self.refresh()

    def layout(self) -> None:
        w, h = self.size
        self.line = self.font.get_linesize() + self.px(8)
        self.watch.place(self.bottom_corner("left"), self.button_font)
        self.review.place(self.watch.rect.move(self.watch.rect.width + self.px(16), 0),
                          self.button_font)
        self.back.place(self.bottom_corner("right"), self.button_font)
        margin = self.px(30)
        self.list_rect = pygame.Rect(margin, self.px(80), w - 2 * margin,
                                     h - self.px(80) - self.back.rect.height - self.px(60))

    def handle(self, event: pygame.event.Event) -> None:
        for button in (self.watch, self.review, self.back):
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.watch_selected()
            elif event.key == pygame.K_r:
                self.review_selected()
            elif event.key in (pygame.K_DOWN, pygame.K_UP) and self.entries:
                step = 1 if event.key == pygame.K_DOWN else -1
                now = -1 if self.selected is None else self.selected
                self.choose(max(0, min(len(self.entries) - 1, now + step)))
                self.scroll_to(self.selected or 0)
        elif event.type == pygame.MOUSEWHEEL:
            self.first = max(0, min(len(self.entries) - self.rows, self.first - event.y))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index in range(self.first, min(len(self.entries), self.first + self.rows)):
                if self.row_rect(index).collidepoint(event.pos):
                    double = self._last_click[0] == index and \
                        pygame.time.get_ticks() - self._last_click[1] < 400
                    self._last_click = (index, pygame.time.get_ticks())
                    self.choose(index)
                    if double:
                        self.watch_selected()
                    return

    def scroll_to(self, index: int) -> None:
        if index < self.first:
            self.first = index
        elif index >= self.first + self.rows:
            self.first = index - self.rows + 1

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, "Replays")
        rect, font = self.list_rect, self.font
        pygame.draw.rect(surface, PANEL, rect, border_radius=8)
        widths = self.widths()
        xs = [rect.x + 12]
        for width in widths[:-1]:
            xs.append(xs[-1] + width)
        for heading, x in zip(HEADINGS, xs, strict=True):
            draw_text(surface, font, heading, (x, rect.y + 4), ACCENT)
        if not self.entries:
            # Online deals are not kept: a replay shows every hand face up, and the
            # joiners' hands are theirs (their deals count in Statistics).
            draw_text(surface, font, "No finished games yet: each deal and match you finish"
                      " offline is kept here (the last 200).", rect.center, DIM, "center")
        for index in range(self.first, min(len(self.entries), self.first + self.rows)):
            entry, row = self.entries[index], self.row_rect(index)
            if index == self.selected:
                pygame.draw.rect(surface, SELECTED, row, border_radius=4)
            for cell, x, width in zip(self.cells(entry), xs, widths, strict=True):
                draw_text(surface, font, ellipsize(font, cell, width - GAP),
                          (x, row.centery), TEXT, "midleft")
        self.watch.draw(surface)
        self.review.draw(surface)
        self.back.draw(surface)
        draw_message(surface, font, self.message, self.size, self.back.rect.y - 6)


def _player_seat(entry: ReplayEntry) -> int | None:
    """The player's seat in a deal or a round of a match (None for a whole match, which
    is reviewed a round at a time, or a game the player did not play)."""
    if entry.kind == "match" or PLAYER not in entry.players:
        return None
    return entry.players.index(PLAYER)
