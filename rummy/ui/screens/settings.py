"""The Settings screen: animation speed, volume and mute, card back, four-colour deck,
confirmations, sort order, full screen. Every change is kept at once in the settings file
(:mod:`rummy.store.settings`); volume, mute, the card art and full screen also take effect at
once, the others when the table next reads them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummy.store.settings import ANIMATION_SPEEDS, CARD_BACKS, SORT_ORDERS
from rummy.ui.palette import DIM
from rummy.ui.screens.common import Screen, draw_message
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


class SettingsScene(Screen):
    """The player's preferences: each selector sets one field of ``app.settings``, which
    keeps it at once."""

    still = True
    text_points = 19

    def __init__(self, app: App) -> None:
        super().__init__(app)
        settings = app.settings
        self.message = "; ".join(settings.problems)
        self.selectors = [
            Selector("Animation speed", ANIMATION_SPEEDS, settings.animation_speed,
                     self.set_speed, _speed),
            Selector("Volume", VOLUMES, round(settings.volume, 1), self.set_volume,
                     lambda v: f"{v:.0%}"),
            Selector("Sound", (False, True), not settings.muted, self.set_sound),
            Selector("Card back", CARD_BACKS, settings.card_back, self.set_card_back,
                     _back_name),
            Selector("Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)", (False, True),
                     settings.four_colour, self.set_four_colour),
            Selector("Confirm before declaring", (False, True), settings.confirm_declare,
                     self.set_confirm_declare),
            Selector("Confirm before dropping", (False, True), settings.confirm_drop,
                     self.set_confirm_drop),
            Selector("Quick start (skip the toss and the dealer's pick)", (False, True),
                     settings.quick_start, self.set_quick_start),
            Selector("Sort the hand by", SORT_ORDERS, settings.sort_by, self.set_sort_by,
                     str.capitalize),
            # as the window is now: F11 may have changed it, or --windowed
            Selector("Full screen (F11)", (False, True), app.fullscreen, self.set_full_screen),
        ]
        self.back = Button("Back (Esc)", self.close)

    # -- one preference changed: keep it, and apply what applies at once

    def set_speed(self, value: float) -> None:
        self.app.settings.animation_speed = value
        self._kept()

    def set_volume(self, value: float) -> None:
        self.app.settings.volume = value
        self.app.res.volume = float(value)
        self.app.res.play("click")
        self._kept()

    def set_sound(self, on: bool) -> None:
        if self.app.res.audio_available and self.app.res.muted == on:
            self.app.toggle_mute()
        self.app.settings.muted = not on
        self._kept()

    def set_card_back(self, value: str) -> None:
        self.app.settings.card_back = value
        self.app.res.card_back = value
        self._kept()

    def set_four_colour(self, on: bool) -> None:
        self.app.settings.four_colour = on
        self.app.res.four_colour = on
        self._kept()

    def set_confirm_declare(self, on: bool) -> None:
        self.app.settings.confirm_declare = on
        self._kept()

    def set_confirm_drop(self, on: bool) -> None:
        self.app.settings.confirm_drop = on
        self._kept()

    def set_quick_start(self, on: bool) -> None:
        self.app.settings.quick_start = on
        self._kept()

    def set_sort_by(self, order: str) -> None:
        self.app.settings.sort_by = order
        self._kept()

    def set_full_screen(self, on: bool) -> None:
        if self.app.fullscreen != on:
            self.app.toggle_fullscreen()
            if self.app.fullscreen != on:  # the system refused
                self.message = "Full screen is not available here."
        self.app.settings.fullscreen = self.app.fullscreen
        self._kept()

    def _kept(self) -> None:
        """Say it when the file could not be written."""
        if self.app.settings.message:
            self.message = self.app.settings.message

    def close(self) -> None:
        self.app.pop()

    def layout(self) -> None:
        w, _ = self.size
        row_h, gap = self.px(36), self.px(12)
        width = min(w - 80, self.px(760))
        top = self.px(90)
        for index, selector in enumerate(self.selectors):
            selector.value_share = 0.25
            selector.place(pygame.Rect((w - width) // 2, top + index * (row_h + gap), width,
                                       row_h), self.font)
        self.back.place(self.bottom_corner("right"), self.button_font)

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            return
        for selector in self.selectors:
            if selector.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = self.size
        self.draw_title(surface, "Settings")
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

