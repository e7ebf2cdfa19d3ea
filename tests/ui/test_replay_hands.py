"""The others' hands in a replay read card by card (issue 28, "smaller things"): each
card's corner, rank over suit, is in sight, not under the next card (they were fanned as
the backs are, a few pixels apart, and only the tops of the corners read)."""

from __future__ import annotations

import pygame
import pytest

from rummy.ui.screens.replay_table import face_up_spots
from rummy.ui.table.layout import card_height, compute_layout


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("melds", [False, True], ids=["declare", "melds"])
def test_every_card_s_corner_is_in_sight(size: tuple[int, int], players: int,
                                         melds: bool) -> None:
    lay = compute_layout(size, players, 0, melds=melds)
    width, height = lay.back_w, card_height(lay.back_w)
    corner_w, corner_h = width * 3 // 10, height * 2 // 5  # the rank and the suit under it
    window = pygame.Rect((0, 0), size)
    for spot in lay.seats.values():
        spots = face_up_spots(lay, spot, 13)
        assert len(spots) == 13
        cards = [pygame.Rect(x, y, width, height) for x, y in spots]
        for i, card in enumerate(cards):
            corner = pygame.Rect(card.x, card.y, corner_w, corner_h)
            assert window.contains(card), (spot.seat, card)
            # drawn later, so over it: no later card covers this one's corner
            assert corner.collidelist(cards[i + 1:]) == -1, (spot.seat, i)
        others = [s.panel for s in lay.seats.values() if s is not spot]
        assert all(card.collidelist(others) == -1 for card in cards)
