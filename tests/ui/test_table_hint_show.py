"""Hint followed to a valid show (issue 28): the hint to declare groups the hand as it is
to be declared, so that dropping the hinted card on the finish slot and confirming shows
a valid hand (it grouped all 14 cards, and following it was a wrong show, 80 points)."""

from __future__ import annotations

import pygame
import pytest

from rummy.model import Finish, parse_card, parse_cards
from rummy.model.families.declare_deal import deal_from_cards
from rummy.model.melds import check_declaration
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver

from .table_helpers import ask_hint, click, drag, grip, key, settle, table

# 2s are wild (the cut 2♦). With 5♣ drawn, the best grouping of all 14 cards is
# 4♣ 5♣ 2♠ with 4♠ loose (4 points); declaring with 5♣ needs 4♣ 4♠ 2♠ instead.
HAND = "QH KH AH 4C 2S 8S 9S 10S 8C 9C 10C JC 4S"
OTHER = "3H 5H 7H 9H JH 3D 5D 7D 9D JD 6S 7S 3C"


def declare_game() -> Session:
    game = Session.lone_deal("indian_13", players=2, seed=3)
    game.state = deal_from_cards(
        game.variant, [parse_cards(HAND), parse_cards(OTHER)], parse_cards("KD"),
        parse_card("2D"), closed_top=parse_cards("5C AD"), first_player=0, seed=3)
    return game


@pytest.mark.timeout(60)
def test_hint_to_declare_followed_is_a_valid_show(app: App) -> None:
    scene = table(app, declare_game())
    click(app, scene.board.lay.closed_deck.center)  # 5♣
    settle(app, scene)
    ask_hint(app, scene)
    assert "declare with" in scene.board.message
    (card,) = scene.hand.selected
    shown = scene.hand.groups_without(card)
    assert sum(map(len, shown)) == 13
    drag(app, grip(scene, card.code), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None and scene.dialog.card == card
    assert scene.dialog.groups == shown  # what the hint arranged is what is declared
    click(app, scene.dialog.buttons["confirm"].rect.center)
    settle(app, scene)
    last = local_driver(scene.driver).actions[-1]
    assert isinstance(last, Finish)
    result = local_driver(scene.driver).state.result
    assert result is not None and result.winner == 0, "following the hint was a wrong show"


def group(app: App, scene: TableScene, codes: str) -> None:
    for code in codes.split():
        click(app, grip(scene, code))
        settle(app, scene)
    key(app, pygame.K_g)
    settle(app, scene)


@pytest.mark.timeout(60)
def test_hint_to_declare_regroups_a_hand_that_counts_less_as_it_stands(app: App) -> None:
    """The player's own grouping of all 14 cards counts less (4♠ loose: 4 points) than the
    show's with 5♣ loose (5): a hint otherwise only regroups a hand it improves, but the
    arrangement to declare with is what the hint is about."""
    scene = table(app, declare_game())
    click(app, scene.board.lay.closed_deck.center)  # 5♣
    settle(app, scene)
    for codes in ("QH KH AH", "8S 9S 10S", "8C 9C 10C JC", "4C 5C 2S"):
        group(app, scene, codes)
    ask_hint(app, scene)
    assert "declare with 5♣" in scene.board.message
    valid, reason = check_declaration(local_driver(scene.driver).game.variant,
                                      scene.hand.groups_without(parse_card("5C")),
                                      parse_card("2D"))
    assert valid, reason
    assert "grouped to show it" in scene.board.message
