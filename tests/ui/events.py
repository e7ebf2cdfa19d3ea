"""Posting what a player does to the game's event queue, one frame at a time."""

from __future__ import annotations

import pygame

from rummy.ui.app import App


def click(app: App, pos: tuple[int, int]) -> None:
    """Move the mouse to ``pos`` and click there (one frame)."""
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def key(app: App, code: int) -> None:
    """Press a key (one frame)."""
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode=""))
    app.step(1 / 60)
