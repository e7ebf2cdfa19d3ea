"""The window, the scene stack and the frame loop.

:class:`App` owns the pygame window and a stack of :class:`~rummy.ui.scene.Scene`; it is
the :class:`~rummy.ui.scene.Host` the scenes talk to. It knows no scene by itself: the
launcher (:mod:`rummy.ui.launch`) registers each one by name (:meth:`App.register`) and a
scene opens another with ``app.open(name, **arguments)``.
:meth:`App.step` is the only place in the client that reads the pygame event queue
(``pygame.event.get``): it handles what belongs to the whole app (closing the window,
resizing, F11 fullscreen, F1 rules) and hands every other event, Esc included, to the top
scene; then it updates the top scene and draws the visible ones. Tests drive it frame by
frame: ``pygame.event.post(...)`` then ``app.step(1 / 60)``.

>>> import os; os.environ.setdefault("SDL_VIDEODRIVER", "dummy") and None
>>> import tempfile
>>> app = App(audio=False, settings_dir=tempfile.mkdtemp())
>>> app.size
(1280, 720)
>>> app.step(0.016)   # an empty stack: nothing to show, so the app quits
False
"""

from __future__ import annotations

import contextlib
import os
import time
import warnings
from collections.abc import Callable, Mapping
from typing import Any

import pygame

from rummy.net.hosted import HostedServers
from rummy.store.settings import Settings
from rummy.ui.palette import FELT
from rummy.ui.resources import Resources, init_pygame
from rummy.ui.scene import Host, Scene, SceneUnavailable

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 600)
WINDOW_CLASS = "rummy"
"""The window's class on X11 (``StartupWMClass`` in ``rummy.desktop``)."""
FPS = 60
STARTUP_MARK = "RUMMY_STARTUP_READY"
"""Printed with the seconds since start when ``RUMMY_REPORT_STARTUP=1`` (benchmarks)."""

_START = time.perf_counter()
EXPOSURES = frozenset((pygame.WINDOWEXPOSED, pygame.WINDOWSHOWN, pygame.WINDOWRESTORED,
                       pygame.WINDOWMAXIMIZED, pygame.VIDEOEXPOSE))
"""Window events after which the whole window is painted again."""

SceneFactory = Callable[..., Scene]
"""Builds a scene: ``factory(host, **arguments)`` (a scene class is one)."""


def _clamp(size: tuple[int, int]) -> tuple[int, int]:
    return max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))


