"""Card sprites and the caches that keep frames cheap.

Images are scaled once per width (by :class:`~rummy.ui.resources.Resources`) and text is
rendered once per (text, size, colour); a frame only blits. A :class:`CardSprite` eases
toward its target, so a re-layout, a reorder or a snap-back all glide the same way.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from rummy.model import Card
from rummy.ui.palette import INK

if TYPE_CHECKING:
    from rummy.ui.resources import Resources

Color = tuple[int, int, int]


class TextCache:
    """Rendered strings, kept until the cache grows big (then simply cleared)."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        self._cache: dict[tuple[str, int, bool, Color], pygame.Surface] = {}

    def get(self, text: str, size: int, color: Color = INK, bold: bool = False
            ) -> pygame.Surface:
        key = (text, size, bold, color)
        surf = self._cache.get(key)
        if surf is None:
            if len(self._cache) > 600:
                self._cache.clear()
            surf = self.res.font(size, bold).render(text, True, color)
            self._cache[key] = surf
        return surf


class CardArt:
    """Card faces and backs at a width, plus derived images (rotated, shaded, outlines)."""

    def __init__(self, res: Resources) -> None:
        self.res = res
        self._derived: dict[tuple[str, str, int], pygame.Surface] = {}

    def face(self, card: Card | None, width: int) -> pygame.Surface:
        return self.res.back(width) if card is None else self.res.card(card, width)

    def rotated(self, card: Card, width: int) -> pygame.Surface:
        key = ("rot", card.face, width)
        surf = self._derived.get(key)
        if surf is None:
            surf = self._derived[key] = pygame.transform.rotate(self.face(card, width), 90)
        return surf

    def squashed(self, card: Card | None, width: int, step: int, steps: int) -> pygame.Surface:
        """The card narrowed for a flip, at one of ``steps`` cached widths."""
        face = "back" if card is None else card.face
        key = (f"sq{step}/{steps}", face, width)
        surf = self._derived.get(key)
        if surf is None:
            src = self.face(card, width)
            w = max(1, round(src.get_width() * step / steps))
            surf = self._derived[key] = pygame.transform.scale(src, (w, src.get_height()))
        return surf

    def shade(self, width: int, height: int, color: tuple[int, int, int, int]
              ) -> pygame.Surface:
        key = (f"shade{color}", str(height), width)
        surf = self._derived.get(key)
        if surf is None:
            surf = pygame.Surface((width, height), pygame.SRCALPHA)
            pygame.draw.rect(surf, color, surf.get_rect(), border_radius=max(3, width // 14))
            self._derived[key] = surf
        return surf

    def shadow(self, width: int, height: int) -> pygame.Surface:
        return self.shade(width, height, (0, 0, 0, 70))

    def clear(self) -> None:
        self._derived.clear()


class CardSprite:
    """A card of the player's hand: where it is, where it is going, how high it is lifted."""

    SPEED = 16.0
    """Easing rate (1/s): the gap to the target shrinks by e^-16 per second."""

    def __init__(self, card: Card, pos: tuple[float, float]) -> None:
        self.card = card
        self.x, self.y = pos
        self.tx, self.ty = pos
        self.lift = 0.0
        self.target_lift = 0.0
        self.dragging = False

    @property
    def pos(self) -> tuple[int, int]:
        return round(self.x), round(self.y - self.lift)

    def set_target(self, pos: tuple[float, float]) -> None:
        self.tx, self.ty = pos

    def jump(self) -> None:
        self.x, self.y = self.tx, self.ty

    def update(self, dt: float) -> None:
        k = 1.0 - math.exp(-self.SPEED * dt)
        if not self.dragging:
            self.x += (self.tx - self.x) * k
            self.y += (self.ty - self.y) * k
            if abs(self.tx - self.x) < 0.3 and abs(self.ty - self.y) < 0.3:
                self.x, self.y = self.tx, self.ty
        self.lift += (self.target_lift - self.lift) * min(1.0, k * 1.4)

    @property
    def settled(self) -> bool:
        return self.x == self.tx and self.y == self.ty

    @property
    def at_rest(self) -> bool:
        """In its place and as lifted as it will be (within half a pixel: the lift eases
        towards its target without ever quite reaching it)."""
        return self.settled and abs(self.lift - self.target_lift) <= 0.5
