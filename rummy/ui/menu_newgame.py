"""New game: pick a variant, its options, the seats and each opponent's level; Start.

Every ``*.yaml`` in the variants folder is listed with its name and one-line description.
A file that does not load is listed greyed out with its error (select it to read all of
it); it can never be started and never crashes the menu. The choices are remembered in
the settings for next time.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from rummy.model.variant import VARIANTS_DIR, Variant, load_variant, variant_files
from rummy.ui.menu import open_table, ui_scale
from rummy.ui.scene import Scene
from rummy.ui.settings import GameConfig
from rummy.ui.widgets import (
    DIM,
    ERROR,
    PANEL,
    PANEL_EDGE,
    SELECTED,
    TEXT,
    Button,
    Selector,
    draw_text,
    ellipsize,
    wrap,
)

if TYPE_CHECKING:
    from rummy.ui.app import App

LEVELS = ("easy", "medium", "hard")
FALLBACK_LEVELS = ("greedy", "random")


def difficulty_levels() -> tuple[str, ...]:
    """The opponent levels the menu offers: easy/medium/hard when the bot registry has them,
    else every bot it has (greedy first)."""
    import rummy.ai as ai

    names = tuple(getattr(ai, "BOT_NAMES", None) or getattr(ai, "BOTS", {}) or FALLBACK_LEVELS)
    if all(level in names for level in LEVELS):
        return LEVELS
    ordered = [n for n in FALLBACK_LEVELS if n in names]
    return tuple(ordered + sorted(n for n in names if n not in ordered))


def default_level(levels: tuple[str, ...]) -> str:
    return "medium" if "medium" in levels else levels[0]


@dataclass(frozen=True)
class VariantEntry:
    """One file of the variants folder: its variant, or why it does not load."""

    id: str
    """What ``load_variant`` accepts: the id for a shipped file, else the file's path."""
    path: Path
    variant: Variant | None
    error: str = ""

    @property
    def title(self) -> str:
        return self.variant.name if self.variant else self.path.name


def scan_variants(directory: Path | None = None) -> list[VariantEntry]:
    """Every variant file of ``directory`` (the shipped folder by default), loaded."""
    shipped = directory is None or directory.resolve() == VARIANTS_DIR.resolve()
    paths = variant_files() if directory is None else sorted(
        p for p in directory.glob("*.yaml") if p.is_file())
    entries = []
    for path in paths:
        ref = path.stem if shipped else str(path)
        try:
            entries.append(VariantEntry(ref, path, load_variant(path)))
        except Exception as exc:  # noqa: BLE001 - any broken file is shown, never fatal
            problems = getattr(exc, "problems", None)
            text = "\n".join(map(str, problems)) if problems else str(exc)
            entries.append(VariantEntry(ref, path, None, text or type(exc).__name__))
    return entries


