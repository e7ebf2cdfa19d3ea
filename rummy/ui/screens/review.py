"""The review screen: a deal's decisions of one seat, each beside the expert's.

``ReviewScene(app, game, seat, deal=0, names=(), appraiser=None)`` reviews match seat
``seat`` in deal ``deal`` of ``game`` (:mod:`rummy.review`). The review is worked out on a
worker thread, as the bots think (in the frame with ``App(inline_work=True)``), behind a
progress bar; Esc (or Stop) stops it and closes the screen. Then it steps through the decisions:
the table as the player saw it at that moment (the replay table's still board), the move
played and the expert's named on it, and beside it the verdict and every candidate with
its expected points.

Keys: Right / Left the next / previous decision, B the next blunder, Home / End the first
/ last decision, Esc closes. The same as buttons under the panel.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from rummy.review.engine import Review, ReviewStopped, review_game
from rummy.session import Session
from rummy.ui.palette import FELT, RED
from rummy.ui.scene import Scene
from rummy.ui.screens.common import scale_for
from rummy.ui.screens.review_panel import draw_panel, draw_progress, mark_moves
from rummy.ui.table.board import Board
from rummy.ui.table.sprites import CardArt, TextCache
from rummy.ui.table.still_board import show_view, still_board
from rummy.ui.widgets import Button, draw_text, wrap

if TYPE_CHECKING:
    from rummy.review.appraiser import ReviewAppraiser
    from rummy.ui.scene import Host

KEYS = {pygame.K_RIGHT: "next", pygame.K_LEFT: "previous", pygame.K_b: "blunder",
        pygame.K_HOME: "first", pygame.K_END: "last", pygame.K_ESCAPE: "close"}
PANEL_SHARE = 0.36
"""The part of the window's width the panel takes, beside the table."""


