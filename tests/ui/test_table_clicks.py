"""Select, then click: every target takes a click with cards selected as it takes them
dropped (issue 28), in each family; and what a refusal, a staged card and the declare
dialog answer. Real posted mouse events under the SDL dummy driver."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from rummy.model import (
    Discard,
    Draw,
    DrawSource,
    Finish,
    LayMeld,
    LayOff,
    load_variant,
    parse_card,
    parse_cards,
)
from rummy.ui.app import App
from rummy.ui.table.controls import REFUSAL_SECONDS
from rummy.ui.table.dialogs import DeclareDialog
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.parts_contract import ContractParts

from .table_helpers import (
    CLASSIC,
    CONTRACT,
    click,
    draw_from_stock,
    grip,
    key,
    meld_center,
    meld_game,
    meld_table,
    new_meld_zone,
    placed,
    prepared_game,
    select,
    settle,
    table,
)


@pytest.mark.timeout(60)
def test_a_selected_card_clicked_on_the_open_deck_is_discarded(app: App) -> None:
    """It was read as a draw: "You already drew"."""
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)  # draws Q♣
    settle(app, scene)
    select(app, scene, "KD")
    click(app, scene.board.lay.open_deck.center)
    settle(app, scene)
    assert local_driver(scene.driver).actions[1] == Discard(0, parse_card("KD"))
    assert parse_card("KD") not in scene.hand.cards


@pytest.mark.timeout(60)
def test_a_card_left_selected_does_not_stop_a_click_on_a_deck_from_drawing(app: App) -> None:
    """Before the draw the selected card cannot be discarded: the click draws, as with
    nothing selected."""
    scene = table(app, prepared_game())
    select(app, scene, "KD")
    click(app, scene.board.lay.open_deck.center)
    settle(app, scene)
    assert local_driver(scene.driver).actions == [Draw(0, DrawSource.OPEN)]


@pytest.mark.timeout(60)
def test_a_selected_card_clicked_on_the_finish_slot_opens_the_declaration(app: App) -> None:
    """Nothing happened and nothing was said."""
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    select(app, scene, "4D")
    click(app, scene.board.lay.finish_slot.center)
    dialog = scene.dialog
    assert dialog is not None and dialog.card == parse_card("4D")
    # One confirmation, naming what it does (the groups as they stand are not yet a
    # valid show: the kings are not grouped).
    assert dialog.buttons["confirm"].name == dialog.consequence
    penalty = scene.driver.variant.declare.wrong_show_penalty
    assert dialog.consequence == f"Declare and lose {penalty}"
    click(app, dialog.buttons["confirm"].rect.center)
    settle(app, scene)
    last = local_driver(scene.driver).actions[-1]
    assert isinstance(last, Finish) and last.card == parse_card("4D")


@pytest.mark.timeout(60)
def test_the_finish_slot_clicked_with_nothing_selected_says_what_it_wants(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    click(app, scene.board.lay.finish_slot.center)
    assert scene.dialog is None
    assert scene.board.message == "Select the card to finish with, then click the finish slot"


@pytest.mark.timeout(60)
def test_the_declare_button_names_a_win_or_the_variants_own_penalty(app: App) -> None:
    """The consequence comes from the variant, not a figure written in the dialog."""
    base = load_variant("indian_13")
    variant = replace(base, params=replace(base.declare, wrong_show_penalty=55))
    valid = tuple(tuple(parse_cards(g)) for g in ("2S 3S 4S", "5H 6H 7H", "9C 10C JC QC",
                                                   "KD KH KS"))
    wrong = tuple(tuple(parse_cards(g)) for g in ("2S 3S 4S", "5H 6H 7H", "9C 10C JC QC",
                                                   "KD KH 2C"))
    shown = []
    for groups in (valid, wrong):
        dialog = DeclareDialog(parse_card("4D"), groups)
        scene = table(app, prepared_game())
        lay = scene.board.lay
        dialog.build(lay.size, scene.art, scene.text, variant, parse_card("5C"), lay.hand_w,
                     lay.font_normal)
        shown.append(dialog.buttons["confirm"].name)
        app.pop()
    assert shown == ["Declare and win", "Declare and lose 55"]


@pytest.mark.timeout(60)
def test_selected_cards_clicked_on_the_new_meld_zone_and_on_a_meld(app: App) -> None:
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "5S", "6S", "7S")
    click(app, new_meld_zone(scene))
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert isinstance(game.actions[-1], LayMeld)
    select(app, scene, "8S")
    click(app, meld_center(scene, 0))
    settle(app, scene)
    assert game.actions[-1:] == [LayOff(0, parse_card("8S"), 0, "high")]
    assert len(placed(scene).melds[0].cards) == 4


@pytest.mark.timeout(60)
def test_selected_cards_clicked_on_a_lay_down_slot_are_staged(app: App) -> None:
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    select(app, scene, "7S", "7H", "7D")
    click(app, placed(scene).slots[0].rect.center)
    settle(app, scene)
    assert parts.staged[0] == list(parse_cards("7S 7H 7D"))
    assert parse_card("7H") not in scene.hand.cards


@pytest.mark.timeout(60)
def test_a_click_on_a_staged_card_sends_back_that_card(app: App) -> None:
    """The last card added went back, whichever was clicked."""
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    select(app, scene, "7S", "7H", "7D")
    click(app, placed(scene).slots[0].rect.center)
    settle(app, scene)
    assert parts.staged[0] == list(parse_cards("7S 7H 7D"))
    slot = placed(scene).slots[0].rect
    click(app, (slot.x + 4, slot.centery))  # the first card's visible edge: 7♠
    settle(app, scene)
    assert parts.staged[0] == list(parse_cards("7H 7D"))
    assert parse_card("7S") in scene.hand.cards


@pytest.mark.timeout(60)
def test_lay_down_greys_out_at_once_when_a_slot_becomes_short(app: App) -> None:
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    for codes, slot in ((("7S", "7H", "7D"), 0), (("9C", "9D", "9S"), 1)):
        select(app, scene, *codes)
        click(app, placed(scene).slots[slot].rect.center)
        settle(app, scene)
    assert scene.board.buttons["laydown"].enabled
    second = placed(scene).slots[1].rect
    click(app, (second.x + 4, second.centery))  # one step: no settling in between
    assert not scene.board.buttons["laydown"].enabled


@pytest.mark.timeout(60)
def test_a_refusal_stays_until_the_next_action_or_four_seconds(app: App) -> None:
    scene = table(app, prepared_game())
    select(app, scene, "KD")
    key(app, pygame.K_d)  # not drawn yet: refused
    said = scene.board.message
    assert said == "Draw a card first"
    for _ in range(int((REFUSAL_SECONDS - 0.5) * 10)):
        app.step(0.1)
    assert scene.board.message == said  # read at 1.5 s, it had gone
    click(app, grip(scene, "KH"))  # the next action, before the 4 s: it stays till then
    assert scene.board.message == said
    for _ in range(10):
        app.step(0.1)
    assert scene.board.message == ""
    key(app, pygame.K_d)  # two selected now: refused again
    said = scene.board.message
    assert said
    for _ in range(int(REFUSAL_SECONDS * 30)):
        app.step(0.1)
    assert scene.board.message == said  # no action yet: still there after 12 s
    click(app, grip(scene, "KH"))
    assert scene.board.message == ""
