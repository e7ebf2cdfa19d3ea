"""A one-line text field (a name, an address, a room code) for the menus."""

from __future__ import annotations

import pygame

from rummy.ui.palette import INK, PANEL
from rummy.ui.widgets import Widget, draw_text, ellipsize


class TextField(Widget):
    """One line of typed text; a click gives it the keyboard, Ctrl+Backspace empties it."""

    def __init__(self, label: str, text: str = "", limit: int = 40,
                 upper: bool = False) -> None:
        super().__init__()
        self.label = label
        self.text = text
        self.limit = limit
        self.upper = upper
        self.focused = False

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_BACKSPACE:
                clear = getattr(event, "mod", 0) & pygame.KMOD_CTRL
                self.text = "" if clear else self.text[:-1]
                return True
            char = getattr(event, "unicode", "")
            if char and char.isprintable() and len(self.text) < self.limit:
                self.text += char.upper() if self.upper else char
                return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        label_w = self.rect.width * 2 // 5
        draw_text(surface, self.font, self.label, (self.rect.x, self.rect.centery), INK,
                  "midleft")
        box = pygame.Rect(self.rect.x + label_w, self.rect.y, self.rect.width - label_w,
                          self.rect.height)
        pygame.draw.rect(surface, PANEL, box, border_radius=4)
        if self.focused:
            pygame.draw.rect(surface, INK, box, 2, border_radius=4)
        shown = ellipsize(self.font, self.text + ("|" if self.focused else ""),
                          box.width - 10)
        draw_text(surface, self.font, shown, (box.x + 6, box.centery), INK, "midleft")