class ReviewScene(Scene):
    """See the module docstring."""

    def __init__(self, app: Host, game: Session, seat: int, deal: int = 0,
                 names: Sequence[str] = (), appraiser: ReviewAppraiser | None = None) -> None:
        super().__init__(app)
        # A copy: the table this came from goes on with its own session meanwhile.
        self.game = Session.from_record(game.to_record())
        self.seat, self.deal, self.names = seat, deal, list(names)
        self.appraiser = appraiser
        self.size = app.size
        self.art = CardArt(app.res)
        self.text = TextCache(app.res)
        self.done = 0
        self.total = 0
        self.review: Review | None = None
        self.error = ""
        self.index = 0
        self.board: Board | None = None
        self._stop = threading.Event()
        self._finished: Review | str | None = None
        self._worker: threading.Thread | None = None
        self.buttons = {
            "previous": Button("◀ Previous", lambda: self.press("previous")),
            "next": Button("Next ▶", lambda: self.press("next")),
            "blunder": Button("Next blunder (B)", lambda: self.press("blunder")),
            "close": Button("Close (Esc)", lambda: self.press("close")),
        }
        self.stop_button = Button("Stop (Esc)", lambda: self.press("close"))
        """Under the progress bar while the review is worked out."""
        self.layout()
        if not app.inline_work:
            self._worker = threading.Thread(target=self._work, name="rummy-review",
                                            daemon=True)
            self._worker.start()

    # -- working it out

    @property
    def working(self) -> bool:
        return self.review is None and not self.error

    def _work(self) -> None:
        """The review, on the worker thread: its result (or why it failed) is picked up
        by :meth:`update` on the frame's thread."""
        try:
            from rummy.review.appraiser import review_appraisers

            first, second = review_appraisers(seed=0)
            if self.appraiser is not None:  # one given (tests): it alone
                first, second = self.appraiser, self.appraiser
            self._finished = review_game(self.game, self.seat, first, self.deal,
                                         self.names, self._progress, self._stop.is_set,
                                         second)
        except ReviewStopped:
            return
        except ValueError as err:
            self._finished = f"This deal cannot be reviewed: {err}"

    def _progress(self, done: int, total: int) -> None:
        self.done, self.total = done, total

    def stop(self) -> None:
        """Stop working it out (the worker ends after the decision it is on)."""
        self._stop.set()

    # -- stepping

    def press(self, name: str) -> None:
        if name == "close":
            self.stop()
            self.app.pop()
            return
        review = self.review
        if review is None or not review.decisions:
            return
        last = len(review.decisions) - 1
        if name == "next":
            self.index = min(last, self.index + 1)
        elif name == "previous":
            self.index = max(0, self.index - 1)
        elif name == "first":
            self.index = 0
        elif name == "last":
            self.index = last
        elif name == "blunder":
            blunders = review.blunders
            if blunders:  # the next one after this decision, round to the first
                self.index = next((i for i in blunders if i > self.index), blunders[0])
        self.show()

    def show(self) -> None:
        """Lay the table out for the decision shown, and the buttons for where it is."""
        review = self.review
        if review is None or not review.decisions:
            self._enable()
            return
        view = review.decisions[self.index].moment.view
        if self.board is None:
            self.board = still_board(self.art, self.text, self.game.variant,
                                     list(review.names), view, self.table_size)
            self.board.match_line = "Review"
        show_view(self.board, view, jump=True)
        # The hand is sorted, not grouped as the player had it: its groups' labels would
        # only say "Invalid", under the tags that name the moves.
        self.board.labels = []
        self._enable()

    def _enable(self) -> None:
        review = self.review
        count = len(review.decisions) if review is not None else 0
        self.buttons["previous"].enabled = count > 0 and self.index > 0
        self.buttons["next"].enabled = count > 0 and self.index < count - 1
        self.buttons["blunder"].enabled = bool(review is not None and review.blunders)

    # -- the scene

    @property
    def table_size(self) -> tuple[int, int]:
        w, h = self.size
        return (w - self.panel_width, h)

    @property
    def panel_width(self) -> int:
        return max(300, int(self.size[0] * PANEL_SHARE))

    def layout(self) -> None:
        w, h = self.size
        scale = scale_for(self.size)
        res = self.app.res
        self.fonts = (res.font(round(26 * scale), bold=True), res.font(round(17 * scale)),
                      res.font(round(15 * scale)))
        self.button_font = res.font(round(16 * scale), bold=True)
        self.panel = pygame.Rect(w - self.panel_width, 0, self.panel_width, h)
        bh, gap = round(36 * scale), 8
        half = (self.panel.width - 32 - gap) // 2
        x, y = self.panel.x + 16, h - 2 * bh - gap - 12
        self.buttons["previous"].place(pygame.Rect(x, y, half, bh), self.button_font)
        self.buttons["next"].place(pygame.Rect(x + half + gap, y, half, bh), self.button_font)
        y += bh + gap
        self.buttons["blunder"].place(pygame.Rect(x, y, half, bh), self.button_font)
        self.buttons["close"].place(pygame.Rect(x + half + gap, y, half, bh), self.button_font)
        self.progress_box = pygame.Rect(0, 0, min(560, w - 40), round(150 * scale))
        self.progress_box.center = (w // 2, h // 2)
        stop = pygame.Rect(0, 0, round(180 * scale), bh)
        stop.midtop = (w // 2, self.progress_box.bottom + 16)
        self.stop_button.place(stop, self.button_font)
        if self.board is not None:
            self.board.resize(self.table_size)
            self.show()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.layout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.press(KEYS[event.key])
            return
        if self.working:
            self.stop_button.handle(event)
            return
        for button in self.buttons.values():
            if (self.review is not None or button is self.buttons["close"]) \
                    and button.handle(event):
                return

    def update(self, dt: float) -> None:
        if self.working and self._worker is None and self.app.inline_work:
            self._work()
        finished = self._finished
        if self.working and finished is not None:
            if isinstance(finished, str):
                self.error = finished
            else:
                self.review = finished
                self.show()
        if self.board is not None:
            self.board.update(dt, None)

    def look(self) -> object | None:
        """Painted again only when this changes (or an event comes)."""
        hover = tuple(b.hover for b in (*self.buttons.values(), self.stop_button))
        return (self.done, self.total, self.review is not None, self.error, self.index,
                self.size, hover)

    def closing(self) -> None:
        self.stop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(FELT)
        if self.error:
            self._draw_error(surface)
        elif self.review is None:
            draw_progress(surface, self.progress_box, (self.fonts[0], self.fonts[1]),
                          self.done, self.total)
            self.stop_button.draw(surface)
            return
        else:
            if self.board is not None:
                table = surface.subsurface(pygame.Rect((0, 0), self.table_size))
                self.board.draw(table, None)
                mark_moves(table, self.board, self.fonts[2],
                           self.review.decisions[self.index])
            draw_panel(surface, self.panel, self.fonts, self.review, self.index,
                       self.buttons["previous"].rect.y)
        for name, button in self.buttons.items():
            if self.review is not None or name == "close":
                button.draw(surface)

    def _draw_error(self, surface: pygame.Surface) -> None:
        w, h = self.size
        font = self.fonts[1]
        y = h // 3
        for line in wrap(font, self.error, w - 80):
            draw_text(surface, font, line, (w // 2, y), RED, "midtop")
            y += font.get_linesize()
