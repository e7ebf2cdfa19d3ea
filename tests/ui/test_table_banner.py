"""The Hint banner clear of what it used to cover (issue 28, "smaller things"): at a
contract table the banner ran over the lay-down slots at the foot of the meld area (at
1280x720), and, centred on the window, over the move log under the decks."""

from __future__ import annotations

import pygame
import pytest

from rummy.ui.app import App
from rummy.ui.table.layout import card_height, compute_layout
from rummy.ui.table.panels import GLOW_REACH
from rummy.ui.table.parts_contract import ContractParts
from rummy.ui.table.sprites import TextCache

from .table_helpers import CONTRACT, ask_hint, draw_from_stock, meld_game, meld_table

HINT = "Hint: lay down 7♠ 7♥ 7♦ Joker and 9♠ 9♦ 9♣ · your hand is grouped to show it"


def banner(text: TextCache, words: str, size: int, centre: tuple[int, int]) -> pygame.Rect:
    """The message's box as the board paints it."""
    return text.get(words, size, bold=True).get_rect(center=centre).inflate(24, 10)


@pytest.mark.timeout(60)
def test_the_hint_banner_is_clear_of_the_lay_down_slots_at_1280x720(app: App) -> None:
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT), "dummy_rummy")
    draw_from_stock(app, scene)
    ask_hint(app, scene)
    lay = scene.board.lay
    assert lay.size == (1280, 720)
    assert scene.board.message.startswith("Hint: lay down")
    box = banner(scene.text, scene.board.message, lay.font_normal, lay.message_pos)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    placed = parts.placed
    assert placed is not None and placed.slots
    for slot in placed.slots:
        assert not box.colliderect(slot.rect.inflate(GLOW_REACH * 2, GLOW_REACH * 2))
    assert not box.colliderect(lay.move_log)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080),
                                  (1024, 768)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_the_banner_is_clear_of_the_slots_row_and_the_log_at_every_size(
        app: App, size: tuple[int, int], players: int) -> None:
    lay = compute_layout(size, players, 0, melds=True, names=ContractParts.buttons)
    box = banner(TextCache(app.res), HINT, lay.font_normal, lay.message_pos)
    area = lay.meld_area
    slots = pygame.Rect(area.left, area.bottom - card_height(lay.pile_w), area.width,
                        card_height(lay.pile_w)).inflate(GLOW_REACH * 2, GLOW_REACH * 2)
    assert not box.colliderect(slots.clip(pygame.Rect(area.left, 0, area.width, size[1])))
    assert not box.colliderect(lay.move_log)
