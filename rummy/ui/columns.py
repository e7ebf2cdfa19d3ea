"""Columns of a table of text (Statistics, Replays) fitted to their cells and the room.

Each column is as wide as its widest cell or heading plus a gap, and the spare room is
shared out alike. Short of room, one column (the one whose cells are longest, named by
``give``) gives it up first, down to a third of its width; then every column shrinks
alike and its cells are cut short ("…") where they are drawn.

>>> width_of = len  # one pixel a letter, for the example
>>> column_widths(width_of, ("Name", "Age"), [["Alexandra", "30"]], room=20, gap=2)
[13, 7]
>>> column_widths(width_of, ("Name", "Age"), [["Alexandra", "30"]], room=10, gap=2)
[5, 5]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

Measure = Callable[[str], int]
"""How wide a text is drawn, in pixels."""


def column_widths(width_of: Measure, headings: Sequence[str], rows: Sequence[Sequence[str]],
                  room: int, gap: int, give: int = 0) -> list[int]:
    """The columns' widths (see the module docstring); they add up to at most ``room``."""
    need = _needs(width_of, headings, rows, gap)
    short = sum(need) - room
    if short <= 0:
        return [n + -short // len(need) for n in need]
    given = min(short, need[give] - need[give] // 3)
    need[give] -= given
    short -= given
    if short > 0:
        total = sum(need)
        need = [n * room // total for n in need]
    return need


def least_room(width_of: Measure, headings: Sequence[str], rows: Sequence[Sequence[str]],
               gap: int, give: int = 0) -> int:
    """The narrowest table in which only column ``give`` is cut short."""
    need = _needs(width_of, headings, rows, gap)
    return sum(need) - need[give] + need[give] // 3


def fit_table(fonts: Sequence[pygame.font.Font], headings: Sequence[str],
              rows: Sequence[Sequence[str]], room: int, gap: int,
              give: int = 0) -> tuple[pygame.font.Font, list[int]]:
    """The largest of ``fonts`` in which only column ``give`` is cut short (else the
    smallest), and the columns' widths in it."""
    for font in fonts:
        if least_room(measure(font), headings, rows, gap, give) <= room:
            break
    return font, column_widths(measure(font), headings, rows, room, gap, give)


def measure(font: pygame.font.Font) -> Measure:
    return lambda text: font.size(text)[0]


def _needs(width_of: Measure, headings: Sequence[str], rows: Sequence[Sequence[str]],
           gap: int) -> list[int]:
    columns = zip(headings, *rows, strict=True)  # every row has a cell per heading
    return [max(width_of(text) for text in column) + gap for column in columns]