class App:
    """The game's window and scene stack.

    ``audio=False`` keeps the game silent (tests); ``settings_dir`` overrides where the
    settings file lives (tests pass a temporary folder). ``inline_work=True`` runs the
    bots' thinking and the hints inside the frame instead of on a worker thread, so that a
    test stepping frames sees the same game on any machine, however loaded.
    """

    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, *, audio: bool = True,
                 settings_dir: str | os.PathLike[str] | None = None,
                 inline_work: bool = False) -> None:
        self.inline_work = inline_work
        self.scenes: dict[str, SceneFactory] = {}
        init_pygame()  # pygame.init() without ALSA noise on machines with no sound
        self.settings = Settings.load(settings_dir)
        self.fullscreen = False
        self._window: Any = None
        self.screen = pygame.display.set_mode(_clamp(size), pygame.RESIZABLE)
        self.size: tuple[int, int] = self.screen.get_size()
        pygame.display.set_caption("Rummy")
        self._attach_window()
        self.res = Resources(audio=audio)
        with contextlib.suppress(Exception):  # a missing icon is cosmetic
            pygame.display.set_icon(self.res.icon())
        self.res.muted = self.settings.muted
        self.res.volume = self.settings.volume
        self.res.four_colour = self.settings.four_colour
        self.res.card_back = self.settings.card_back
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.notice = ""
        self.hosted = HostedServers()
        self.running = True
        self._frames = 0
        self._painted: Scene | None = None
        """The scene that painted the whole window last frame on its own (None: the window
        shows something else, so the next frame is painted whole)."""
        self._still: tuple[list[Scene], list[object]] | None = None
        """The scenes of the last frame and their looks, when every one has a look
        (:meth:`Scene.look`): until an event comes or a look changes, the window already
        shows what they would paint."""
        self._quiet = False
        """No event came this frame."""
        self._report_startup = os.environ.get("RUMMY_REPORT_STARTUP") == "1"
        # No key repeat: pygame repeats from a timer thread whenever the frame loop has not
        # yet read a key's release, so one slow frame (300 ms) turned a typed "A" into
        # "Aaa" and a backspace into several. A text field clears with Ctrl+Backspace.
        pygame.key.set_repeat(0)

    def _attach_window(self) -> None:
        """The SDL window behind the display surface, for its minimum size and fullscreen."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                self._window = pygame.Window.from_display_module()
            self._window.minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            self._window = None

    # -- the stack ------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the old top pauses, the new one lays out and resumes."""
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        scene.resize(self.size)
        scene.resume()

    def pop(self) -> Scene | None:
        """Remove the top scene; the one beneath resumes. The app quits when none is left."""
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.pause()
        if self.stack:
            self.stack[-1].resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene`` (the one beneath does not resume in between)."""
        if self.stack:
            self.stack.pop().pause()
        self.push(scene)

    def quit(self) -> None:
        self.running = False

    # -- scenes by name -------------------------------------------------------------------

    def register(self, name: str, factory: SceneFactory) -> None:
        """``open(name, **arguments)`` will push ``factory(self, **arguments)``."""
        self.scenes[name] = factory

    def build(self, name: str, /, **arguments: Any) -> Scene:
        factory = self.scenes.get(name)
        if factory is None:
            raise SceneUnavailable(f"no scene is registered as {name!r}")
        host: Host = self
        return factory(host, **arguments)

    def open(self, name: str, /, **arguments: Any) -> Scene:
        """Push the scene registered as ``name``, built with ``arguments``."""
        scene = self.build(name, **arguments)
        self.push(scene)
        return scene

    def open_instead(self, name: str, /, **arguments: Any) -> Scene:
        """Put the scene registered as ``name`` in the top scene's place."""
        scene = self.build(name, **arguments)
        self.replace(scene)
        return scene

    # -- the window -----------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size`` (at least the minimum): every scene lays out again."""
        size = _clamp(size)
        surface = pygame.display.get_surface()
        if (surface is None or surface.get_size() != size) and not self.fullscreen:
            surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.screen = surface if surface is not None else self.screen
        self.size = self.screen.get_size()
        self.repaint()
        for scene in self.stack:
            scene.resize(self.size)

    def toggle_mute(self) -> None:
        """M, anywhere: sound off or on, remembered for the next start. No-op without audio."""
        if not self.res.audio_available:
            return
        self.res.muted = not self.res.muted
        self.settings.muted = self.res.muted

    def toggle_fullscreen(self) -> None:
        """F11: desktop fullscreen and back, remembered for the next start."""
        self.fullscreen = not self.fullscreen
        try:
            if self._window is not None:
                if self.fullscreen:
                    self._window.set_fullscreen(True)
                else:
                    self._window.set_windowed()
            else:
                pygame.display.toggle_fullscreen()
        except pygame.error:
            self.fullscreen = not self.fullscreen
            return
        self.settings.fullscreen = self.fullscreen
        surface = pygame.display.get_surface()
        if surface is not None:
            self.screen = surface
        self.size = self.screen.get_size()
        self.repaint()
        for scene in self.stack:
            scene.resize(self.size)

    def show_rules(self, variant_id: str | None = None,
                   options: Mapping[str, Any] | None = None) -> None:
        """F1 from anywhere: the rules page on top (F1 again, or Esc, closes it); with
        ``options``, the rules of the table that plays with them."""
        rules = self.scenes.get("rules")
        if rules is None:
            return
        if isinstance(rules, type) and isinstance(self.top, rules):
            self.pop()
            return
        self.open("rules", variant_id=variant_id, options=options)

    # -- the frame ------------------------------------------------------------------------

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type in EXPOSURES:
            self.repaint()  # the window system may have lost what the window showed
        if event.type == pygame.QUIT:
            for scene in reversed(self.stack):  # the table saves before the game ends
                scene.closing()
            self.quit()
        elif event.type == pygame.VIDEORESIZE:
            self.resize((event.w, event.h))
        elif event.type == pygame.WINDOWSIZECHANGED:
            self.resize((event.x, event.y))
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F1:
            variant = getattr(self.top, "variant_id", None)
            self.show_rules(variant if isinstance(variant, str) else None,
                            self.top.rules_options() if self.top is not None else None)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_m and not (
                self.stack and self.stack[-1].claims_key(event.key)):
            self.toggle_mute()
        elif self.stack:
            self.stack[-1].handle(event)

    def step(self, dt: float | None = None) -> bool:
        """One frame: events, update, draw, flip. False once the app is quitting.

        ``dt`` is the frame's length in seconds; None waits for the next frame at the
        display rate and measures it.
        """
        if dt is None:
            dt = self.clock.tick(FPS) / 1000.0
        self._quiet = True
        for event in pygame.event.get():
            self._quiet = False
            self._dispatch(event)
            if not self.running:
                return False
        if not self.stack:
            self.running = False
            return False
        self.stack[-1].update(min(dt, 0.1))
        if not self.stack:
            self.running = False
            return False
        areas = self.draw()
        if areas is None:
            pygame.display.flip()
        elif areas:
            pygame.display.update(areas)
        self._frames += 1
        if self._frames == 1 and self._report_startup:
            print(f"{STARTUP_MARK} {time.perf_counter() - _START:.3f}", flush=True)
        return self.running

    def draw(self) -> list[pygame.Rect] | None:
        """Draw from the topmost opaque scene upwards; returns the rectangles of the window
        that changed, or None when all of it may have.

        A scene that is shown alone and covers the window paints over its own previous
        frame (:meth:`Scene.paint`), so it may repaint only what changed; whatever else
        happened to the window (another scene, a resize, an exposure) makes the next frame
        a whole one.
        """
        first = 0
        for index in range(len(self.stack) - 1, -1, -1):
            if self.stack[index].opaque:
                first = index
                break
        shown = self.stack[first:]
        looks = [scene.look() for scene in shown]
        still = None if any(look is None for look in looks) else (shown, looks)
        if self._quiet and still is not None and still == self._still:
            return []  # nothing happened and nothing changed: the last frame stands
        self._still = still
        alone = shown[0] if len(shown) == 1 and shown[0].covers else None
        if alone is not None:
            areas = alone.paint(self.screen, full=alone is not self._painted)
            self._painted = alone
            return areas
        self._painted = None
        if not (self.stack and self.stack[first].covers):
            self.screen.fill(FELT)
        for scene in shown:
            scene.draw(self.screen)
        return None

    def repaint(self) -> None:
        """Paint the next frame whole (the window was resized, exposed or restored)."""
        self._painted = None
        self._still = None

    def run(self) -> int:
        """The frame loop until the window closes or the last scene pops; returns 0."""
        try:
            while self.step():
                pass
        finally:
            self.close()
        return 0

    def close(self) -> None:
        self.hosted.stop_all()  # the tables this game hosts stop with it
        pygame.quit()

