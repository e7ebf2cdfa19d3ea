"""The Settings screen: animation speed, volume and mute, card back, four-colour deck,
confirmations, sort order, full screen. Every change is kept at once in the settings file
(:mod:`rummy.store.prefs`); volume, mute, the card art and full screen also take effect at
once, the others when the table next reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummy.store.prefs import (
    ANIMATION_SPEEDS,
    CARD_BACKS,
    SORT_ORDERS,
    Preferences,
    load_preferences,
    save_preferences,
)
from rummy.ui.palette import DIM
from rummy.ui.scene import Scene
from rummy.ui.screens.common import draw_message, draw_title, scale_for
from rummy.ui.widgets import Button, Selector, draw_text

if TYPE_CHECKING:
    from rummy.ui.scene import Host as App

VOLUMES = tuple(round(step / 10, 1) for step in range(11))


def _speed(value: Any) -> str:
    return {0.5: "Slow", 1.0: "Normal", 1.5: "Quick", 2.0: "Fast", 4.0: "Instant"}.get(
        value, f"{value:g}x")


def _back_name(value: Any) -> str:
    return "Red (classic)" if value == "classic" else str(value).capitalize()


def _on_off(value: Any) -> str:
    return "On" if value else "Off"


class PreferencesScene(Scene):
    """The player's preferences, kept in ``app.settings``."""

    still = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.prefs, problems = load_preferences(app.settings)
        self.prefs = self.prefs.replace(fullscreen=app.fullscreen)  # F11 may have changed it
        self.message = "; ".join(problems)
        p = self.prefs
        self.selectors = [
            Selector("Animation speed", ANIMATION_SPEEDS, p.animation_speed,
                     lambda v: self.change("animation_speed", v), _speed),
            Selector("Volume", VOLUMES, round(p.volume, 1),
                     lambda v: self.change("volume", v), lambda v: f"{v:.0%}"),
            Selector("Sound", (False, True), not p.muted,
                     lambda v: self.change("muted", not v)),
            Selector("Card back", CARD_BACKS, p.card_back,
                     lambda v: self.change("card_back", v), _back_name),
            Selector("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)", (False, True),
                     p.four_colour, lambda v: self.change("four_colour", v)),
            Selector("Confirm before declaring", (False, True), p.confirm_declare,
                     lambda v: self.change("confirm_declare", v)),
            Selector("Confirm before dropping", (False, True), p.confirm_drop,
                     lambda v: self.change("confirm_drop", v)),
            Selector("Sort the hand by", SORT_ORDERS, p.sort_by,
                     lambda v: self.change("sort_by", v), str.capitalize),
            Selector("Full screen (F11)", (False, True), p.fullscreen,
                     lambda v: self.change("fullscreen", v)),
        ]
        self.back = Button("Back (Esc)", self.close)
        self.size = app.size
        self.font = app.res.font(18)
        self.title_font = app.res.font(36, bold=True)

    def change(self, name: str, value: Any) -> None:
        """One preference changed: keep it, and apply what applies at once."""
        self.prefs = self.prefs.replace(**{name: value})
        res = self.app.res
        if name == "muted" and res.audio_available and res.muted != value:
            self.app.toggle_mute()
        elif name == "volume":
            res.volume = float(value)
            res.play("click")
        elif name == "four_colour":
            res.four_colour = bool(value)
        elif name == "card_back":
            res.card_back = str(value)
        elif name == "fullscreen" and self.app.fullscreen != value:
            self.app.toggle_fullscreen()
            if self.app.fullscreen != value:  # the system refused
                self.message = "Full screen is not available here."
                self.prefs = self.prefs.replace(fullscreen=self.app.fullscreen)
        save_preferences(self.app.settings, self.prefs)
        if self.app.settings.message:
            self.message = self.app.settings.message

    def close(self) -> None:
        self.app.pop()

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        w, h = size
        scale = scale_for(size)
        self.font = self.app.res.font(round(19 * scale))
        self.title_font = self.app.res.font(round(36 * scale), bold=True)
        row_h, gap = round(36 * scale), round(12 * scale)
        width = min(w - 80, round(760 * scale))
        top = round(90 * scale)
        for index, selector in enumerate(self.selectors):
            selector.value_share = 0.25
            selector.place(pygame.Rect((w - width) // 2, top + index * (row_h + gap), width,
                                       row_h), self.font)
        bh, bw = round(46 * scale), round(200 * scale)
        self.back.place(pygame.Rect(w - round(30 * scale) - bw, h - bh - round(20 * scale),
                                    bw, bh), self.app.res.font(round(20 * scale), bold=True))

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            return
        for selector in self.selectors:
            if selector.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = self.size
        draw_title(surface, self.title_font, "Settings", w, round(20 * scale_for(self.size)))
        for selector in self.selectors:
            selector.draw(surface)
        row = self.selectors[3].rect  # the card back as it looks now, beside its choice
        back = self.app.res.back(max(12, round(row.height * 0.69)))
        surface.blit(back, back.get_rect(midleft=(row.right + 12, row.centery)))
        if not self.app.res.audio_available:
            draw_text(surface, self.font, "No sound device: the game is silent.",
                      (w // 2, self.selectors[-1].rect.bottom + 16), DIM, "midtop")
        self.back.draw(surface)
        draw_message(surface, self.font, self.message, self.size, self.back.rect.y - 6)


def current(app: App) -> Preferences:
    """The preferences as kept now (for the table: sort order, confirmations, speed)."""
    return load_preferences(app.settings)[0]
