"""A one-line text field (a name, an address, a room code) for the menus."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy.ui.palette import INK, PANEL
from rummy.ui.widgets import Widget, draw_text, ellipsize


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none, or no clipboard to read)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


class TextField(Widget):
    """One line of typed text; a click gives it the keyboard, Ctrl+Backspace empties it,
    Ctrl+V (or Shift+Insert) pastes."""

    def __init__(self, label: str, text: str = "", limit: int = 40,
                 upper: bool = False) -> None:
        super().__init__()
        self.label = label
        self.text = text
        self.limit = limit
        self.upper = upper
        self.focused = False
        self.on_paste: Callable[[str], bool] | None = None
        """Hears pasted text first; True when it took care of it (a whole invitation
        pasted into one field fills two)."""
        self.clipboard: Callable[[], str] = clipboard_text

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            mod = getattr(event, "mod", 0)
            if event.key == pygame.K_BACKSPACE:
                self.text = "" if mod & pygame.KMOD_CTRL else self.text[:-1]
                return True
            if (event.key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                    or event.key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT):
                self.paste(self.clipboard())
                return True
            char = getattr(event, "unicode", "")
            if char and char.isprintable() and len(self.text) < self.limit:
                self.text += char.upper() if self.upper else char
                return True
        return False

    def paste(self, text: str) -> None:
        """Add pasted text: on one line, printable characters only, up to the limit."""
        if self.on_paste is not None and self.on_paste(text):
            return
        line = "".join(c for c in " ".join(text.split()) if c.isprintable())
        if self.upper:
            line = line.upper()
        self.text = (self.text + line)[:self.limit]

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
