"""The desktop game's start: its command line, the window, and every screen by name.

``python3 main.py [--demo ...]`` comes here (:func:`launch`). :func:`register_scenes` is
the one place that knows every screen: it gives each a name on the app (``title``,
``new_game``, ``rules``, ``table``, ``continue``, ``statistics``, ``replays``,
``replay_table``, ``review``, ``settings``, ``online``, ``browse``, ``lobby``), and the screens open
one another by those names, so no screen imports another (see :mod:`rummy.ui.scene`).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from typing import TYPE_CHECKING, Any

from rummy.model.variant_type import VariantError
from rummy.ui.app import DEFAULT_SIZE, WINDOW_CLASS, App
from rummy.ui.catalog import difficulty_levels, find_variant
from rummy.ui.game_config import GameConfig
from rummy.ui.scene import Host, open_table
from rummy.ui.screens.new_game import NewGameScene
from rummy.ui.screens.online import OnlineScene
from rummy.ui.screens.replays import ReplaysScene
from rummy.ui.screens.rules import RulesScene
from rummy.ui.screens.settings import SettingsScene
from rummy.ui.screens.stats import StatsScene
from rummy.ui.screens.title import TitleScene

if TYPE_CHECKING:
    from rummy.model.variant_type import Variant
    from rummy.session import Session
    from rummy.store.replays import ReplayEntry

PROG = "main.py"
HEADLESS = ("offscreen", "dummy")
"""SDL's video drivers that show nothing: fine when asked for (tests), never by accident."""
DEMO_ONLY = ("deals", "quit_when_done", "variant", "players", "seed", "speed")


def register_scenes(app: App) -> App:
    """Name every screen on ``app``; returns it."""
    # the table and the screens around it load the network and table code: imported when
    # the screens are named, not when this module is (as the launcher's --help is)
    from rummy.ui.screens.browse import BrowseScene
    from rummy.ui.screens.lobby import LobbyScene
    from rummy.ui.screens.replay_table import ReplayTableScene
    from rummy.ui.screens.review import ReviewScene
    from rummy.ui.table import TableScene
    from rummy.ui.table.resume import continue_table

    app.register("title", TitleScene)
    app.register("new_game", NewGameScene)
    app.register("rules", RulesScene)
    app.register("statistics", StatsScene)
    app.register("settings", SettingsScene)
    app.register("online", OnlineScene)
    app.register("table", TableScene)
    app.register("lobby", LobbyScene)
    app.register("browse", BrowseScene)
    app.register("continue", continue_table)
    app.register("replay_table", ReplayTableScene)
    app.register("replays", _replays_with_watch)
    app.register("review", ReviewScene)
    return app


