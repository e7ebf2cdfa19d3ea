"""Where the table's texts go: a message never covers the closed deck's count, the piles
or the buttons, and the status line under it stays clear of the buttons, at every window
size and seat count (measured with the game's own fonts); and where a hand's groups end."""

from __future__ import annotations

import pygame
import pytest

from rummy.ui.app import App
from rummy.ui.table.layout import compute_layout
from rummy.ui.table.sprites import TextCache

LONG_MESSAGE = "You will drop at the start of your turn"  # the longest the table says


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080),
                                  (2560, 1440), (1024, 768)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("melds", [False, True], ids=["declare", "melds"])
def test_the_message_and_status_line_cover_nothing(app: App, size: tuple[int, int],
                                                   players: int, melds: bool) -> None:
    lay = compute_layout(size, players, 0, melds=melds)
    text = TextCache(app.res)
    fs, fn = lay.font_small, lay.font_normal
    count = text.get("104", fs).get_rect(midtop=(lay.closed_deck.centerx, lay.stock_count_top))
    message = text.get(LONG_MESSAGE, fn, bold=True).get_rect(
        center=lay.message_pos).inflate(24, 10)
    mx, my = lay.message_pos
    status = text.get("Discard a card, or drop one on the finish slot to declare", fs
                      ).get_rect(center=(mx, my + fn + fs))
    # the closed deck's stack is drawn up to 12 pixels below and right of its place
    piles = [lay.closed_deck.inflate(12, 12).move(6, 6), lay.open_deck, lay.finish_slot]
    for rect in [count, *piles]:
        assert not message.colliderect(rect), (message, rect)
    for button in lay.buttons.values():
        assert not message.colliderect(button) and not status.colliderect(button)
    assert not status.colliderect(message)
    assert pygame.Rect((0, 0), size).contains(message)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("groups", [[13], [3, 3, 4, 3], [4, 2, 3, 2, 1, 2], [3, 2, 2, 1, 3, 3],
                                    [1] * 14], ids=str)
def test_a_hand_shows_where_each_group_ends(size: tuple[int, int], groups: list[int]) -> None:
    """Felt between groups, every card's corner readable, the hand inside its area."""
    lay = compute_layout(size, 4, 0)
    rows = lay.hand_positions(groups)
    xs = [x for row in rows for x, _ in row]
    assert xs == sorted(xs)
    assert lay.hand_area.left <= xs[0] and xs[-1] + lay.hand_w <= lay.hand_area.right
    steps = [b[0] - a[0] for row in rows for a, b in zip(row, row[1:], strict=False)]
    assert all(step >= lay.hand_w * 0.3 for step in steps), steps
    ends = [(row[-1][0], nxt[0][0]) for row, nxt in zip(rows, rows[1:], strict=False)]
    if len(groups) <= 6:  # a dealt hand sorted by suit, or a declaration's groups
        for last, first in ends:
            assert first - (last + lay.hand_w) >= lay.hand_w // 8, (size, groups, last, first)
    else:  # fourteen groups of one card: still set apart by more than a card's step
        assert all(first - last > max(steps, default=0) for last, first in ends)
