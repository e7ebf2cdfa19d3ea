"""The title screen and the game's start-up (``python main.py [--demo ...]``).

Scenes of the menu: :class:`TitleScene` (here), ``NewGameScene`` (``menu_newgame``) and
``RulesScene`` (``menu_rules``). :func:`launch` parses the desktop game's command line,
opens the window and runs it.
"""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

import pygame

from rummy.ui.scene import Scene
from rummy.ui.widgets import ACCENT, DIM, ERROR, Button, draw_text, wrap

if TYPE_CHECKING:
    from rummy.ui.app import App
    from rummy.ui.settings import GameConfig

TABLE_MISSING = "The game table is not available in this version (rummy.ui.table is missing)."


def ui_scale(size: tuple[int, int]) -> float:
    """1.0 at 1280x720; smaller windows get smaller text, never below 0.85 (readable)."""
    return max(0.85, min(size[0] / 1280, size[1] / 720))


def open_table(app: App, config: GameConfig, speed: float | None = None) -> str:
    """Push the table scene for ``config``; returns "" or why it could not start."""
    try:
        from rummy.ui.table import TableScene
    except ImportError as exc:
        if exc.name and exc.name.startswith("rummy.ui.table"):
            return TABLE_MISSING
        raise
    extra: dict[str, Any] = {}
    if config.deals is not None or config.quit_when_done:
        extra = {"deals": config.deals, "quit_when_done": config.quit_when_done}
    if speed is not None:
        extra["speed"] = speed
    try:
        scene = TableScene(app, config, **extra)
    except Exception as exc:  # noqa: BLE001 - e.g. a family the table cannot play yet
        return f"Cannot start this game: {' '.join(str(exc).split()) or type(exc).__name__}"
    app.push(scene)
    return ""


