"""The panel an online table shows when its server has been stopped on purpose.

The server closes every connection with "going away" (1001) when it is stopped: most
often the host's desktop game, which runs the table's server, has closed (docs/protocol.md,
"Clocks and lost connections"). That is news the player can act on, so it gets a panel
over the table rather than the match line's few words: what happened, that the table
comes back when the server does, and a choice between Wait (the client keeps retrying)
and Leave table (back to Play online; the seat is kept for Rejoin). The server's
``welcome`` says whether it runs inside a desktop game, which picks the words.
"""

from __future__ import annotations

import pygame

from rummy.ui.palette import GOLD, INK
from rummy.ui.table.sprites import TextCache
from rummy.ui.widgets import wrap

from .dialogs import _frame, _Overlay
from .panels import TableButton

HOST_CLOSED = ("The host's game has closed.",
               "The table comes back when they reopen it; you can wait or leave, and Rejoin"
               " later from Play online.")
SERVER_STOPPED = ("The table's server has stopped.",
                  "The table comes back when it is started again; you can wait or leave,"
                  " and Rejoin later from Play online.")


class ServerGonePanel(_Overlay):
    """What happened, and Wait / Leave table."""

    def __init__(self, host_game: bool) -> None:
        self.title, self.body = HOST_CLOSED if host_game else SERVER_STOPPED
        self.surface: pygame.Surface | None = None
        self.buttons: dict[str, TableButton] = {}
        self.font = 16

    def build(self, size: tuple[int, int], text: TextCache, font: int) -> None:
        w, h = size
        width = min(w - 40, font * 36)
        lines = wrap(text.res.font(font), self.body, width - 48)
        line = round(font * 1.35)
        bh = font + 16
        height = 24 + round(font * 1.6) + 14 + line * len(lines) + 22 + bh + 20
        rect = pygame.Rect(0, 0, width, height)
        rect.center = (w // 2, h // 2)
        surf = _frame(size, rect)
        surf.blit(text.get(self.title, font + 6, GOLD, bold=True), (rect.x + 24, rect.y + 24))
        y = rect.y + 24 + round(font * 1.6) + 14
        for part in lines:
            surf.blit(text.get(part, font, INK), (rect.x + 24, y))
            y += line
        self.surface = surf
        bw = max(130, font * 8)
        leave = pygame.Rect(0, 0, bw, bh)
        leave.bottomright = (rect.right - 24, rect.bottom - 20)
        wait = leave.move(-(bw + 12), 0)
        self.buttons = {"wait": TableButton("Wait", wait),
                        "leave": TableButton("Leave table", leave)}
        self.font = font
