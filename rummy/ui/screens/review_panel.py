"""What the review screen paints beside the table: the deal's summary, the decision shown
(the move played beside the expert's, the verdict, the candidates with their expected
points), the progress bar while the review is worked out, and the marks on the table that
name the two moves (docs/playing.md, "Review").
"""

from __future__ import annotations

import pygame

from rummy.ai.hint import in_words
from rummy.ai.hint import played as cards_of
from rummy.model.actions import Action, Draw, DrawSource
from rummy.review.engine import Decision, Review
from rummy.review.text import biggest_line, move_words, summary_line, verdict_words
from rummy.ui.palette import DIM, FELT_DARK, GOLD, GREEN, INK, PANEL, PANEL_EDGE, RED, Color
from rummy.ui.table.board import Board
from rummy.ui.table.still_board import card_rect
from rummy.ui.widgets import draw_text, ellipsize, wrap

VERDICT_COLOURS: dict[str, Color] = {"best": GREEN, "fine": INK, "mistake": GOLD,
                                     "blunder": RED}
PLAYED_MARK: Color = (255, 120, 100)
BEST_MARK: Color = GREEN


def draw_progress(surface: pygame.Surface, rect: pygame.Rect, fonts: tuple[pygame.font.Font,
                  pygame.font.Font], done: int, total: int) -> None:
    """The review being worked out: a bar and "n of m decisions"."""
    big, small = fonts
    pygame.draw.rect(surface, PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, PANEL_EDGE, rect, width=1, border_radius=10)
    draw_text(surface, big, "Reviewing your decisions…", (rect.centerx, rect.y + 18), GOLD,
              "midtop")
    bar = pygame.Rect(rect.x + 30, rect.centery - 12, rect.width - 60, 24)
    pygame.draw.rect(surface, FELT_DARK, bar, border_radius=6)
    if total:
        filled = bar.copy()
        filled.width = max(0, round(bar.width * done / total))
        pygame.draw.rect(surface, GREEN, filled, border_radius=6)
    pygame.draw.rect(surface, PANEL_EDGE, bar, width=1, border_radius=6)
    words = f"{done} of {total} decisions" if total else "Replaying the deal…"
    draw_text(surface, small, words, (rect.centerx, bar.bottom + 10), INK, "midtop")


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, fonts: tuple[pygame.font.Font,
               pygame.font.Font, pygame.font.Font], review: Review, index: int,
               bottom: int) -> None:
    """The summary, then decision ``index``, down to ``bottom`` (the buttons' row)."""
    title, font, small = fonts
    pygame.draw.rect(surface, PANEL, rect)
    pygame.draw.line(surface, PANEL_EDGE, rect.topleft, rect.bottomleft)
    x, width = rect.x + 16, rect.width - 32
    y = rect.y + 12
    y = _para(surface, title, "Review", x, y, width, GOLD)
    y = _para(surface, small, summary_line(review), x, y + 2, width, INK)
    biggest = biggest_line(review)
    if biggest:
        y = _para(surface, small, biggest, x, y + 4, width, DIM)
    y += 10
    pygame.draw.line(surface, PANEL_EDGE, (x, y), (x + width, y))
    if not review.decisions:
        _para(surface, font, "No decisions to review: every move of this deal was forced.",
              x, y + 10, width, INK)
        return
    d = review.decisions[index]
    y = _para(surface, font, f"Decision {index + 1} of {len(review.decisions)} · turn {d.turn}",
              x, y + 8, width, GOLD)
    y = _para(surface, font, f"You: {move_words(d)}", x, y + 4, width, PLAYED_MARK)
    y = _para(surface, font, f"Expert: {move_words(d, best=True)}", x, y + 2, width,
              BEST_MARK)
    y = _para(surface, font, verdict_words(d), x, y + 4, width, VERDICT_COLOURS[d.verdict])
    y = _para(surface, small, "Expected points against you (lower is better):", x, y + 8,
              width, DIM)
    _candidates(surface, small, d, x, y + 2, width, bottom - 8)


def _candidates(surface: pygame.Surface, font: pygame.font.Font, d: Decision, x: int, y: int,
                width: int, bottom: int) -> None:
    line = font.get_linesize()
    room = max(1, (bottom - y) // line)
    shown = list(range(len(d.candidates)))
    if len(shown) > room:  # the best ones, and the move played wherever it ranks
        played = d.rank - 1
        shown = list(range(room - 1)) + [played] if played >= room - 1 else shown[:room]
    for i in shown:
        c = d.candidates[i]
        mine = i == d.rank - 1
        colour = BEST_MARK if i == 0 else PLAYED_MARK if mine else INK
        figure = f"{c.expected_points:.1f} ± {c.spread:.1f}"
        right = draw_text(surface, font, figure, (x + width, y), colour, "topright")
        words = in_words(d.moment.view, c.action) + (" (you)" if mine else "")
        draw_text(surface, font, ellipsize(font, f"{i + 1}. {words}", right.x - x - 8),
                  (x, y), colour)
        y += line


def _para(surface: pygame.Surface, font: pygame.font.Font, text: str, x: int, y: int,
          width: int, colour: Color) -> int:
    """``text`` wrapped to ``width`` from ``y``; returns the y under it."""
    for line in wrap(font, text, width):
        draw_text(surface, font, line, (x, y), colour)
        y += font.get_linesize()
    return y


def mark_moves(surface: pygame.Surface, board: Board, font: pygame.font.Font,
               d: Decision) -> None:
    """Name the move played and the expert's on the table: a ring round each card or
    pile they use, tagged "you" and "expert" (one tag for both when they agree)."""
    same = d.rank == 1
    marks = [(d.best.action, BEST_MARK, "you = expert" if same else "expert")]
    if not same:
        marks.append((d.played.action, PLAYED_MARK, "you"))
    tags: list[pygame.Rect] = []
    for action, colour, tag in marks:
        rects = _places(board, action)
        for r in rects:
            pygame.draw.rect(surface, colour, r.inflate(8, 8), width=3, border_radius=8)
        if rects:
            top = min(rects, key=lambda r: r.y)
            label = font.render(tag, True, colour)
            back = label.get_rect(midbottom=(top.centerx, top.y - 6)).inflate(8, 2)
            while back.collidelist(tags) >= 0:  # the two moves share a card: one above
                back.move_ip(0, -back.height - 2)
            tags.append(back)
            pygame.draw.rect(surface, FELT_DARK, back, border_radius=4)
            surface.blit(label, label.get_rect(center=back.center))


def _places(board: Board, action: Action) -> list[pygame.Rect]:
    """Where ``action`` happens on the board: its cards in the hand, or the pile drawn."""
    if isinstance(action, Draw):
        lay = board.lay
        return [lay.closed_deck if action.source is DrawSource.CLOSED else lay.open_deck]
    return [r for r in (card_rect(board, c) for c in cards_of(action)) if r is not None]