class NewGameScene(Scene):
    """The new-game menu. ``variants_dir`` lists another folder (tests use a copy)."""

    def __init__(self, app: App, variants_dir: str | Path | None = None) -> None:
        super().__init__(app)
        self.entries = scan_variants(Path(variants_dir) if variants_dir else None)
        self.levels = difficulty_levels()
        settings = app.settings
        self.chosen_options: dict[str, dict[str, Any]] = {
            k: dict(v) for k, v in (settings.get("options") or {}).items() if isinstance(v, dict)}
        self.chosen_players: dict[str, int] = {
            k: v for k, v in (settings.get("players") or {}).items() if isinstance(v, int)}
        remembered = settings.get("opponents") or []
        self.opponents: list[str] = [
            name if name in self.levels else default_level(self.levels)
            for name in remembered if isinstance(name, str)]
        self.selected = 0
        wanted = settings.get("variant") or "indian_13"
        loadable = [i for i, e in enumerate(self.entries) if e.variant is not None]
        for index in loadable:
            if self.entries[index].id == wanted:
                self.selected = index
                break
        else:
            self.selected = loadable[0] if loadable else 0
        self.message = ""
        self.size = app.size
        self.fonts: dict[str, pygame.font.Font] = {}
        self.entry_rects: list[pygame.Rect] = []
        self.controls: list[Selector] = []
        self.start = Button("Start", self.start_game)
        self.back = Button("Back", self.close)
        self.rules = Button("Rules (F1)", self.show_rules)
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.list_rect = pygame.Rect(0, 0, 0, 0)

    # -- what the player chose ------------------------------------------------------------

    @property
    def entry(self) -> VariantEntry | None:
        return self.entries[self.selected] if self.entries else None

    @property
    def variant(self) -> Variant | None:
        entry = self.entry
        return entry.variant if entry else None

    @property
    def variant_id(self) -> str | None:
        """The variant F1 shows the rules of."""
        entry = self.entry
        return entry.id if entry and entry.variant else None

    def players(self) -> int:
        variant = self.variant
        if variant is None:
            return 0
        wanted = self.chosen_players.get(self.entry.id if self.entry else "",
                                         min(4, variant.max_players))
        return max(variant.min_players, min(variant.max_players, wanted))

    def options(self) -> dict[str, Any]:
        """The variant's options as chosen (defaults for the untouched ones, stale keys and
        values no longer offered are dropped)."""
        variant = self.variant
        if variant is None or self.entry is None:
            return {}
        chosen = self.chosen_options.get(self.entry.id, {})
        out = {}
        for option in variant.options:
            value = chosen.get(option.key, option.default)
            out[option.key] = value if value in option.values else option.default
        return out

    def opponent_levels(self) -> tuple[str, ...]:
        count = max(0, self.players() - 1)
        levels = list(self.opponents[:count])
        levels += [default_level(self.levels)] * (count - len(levels))
        return tuple(levels)

    def config(self) -> GameConfig | None:
        """The game Start would begin, or None when the chosen variant cannot be played."""
        entry = self.entry
        if entry is None or entry.variant is None:
            return None
        return GameConfig(variant_id=entry.id, options=self.options(), players=self.players(),
                          opponents=self.opponent_levels(), seed=None, human_seat=0)

    def options_problem(self) -> str:
        """Why the chosen options cannot go together ("" when they can)."""
        variant = self.variant
        if variant is None:
            return ""
        try:
            variant.with_options(self.options())
        except ValueError as exc:
            problems = getattr(exc, "problems", None) or [str(exc)]
            return "; ".join(p.split(": ", 1)[-1] for p in map(str, problems))
        return ""

    # -- changes --------------------------------------------------------------------------

    def select(self, index: int) -> None:
        if 0 <= index < len(self.entries) and index != self.selected:
            self.selected = index
            self.message = ""
            entry = self.entries[index]
            if entry.variant is not None:
                self.app.settings.set("variant", entry.id)
            self.layout()

    def set_players(self, count: int) -> None:
        if self.entry is None:
            return
        self.chosen_players[self.entry.id] = count
        self.app.settings.set("players", self.chosen_players)
        self.layout()

    def set_option(self, key: str, value: Any) -> None:
        if self.entry is None:
            return
        self.chosen_options.setdefault(self.entry.id, {})[key] = value
        self.app.settings.set("options", self.chosen_options)

    def set_opponent(self, index: int, level: str) -> None:
        current = list(self.opponent_levels())
        while len(self.opponents) < len(current):
            self.opponents.append(current[len(self.opponents)])
        self.opponents[index] = level
        self.app.settings.set("opponents", self.opponents)

    def start_game(self) -> None:
        config = self.config()
        if config is None:
            self.message = "This variant file does not load; pick another one."
            return
        problem = self.options_problem()
        if problem:
            self.message = problem
            return
        config = GameConfig(config.variant_id, config.options, config.players,
                            config.opponents, random.randrange(2**31), config.human_seat)
        self.message = open_table(self.app, config)

    def close(self) -> None:
        self.app.pop()

    def show_rules(self) -> None:
        self.app.show_rules(self.variant_id)

    # -- layout and input -----------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        scale = ui_scale(size)
        res = self.app.res
        self.fonts = {"title": res.font(round(36 * scale), bold=True),
                      "name": res.font(round(20 * scale), bold=True),
                      "body": res.font(round(17 * scale)),
                      "small": res.font(round(15 * scale)),
                      "button": res.font(round(22 * scale), bold=True)}
        self.layout()

    def layout(self) -> None:
        w, h = self.size
        scale = ui_scale(self.size)
        margin = round(24 * scale)
        top = margin + self.fonts["title"].get_linesize() + round(8 * scale)
        bh = round(50 * scale)
        bottom = h - margin - bh
        list_w = round((w - 3 * margin) * 0.5)
        self.list_rect = pygame.Rect(margin, top, list_w, bottom - top - margin)
        self.panel = pygame.Rect(self.list_rect.right + margin, top,
                                 w - list_w - 3 * margin, self.list_rect.height)
        # Variant list: two lines per entry (three for a broken file).
        line = self.fonts["body"].get_linesize()
        y = self.list_rect.y + round(8 * scale)
        self.entry_rects = []
        for _ in self.entries:  # a name and two lines of description or error each
            height = self.fonts["name"].get_linesize() + 2 * line + round(12 * scale)
            self.entry_rects.append(pygame.Rect(self.list_rect.x + 6, y,
                                                self.list_rect.width - 12, height))
            y += height + round(6 * scale)
        # Controls of the chosen variant.
        self.controls = []
        variant = self.variant
        if variant is not None:
            seats = list(range(variant.min_players, variant.max_players + 1))
            self.controls.append(Selector("Players", seats, self.players(), self.set_players))
            for index, level in enumerate(self.opponent_levels()):
                self.controls.append(Selector(
                    f"Seat {index + 2}: computer", self.levels, level,
                    _bind(self.set_opponent, index), show=str.capitalize))
            chosen = self.options()
            for option in variant.options:
                self.controls.append(Selector(
                    option.label, option.values, chosen[option.key],
                    _bind(self.set_option, option.key), show=_shown, help_text=option.help))
        row = max(self.fonts["body"].get_linesize() + 8, round(34 * scale))
        gap = round(6 * scale)
        inner = self.panel.inflate(-2 * round(14 * scale), 0)
        y = self.panel.y + round(12 * scale) + self.fonts["name"].get_linesize() + gap
        for control in self.controls:
            control.place(pygame.Rect(inner.x, y, inner.width, row), self.fonts["body"])
            y += row + gap
        self.controls_bottom = y
        # Buttons along the bottom right.
        bw = round(170 * scale)
        for index, button in enumerate((self.start, self.rules, self.back)):
            button.place(pygame.Rect(w - margin - (index + 1) * bw - index * margin // 2,
                                     h - margin - bh, bw, bh), self.fonts["button"])
        self.start.enabled = variant is not None

    def handle(self, event: pygame.event.Event) -> None:
        for button in (self.start, self.rules, self.back):
            if button.handle(event):
                return
        for control in self.controls:
            if control.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for index, rect in enumerate(self.entry_rects):
                if rect.collidepoint(event.pos):
                    self.select(index)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_UP:
                self.select(max(0, self.selected - 1))
            elif event.key == pygame.K_DOWN:
                self.select(min(len(self.entries) - 1, self.selected + 1))
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        w, h = self.size
        scale = ui_scale(self.size)
        draw_text(surface, fonts["title"], "New game", (self.list_rect.x, round(18 * scale)))
        for rect in (self.list_rect, self.panel):
            pygame.draw.rect(surface, PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=10)
        clip = surface.get_clip()
        surface.set_clip(self.list_rect)
        pad = round(10 * scale)
        for index, (entry, rect) in enumerate(zip(self.entries, self.entry_rects, strict=False)):
            if index == self.selected:
                pygame.draw.rect(surface, SELECTED, rect, border_radius=8)
            width = rect.width - 2 * pad
            y = rect.y + pad // 2
            color = TEXT if entry.variant else DIM
            draw_text(surface, fonts["name"], ellipsize(fonts["name"], entry.title, width),
                      (rect.x + pad, y), color)
            y += fonts["name"].get_linesize()
            if entry.variant:
                text, shade = entry.variant.description, TEXT if index == self.selected else DIM
            else:
                text, shade = entry.error, ERROR
            lines = wrap(fonts["body"], " ".join(text.split()), width)
            if len(lines) > 2:
                lines = [lines[0], ellipsize(fonts["body"], lines[1] + " …", width)]
            for text in lines:
                draw_text(surface, fonts["body"], text, (rect.x + pad, y), shade)
                y += fonts["body"].get_linesize()
        surface.set_clip(clip)
        self.draw_panel(surface)
        for button in (self.start, self.rules, self.back):
            button.draw(surface)
        if self.message:
            x = pad + round(14 * scale)
            width = self.rules.rect.x - x - pad
            lines = wrap(fonts["small"], self.message, width)[:2]
            y = self.start.rect.centery - len(lines) * fonts["small"].get_linesize() // 2
            for text in lines:
                draw_text(surface, fonts["small"], text, (x, y), ERROR)
                y += fonts["small"].get_linesize()

    def draw_panel(self, surface: pygame.Surface) -> None:
        fonts = self.fonts
        scale = ui_scale(self.size)
        inner = self.panel.inflate(-2 * round(14 * scale), 0)
        y = self.panel.y + round(10 * scale)
        entry = self.entry
        if entry is None:
            draw_text(surface, fonts["name"], "No variant files found", (inner.x, y), ERROR)
            return
        if entry.variant is None:
            draw_text(surface, fonts["name"], f"{entry.path.name} does not load", (inner.x, y),
                      ERROR)
            y += fonts["name"].get_linesize() + 6
            for text in wrap(fonts["small"], entry.error, inner.width):
                if y + fonts["small"].get_linesize() > self.panel.bottom:
                    break
                draw_text(surface, fonts["small"], text, (inner.x, y), ERROR)
                y += fonts["small"].get_linesize()
            return
        draw_text(surface, fonts["name"], "You play seat 1 against the computer",
                  (inner.x, y), TEXT)
        for control in self.controls:
            control.draw(surface)
        y = self.controls_bottom + round(6 * scale)
        line = fonts["small"].get_linesize()
        problem = self.options_problem()
        for text in wrap(fonts["small"], problem, inner.width)[:3]:
            draw_text(surface, fonts["small"], text, (inner.x, y), ERROR)
            y += line
        hovered = next((c for c in self.controls if c.hover and c.help), None)
        if hovered is not None:
            for text in wrap(fonts["small"], hovered.help, inner.width):
                if y + line > self.panel.bottom - round(6 * scale):
                    break
                draw_text(surface, fonts["small"], text, (inner.x, y), DIM)
                y += line


def _shown(value: Any) -> str:
    if value is True:
        return "On"
    if value is False:
        return "Off"
    return str(value).replace("_", " ")


def _bind(function: Callable[[Any, Any], None], first: Any) -> Callable[[Any], None]:
    return lambda value: function(first, value)
