"""New game: pick a variant, its options, the seats and each opponent's level; Start.

Every ``*.yaml`` in the variants folder is listed with its name and one-line description.
A file that does not load is listed greyed out with its error (select it to read all of
it); it can never be started and never crashes the menu. The choices are remembered in
the settings for next time. The options panel scrolls (wheel, scrollbar, Page Up/Down);
each option says what it does, and values the engine refuses with the other choices are
skipped, with the reason shown (:mod:`rummy.ui.options_panel`).
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from rummy.model.variant_type import Variant
from rummy.store.saves import SaveSlot
from rummy.ui.catalog import (
    VariantEntry,
    default_level,
    difficulty_levels,
    refusal,
    scan_variants,
)
from rummy.ui.game_config import GameConfig, fixed_seed
from rummy.ui.options_panel import OptionsPanel, chosen_options, option_selectors
from rummy.ui.palette import DIM, GOLD, INK, PANEL, PANEL_EDGE, RED, SELECTED
from rummy.ui.scene import Host, open_table
from rummy.ui.screens.common import Screen
from rummy.ui.scroll import ScrollView
from rummy.ui.widgets import Button, Selector, draw_text, ellipsize, wrap

REPLACE_QUESTION = ("Starting a new game replaces your saved game (Continue on the title screen"
                    " takes it up). Start a new one all the same?")
"""Asked at the first Start while a game is saved (only one game is kept)."""


class NewGameScene(Screen):
    """The new-game menu. ``variants_dir`` lists another folder (tests use a copy)."""

    still = True
    text_points, button_points = 17, 22

    def __init__(self, app: Host, variants_dir: str | Path | None = None) -> None:
        super().__init__(app)
        self.entries = scan_variants(Path(variants_dir) if variants_dir else None)
        self.levels = difficulty_levels()
        settings = app.settings
        self.chosen_options: dict[str, dict[str, Any]] = {
            k: dict(v) for k, v in settings.options.items()}
        self.chosen_players: dict[str, int] = dict(settings.players)
        self.opponents: list[str] = [
            name if name in self.levels else default_level(self.levels)
            for name in settings.opponents]
        self.selected = 0
        wanted = settings.variant or "indian_13"
        loadable = [i for i, e in enumerate(self.entries) if e.variant is not None]
        for index in loadable:
            if self.entries[index].id == wanted:
                self.selected = index
                break
        else:
            self.selected = loadable[0] if loadable else 0
        self.message = ""
        self.entry_tops: list[pygame.Rect] = []
        """Each entry's rectangle in the list's content (unscrolled)."""
        self.list_scroll = ScrollView()
        self.panel_view = OptionsPanel()
        self.start = Button("Start", self.start_game)
        self.replacing = False
        """A game is saved and Start was pressed once: the next Start replaces it."""
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

    @property
    def controls(self) -> list[Selector]:
        """The chosen variant's controls: players, each computer seat, each option."""
        return self.panel_view.controls

    @property
    def entry_rects(self) -> list[pygame.Rect]:
        """Each variant's rectangle on screen, as the list is scrolled now."""
        return [rect.move(0, -self.list_scroll.offset) for rect in self.entry_tops]

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
        return chosen_options(variant, self.chosen_options.get(self.entry.id, {}))

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
                          opponents=self.opponent_levels(), seed=fixed_seed(), human_seat=0,
                          ceremony=not self.app.settings.quick_start)

    def options_problem(self) -> str:
        """Why the engine refuses the chosen options and seats ("" when it plays them)."""
        variant = self.variant
        return "" if variant is None else refusal(variant, self.options(), self.players())

    def refused_players(self, players: int) -> str:
        variant = self.variant
        return "" if variant is None else refusal(variant, self.options(), players)

    def refused_option(self, key: str, value: Any) -> str:
        variant = self.variant
        if variant is None:
            return ""
        return refusal(variant, {**self.options(), key: value}, self.players())

    # -- changes --------------------------------------------------------------------------

    def select(self, index: int) -> None:
        if 0 <= index < len(self.entries) and index != self.selected:
            self.selected = index
            self.message = ""
            entry = self.entries[index]
            if entry.variant is not None:
                self.app.settings.variant = entry.id
            self.panel_view.scroll.scroll_to(0)
            self.layout()
            rect, top = self.entry_tops[index], self.list_scroll.view.y
            self.list_scroll.show(rect.y - top, rect.bottom - top)

    def set_players(self, count: int) -> None:
        if self.entry is None:
            return
        self.chosen_players[self.entry.id] = count
        self.app.settings.players = self.chosen_players
        self.layout()

    def set_option(self, key: str, value: Any) -> None:
        if self.entry is None:
            return
        self.chosen_options.setdefault(self.entry.id, {})[key] = value
        self.app.settings.options = self.chosen_options
        self.message = ""
        self.layout()  # what the other options refuse may have changed

    def set_opponent(self, index: int, level: str) -> None:
        current = list(self.opponent_levels())
        while len(self.opponents) < len(current):
            self.opponents.append(current[len(self.opponents)])
        self.opponents[index] = level
        self.app.settings.opponents = self.opponents

    def start_game(self) -> None:
        config = self.config()
        if config is None:
            self.message = "This variant file does not load; pick another one."
            return
        problem = self.options_problem()
        if problem:
            self.message = problem
            return
        if not self.replacing and SaveSlot().exists():
            # Only one game is kept: say so before a new one replaces the saved one.
            self.replacing = True
            self.start.text = "Yes, start"
            self.message = REPLACE_QUESTION
            return
        seed = config.seed if config.seed is not None else random.randrange(2**31)
        config = replace(config, seed=seed)
        # The table takes this screen's place, so leaving it goes back to the title, which
        # says the game is saved and offers Continue (back here, Esc landed on Start, as if
        # the game were gone).
        self.message = open_table(self.app, config, instead=True)

    def close(self) -> None:
        self.app.pop()

    def resume(self) -> None:
        """Back on this screen (from the rules): Start asks again before replacing a saved
        game."""
        self.replacing = False
        self.start.text = "Start"
        if self.message == REPLACE_QUESTION:
            self.message = ""

    def show_rules(self) -> None:
        self.app.show_rules(self.variant_id, self.options())

    def rules_options(self) -> dict[str, Any]:
        return self.options()  # F1: the rules of the table being set up

    # -- layout and input -----------------------------------------------------------------

    def layout(self) -> None:
        w, h = self.size
        self.name_font = self.app.res.font(self.px(20), bold=True)
        """A variant's name in the list, and the panel's heading."""
        self.small_font = self.app.res.font(self.px(15))
        margin = self.px(24)
        top = margin + self.title_font.get_linesize() + self.px(8)
        bh = self.px(50)
        bottom = h - margin - bh
        list_w = round((w - 3 * margin) * 0.4)
        self.list_rect = pygame.Rect(margin, top, list_w, bottom - top - margin)
        self.panel = pygame.Rect(self.list_rect.right + margin, top,
                                 w - list_w - 3 * margin, self.list_rect.height)
        self._layout_list()
        self._layout_panel()
        # Buttons along the bottom right.
        bw = self.px(170)
        for index, button in enumerate((self.start, self.rules, self.back)):
            button.place(pygame.Rect(w - margin - (index + 1) * bw - index * margin // 2,
                                     h - margin - bh, bw, bh), self.button_font)
        self.start.enabled = self.variant is not None and not self.options_problem()

    def _layout_list(self) -> None:
        """The variant list: a name and two lines of description (or error) each."""
        line = self.font.get_linesize()
        pad = self.px(8)
        y = self.list_rect.y + pad
        self.entry_tops = []
        for _ in self.entries:
            height = self.name_font.get_linesize() + 2 * line + self.px(12)
            self.entry_tops.append(pygame.Rect(self.list_rect.x + 6, y,
                                               self.list_rect.width - 18, height))
            y += height + self.px(6)
        view = self.list_rect.inflate(-4, -2 * pad)
        self.list_scroll.place(view, y - view.y, line)

    def _layout_panel(self) -> None:
        """The chosen variant's controls, in a scrolling view under the panel's heading."""
        controls: list[Selector] = []
        variant = self.variant
        if variant is not None:
            seats = list(range(variant.min_players, variant.max_players + 1))
            controls.append(Selector("Players", seats, self.players(), self.set_players,
                                     refused=self.refused_players))
            for index, level in enumerate(self.opponent_levels()):
                controls.append(Selector(
                    f"Seat {index + 2}: computer", self.levels, level,
                    partial(self.set_opponent, index), show=str.capitalize))
            controls += option_selectors(variant, self.options(), self.set_option,
                                         self.refused_option)
        pad = self.px(14)
        heading = self.name_font.get_linesize() + self.px(16)
        view = pygame.Rect(self.panel.x + pad, self.panel.y + heading,
                           self.panel.width - pad - 6, self.panel.height - heading - 6)
        row = max(self.font.get_linesize() + 8, self.px(32))
        self.panel_view.set_controls(controls)
        self.panel_view.place(view, self.font, self.small_font, row, self.px(4))

    def handle(self, event: pygame.event.Event) -> None:
        for button in (self.start, self.rules, self.back):
            if button.handle(event):
                return
        if self.list_scroll.handle(event):
            return
        if self.panel_view.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.list_scroll.view.collidepoint(event.pos):
                for index, rect in enumerate(self.entry_rects):
                    if rect.collidepoint(event.pos):
                        self.select(index)
                        return
        elif event.type == pygame.KEYDOWN:
            page = self.panel_view.scroll.view.height * 3 // 4
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key == pygame.K_UP:
                self.select(max(0, self.selected - 1))
            elif event.key == pygame.K_DOWN:
                self.select(min(len(self.entries) - 1, self.selected + 1))
            elif event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
                self.panel_view.scroll_by(page if event.key == pygame.K_PAGEDOWN else -page)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start_game()

    def draw(self, surface: pygame.Surface) -> None:
        draw_text(surface, self.title_font, "New game", (self.list_rect.x, self.px(18)),
                  GOLD)
        for rect in (self.list_rect, self.panel):
            pygame.draw.rect(surface, PANEL, rect, border_radius=10)
            pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=10)
        self.draw_list(surface)
        self.draw_panel(surface)
        for button in (self.start, self.rules, self.back):
            button.draw(surface)
        message = self.message or self.options_problem()
        if message:
            x = self.list_rect.x
            width = self.back.rect.x - x - self.px(12)
            lines = wrap(self.small_font, message, width)[:3]
            y = self.start.rect.centery - len(lines) * self.small_font.get_linesize() // 2
            for text in lines:
                draw_text(surface, self.small_font, text, (x, y), RED)
                y += self.small_font.get_linesize()

    def draw_list(self, surface: pygame.Surface) -> None:
        pad = self.px(10)
        clip = surface.get_clip()
        surface.set_clip(self.list_scroll.view)
        for index, (entry, rect) in enumerate(zip(self.entries, self.entry_rects, strict=False)):
            if rect.bottom < self.list_rect.y or rect.y > self.list_rect.bottom:
                continue
            if index == self.selected:
                pygame.draw.rect(surface, SELECTED, rect, border_radius=8)
            width = rect.width - 2 * pad
            y = rect.y + pad // 2
            color = INK if entry.variant else DIM
            draw_text(surface, self.name_font, ellipsize(self.name_font, entry.title, width),
                      (rect.x + pad, y), color)
            y += self.name_font.get_linesize()
            if entry.variant:
                text, shade = entry.variant.description, INK if index == self.selected else DIM
            else:
                text, shade = entry.error, RED
            lines = wrap(self.font, " ".join(text.split()), width)
            if len(lines) > 2:
                lines = [lines[0], ellipsize(self.font, lines[1] + " …", width)]
            for text in lines:
                draw_text(surface, self.font, text, (rect.x + pad, y), shade)
                y += self.font.get_linesize()
        surface.set_clip(clip)
        self.list_scroll.draw(surface)

    def draw_panel(self, surface: pygame.Surface) -> None:
        inner = self.panel.inflate(-2 * self.px(14), 0)
        y = self.panel.y + self.px(10)
        entry = self.entry
        if entry is None:
            draw_text(surface, self.name_font, "No variant files found", (inner.x, y), RED)
            return
        if entry.variant is None:
            draw_text(surface, self.name_font, f"{entry.path.name} does not load", (inner.x, y),
                      RED)
            y += self.name_font.get_linesize() + 6
            for text in wrap(self.small_font, entry.error, inner.width):
                if y + self.small_font.get_linesize() > self.panel.bottom:
                    break
                draw_text(surface, self.small_font, text, (inner.x, y), RED)
                y += self.small_font.get_linesize()
            return
        draw_text(surface, self.name_font, "You play seat 1 against the computer",
                  (inner.x, y), INK)
        self.panel_view.draw(surface)
