"""The Statistics screen: the figures per variant and opponent level, a chart of points per
deal over time, and Reset (which asks first)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from rummy.store.stats import Statistics, Summary
from rummy.ui.catalog import variant_title
from rummy.ui.columns import fit_table
from rummy.ui.palette import DIM, PANEL, PANEL_EDGE
from rummy.ui.palette import GOLD as ACCENT
from rummy.ui.palette import INK as TEXT
from rummy.ui.palette import RED as ERROR
from rummy.ui.screens.common import Screen, draw_message, format_duration
from rummy.ui.widgets import Button, draw_text, ellipsize

if TYPE_CHECKING:
    from rummy.ui.scene import Host as App

COLUMNS = ("Variant", "Opponents", "Deals won", "Win rate", "Avg points", "Best / worst",
           "Streak / best", "Matches won", "Time")
"""The table's headings."""
GAP = 14
"""Pixels between two columns."""
TABLE_SIZES = (16, 14, 12)
"""The table's font sizes, largest first: the first that fits is used."""


def row_cells(s: Summary, title: str) -> list[str]:
    """A row of the table; ``title``: the variant's name (see ``variant_title``)."""
    best = "-" if s.best is None else f"{s.best} / {s.worst}"
    return [title, s.level.capitalize(), f"{s.deals_won} of {s.deals}", f"{s.win_rate:.0%}",
            f"{s.average_points:.1f}", best, f"{s.current_streak} / {s.longest_streak}",
            f"{s.matches_won} of {s.matches}" if s.matches else "-",
            format_duration(s.seconds)]


