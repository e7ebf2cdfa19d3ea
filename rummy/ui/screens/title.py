"""The title screen: Continue (when a game is saved), New game, Play online, Statistics,
Replays, Settings, Rules, Quit, and the sound switch.

It opens the other screens by name through its host (``new_game``, ``rules``,
``continue``, ``online``, ``statistics``, ``replays``, ``settings``); the launcher
(:mod:`rummy.ui.launch`) registers them. A save that cannot be continued is set aside by
:class:`~rummy.store.saves.SaveSlot`; its message is shown here and the game goes on as if
there had been none.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy.store.files import set_aside
from rummy.store.saves import SaveError, SaveSlot
from rummy.ui.confirm import PressAgain
from rummy.ui.palette import DIM, FELT_DARK, GOLD, INK, RED
from rummy.ui.scene import TABLE_MISSING, Host, SceneUnavailable
from rummy.ui.screens.common import Screen
from rummy.ui.widgets import Button, draw_text, wrap


class TitleScene(Screen):
    """Rummy's first screen: New game, Rules, Quit."""

    still = True
    title_points, text_points, button_points = 76, 17, 24
    """The game's name, the lines at the bottom, the buttons of the column."""

    def __init__(self, app: Host) -> None:
        super().__init__(app)
        self.buttons = [Button("New game", self.new_game), Button("Rules", self.rules),
                        Button("Quit", self.quit)]
        self.quit_button = self.buttons[-1]
        self.continue_button = Button("Continue", self.continue_game)
        self.online_button = Button("Play online", self._opener("online"))
        self.store_buttons = [Button(label, self._opener(name)) for label, name in
                              (("Statistics", "statistics"), ("Replays", "replays"),
                               ("Settings", "settings"))]
        self.sound = Button(self.sound_label(), self.toggle_sound)
        self.message = app.settings.message
        self.notice = ""
        """A line in the player's colour (not an error): "Saved; Continue ..."."""
        self.notice_color = INK
        """Gold for a question (Quit's), to be seen; ink for news."""
        self.confirm = PressAgain()  # Quit, while this game hosts a table in play
        self.slot = SaveSlot()
        self.saved = self.slot.exists()
        self.card_width = 100

    def new_game(self) -> None:
        self.app.open("new_game")

    def quit(self) -> None:
        """Quit; while this game hosts a table others still play, the first press says
        that quitting stops it for them (see ``HostedServers``)."""
        playing = self.app.hosted.playing()
        if playing and not self.confirm.confirmed("quit"):
            from rummy.net.room import show_code  # loaded already: this game hosts a table

            self.message = ""
            self.notice = (f"Quitting stops table {', '.join(map(show_code, playing))} for"
                           " the others: press Quit again to quit.")
            self.notice_color = GOLD
            return
        self.app.quit()

    def rules(self) -> None:
        self.app.show_rules(self.app.settings.variant)

    def _opener(self, name: str) -> Callable[[], None]:
        def open_it() -> None:
            self.app.open(name)
        return open_it

    def continue_game(self) -> None:
        """Continue: the saved game at the table, or why it cannot be (then it is gone
        from the title: the file was set aside, and New game starts as usual)."""
        try:
            saved = self.slot.load()
        except SaveError as exc:
            self._refused(str(exc))
            return
        if saved is None:
            self._refused("")
            return
        try:
            self.app.open("continue", saved=saved)
        except SceneUnavailable:
            self._refused(TABLE_MISSING, keep=True)
        except Exception as exc:  # noqa: BLE001 - a save the table cannot play on
            why = " ".join(str(exc).split()) or type(exc).__name__
            try:
                where = f"the file was kept as {set_aside(self.slot.path)}"
            except OSError as err:
                where = f"the file could not be moved aside ({err})"
            self._refused(f"The saved game could not be continued: {why}; {where}."
                          " Starting a new game.")

    def _refused(self, message: str, keep: bool = False) -> None:
        self.message, self.notice = message, ""
        self.saved = keep and self.slot.exists()
        self.resize(self.size)

    def resume(self) -> None:
        self.sound.text = self.sound_label()  # a game may have muted meanwhile
        self.saved = self.slot.exists()
        # A notice is shown once: back from another screen later, it would be stale (a
        # "saved" line after the save was replaced and finished, say).
        self.notice, self.app.notice = self.app.notice, ""
        self.notice_color = INK
        self.resize(self.size)
        # Lit from an earlier visit, a button may have moved (Continue takes New game's
        # place) or the pointer may have: light only what is under the pointer now.
        pointer = pygame.mouse.get_pos() if pygame.mouse.get_focused() else None
        for button in [self.continue_button, *self.shown]:
            button.hover = pointer is not None and button.rect.collidepoint(pointer)

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

    def layout(self) -> None:
        w, h = self.size
        row_font = self.app.res.font(self.px(20), bold=True)
        bw, bh, sw = self.px(300), self.px(52), self.px(200)
        gap = self.px(14)
        y = round(h * 0.5)
        new_game, rules, quit_ = self.buttons
        column = [self.continue_button, new_game] if self.saved else [new_game]
        for button in column:
            button.place(pygame.Rect(w // 2 - bw // 2, y, bw, bh), self.button_font)
            y += bh + gap
        for row in ([self.online_button, *self.store_buttons], [rules, quit_]):
            left = w // 2 - (len(row) * sw + (len(row) - 1) * gap) // 2
            for index, button in enumerate(row):
                button.place(pygame.Rect(left + index * (sw + gap), y, sw, bh), row_font)
            y += bh + gap
        self.card_width = max(56, round(h * 0.12))
        sw, sh = self.px(190), self.px(36)
        self.sound.place(pygame.Rect(w - sw - gap, gap, sw, sh),
                         self.app.res.font(self.px(16)))
        self.sound.enabled = self.app.res.audio_available

    @property
    def shown(self) -> list[Button]:
        """Every button on the title now (Continue only when a game is saved)."""
        first = [self.continue_button] if self.saved else []
        return [*first, *self.buttons, self.online_button, *self.store_buttons, self.sound]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            quitting = (event.key == pygame.K_q if event.type == pygame.KEYDOWN
                        else self.quit_button.rect.collidepoint(event.pos))
            if self.confirm.new_input() and not quitting:
                self.notice = ""  # another input (Esc, say) withdraws the question
        for button in self.shown:
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_c and self.saved:
                self.continue_game()
            elif event.key in (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.new_game()
            elif event.key == pygame.K_o:
                self.app.open("online")
            elif event.key == pygame.K_r:
                self.rules()
            elif event.key == pygame.K_q:
                self.quit()

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
        for button in self.shown:
            button.draw(surface)
        hint = "F1 rules   ·   F11 fullscreen   ·   M sound"
        draw_text(surface, self.font, hint, (w // 2, h - 10), DIM, "midbottom")
        lines = [(line, RED) for line in wrap(self.font, self.message, w - 40)[:3]]
        lines += [(self.notice, self.notice_color)] if self.notice else []
        lines = lines[-3:]
        y = h - 14 - self.font.get_linesize() * len(lines)
        for line, color in lines:
            draw_text(surface, self.font, line, (w // 2, y), color, "midbottom")
            y += self.font.get_linesize()