def _replays_with_watch(host: Host, **arguments: Any) -> ReplaysScene:
    """The Replays list whose Watch puts the chosen game at the table in replay mode, and
    whose Review opens the review of the player's decisions in it."""

    def watch(game: Session, entry: ReplayEntry) -> None:
        host.open("replay_table", game=game, entry=entry)

    def review(game: Session, entry: ReplayEntry, seat: int) -> None:
        host.open("review", game=game, seat=seat, deal=entry.deal or 0, names=entry.players)

    return ReplaysScene(host, on_watch=watch, on_review=review, **arguments)


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The desktop game's options; every mistake is an argparse error (exit status 2)."""
    parser = argparse.ArgumentParser(
        prog=PROG, description="Rummy, the desktop game. Subcommands (check, simulate,"
        " play, bench, start) run the command line instead: main.py check --help.")
    parser.add_argument("--demo", action="store_true",
                        help="computer players in every seat, playing visibly")
    parser.add_argument("--deals", type=int, default=None, metavar="N",
                        help="with --demo: play N deals")
    parser.add_argument("--quit-when-done", action="store_true",
                        help="with --demo --deals N: exit (status 0) after the last deal")
    parser.add_argument("--variant", default=None,
                        help="with --demo: a variant's id or file (default indian_13)")
    parser.add_argument("--players", type=int, default=None,
                        help="with --demo: seats, within the variant's range")
    parser.add_argument("--seed", type=int, default=None, help="with --demo: the first deal's seed")
    parser.add_argument("--speed", type=float, default=None,
                        help="with --demo: animation speed factor (2 by default)")
    parser.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 960x600")
    parser.add_argument("--windowed", action="store_true", help="ignore a remembered fullscreen")
    args = parser.parse_args(argv)
    if not args.demo:
        given = [name for name in DEMO_ONLY if getattr(args, name) not in (None, False)]
        if given:
            flag = "--" + given[0].replace("_", "-")
            parser.error(f"{flag} only works with --demo (try: {PROG} --demo {flag} ...)")
    if args.quit_when_done and args.deals is None:
        parser.error("--quit-when-done needs --deals N (the demo never ends otherwise)")
    if args.speed is not None and args.speed <= 0:
        parser.error("--speed must be above 0")
    if args.deals is not None and args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.size is not None:
        try:
            width, height = (int(part) for part in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size must look like 1280x720, not {args.size!r}")
        args.size = (width, height)
    if args.demo:
        args.variant = args.variant or "indian_13"
        try:
            variant = find_variant(args.variant)
        except VariantError as exc:
            parser.error(f"--variant: {exc}")
        problem = _players_problem(variant, args.players)
        if problem:
            parser.error(f"--players {args.players}: {problem}")
    return args


def _players_problem(variant: Variant, players: int | None) -> str:
    if players is None:
        return ""
    if not variant.min_players <= players <= variant.max_players:
        return (f"{variant.name} is for {variant.min_players} to {variant.max_players}"
                f" players")
    return variant.seating_problem(players) or ""


def demo_config(args: argparse.Namespace) -> GameConfig:
    """Every seat a bot: the strongest level against the others, for a watchable game."""
    variant = find_variant(args.variant)
    players = args.players or min(4, variant.max_players)
    levels = difficulty_levels()
    bots = tuple(levels[seat % len(levels)] for seat in range(players))
    return GameConfig(variant_id=args.variant, options={}, players=players, opponents=bots,
                      seed=args.seed, human_seat=None, deals=args.deals,
                      quit_when_done=args.quit_when_done)


def display_problem() -> str:
    """Why no window can be shown here ("" when one can), before any window opens.

    Without a display SDL falls back to a driver that shows nothing, and the game would run
    unseen; unless that driver was asked for (``SDL_VIDEODRIVER=dummy`` in tests), say so."""
    import pygame

    wanted = os.environ.get("SDL_VIDEODRIVER", "").lower()
    try:
        pygame.display.init()
    except pygame.error as exc:
        return f"cannot open a window: {exc} ({_display_hint()})"
    driver = pygame.display.get_driver().lower()
    if driver in HEADLESS and wanted != driver:
        pygame.display.quit()
        return f"no display to open a window on ({_display_hint()})"
    return ""


def _display_hint() -> str:
    if not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return ("neither DISPLAY nor WAYLAND_DISPLAY is set: start the game from a desktop"
                " session, or use the terminal game: python -m rummy play")
    return f"DISPLAY is {os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')!r}"


def launch(argv: list[str]) -> int:
    """Run the desktop game; returns the process's exit status."""
    import pygame

    args = parse_args(argv)
    config = demo_config(args) if args.demo else None
    # The window's class, which rummy.desktop looks for. Importing pygame already set it to
    # the script's name, so it is overwritten, before the display starts.
    os.environ["SDL_VIDEO_X11_WMCLASS"] = WINDOW_CLASS
    problem = display_problem()
    if problem:
        print(f"{PROG}: {problem}", file=sys.stderr)
        return 1
    try:
        app = register_scenes(App(args.size or DEFAULT_SIZE))
    except pygame.error as exc:
        print(f"{PROG}: cannot open a window: {exc}", file=sys.stderr)
        return 1
    if app.settings.fullscreen and not args.windowed and config is None:
        app.toggle_fullscreen()
    app.open("title")
    if config is not None:
        problem = open_table(app, config, args.speed)
        if problem:
            with contextlib.suppress(pygame.error):
                app.close()
            print(f"{PROG}: {problem}", file=sys.stderr)
            return 1
    return app.run()


def main(argv: list[str] | None = None) -> int:
    """``python main.py``: the title screen (or a demo); see :func:`parse_args`."""
    return launch(sys.argv[1:] if argv is None else argv)
