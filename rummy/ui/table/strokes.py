"""A frame's moving part as a list of strokes, so that a frame can repaint only what moved.

The table paints its still part once into a layer (:class:`~.board.Board`); what moves
(the hand, the buttons, the message, a dragged card, cards in flight) is written down as
:class:`Strokes`: each blit, rectangle and circle with the place it paints. Replaying the
list over the still layer paints the whole frame. Comparing it with the previous frame's
list tells which places changed: a stroke the two lists share, in the same order relative
to the other shared strokes, paints the same pixels both times, so only the places of the
strokes found in one list alone need painting again (:func:`changed_areas`). Repainting a
place means the still layer's pixels there and then every stroke that touches it, clipped
to it (:meth:`Strokes.repaint`); clipping changes no pixel inside the clip, so the result
is the same as painting the whole frame.

A blit's image is compared by identity: the images come from caches that never change an
image once made (a new text or size makes a new image), and the previous frame's list
holds on to its images, so an identity is never reused while compared.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from typing import Protocol

import pygame
from pygame import Rect

Color = tuple[int, int, int] | tuple[int, int, int, int]
Stroke = tuple[object, ...]
"""("blit", image, (x, y)), ("rect", colour, (x, y, w, h), width, radius) or
("circle", colour, (x, y), radius, width): what is painted, and where."""

MARGIN = 2
"""Pixels added around a drawn shape's rectangle (its edge pixels, rounded corners)."""


class Pen(Protocol):
    """What the helpers that paint the moving part draw with: a :class:`Strokes` or a
    :class:`SurfacePen`."""

    def blit(self, image: pygame.Surface, pos: tuple[int, int]) -> None: ...
    def rect(self, color: Color, rect: Rect | tuple[int, int, int, int], width: int = 0,
             border_radius: int = 0) -> None: ...
    def circle(self, color: Color, center: tuple[int, int], radius: int,
               width: int = 0) -> None: ...


class SurfacePen:
    """Paints straight onto a surface (the still layer, a dialog)."""

    def __init__(self, surface: pygame.Surface) -> None:
        self.surface = surface

    def blit(self, image: pygame.Surface, pos: tuple[int, int]) -> None:
        self.surface.blit(image, pos)

    def rect(self, color: Color, rect: Rect | tuple[int, int, int, int], width: int = 0,
             border_radius: int = 0) -> None:
        pygame.draw.rect(self.surface, color, rect, width=width, border_radius=border_radius)

    def circle(self, color: Color, center: tuple[int, int], radius: int,
               width: int = 0) -> None:
        pygame.draw.circle(self.surface, color, center, radius, width=width)


def pen_for(target: pygame.Surface | Pen) -> Pen:
    return SurfacePen(target) if isinstance(target, pygame.Surface) else target


class Strokes:
    """The strokes of a frame's moving part, in painting order, each with its area."""

    def __init__(self) -> None:
        self.items: list[Stroke] = []
        self.areas: list[Rect] = []

    def __len__(self) -> int:
        return len(self.items)

    def blit(self, image: pygame.Surface, pos: tuple[int, int]) -> None:
        x, y = int(pos[0]), int(pos[1])
        self.items.append(("blit", image, (x, y)))
        self.areas.append(Rect((x, y), image.get_size()))

    def rect(self, color: Color, rect: Rect | tuple[int, int, int, int], width: int = 0,
             border_radius: int = 0) -> None:
        box = Rect(rect)
        self.items.append(("rect", tuple(color), tuple(box), width, border_radius))
        self.areas.append(box.inflate(MARGIN * 2, MARGIN * 2))

    def circle(self, color: Color, center: tuple[int, int], radius: int,
               width: int = 0) -> None:
        x, y = int(center[0]), int(center[1])
        self.items.append(("circle", tuple(color), (x, y), radius, width))
        box = Rect(x - radius, y - radius, radius * 2, radius * 2)
        self.areas.append(box.inflate(MARGIN * 2, MARGIN * 2))

    def replay(self, surface: pygame.Surface, within: Rect | None = None) -> None:
        """Paint every stroke (``within``: only those touching it)."""
        for stroke, area in zip(self.items, self.areas, strict=True):
            if within is None or area.colliderect(within):
                _paint(surface, stroke)

    def repaint(self, surface: pygame.Surface, still: pygame.Surface, areas: Iterable[Rect]
                ) -> None:
        """Paint ``areas`` of the frame again: the still layer there, then the strokes."""
        old = surface.get_clip()
        try:
            for area in areas:
                surface.set_clip(area)
                surface.blit(still, area.topleft, area=area)
                self.replay(surface, area)
        finally:
            surface.set_clip(old)


def _paint(surface: pygame.Surface, stroke: Stroke) -> None:
    kind = stroke[0]
    if kind == "blit":
        image, pos = stroke[1], stroke[2]
        assert isinstance(image, pygame.Surface) and isinstance(pos, tuple)
        surface.blit(image, pos)
    elif kind == "rect":
        _, color, box, width, radius = stroke
        pygame.draw.rect(surface, color, box, width=width,  # type: ignore[arg-type]
                         border_radius=radius)  # type: ignore[arg-type]
    else:
        _, color, center, radius, width = stroke
        pygame.draw.circle(surface, color, center, radius,  # type: ignore[arg-type]
                           width=width)  # type: ignore[arg-type]


def changed_areas(old: Strokes, new: Strokes) -> list[Rect]:
    """The areas where ``new`` paints differently from ``old`` over the same still layer:
    the areas of the strokes that are not in the two lists' common subsequence."""
    a, b = old.items, new.items
    start = 0
    end_a, end_b = len(a), len(b)
    while start < end_a and start < end_b and a[start] == b[start]:
        start += 1
    while end_a > start and end_b > start and a[end_a - 1] == b[end_b - 1]:
        end_a -= 1
        end_b -= 1
    out: list[Rect] = []
    kept_a: set[int] = set()
    kept_b: set[int] = set()
    if start < end_a and start < end_b:
        matcher = SequenceMatcher(None, a[start:end_a], b[start:end_b], autojunk=False)
        for block in matcher.get_matching_blocks():
            kept_a.update(range(start + block.a, start + block.a + block.size))
            kept_b.update(range(start + block.b, start + block.b + block.size))
    out.extend(old.areas[i] for i in range(start, end_a) if i not in kept_a)
    out.extend(new.areas[i] for i in range(start, end_b) if i not in kept_b)
    return out


def merge_areas(areas: Sequence[Rect], bounds: Rect) -> list[Rect]:
    """``areas`` clipped to ``bounds``, overlapping ones joined (fewer, larger rectangles:
    each is one pass over the strokes and one rectangle for the display to update)."""
    rects = [r.clip(bounds) for r in areas]
    rects = [r for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged:
        merged = False
        out: list[Rect] = []
        for rect in rects:
            for i, other in enumerate(out):
                if rect.colliderect(other) or _cheap_union(rect, other):
                    out[i] = other.union(rect)
                    merged = True
                    break
            else:
                out.append(rect)
        rects = out
    return rects


def _cheap_union(a: Rect, b: Rect) -> bool:
    """Joining two near rectangles costs less than painting them apart (an area pass has a
    fixed cost): join them when the union wastes little."""
    u = a.union(b)
    return u.width * u.height <= (a.width * a.height + b.width * b.height) * 1.3
