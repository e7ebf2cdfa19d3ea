"""What the screens share: their layout base (:class:`Screen`: the scale of text and
controls, the fonts, the page title, the row of buttons along the bottom), the message."""

from __future__ import annotations

from typing import Literal

import pygame

from rummy.ui.palette import GOLD as ACCENT
from rummy.ui.palette import RED as ERROR
from rummy.ui.scene import Host, Scene
from rummy.ui.widgets import draw_text, wrap


def scale_for(size: tuple[int, int]) -> float:
    """1.0 at 1280x720; smaller windows get smaller text, never below 0.85 (readable)."""
    return max(0.85, min(size[0] / 1280, size[1] / 720))


class Screen(Scene):
    """A screen drawn at the window's scale. Sizes are given as at 1280x720 (points) and
    :meth:`px` scales them.

    :meth:`resize` keeps the window's size and scale and makes the fonts every screen has
    (the title's, the text's, the buttons'), then calls :meth:`layout`, where a screen
    places its own widgets; a screen lays itself out again by calling :meth:`layout`
    alone. A screen says its fonts' sizes in the class attributes below.
    """

    title_points = 36
    text_points = 18
    button_points = 20
    """Bold, as on every button."""
    title_top = 20
    """Where the centred page title's top is (:meth:`draw_title`)."""
    bottom_button = (200, 46)
    bottom_edge = (30, 20)
    """The buttons of the bottom row (:meth:`bottom_corner`): their width and height, and
    how far they stand from the window's side and bottom."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.size = app.size
        self.scale = scale_for(self.size)
        self._make_fonts()

    def px(self, points: float) -> int:
        """``points`` (pixels at 1280x720) in this window's pixels."""
        return round(points * self.scale)

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.scale = scale_for(size)
        self._make_fonts()
        self.layout()

    def _make_fonts(self) -> None:
        res = self.app.res
        self.title_font = res.font(self.px(self.title_points), bold=True)
        self.font = res.font(self.px(self.text_points))
        self.button_font = res.font(self.px(self.button_points), bold=True)

    def layout(self) -> None:
        """Place the screen's widgets for :attr:`size` (the scale and fonts are set)."""

    def bottom_corner(self, side: Literal["left", "right"]) -> pygame.Rect:
        """A button's place at the left or right end of the bottom row."""
        w, h = self.size
        bw, bh = (self.px(points) for points in self.bottom_button)
        edge, below = (self.px(points) for points in self.bottom_edge)
        return pygame.Rect(edge if side == "left" else w - edge - bw, h - bh - below, bw, bh)

    def draw_title(self, surface: pygame.Surface, text: str) -> None:
        draw_text(surface, self.title_font, text, (self.size[0] // 2, self.px(self.title_top)),
                  ACCENT, "midtop")


def draw_message(surface: pygame.Surface, font: pygame.font.Font, message: str,
                 size: tuple[int, int], bottom: int) -> None:
    """A problem to report (a damaged file set aside, ...), up to three lines."""
    if not message:
        return
    lines = wrap(font, message, size[0] - 60)[:3]
    y = bottom - len(lines) * font.get_linesize()
    for line in lines:
        draw_text(surface, font, line, (size[0] // 2, y), ERROR, "midtop")
        y += font.get_linesize()


def format_duration(seconds: float) -> str:
    """``"2 h 05 min"``, ``"12 min"`` or ``"40 s"``."""
    whole = int(round(seconds))
    if whole < 60:
        return f"{whole} s"
    minutes = whole // 60
    if minutes < 60:
        return f"{minutes} min"
    return f"{minutes // 60} h {minutes % 60:02d} min"
