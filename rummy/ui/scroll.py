"""A scrolling window onto something taller than its place: the wheel and a scrollbar.

The owner lays its content out from the top of :attr:`ScrollView.view` and shifts it up by
:attr:`ScrollView.offset` when it draws (and clips to the view); :meth:`ScrollView.handle`
takes the wheel while the pointer is over the view, and a press or a drag on the bar.
Pointer positions come from the events (``event.pos``), so posted events work in tests.
"""

from __future__ import annotations

import pygame

from rummy.ui.palette import BUTTON_OFF, PANEL_EDGE

WHEEL_LINES = 3
"""Lines scrolled per notch of the wheel."""


class ScrollView:
    """The visible part (``view``) of a content ``content_height`` pixels tall."""

    def __init__(self) -> None:
        self.view = pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0
        self.line = 20
        """Pixels per line (the wheel moves three)."""
        self.bar_width = 10
        self.pointer: tuple[int, int] | None = None
        """Where the mouse last was (None before it moved): the wheel scrolls the view under
        it; before any motion, the wheel goes to every view."""
        self._grab: int | None = None
        """While dragging the knob: the pointer's distance from the knob's top."""

    def place(self, view: pygame.Rect, content_height: int, line: int) -> None:
        self.view = pygame.Rect(view)
        self.content_height = content_height
        self.line = max(1, line)
        self.bar_width = self.bar_for(line)
        self.scroll_to(self.offset)

    @staticmethod
    def bar_for(line: int) -> int:
        """The scrollbar's width for text ``line`` pixels high."""
        return max(8, line // 2)

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height - self.view.height)

    def scroll_to(self, offset: int) -> None:
        self.offset = max(0, min(self.max_offset, int(offset)))

    def scroll_by(self, pixels: int) -> None:
        self.scroll_to(self.offset + pixels)

    def show(self, top: int, bottom: int) -> None:
        """Scroll the least that brings content rows ``top``..``bottom`` into view."""
        if top < self.offset:
            self.scroll_to(top)
        elif bottom > self.offset + self.view.height:
            self.scroll_to(bottom - self.view.height)

    def track(self) -> pygame.Rect:
        return pygame.Rect(self.view.right - self.bar_width, self.view.y, self.bar_width,
                           self.view.height)

    def knob(self) -> pygame.Rect:
        track = self.track()
        if not self.max_offset:
            return track
        height = max(self.bar_width * 2,
                     track.height * self.view.height // max(1, self.content_height))
        y = track.y + (track.height - height) * self.offset // self.max_offset
        return pygame.Rect(track.x, y, track.width, height)

    def _drag_to(self, y: int) -> None:
        track, knob = self.track(), self.knob()
        room = track.height - knob.height
        if room > 0 and self._grab is not None:
            self.scroll_to((y - self._grab - track.y) * self.max_offset // room)

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event scrolled (or began or ended a drag of the knob)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos
            if self._grab is not None:
                self._drag_to(event.pos[1])
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.pointer is not None and not self.view.collidepoint(self.pointer):
                return False
            notches = float(getattr(event, "precise_y", event.y))
            before = self.offset
            self.scroll_by(-round(notches * WHEEL_LINES * self.line))
            return self.offset != before or bool(self.max_offset)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.max_offset:
            track, knob = self.track(), self.knob()
            if knob.collidepoint(event.pos):
                self._grab = event.pos[1] - knob.y
                return True
            if track.collidepoint(event.pos):  # a press beside the knob: a page that way
                page = self.view.height - self.line
                self.scroll_by(page if event.pos[1] > knob.bottom else -page)
                return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._grab is not None:
            self._grab = None
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """The bar, when the content is taller than the view."""
        if not self.max_offset:
            return
        pygame.draw.rect(surface, BUTTON_OFF, self.track(), border_radius=self.bar_width // 2)
        pygame.draw.rect(surface, PANEL_EDGE, self.knob(), border_radius=self.bar_width // 2)
