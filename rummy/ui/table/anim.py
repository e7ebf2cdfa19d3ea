"""Cards in flight: the engine's events become short glides across the table.

A :class:`Flight` moves one card (face up, face down, or flipping over) from a point to a
point in a fixed time with an ease-out curve, optionally growing or shrinking through a few
cached widths (never a rescale per frame). The table plays its event queue one event at a
time; when an event's flights land, its effects are applied and the next event starts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from rummy.model import Card

from .sprites import CardArt
from .strokes import Pen, pen_for


def ease_out(t: float) -> float:
    t = max(0.0, min(1.0, t))
    return 1.0 - (1.0 - t) ** 3


WIDTH_STEPS = 4
FLIP_STEPS = 6


@dataclass
class Flight:
    """One card gliding from ``start`` to ``end`` (top-left corners) in ``duration`` s."""

    card: Card | None
    start: tuple[float, float]
    end: tuple[float, float]
    duration: float
    width: int
    end_width: int | None = None
    flip: bool = False
    """Turn over halfway: a back first, then ``card`` face up."""
    delay: float = 0.0
    elapsed: float = 0.0
    on_land: Callable[[], None] | None = None
    landed: bool = field(default=False)

    def update(self, dt: float) -> None:
        self.elapsed += dt
        if not self.landed and self.elapsed >= self.delay + self.duration:
            self.landed = True
            if self.on_land is not None:
                self.on_land()

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    def current_width(self) -> int:
        if self.end_width is None or self.end_width == self.width:
            return self.width
        step = round(self.progress * WIDTH_STEPS) / WIDTH_STEPS
        return round(self.width + (self.end_width - self.width) * step)

    def draw(self, surface: pygame.Surface | Pen, art: CardArt) -> None:
        if self.elapsed < self.delay or self.landed:
            return
        p = self.progress
        e = ease_out(p)
        x = self.start[0] + (self.end[0] - self.start[0]) * e
        y = self.start[1] + (self.end[1] - self.start[1]) * e
        y -= 18 * (1 - (2 * p - 1) ** 2)  # a little arc: the card is lifted as it moves
        width = self.current_width()
        if self.flip:
            half = p < 0.5
            t = abs(1 - 2 * p)
            step = max(1, round(t * FLIP_STEPS))
            img = art.squashed(None if half else self.card, width, step, FLIP_STEPS)
            full = art.face(self.card, width)
            x += (full.get_width() - img.get_width()) / 2
        else:
            img = art.face(self.card, width)
        shadow = art.shadow(img.get_width(), img.get_height())
        pen = pen_for(surface)
        pen.blit(shadow, (round(x) + 4, round(y) + 5))
        pen.blit(img, (round(x), round(y)))


class Flights:
    """Cards in the air right now."""

    def __init__(self) -> None:
        self.items: list[Flight] = []

    def add(self, flight: Flight) -> Flight:
        self.items.append(flight)
        return flight

    def update(self, dt: float) -> None:
        for f in list(self.items):
            f.update(dt)
        self.items = [f for f in self.items if not f.landed]

    @property
    def busy(self) -> bool:
        return bool(self.items)

    def finish_all(self) -> None:
        for f in list(self.items):
            f.elapsed = f.delay + f.duration
            f.update(0.0)
        self.items.clear()

    def draw(self, surface: pygame.Surface | Pen, art: CardArt) -> None:
        for f in self.items:
            f.draw(surface, art)
