"""A hand of up to 24 cards (draw choice grows it) stays on screen and readable.

Every card of the hand must lie inside the window, and the top-left corner of each (its
rank and suit, READABLE pixels wide and a quarter of the card tall) must not be covered by
a card painted after it, at the smallest and the largest window the game supports, however
the hand is arranged: sorted by suit, by rank, or one card per group.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from tools.table_states import drawn, meld_round

from .table_helpers import settle

READABLE = 18
"""Pixels of a card's left edge that must show (the corner index is about that wide)."""

# 23 cards of two decks (24 after the draw), no meld laid yet: an opening hand that grew
# by taking the discard pile.
BIG_HAND = ("AS 2S 3S 5S 8S 10S KS 2H 4H 4H 7H 9H QH 3D 5D 6D 9D JD AC 4C 8C JC QC")
OTHER = "AH 6H 10H 8D 10D KD 2C 6C 7C 9C"


@pytest.fixture
def app_at(tmp_path: Path) -> Iterator[list[App]]:
    apps: list[App] = []
    yield apps
    for app in apps:
        app.close()


def big_hand_table(apps: list[App], tmp_path: Path, size: tuple[int, int]) -> TableScene:
    app = App(size, audio=False, settings_dir=tmp_path / "settings", inline_work=True)
    apps.append(app)
    game: Session = drawn(meld_round("super_rummy", [BIG_HAND, OTHER], discard="JS",
                                  stock="KH", options={"deck_count": 2}))
    config = GameConfig("super_rummy", dict(game.options), 2, ("greedy",), 3, 0)
    scene = TableScene(app, config, game=game, speed=8.0)
    app.push(scene)
    settle(app, scene)
    assert len(scene.hand) == 24
    return scene


def arrange(scene: TableScene, how: str) -> None:
    hand = scene.hand
    if how == "by suit":
        hand.sort()
    elif how == "by rank":
        hand.sort_by_rank()
    else:  # every card a group of its own (dragged apart one by one)
        hand.groups = [[c] for c in hand.cards]
    scene.board.layout_hand(jump=True)


def problems(scene: TableScene) -> list[str]:
    lay = scene.board.lay
    window = pygame.Rect((0, 0), lay.size)
    w, h = lay.hand_w, lay.hand_h
    cards = scene.hand.cards
    rects = [pygame.Rect(scene.board.sprites[c].pos, (w, h)) for c in cards]
    out = []
    for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        if not window.contains(rect):
            out.append(f"{card.code} at {rect} is not inside the {lay.size} window")
        corner = pygame.Rect(rect.topleft, (READABLE, h // 4))
        covering = [cards[j].code for j in range(i + 1, len(cards))
                    if rects[j].colliderect(corner)]
        if covering:
            out.append(f"{card.code}'s corner at {corner.topleft} is under {covering[0]}")
    return out


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["by suit", "by rank", "one card per group"])
@pytest.mark.parametrize("size", [(960, 600), (2560, 1440)], ids=["960x600", "2560x1440"])
def test_a_24_card_hand_stays_on_screen_and_readable(app_at: list[App], tmp_path: Path,
                                                     size: tuple[int, int], how: str) -> None:
    scene = big_hand_table(app_at, tmp_path, size)
    arrange(scene, how)
    found = problems(scene)
    assert not found, f"{len(found)} problems, e.g. " + "; ".join(found[:3])


