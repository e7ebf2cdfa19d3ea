"""The title screen: New game, Rules, Quit, and the sound switch.

It opens the other screens by name through its host (``new_game``, ``rules``); the
launcher (:mod:`rummy.ui.launch`) registers them.
"""

from __future__ import annotations

import pygame

from rummy.ui.palette import DIM, FELT_DARK, GOLD, RED
from rummy.ui.scene import Host, Scene
from rummy.ui.widgets import Button, draw_text, ui_scale, wrap


class TitleScene(Scene):
    """Rummy's first screen: New game, Rules, Quit."""

    def __init__(self, app: Host) -> None:
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
        self.app.open("new_game")

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
                  FELT_DARK, "center")
        draw_text(surface, self.title_font, "Rummy", (w // 2, round(h * 0.405)), GOLD,
                  "center")
        for button in (*self.buttons, self.sound):
            button.draw(surface)
        hint = "F1 rules   ·   F11 fullscreen   ·   Esc back"
        draw_text(surface, self.small_font, hint, (w // 2, h - 10), DIM, "midbottom")
        if self.message:
            y = h - 14 - 2 * self.small_font.get_linesize()
            for line in wrap(self.small_font, self.message, w - 40)[:3]:
                draw_text(surface, self.small_font, line, (w // 2, y), RED, "midbottom")
                y += self.small_font.get_linesize()