class TitleScene(Scene):
    """Rummy's first screen: New game, Rules, Quit."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = [Button("New game", self.new_game), Button("Rules", self.rules),
                        Button("Quit", app.quit)]
        self.sound = Button(self.sound_label(), self.toggle_sound)
        self.message = app.settings.message
        self.title_font = app.res.font(72, bold=True)
        self.small_font = app.res.font(16)
        self.card_width = 100
        self.size = app.size

    def new_game(self) -> None:
        from rummy.ui.menu_newgame import NewGameScene

        self.app.push(NewGameScene(self.app))

    def rules(self) -> None:
        self.app.show_rules(self.app.settings.get("variant"))

    def resume(self) -> None:
        self.sound.text = self.sound_label()  # a game may have muted meanwhile

    def update(self, dt: float) -> None:
        self.sound.text = self.sound_label()  # M is handled by the app, anywhere

    def sound_label(self) -> str:
        if not self.app.res.audio_available:
            return "No sound device"
        return "Sound: off (M)" if self.app.res.muted else "Sound: on (M)"

    def toggle_sound(self) -> None:
        """The Sound button: the same as M anywhere (App.toggle_mute)."""
        self.app.toggle_mute()
        self.sound.text = self.sound_label()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        scale = ui_scale(size)
        self.title_font = self.app.res.font(round(76 * scale), bold=True)
        self.small_font = self.app.res.font(round(17 * scale))
        font = self.app.res.font(round(26 * scale), bold=True)
        bw, bh = round(300 * scale), round(58 * scale)
        gap = round(18 * scale)
        top = round(h * 0.52)
        for index, button in enumerate(self.buttons):
            rect = pygame.Rect(0, 0, bw, bh)
            rect.midtop = (w // 2, top + index * (bh + gap))
            button.place(rect, font)
        self.card_width = max(56, round(h * 0.12))
        small = self.app.res.font(round(16 * scale))
        sw, sh = round(190 * scale), round(36 * scale)
        self.sound.place(pygame.Rect(w - sw - gap, gap, sw, sh), small)
        self.sound.enabled = self.app.res.audio_available

    def handle(self, event: pygame.event.Event) -> None:
        for button in (*self.buttons, self.sound):
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.new_game()
            elif event.key == pygame.K_r:
                self.rules()
            elif event.key == pygame.K_q:
                self.app.quit()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        # A fan of cards above the title: the game's own art, nothing to read.
        faces = ("AS", "KH", "QD", "JC", "JK")
        cw = self.card_width
        centre_x, base_y = w // 2, round(h * 0.2)
        for index, face in enumerate(faces):
            offset = index - (len(faces) - 1) / 2
            image = pygame.transform.rotozoom(self.app.res.card(face, cw), -offset * 10, 1)
            rect = image.get_rect(center=(centre_x + offset * cw * 0.55,
                                          base_y + abs(offset) * cw * 0.1))
            surface.blit(image, rect)
        draw_text(surface, self.title_font, "Rummy", (w // 2 + 3, round(h * 0.405) + 3),
                  (8, 45, 25), "center")
        draw_text(surface, self.title_font, "Rummy", (w // 2, round(h * 0.405)), ACCENT,
                  "center")
        for button in (*self.buttons, self.sound):
            button.draw(surface)
        hint = "F1 rules   ·   F11 fullscreen   ·   Esc back"
        draw_text(surface, self.small_font, hint, (w // 2, h - 10), DIM, "midbottom")
        if self.message:
            y = h - 14 - 2 * self.small_font.get_linesize()
            for line in wrap(self.small_font, self.message, w - 40)[:3]:
                draw_text(surface, self.small_font, line, (w // 2, y), ERROR, "midbottom")
                y += self.small_font.get_linesize()


def parse_args(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="main.py", description="Rummy, the desktop game. Subcommands (check, simulate,"
        " play, bench, start) run the command line instead: main.py check --help.")
    parser.add_argument("--demo", action="store_true",
                        help="computer players in every seat, playing visibly")
    parser.add_argument("--deals", type=int, default=None, metavar="N",
                        help="with --demo: play N deals")
    parser.add_argument("--quit-when-done", action="store_true",
                        help="with --demo --deals N: exit (status 0) after the last deal")
    parser.add_argument("--variant", default="indian_13", help="with --demo (default indian_13)")
    parser.add_argument("--players", type=int, default=None, help="with --demo")
    parser.add_argument("--seed", type=int, default=None, help="with --demo: the first deal's seed")
    parser.add_argument("--speed", type=float, default=None,
                        help="with --demo: animation speed factor (2 by default)")
    parser.add_argument("--size", default=None, metavar="WxH", help="window size, e.g. 960x600")
    parser.add_argument("--windowed", action="store_true", help="ignore a remembered fullscreen")
    args = parser.parse_args(argv)
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
    return args


def demo_config(args: argparse.Namespace) -> GameConfig:
    """Every seat a bot: the strongest level against the others, for a watchable game."""
    from rummy.model.variant import load_variant
    from rummy.ui.menu_newgame import difficulty_levels
    from rummy.ui.settings import GameConfig

    variant = load_variant(args.variant)
    players = args.players or min(4, variant.max_players)
    players = max(variant.min_players, min(variant.max_players, players))
    levels = difficulty_levels()
    bots = tuple(levels[seat % len(levels)] for seat in range(players))
    return GameConfig(variant_id=args.variant, options={}, players=players, opponents=bots,
                      seed=args.seed, human_seat=None, deals=args.deals,
                      quit_when_done=args.quit_when_done)


def launch(argv: list[str]) -> int:
    """Run the desktop game; returns the process's exit status."""
    args = parse_args(argv)
    from rummy.ui.app import DEFAULT_SIZE, App

    config = None
    if args.demo:
        from rummy.model.variant import VariantError

        try:
            config = demo_config(args)
        except VariantError as exc:
            print(f"main.py: {exc}", file=sys.stderr)
            return 2
    app = App(args.size or DEFAULT_SIZE)
    if app.settings.get("fullscreen") and not args.windowed and config is None:
        app.toggle_fullscreen()
    app.push(TitleScene(app))
    if config is not None:
        problem = open_table(app, config, args.speed)
        if problem:
            app.close()
            print(f"main.py: {problem}", file=sys.stderr)
            return 1
    return app.run()
