"""Layers painted ahead: a surface painted from a key and kept until the key changes.

The table's still part and its melds are painted once into such a layer and blitted each
frame. A key comes in two parts: what is painted, and which targets are lit. When only the
lights changed (a dragged card reached or left a target), the layer is painted again
around those targets alone, clipped to each: clipping changes no pixel inside the clip, so
the layer ends up as if painted whole.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator

import pygame

Lights = tuple[tuple[str, int], ...]
"""The lit targets, sorted: (name, 1 the dragged card fits it, 2 it is under the cursor)."""
LightAreas = Callable[[dict[str, int], dict[str, int]], "list[pygame.Rect] | None"]
"""Where the layer paints differently for the first lights than for the second (None:
anywhere)."""


def lights_of(lit: dict[str, int]) -> Lights:
    return tuple(sorted(lit.items()))


def changed_lights(was: dict[str, int], now: dict[str, int]) -> list[str]:
    """The targets whose light differs (0: not lit)."""
    return sorted(n for n in set(was) | set(now) if was.get(n, 0) != now.get(n, 0))


class Layer:
    """A surface of the window's size painted from a key; ``alpha``: with transparency."""

    def __init__(self, alpha: bool = False) -> None:
        self.alpha = alpha
        self.kept: tuple[object, Lights, pygame.Surface] | None = None
        """(what was painted, the lights it was painted with, the surface)."""

    def painted(self, size: tuple[int, int], key: object, lights: Lights,
                paint: Callable[[pygame.Surface], None], light_areas: LightAreas
                ) -> pygame.Surface:
        """The layer painted for ``key`` and ``lights``: as it was when neither changed,
        again around the targets whose light changed when only the lights did, else
        again whole (``paint`` paints it all; the layer's clip limits it)."""
        kept = self.kept
        if kept is not None and kept[0] == key and kept[1] == lights \
                and kept[2].get_size() == size:
            return kept[2]
        if kept is None or kept[2].get_size() != size:
            layer = pygame.Surface(size, pygame.SRCALPHA) if self.alpha else pygame.Surface(size)
            paint(layer)
        else:
            layer = kept[2]
            areas = light_areas(dict(kept[1]), dict(lights)) if kept[0] == key else None
            if areas is None:
                paint(layer)
            for area in areas or ():
                layer.set_clip(area)
                paint(layer)
            layer.set_clip(None)
        self.kept = (key, lights, layer)
        return layer

    @contextlib.contextmanager
    def set_aside(self) -> Iterator[None]:
        """Paint from scratch for a while; what was painted ahead is kept for after."""
        kept, self.kept = self.kept, None
        try:
            yield
        finally:
            self.kept = kept