class StatsScene(Screen):
    """Statistics from ``stats`` (default: the data folder's database)."""

    still = True
    text_points = 16

    def __init__(self, app: App, stats: Statistics | None = None) -> None:
        super().__init__(app)
        self.stats = stats if stats is not None else Statistics()
        self.summaries: list[Summary] = []
        self.titles: dict[str, str] = {}
        """Variant id -> its name, read once per refresh (a variant file is YAML to parse)."""
        self._fitted: tuple[int, list[list[str]], pygame.font.Font, list[int]] | None = None
        """The table's width, rows, font and column widths, worked out once per refresh or
        size (not at every paint)."""
        self.points: list[tuple[float, int]] = []
        self.selected = 0
        """The row whose deals the chart shows (points mean other things in other
        variants: a loser's count in Indian rummy, the winner's take in classic)."""
        self.asking = False
        """True while the Reset question is shown."""
        self.reset_button = Button("Reset…", self.ask_reset)
        self.back = Button("Back (Esc)", self.close)
        self.yes = Button("Yes, reset", self.reset)
        self.no = Button("No", self.cancel)
        self.table = pygame.Rect(0, 0, 0, 0)
        self.chart = pygame.Rect(0, 0, 0, 0)
        self.refresh()

    def refresh(self) -> None:
        self.summaries = self.stats.summary()
        self.titles = {s.variant: variant_title(s.variant) for s in self.summaries}
        self.selected = min(self.selected, max(0, len(self.summaries) - 1))
        self._chart_points()
        self._fitted = None

    def _chart_points(self) -> None:
        chosen = self.summaries[self.selected] if self.summaries else None
        self.points = (self.stats.points_over_time(chosen.variant, chosen.level)
                       if chosen is not None else [])

    def select(self, row: int) -> None:
        """Chart ``row``'s deals (the table itself stands as it was)."""
        if 0 <= row < len(self.summaries) and row != self.selected:
            self.selected = row
            self._chart_points()

    def row_at(self, pos: tuple[int, int]) -> int | None:
        """The summary row under ``pos`` (the table's heading is row -1)."""
        if not self.table.collidepoint(pos) or not self.summaries:
            return None
        _rows, font, _widths = self.fitted()
        row = (pos[1] - self.table.y - 8) // (font.get_linesize() + 4) - 1
        return row if 0 <= row < len(self.summaries) else None

    def fitted(self) -> tuple[list[list[str]], pygame.font.Font, list[int]]:
        """The table's rows, and the font and column widths they fit in."""
        room = self.table.width - 24
        if self._fitted is None or self._fitted[0] != room:
            rows = [row_cells(s, self.titles[s.variant]) for s in self.summaries]
            font, widths = fit_table([self.app.res.font(size) for size in TABLE_SIZES],
                                     COLUMNS, rows, room, GAP)  # the variant's name gives
            self._fitted = (room, rows, font, widths)
        return self._fitted[1:]

    # -- actions

    def ask_reset(self) -> None:
        self.asking = True

    def cancel(self) -> None:
        self.asking = False

    def reset(self) -> None:
        self.stats.reset()
        self.asking = False
        self.refresh()

    def close(self) -> None:
        self.app.pop()

    # -- the scene

    def resume(self) -> None:
        self.refresh()

    def layout(self) -> None:
        w, h = self.size
        margin = self.px(30)
        self.reset_button.place(self.bottom_corner("left"), self.button_font)
        self.back.place(self.bottom_corner("right"), self.button_font)
        bw, bh = self.back.rect.size
        self.table = pygame.Rect(margin, self.px(80), w - 2 * margin, round(h * 0.36))
        self.chart = pygame.Rect(margin, self.table.bottom + self.px(16),
                                 w - 2 * margin, h - self.table.bottom - bh - self.px(70))
        # the Reset question's answers, under it in the middle
        self.yes.place(pygame.Rect(w // 2 - bw - 10, h // 2 + self.px(10), bw, bh),
                       self.button_font)
        self.no.place(pygame.Rect(w // 2 + 10, h // 2 + self.px(10), bw, bh), self.button_font)

    def handle(self, event: pygame.event.Event) -> None:
        if self.asking:
            for button in (self.yes, self.no):
                if button.handle(event):
                    return
            if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
                self.cancel()
            return
        for button in (self.reset_button, self.back):
            if button.handle(event):
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.close()
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_DOWN):
            self.select(self.selected + (1 if event.key == pygame.K_DOWN else -1))
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            row = self.row_at(event.pos)
            if row is not None:
                self.select(row)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_title(surface, "Statistics")
        self.draw_table(surface)
        self.draw_chart(surface)
        self.reset_button.enabled = bool(self.summaries)
        self.reset_button.draw(surface)
        self.back.draw(surface)
        draw_message(surface, self.font, self.stats.message, self.size, self.back.rect.y - 6)
        if self.asking:
            self.draw_question(surface)

    def draw_table(self, surface: pygame.Surface) -> None:
        rect, font = self.table, self.font
        pygame.draw.rect(surface, PANEL, rect, border_radius=8)
        line = font.get_linesize() + 4
        if not self.summaries:
            draw_text(surface, font, "No games finished yet: statistics appear after your"
                      " first deal.", rect.center, DIM, "center")
            return
        rows, font, widths = self.fitted()
        line = font.get_linesize() + 4
        y = rect.y + 8
        for index, (cells, colour) in enumerate([(list(COLUMNS), ACCENT),
                                                  *((row, TEXT) for row in rows)]):
            if y + line > rect.bottom:
                break
            if index - 1 == self.selected and len(rows) > 1:  # the row the chart shows
                pygame.draw.rect(surface, PANEL_EDGE, (rect.x + 4, y - 2, rect.width - 8, line),
                                 border_radius=4)
            x = rect.x + 12
            for cell, width in zip(cells, widths, strict=True):
                draw_text(surface, font, ellipsize(font, cell, width - GAP), (x, y), colour)
                x += width
            y += line

    def chart_title(self) -> str:
        """What the chart shows, and which way is better: the points are a count to keep
        low in some variants and points won in others."""
        chosen = self.summaries[self.selected] if self.summaries else None
        whose = better = ""
        if chosen is not None:
            whose = f": {self.titles[chosen.variant]}, {row_cells(chosen, '')[1]}"
            better = ", lower is better" if chosen.lower_is_better else ", higher is better"
        more = " · click a row above for its deals" if len(self.summaries) > 1 else ""
        return f"Points per deal{whose} (last {len(self.points)}{better}){more}"

    def _plot(self) -> tuple[pygame.Rect, int, int]:
        """The chart's plotting area and its lowest and highest values."""
        values = [p for _, p in self.points]
        line = self.font.get_linesize()
        plot = self.chart.inflate(-60, -line - 24).move(16, line // 2)
        return plot, min(0, *values), max(1, *values)

    def chart_spots(self) -> list[tuple[int, int]]:
        """Where each deal's point is drawn, oldest first (one deal: in the middle)."""
        values = [p for _, p in self.points]
        if not values:
            return []
        plot, low, high = self._plot()
        span = high - low

        def at(index: int, value: int) -> tuple[int, int]:
            x = plot.x + (round(index * plot.width / (len(values) - 1)) if len(values) > 1
                          else plot.width // 2)
            return x, plot.bottom - round((value - low) * plot.height / span)
        return [at(i, v) for i, v in enumerate(values)]

    def draw_chart(self, surface: pygame.Surface) -> None:
        """Points per deal, oldest on the left: each deal a dot, joined by a line."""
        rect, font = self.chart, self.font
        pygame.draw.rect(surface, PANEL, rect, border_radius=8)
        pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=8)
        draw_text(surface, font, ellipsize(font, self.chart_title(), rect.width - 20),
                  (rect.x + 10, rect.y + 6), DIM)
        spots = self.chart_spots()
        if not spots:
            return
        plot, low, high = self._plot()
        zero = plot.bottom - round(-low * plot.height / (high - low))
        pygame.draw.line(surface, PANEL_EDGE, (plot.x, zero), (plot.right, zero))
        draw_text(surface, font, str(high), (plot.x - 6, plot.y), DIM, "topright")
        draw_text(surface, font, str(low), (plot.x - 6, plot.bottom), DIM, "bottomright")
        if len(spots) > 1:
            pygame.draw.lines(surface, ACCENT, False, spots, 2)
        # Each deal a dot (a bare line hid how many deals it joined), smaller when crowded.
        apart = plot.width / max(1, len(spots) - 1)
        radius = 4 if apart >= 10 else 3 if apart >= 5 else 2
        for spot in spots:
            pygame.draw.circle(surface, ACCENT, spot, radius)

    def draw_question(self, surface: pygame.Surface) -> None:
        w, h = self.size
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = pygame.Rect(0, 0, self.no.rect.right - self.yes.rect.x + 60,
                          self.yes.rect.height * 3)
        box.midbottom = (w // 2, self.yes.rect.bottom + 20)
        pygame.draw.rect(surface, PANEL, box, border_radius=10)
        pygame.draw.rect(surface, PANEL_EDGE, box, width=2, border_radius=10)
        draw_text(surface, self.font, "Forget every statistic? This cannot be undone.",
                  (w // 2, box.y + 20), ERROR, "midtop")
        self.yes.draw(surface)
        self.no.draw(surface)
