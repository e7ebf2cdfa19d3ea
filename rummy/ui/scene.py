"""The scene stack's unit: one screen (title, menu, rules, table) with a fixed lifecycle.

After Tuxemon's ``state.py``: :class:`~rummy.ui.app.App` keeps a stack of scenes and is
the only reader of the pygame event queue. Every frame it hands each event to the *top*
scene's :meth:`Scene.handle`, calls its :meth:`Scene.update` with the seconds since the
last frame, then draws the visible scenes bottom to top.

Lifecycle, in the order the app calls it:

- ``resume()`` when the scene becomes the top of the stack (pushed, or uncovered by a pop);
- ``pause()`` when another scene is pushed over it, or before it is popped;
- ``handle(event)`` for each event while it is on top (mouse events carry ``event.pos``:
  use it, never ``pygame.mouse.get_pos()``, so that posted events in tests work);
- ``update(dt)`` once a frame while on top;
- ``draw(surface)`` once a frame while visible; it only reads the scene's state;
- ``resize(size)`` on every scene of the stack when the window size changes (also called
  once by ``App.push`` before ``resume``, so a scene can lay itself out there only).

A scene with ``opaque = False`` lets the scenes under it show through (an overlay); the
app draws from the topmost opaque scene upwards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from rummy.ui.app import App


class Scene:
    """Base class: every method is a no-op, so a scene overrides only what it needs."""

    opaque: bool = True
    """False for an overlay drawn over the scene beneath it."""

    def __init__(self, app: App) -> None:
        self.app = app

    def resume(self) -> None:
        """Became the top scene."""

    def pause(self) -> None:
        """Another scene covers it (or it is about to be popped)."""

    def handle(self, event: pygame.event.Event) -> None:
        """One input event, while on top. Esc arrives here too (F1 and F11 do not)."""

    def update(self, dt: float) -> None:
        """Advance animations and timers by ``dt`` seconds, while on top."""

    def draw(self, surface: pygame.Surface) -> None:
        """Paint the scene; never changes state."""

    def claims_key(self, key: int) -> bool:
        """Whether this scene uses ``key`` itself, before the app's own keys (M mutes
        anywhere but where the scene lays melds with it)."""
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: lay everything out again."""
