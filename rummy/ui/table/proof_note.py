"""The round panel's word on an online deal's shuffle: "Shuffle verified", with Details.

The server commits to each deal before a card moves and reveals it when it is over; the
client replays it and compares (:mod:`rummy.model.fairness`, docs/protocol.md "Fair
deals"). The verdict shows on the round panel's bottom line: a quiet green line when the
proof holds, a loud red one (its details opened at once) when it does not. Details lists
the commitment, the revealed key, what was checked, and where the proof was saved for
``python -m rummy verify``.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from rummy.model.fairness import Verdict
from rummy.ui.palette import GOLD, GREEN, INK, RED
from rummy.ui.table.sprites import TextCache

from .panels import TableButton, draw_button

OK_MARK = "\N{CHECK MARK}"
BAD_MARK = "\N{WARNING SIGN}"


class ProofNote:
    """The verdict line and its Details box, placed by the round panel."""

    def __init__(self, verdict: Verdict, saved: Path | None = None) -> None:
        self.verdict = verdict
        self.saved = saved
        self.open = not verdict.ok
        """The details are shown (from the start when the proof failed)."""
        self.button = TableButton("Details", pygame.Rect(0, 0, 0, 0))
        self.line_pos = (0, 0)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.font = 16
        self.wrapped: list[str] = []
        """The details' lines cut to the box's width (at each layout)."""

    @property
    def line(self) -> str:
        mark = OK_MARK if self.verdict.ok else BAD_MARK
        return f"{mark} {self.verdict.headline}"

    def lines(self) -> list[str]:
        out = list(self.verdict.details)
        if not self.verdict.ok:
            out.append("This deal was not dealt as the server promised before it began:"
                       " keep the proof and tell whoever runs the server.")
        if self.saved is not None:
            out.append(f"Saved: {self.saved} (python -m rummy verify checks it again)")
        out.append("docs/protocol.md, \"Fair deals\", tells how any client can check it.")
        return out

    def place(self, text: TextCache, panel: pygame.Rect, left: int, mid_y: int,
              right: int, font: int) -> int:
        """Lay the line out from ``left`` on the button row (centred on ``mid_y``), with its
        Details button, before ``right``; returns where the row is free again."""
        self.font = font
        size = font if self.verdict.ok else font + 2
        width = text.get(self.line, size, INK, bold=not self.verdict.ok).get_width()
        label_w = text.get("Details", font - 2, INK).get_width() + 24
        room = right - left - label_w - 12
        self.line_pos = (left, mid_y)
        if width > room:  # a narrow window: the line gives way to the button
            width = room
        self.button.rect = pygame.Rect(left + width + 12, 0, label_w, font + 12)
        self.button.rect.centery = mid_y
        size = max(10, font - 3)
        width = panel.width - 80
        self.wrapped = [piece for line in self.lines()
                        for piece in _wrap(text, line, size, width - 32)]
        # as tall as its lines, over the hands (the buttons below stay free)
        height = min(panel.height - 3 * font - 24, 24 + font + 12 + len(self.wrapped) * (size + 6))
        self.box = pygame.Rect(0, 0, width, height)
        self.box.midbottom = (panel.centerx, mid_y - font)
        return self.button.rect.right + 12

    def toggle(self) -> None:
        self.open = not self.open

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        ok = self.verdict.ok
        size = self.font if ok else self.font + 2
        line = text.get(self.line, size, GREEN if ok else RED, bold=not ok)
        x, mid = self.line_pos
        room = self.button.rect.left - 12 - x
        surface.blit(line, line.get_rect(midleft=(x, mid)),
                     area=pygame.Rect(0, 0, max(0, room), line.get_height()))
        draw_button(surface, text, self.button, self.font - 2)
        if self.open:
            self._draw_box(surface, text)

    def _draw_box(self, surface: pygame.Surface, text: TextCache) -> None:
        box = self.box
        edge = GREEN if self.verdict.ok else RED
        pygame.draw.rect(surface, (10, 40, 24), box, border_radius=10)
        pygame.draw.rect(surface, edge, box, width=3 if not self.verdict.ok else 2,
                         border_radius=10)
        x, y = box.x + 16, box.y + 12
        title = text.get(self.line, self.font + 2, edge, bold=True)
        surface.blit(title, (x, y))
        y += title.get_height() + 10
        size = max(10, self.font - 3)
        for piece in self.wrapped:
            if y + size + 4 > box.bottom - 8:
                return
            surface.blit(text.get(piece, size, INK if self.verdict.ok else GOLD), (x, y))
            y += size + 6

    def hit(self, pos: tuple[int, int]) -> bool:
        """The Details button was clicked (or, with the box open, anywhere on it)."""
        return self.button.hit(pos) or (self.open and self.box.collidepoint(pos))


def _wrap(text: TextCache, line: str, size: int, width: int) -> list[str]:
    """``line`` cut to fit ``width``: at spaces where it can, else (a long hex) anywhere."""
    out: list[str] = []
    rest = line
    while rest:
        cut = len(rest)
        while cut > 1 and text.get(rest[:cut], size, INK).get_width() > width:
            space = rest.rfind(" ", 0, cut)
            cut = space if space > 0 else cut - 1
        out.append(rest[:cut])
        rest = rest[cut:].lstrip()
    return out
