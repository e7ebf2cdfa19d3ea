"""Group labels read the hand as it stands (issue 28, "smaller things"): a card that left
the hand for now (the finish card behind the declaration dialog, a card dragged out over
the table) leaves no gap, and no label reads it into its old group."""

from __future__ import annotations

import pygame
import pytest

from rummy.model import parse_card
from rummy.ui.app import App
from rummy.ui.table import TableScene

from .table_helpers import click, drag, grip, post, prepared_game, settle, table


def _label_texts(scene: TableScene) -> list[str]:
    return [label for label, _key, _x in scene.board.labels]


def _readings_without(scene: TableScene, code: str) -> list[str]:
    card = parse_card(code)
    groups = [[c for c in g if c != card] for g in scene.hand.groups]
    return [scene.hand.reading(g).label for g in groups if g]


def _no_gap(scene: TableScene, left: str, right: str, after: str) -> bool:
    """``left`` and ``right`` sit one step apart, as ``right`` and ``after`` do."""
    s = scene.board.sprites
    a, b, c = (s[parse_card(x)] for x in (left, right, after))
    return round(b.tx - a.tx) == round(c.tx - b.tx)


@pytest.mark.timeout(60)
def test_the_finish_card_behind_the_dialog_leaves_no_gap_and_no_label(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)  # Q♣
    settle(app, scene)
    drag(app, grip(scene, "3S"), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None and scene.dialog.card == parse_card("3S")
    assert _label_texts(scene) == _readings_without(scene, "3S")
    assert _no_gap(scene, "2S", "4S", "KS")


@pytest.mark.timeout(60)
def test_a_card_dragged_out_over_the_table_leaves_no_gap_and_no_label(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    start = grip(scene, "3S")
    end = scene.board.lay.open_deck.midtop
    post(pygame.MOUSEBUTTONDOWN, start, button=1)
    app.step(1 / 60)
    for i in range(1, 7):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 6,
                                  start[1] + (end[1] - start[1]) * i // 6),
             rel=(0, 0), buttons=(1, 0, 0))
        app.step(1 / 60)
    assert scene.drag is not None
    assert _label_texts(scene) == _readings_without(scene, "3S")
    assert _no_gap(scene, "2S", "4S", "KS")
    post(pygame.MOUSEMOTION, start, rel=(0, 0), buttons=(1, 0, 0))  # back over the hand
    app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, start, button=1)
    settle(app, scene)
    assert parse_card("3S") in scene.hand.cards and scene.driver.view.my_turn
