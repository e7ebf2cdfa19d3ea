"""A one-line text field (a name, an address, a room code) for the menus."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from rummy.ui.palette import INK, PANEL
from rummy.ui.widgets import Widget, draw_text

PAD = 6  # pixels between the box's edge and its text


def clipboard_text() -> str:
    """The clipboard's text ("" when there is none, or no clipboard to read)."""
    try:
        return pygame.scrap.get_text()
    except pygame.error:
        return ""


class TextField(Widget):
    """One line of typed text with a caret: a click gives it the keyboard and puts the
    caret where it landed; Left/Right/Home/End move the caret, Backspace and Delete take
    the character before or after it, Ctrl+Backspace empties the field, Ctrl+V (or
    Shift+Insert) pastes at the caret."""

    def __init__(self, label: str, text: str = "", limit: int = 40,
                 upper: bool = False) -> None:
        super().__init__()
        self.label = label
        self._text = text
        self.caret = len(text)
        """Where typing goes: the number of characters before it."""
        self._first = 0  # the first character shown when the text is wider than the box
        self.limit = limit
        self.upper = upper
        self.focused = False
        self.on_paste: Callable[[str], bool] | None = None
        """Hears pasted text first; True when it took care of it (a whole invitation
        pasted into one field fills two)."""
        self.clipboard: Callable[[], str] = clipboard_text

    @property
    def text(self) -> str:
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        # Text set from outside (a saved name, a pasted invitation) is read from its end.
        self._text = value
        self.caret = len(value)

    def _put(self, text: str, caret: int) -> None:
        self._text, self.caret = text, caret

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                self.caret = self._caret_at(event.pos[0])
            return self.focused
        if event.type == pygame.KEYDOWN and self.focused:
            return self._key(event.key, getattr(event, "mod", 0), getattr(event, "unicode", ""))
        return False

    def _key(self, key: int, mod: int, char: str) -> bool:
        text, at = self._text, min(self.caret, len(self._text))
        moves = {pygame.K_LEFT: at - 1, pygame.K_RIGHT: at + 1, pygame.K_HOME: 0,
                 pygame.K_END: len(text)}
        if key in moves:
            self.caret = max(0, min(len(text), moves[key]))
            return True
        if key == pygame.K_BACKSPACE:
            if mod & pygame.KMOD_CTRL:
                self._put("", 0)
            elif at:
                self._put(text[:at - 1] + text[at:], at - 1)
            return True
        if key == pygame.K_DELETE:
            self._put(text[:at] + text[at + 1:], at)
            return True
        if (key == pygame.K_v and mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
                or key == pygame.K_INSERT and mod & pygame.KMOD_SHIFT):
            self.paste(self.clipboard())
            return True
        if char and char.isprintable() and len(text) < self.limit:
            self._insert(char)
            return True
        return False

    def _insert(self, line: str) -> None:
        if self.upper:
            line = line.upper()
        at = min(self.caret, len(self._text))
        line = line[:max(0, self.limit - len(self._text))]
        self._put(self._text[:at] + line + self._text[at:], at + len(line))

    def paste(self, text: str) -> None:
        """Add pasted text at the caret: on one line, printable characters only, up to
        the limit."""
        if self.on_paste is not None and self.on_paste(text):
            return
        self._insert("".join(c for c in " ".join(text.split()) if c.isprintable()))

    # -- drawing

    def _box(self) -> pygame.Rect:
        label_w = self.rect.width * 2 // 5
        return pygame.Rect(self.rect.x + label_w, self.rect.y, self.rect.width - label_w,
                           self.rect.height)

    def _shown_from(self) -> int:
        """The first character shown, so that the caret stays in the box: the text scrolls
        only as far as the caret asks."""
        if self.font is None:
            return 0
        room = self._box().width - 2 * PAD
        text, at = self._text, min(self.caret, len(self._text))
        first = min(self._first, at)
        while first < at and self.font.size(text[first:at])[0] > room:
            first += 1
        # Use the room at the end: no blank box beside hidden text before the caret.
        while first and self.font.size(text[first - 1:])[0] <= room:
            first -= 1
        self._first = first
        return first

    def _caret_at(self, x: int) -> int:
        """The caret place nearest to ``x`` pixels across the window."""
        if self.font is None:
            return len(self._text)
        first = self._shown_from()
        left = self._box().x + PAD
        best, best_gap = first, abs(x - left)
        for i in range(first + 1, len(self._text) + 1):
            gap = abs(x - left - self.font.size(self._text[first:i])[0])
            if gap < best_gap:
                best, best_gap = i, gap
        return best

    def draw(self, surface: pygame.Surface) -> None:
        assert self.font is not None
        draw_text(surface, self.font, self.label, (self.rect.x, self.rect.centery), INK,
                  "midleft")
        box = self._box()
        pygame.draw.rect(surface, PANEL, box, border_radius=4)
        first = self._shown_from()
        room = box.width - 2 * PAD
        shown = self._text[first:]
        while shown and self.font.size(shown)[0] > room:
            shown = shown[:-1]
        clip = surface.get_clip()
        surface.set_clip(box.inflate(-2, -2).clip(clip))
        draw_text(surface, self.font, shown, (box.x + PAD, box.centery), INK, "midleft")
        surface.set_clip(clip)
        if self.focused:
            pygame.draw.rect(surface, INK, box, 2, border_radius=4)
            at = min(self.caret, len(self._text))
            x = box.x + PAD + self.font.size(self._text[first:at])[0]
            half = self.font.get_height() // 2
            pygame.draw.line(surface, INK, (x, box.centery - half + 2),
                             (x, box.centery + half - 2), 2)
