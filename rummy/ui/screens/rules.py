"""Rules: a scrolling page per variant (F1 from anywhere; Esc or F1 closes it).

The pages are :mod:`rummy.ui.rules_text`'s summaries of docs/rules.md, the project's rulebook.

Mouse wheel, Up/Down, Page Up/Page Down, Home/End scroll; Left/Right (or the arrows at the
top) switch between the variants.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import pygame

from rummy.ui.catalog import scan_variants
from rummy.ui.palette import DIM, GOLD, INK, PANEL, PANEL_EDGE
from rummy.ui.rules_text import general_page, rules_page
from rummy.ui.scene import Host
from rummy.ui.screens.common import Screen
from rummy.ui.scroll import ScrollView
from rummy.ui.widgets import Button, Selector, draw_text, wrap

if TYPE_CHECKING:
    from rummy.model.variant_type import Variant


class RulesScene(Screen):
    """The rules of ``variant_id`` (the remembered or first variant when None)."""

    still = True
    title_points, button_points = 30, 21
    """The page's title; the section headings, set as the buttons are."""

    def __init__(self, app: Host, variant_id: str | None = None,
                 options: Mapping[str, Any] | None = None) -> None:
        super().__init__(app)
        self.table = (variant_id, dict(options)) if options else None
        """The variant and options of the game F1 was pressed at: its page shows that
        table's rules (the other variants' pages, their files' defaults)."""
        self.variants: list[tuple[str, Variant]] = [
            (e.id, e.variant) for e in scan_variants() if e.variant is not None]
        ids = [vid for vid, _ in self.variants]
        self.index = ids.index(variant_id) if variant_id in ids else 0
        self.view = ScrollView()
        self.lines: list[tuple[str, pygame.font.Font, tuple[int, int, int], int]] = []
        """(text, font, colour, indent in pixels) per line of the page."""
        self.page = pygame.Rect(0, 0, 0, 0)
        self.back = Button("Back (Esc)", self.close)
        self.chooser: Selector | None = None
        if len(self.variants) > 1:
            self.chooser = Selector("Variant", ids, ids[self.index], self.choose,
                                    show=self._name_of)
            self.chooser.value_share = 0.5

    def close(self) -> None:
        self.app.pop()

    @property
    def variant_id(self) -> str | None:
        return self.variants[self.index][0] if self.variants else None

    def _name_of(self, vid: str) -> str:
        return dict(self.variants)[vid].name

    def choose(self, vid: str) -> None:
        self.index = [v for v, _ in self.variants].index(vid)
        self.view.scroll_to(0)
        self.layout()

    def text(self) -> str:
        if not self.variants:
            return general_page()
        vid, variant = self.variants[self.index]
        chosen = self.table[1] if self.table is not None and self.table[0] == vid else None
        return rules_page(variant, chosen)

    def layout(self) -> None:
        w, h = self.size
        heading, title = self.button_font, self.title_font
        margin = self.px(24)
        row = self.px(40)
        # About 90 characters a line: long lines are hard to read on a wide window.
        page_w = min(w - 2 * margin, 90 * self.font.size("n")[0] + 2 * margin)
        left = (w - page_w) // 2
        if self.chooser is not None:
            self.chooser.place(pygame.Rect(left, margin, page_w, row), heading)
        self.back.place(pygame.Rect(left + page_w - self.px(180), h - margin - row,
                                    self.px(180), row), heading)
        top = margin + row + self.px(12)
        self.page = pygame.Rect(left, top, page_w, h - top - row - 2 * margin)
        width = self.page.width - 2 * self.px(16)
        self.lines = []
        for number, block in enumerate(self.text().split("\n\n")):
            first, *rest = block.split("\n")
            if number == 0:
                self.lines.append((first, title, GOLD, 0))
            elif not first.startswith("•") and not first.endswith("."):
                self.lines.append((first, heading, GOLD, 0))
            else:
                rest = [first, *rest]
            for paragraph in rest:
                # A bullet's later lines hang under its text, not under the bullet.
                indent = self.font.size("• ")[0] if paragraph.startswith("• ") else 0
                for index, text in enumerate(wrap(self.font, paragraph, width - indent)):
                    self.lines.append((text, self.font, INK, indent if index else 0))
            self.lines.append(("", self.font, INK, 0))
        inner = self.page.inflate(-2 * self.px(16), -2 * self.px(12))
        self.view.place(inner.inflate(self.px(16), 0).move(self.px(8), 0),
                        self.content_height, self.font.get_linesize())

    @property
    def content_height(self) -> int:
        return sum(font.get_linesize() for _, font, _, _ in self.lines)

    @property
    def scroll(self) -> int:
        """How far down the page is scrolled, in pixels."""
        return self.view.offset

    @property
    def max_scroll(self) -> int:
        return self.view.max_offset

    def scroll_by(self, pixels: int) -> None:
        self.view.scroll_by(pixels)

    def handle(self, event: pygame.event.Event) -> None:
        if self.back.handle(event):
            return
        if self.chooser is not None and self.chooser.handle(event):
            return
        line = self.font.get_linesize()
        if self.view.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_DOWN: line, pygame.K_UP: -line,
                    pygame.K_PAGEDOWN: self.page.height - line,
                    pygame.K_PAGEUP: -(self.page.height - line), pygame.K_SPACE:
                    self.page.height - line, pygame.K_END: 10**6, pygame.K_HOME: -(10**6)}
            if event.key == pygame.K_ESCAPE:
                self.close()
            elif event.key in keys:
                self.scroll_by(keys[event.key])
            elif self.chooser is not None and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.chooser.step(-1 if event.key == pygame.K_LEFT else 1)

    def draw(self, surface: pygame.Surface) -> None:
        pygame.draw.rect(surface, PANEL, self.page, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, self.page, width=1, border_radius=10)
        pad = self.px(16)
        inner = self.page.inflate(-2 * pad, -2 * self.px(12))
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.y - self.scroll
        for text, font, color, indent in self.lines:
            height = font.get_linesize()
            if y + height >= inner.y and y <= inner.bottom and text:
                draw_text(surface, font, text, (inner.x + indent, y), color)
            y += height
        surface.set_clip(clip)
        self.view.draw(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)
        else:
            draw_text(surface, self.back.font or self.font, "Rules",
                      (self.page.x, self.page.y - 6), GOLD, "bottomleft")
        hint = "Wheel or ↑ ↓ to scroll · ← → other variant · Esc back"
        draw_text(surface, self.font, hint, (self.page.x, self.back.rect.centery), DIM,
                  "midleft")
        self.back.draw(surface)
