"""What the screens share: the scale of text and controls, the page title, the message."""

from __future__ import annotations

import pygame

from rummy.ui.palette import GOLD as ACCENT
from rummy.ui.palette import RED as ERROR
from rummy.ui.widgets import draw_text, wrap


def scale_for(size: tuple[int, int]) -> float:
    """1.0 at 1280x720; smaller windows get smaller text, never below 0.85 (readable)."""
    return max(0.85, min(size[0] / 1280, size[1] / 720))


def draw_title(surface: pygame.Surface, font: pygame.font.Font, text: str, width: int,
               top: int) -> None:
    draw_text(surface, font, text, (width // 2, top), ACCENT, "midtop")


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
