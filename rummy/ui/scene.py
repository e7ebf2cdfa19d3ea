"""The scene stack's unit: one screen (title, menu, rules, table), and the host it talks to.

After Tuxemon's ``state.py``: the host (:class:`~rummy.ui.app.App`) keeps a stack of scenes
and is the only reader of the pygame event queue. Every frame it hands each event to the
*top* scene's :meth:`Scene.handle`, calls its :meth:`Scene.update` with the seconds since
the last frame, then draws the visible scenes bottom to top.

Scenes never import one another nor the app: they open other screens by name through
:class:`Host` (``host.open("rules", variant_id=...)``); :mod:`rummy.ui.launch` registers
the names. That keeps the screens free of import circles and lets a test open any of them.

Lifecycle, in the order the host calls it:

- ``resume()`` when the scene becomes the top of the stack (pushed, or uncovered by a pop);
- ``pause()`` when another scene is pushed over it, or before it is popped;
- ``handle(event)`` for each event while it is on top (mouse events carry ``event.pos``:
  use it, never ``pygame.mouse.get_pos()``, so that posted events in tests work);
- ``update(dt)`` once a frame while on top;
- ``draw(surface)`` once a frame while visible; it only reads the scene's state (a scene
  shown alone is asked to ``paint(surface, full)`` instead, which may repaint only what
  changed since its previous frame; by default it draws the whole frame);
- ``closing()`` on every scene, top first, when the window is closed;
- ``resize(size)`` on every scene of the stack when the window size changes (also called
  once by the host before ``resume``, so a scene can lay itself out there only).

A scene with ``opaque = False`` lets the scenes under it show through (an overlay); the
host draws from the topmost opaque scene upwards.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    from rummy.net.hosted import HostedServers
    from rummy.store.settings import Settings
    from rummy.ui.game_config import GameConfig
    from rummy.ui.resources import Resources

TABLE_MISSING = "The game table is not available in this version (rummy.ui.table is missing)."


class SceneUnavailable(LookupError):
    """No scene is registered under the name asked for."""


class Host(Protocol):
    """What a scene may ask of the window that shows it."""

    size: tuple[int, int]
    """The window's size in pixels."""
    settings: Settings
    """The player's remembered choices."""
    res: Resources
    """Card images, fonts and sounds."""
    inline_work: bool
    """True: bots and hints think inside the frame (tests), not on a worker thread."""
    stack: list[Scene]
    """The scenes shown, bottom first."""
    notice: str
    """A line for the screen beneath to show once ("Game saved: ..." when the table is
    left); that screen clears it."""
    hosted: HostedServers
    """The servers this game hosts: a table left mid-game goes on until the game closes."""

    def open(self, name: str, /, **arguments: Any) -> Scene:
        """Build the scene registered as ``name`` with ``arguments`` and push it on top.

        Raises :class:`SceneUnavailable` when no scene has that name."""
        ...

    def open_instead(self, name: str, /, **arguments: Any) -> Scene:
        """Like :meth:`open`, but the new scene takes the top scene's place."""
        ...

    def pop(self) -> Scene | None:
        """Close the top scene; the one beneath resumes."""
        ...

    def quit(self) -> None:
        """End the game after this frame."""
        ...

    def show_rules(self, variant_id: str | None = None,
                   options: Mapping[str, Any] | None = None) -> None:
        """Show the rules of ``variant_id`` on top (or close them when they are on top);
        with ``options``, the rules of a table that plays with them."""
        ...

    def toggle_mute(self) -> None:
        """Sound off or on, remembered for the next start."""
        ...

    @property
    def fullscreen(self) -> bool:
        """The window fills the screen."""
        ...

    def toggle_fullscreen(self) -> None:
        """Full screen and back (F11), remembered for the next start."""
        ...


class Scene:
    """Base class: every method is a no-op, so a scene overrides only what it needs."""

    opaque: bool = True
    """False for an overlay drawn over the scene beneath it."""
    covers: bool = False
    """The scene paints every pixel of the window itself (the app need not clear it)."""
    still: bool = False
    """Nothing on the scene moves or changes but by input: frames with no event are not
    painted again (an idle menu then costs next to no CPU). See :meth:`look`."""

    def __init__(self, app: Host) -> None:
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

    def paint(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        """Paint this frame when the scene alone is shown; returns None when it painted all
        of ``surface``, else the rectangles it painted again (the rest still shows its
        previous frame, which this scene painted too). ``full``: the window holds something
        else (another scene, a new size), so paint all of it.

        A scene that does not keep track of what it painted just paints the whole frame.
        """
        self.draw(surface)
        return None

    def rules_options(self) -> Mapping[str, Any] | None:
        """The options of the game this screen shows, for F1's rules page (None: the
        variant file's defaults)."""
        return None

    def look(self) -> object | None:
        """What the scene shows, as a value that changes whenever its picture changes
        without input (a network screen's players, say): a frame with no event and the
        same look as the last one painted is not painted again. A new value each time,
        never an object the scene changes in place. None: paint every frame (the
        default, unless the scene is ``still``)."""
        return () if self.still else None

    def closing(self) -> None:
        """The window is closing (the game ends after this frame): keep what must be kept
        (the table writes its save)."""

    def claims_key(self, key: int) -> bool:
        """Whether this scene uses ``key`` itself, before the app's own keys (M mutes
        anywhere but where the scene lays melds with it)."""
        return False

    def resize(self, size: tuple[int, int]) -> None:
        """The window is now ``size``: lay everything out again."""


def open_table(host: Host, config: GameConfig, speed: float | None = None,
               instead: bool = False) -> str:
    """Open the table for ``config`` (``instead``: in the top scene's place); returns "" or,
    in the player's words, why it could not start (the table is missing from this build, or
    it refuses the game; the top scene then stays)."""
    arguments: dict[str, Any] = {"config": config}
    if config.deals is not None or config.quit_when_done:
        arguments.update(deals=config.deals, quit_when_done=config.quit_when_done)
    if speed is not None:
        arguments["speed"] = speed
    try:
        if instead:
            host.open_instead("table", **arguments)
        else:
            host.open("table", **arguments)
    except SceneUnavailable:
        return TABLE_MISSING
    except Exception as exc:  # noqa: BLE001 - e.g. a game the table cannot play yet
        return f"Cannot start this game: {' '.join(str(exc).split()) or type(exc).__name__}"
    return ""
