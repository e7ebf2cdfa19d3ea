"""The table scene under the SDL dummy driver, driven by real posted mouse and key events."""

from __future__ import annotations

import pygame
import pytest

from rummy.model import (
    Discard,
    Draw,
    DrawSource,
    Drop,
    Finish,
    Phase,
    Timeout,
    parse_card,
    parse_cards,
)
from rummy.model.events import CardDiscarded
from rummy.model.families.declare_deal import deal_from_cards
from rummy.ui.app import App
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.hand import sort_key

from .table_helpers import (
    HAND,
    OTHER,
    ask_hint,
    click,
    drag,
    draw_closed_by_drag,
    grip,
    hand_point,
    key,
    post,
    prepared_game,
    settle,
    table,
)


@pytest.mark.timeout(60)
def test_draw_by_drag_from_the_closed_deck(app: App) -> None:
    scene = table(app, prepared_game())
    jack = scene.board.sprites[parse_card("JC")]
    drop = (round(jack.x) + scene.board.lay.hand_w, hand_point(scene)[1])
    drag(app, scene.board.lay.closed_deck.center, drop)
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert game.actions == [Draw(0, DrawSource.CLOSED)]
    assert game.state.phase is Phase.DISCARD
    assert len(scene.hand) == 14
    clubs = next(g for g in scene.hand.groups if parse_card("JC") in g)
    assert clubs[-1] == parse_card("QC")  # where it was dropped: after the J♣
    assert parse_card("QC") in scene.board.sprites


@pytest.mark.timeout(60)
def test_draw_by_drag_from_the_open_deck(app: App) -> None:
    scene = table(app, prepared_game())
    drag(app, scene.board.lay.open_deck.center, hand_point(scene))
    settle(app, scene)
    assert str(local_driver(scene.driver).actions[0]) == "0: draw open"
    assert parse_card("5C") in scene.hand.cards
    assert scene.board.open_pile == []


@pytest.mark.timeout(60)
def test_a_click_on_the_closed_deck_draws_into_the_natural_place(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    clubs = next(g for g in scene.hand.groups if parse_card("JC") in g)
    assert clubs[-1] == parse_card("QC")


@pytest.mark.timeout(60)
def test_reorder_by_drag_within_the_hand(app: App) -> None:
    scene = table(app, prepared_game())
    first = scene.hand.cards[0]
    lay = scene.board.lay
    drag(app, grip(scene, first.code), (lay.size[0] - lay.hand_w // 3, hand_point(scene)[1]))
    settle(app, scene)
    assert scene.hand.cards[-1] == first
    assert scene.hand.groups[-1] == [first]  # dropped past the end: a group of its own
    assert local_driver(scene.driver).actions == []  # rearranging is not a move
    target = scene.board.sprites[first]
    assert (target.x, target.y) == (target.tx, target.ty)


@pytest.mark.timeout(60)
def test_discard_by_drag_onto_the_open_deck(app: App) -> None:
    scene = table(app, prepared_game())
    draw_closed_by_drag(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.open_deck.center)
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert game.actions[1] == Discard(0, parse_card("4D"))
    assert parse_card("4D") not in scene.hand.cards
    assert CardDiscarded(0, parse_card("4D")) in game.state.history


@pytest.mark.timeout(60)
def test_an_illegal_drop_snaps_back_with_the_engines_reason(app: App) -> None:
    scene = table(app, prepared_game())
    card = parse_card("4D")
    home = scene.board.sprites[card].tx, scene.board.sprites[card].ty
    drag(app, grip(scene, "4D"), scene.board.lay.open_deck.center)
    assert scene.board.message == "Draw a card first"
    assert local_driver(scene.driver).actions == []
    settle(app, scene)
    sprite = scene.board.sprites[card]
    assert (sprite.x, sprite.y) == home and card in scene.hand.cards


@pytest.mark.timeout(60)
def test_d_without_one_card_selected_says_what_to_do(app: App) -> None:
    """D with nothing selected did nothing and said nothing (a play-tester)."""
    scene = table(app, prepared_game())
    key(app, pygame.K_d)
    assert scene.board.message == "Draw a card first"
    draw_closed_by_drag(app, scene)
    key(app, pygame.K_d)
    assert scene.board.message == ("Select the card to discard, then D (or drag it onto the"
                                   " discard pile)")
    click(app, grip(scene, "4D"))
    click(app, grip(scene, "JC"))
    key(app, pygame.K_d)
    assert scene.board.message == "Select one card to discard"
    assert len(local_driver(scene.driver).actions) == 1  # only the draw


@pytest.mark.timeout(60)
def test_a_drop_out_of_turn_says_not_your_turn(app: App) -> None:
    game = prepared_game()
    game.state = deal_from_cards(
        game.variant, [parse_cards(HAND), parse_cards(OTHER)], parse_cards("5C"),
        parse_card("8D"), first_player=1, seed=3)
    scene = table(app, game, speed=1.0)  # the bot waits half a second before it moves
    assert local_driver(scene.driver).state.turn == 1
    drag(app, grip(scene, "4D"), scene.board.lay.open_deck.center, steps=2)
    assert scene.board.message == "Not your turn"
    assert local_driver(scene.driver).actions == []
    assert parse_card("4D") in scene.hand.cards


@pytest.mark.timeout(60)
def test_hint_suggests_a_discard_and_arranges_the_hand(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    ask_hint(app, scene)
    assert scene.board.message.startswith("Hint: ")
    (card,) = scene.hand.selected
    assert card == parse_card("4D")
    kinds = [label for label, _key, _x in scene.board.labels]
    assert kinds.count("Pure sequence") >= 3 and "Set" in kinds
    key(app, pygame.K_d)  # the hint followed: it is not left up over the next turns
    assert card not in scene.driver.view.hand
    assert not scene.board.message.startswith("Hint: ")


def group_kings(app: App, scene: TableScene) -> None:
    for code in ("KD", "KH", "KS"):
        click(app, grip(scene, code))
        settle(app, scene)
    key(app, pygame.K_g)
    settle(app, scene)


@pytest.mark.timeout(60)
def test_group_labels_follow_the_groups(app: App) -> None:
    scene = table(app, prepared_game())
    group_kings(app, scene)
    assert sorted(c.code for c in scene.hand.groups[-1]) == ["KD", "KH", "KS"]
    labels = [label for label, _key, _x in scene.board.labels]
    assert labels[-1] == "Set"
    assert labels.count("Pure sequence") == 3  # 2-3-4♠, 5-6-7♥, 9-10-J♣; 4♦ alone: Invalid
    assert "Invalid" in labels


@pytest.mark.timeout(60)
def test_the_card_lifted_is_the_one_under_a_still_pointer_after_grouping(app: App) -> None:
    """Group moves cards under a pointer that does not move: the card lifted follows
    (the one that had been under it stayed lifted where it went)."""
    scene = table(app, prepared_game())
    pointer = grip(scene, "KD")
    post(pygame.MOUSEMOTION, pointer, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    assert scene.board.hover_card == parse_card("KD")
    group_kings(app, scene)  # its clicks leave the pointer where KS was
    post(pygame.MOUSEMOTION, pointer, rel=(0, 0), buttons=(0, 0, 0))
    app.step(1 / 60)
    key(app, pygame.K_s)
    settle(app, scene)
    assert scene.board.hover_card == scene.board.card_at(pointer)


@pytest.mark.timeout(60)
def test_sort_orders_by_suit_then_rank_wild_jokers_last(app: App) -> None:
    scene = table(app, None, players=3)
    scene.hand.groups = [list(reversed(scene.hand.cards))]
    key(app, pygame.K_s)
    cards = scene.hand.cards
    wild = scene.driver.view.wild_rank
    keys = [sort_key(c, wild) for c in cards]
    assert keys == sorted(keys)
    jokers = [c for c in cards if c.is_printed_joker or c.rank == wild]
    assert cards[len(cards) - len(jokers):] == jokers


@pytest.mark.timeout(60)
def test_finish_slot_drop_opens_the_dialog_and_confirm_declares(app: App) -> None:
    scene = table(app, prepared_game())
    click(app, scene.board.lay.closed_deck.center)  # Q♣ joins the clubs by itself
    settle(app, scene)
    group_kings(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None and scene.dialog.card == parse_card("4D")
    assert local_driver(scene.driver).actions == [Draw(0, DrawSource.CLOSED)]
    click(app, scene.dialog.buttons["confirm"].rect.center)
    settle(app, scene)
    last = local_driver(scene.driver).actions[-1]
    assert isinstance(last, Finish) and last.groups is not None
    kings = [set(g) for g in last.groups if parse_card("KD") in g]
    assert kings == [set(parse_cards("KD KH KS"))]
    result = local_driver(scene.driver).state.result
    assert result is not None and result.winner == 0
    assert scene.result is not None and scene.deals_done == 1


@pytest.mark.timeout(60)
def test_the_declare_dialog_closes_when_the_clock_plays_the_turn(app: App) -> None:
    """Online the server's clock runs on while the dialog is open; once it has played the
    turn the dialog closes and says so (it stayed, and Declare said "Not your turn")."""
    scene = table(app, prepared_game({"turn_timer": 15}), options={"turn_timer": 15})
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None
    assert scene.driver.act(Timeout(0)) is None  # as the server's clock would
    for _ in range(5):
        app.step(1 / 30)
    assert scene.dialog is None and scene.board.message.startswith("Your time ran out")


@pytest.mark.timeout(60)
def test_cancelling_the_declaration_returns_the_card(app: App) -> None:
    scene = table(app, prepared_game())
    draw_closed_by_drag(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None
    click(app, scene.dialog.buttons["cancel"].rect.center)
    settle(app, scene)
    assert scene.dialog is None and parse_card("4D") in scene.hand.cards
    assert len(local_driver(scene.driver).actions) == 1


@pytest.mark.timeout(60)
def test_buttons_are_enabled_only_when_legal(app: App) -> None:
    scene = table(app, prepared_game())
    buttons = scene.board.buttons
    assert buttons["drop"].enabled and not buttons["discard"].enabled
    click(app, grip(scene, "4D"))
    assert not buttons["discard"].enabled  # selected, but no card drawn yet
    draw_closed_by_drag(app, scene)
    assert buttons["discard"].enabled and buttons["finish"].enabled
    assert not buttons["drop"].enabled
    key(app, pygame.K_d)
    settle(app, scene)
    assert local_driver(scene.driver).actions[1] == Discard(0, parse_card("4D"))


@pytest.mark.timeout(60)
def test_window_resize_lays_the_table_out_again(app: App) -> None:
    scene = table(app, None, players=6)
    big = scene.board.lay.hand_w
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=960, h=600, size=(960, 600)))
    app.step(1 / 30)
    lay = scene.board.lay
    assert lay.size == (960, 600) and lay.hand_w < big
    screen = pygame.Rect(0, 0, 960, 600)
    for sprite in scene.board.sprites.values():
        assert screen.contains(pygame.Rect(sprite.tx, sprite.ty, lay.hand_w, lay.hand_h))
    for spot in lay.seats.values():
        assert screen.contains(spot.panel)
    assert len(lay.seats) == 5


@pytest.mark.timeout(60)
def test_the_turn_timer_plays_a_missed_turn(app: App) -> None:
    scene = table(app, prepared_game({"turn_timer": 15}), options={"turn_timer": 15})
    assert scene.board.timer is not None and scene.board.timer > 14
    for _ in range(16 * 10):
        app.step(0.1)
        if local_driver(scene.driver).actions:
            break
    assert local_driver(scene.driver).actions[0] == Timeout(0)


@pytest.mark.timeout(60)
def test_esc_leaves_the_table(app: App) -> None:
    scene = table(app, prepared_game())
    key(app, pygame.K_ESCAPE)
    assert scene not in app.stack


@pytest.mark.timeout(60)
def test_drop_asks_once_then_drops(app: App) -> None:
    scene = table(app, prepared_game())
    drop = scene.board.buttons["drop"].rect.center
    click(app, drop)
    assert "again" in scene.board.message and local_driver(scene.driver).actions == []
    click(app, drop)
    settle(app, scene)
    assert local_driver(scene.driver).actions == [Drop(0)]
    result = local_driver(scene.driver).state.result
    assert result is not None and result.winner == 1 and result.points[0] == 20
    assert scene.result is not None
    assert scene.board.my_line().startswith("out of this deal · score ")  # score kept


@pytest.mark.timeout(60)
def test_drop_looks_armed_until_the_question_lapses(app: App) -> None:
    """The question went with its line after 3 s, and the button looked the same asked or
    not, so a second press later only asked again (a play-tester)."""
    scene = table(app, prepared_game())
    button = scene.board.buttons["drop"]
    assert not button.armed
    click(app, button.rect.center)
    assert button.armed and local_driver(scene.driver).actions == []
    for _ in range(200):  # a little over CONFIRM_SECONDS
        app.step(1 / 60)
    assert not button.armed
    click(app, button.rect.center)  # asks again, as the button says
    assert button.armed and local_driver(scene.driver).actions == []


@pytest.mark.timeout(60)
def test_a_table_without_dropping_shows_no_drop_buttons(app: App) -> None:
    """Drop and Drop at my turn only where the table allows dropping out (docs/rules.md,
    Dropping): two greyed buttons that can never be pressed would only puzzle."""
    scene = table(app, prepared_game({"allow_drop": False}),
                  options={"allow_drop": False})
    assert not {"drop", "dropturn"} & set(scene.board.buttons)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)
    allowed = table(app, prepared_game())
    assert {"drop", "dropturn"} <= set(allowed.board.buttons)


@pytest.mark.timeout(60)
def test_drop_at_my_turn_is_set_and_cleared_while_waiting_and_drops_at_my_turn(
        app: App) -> None:
    """While the other seat plays, the toggle asks to drop at this seat's turn and takes
    the request back (docs/rules.md, Dropping); left set, the drop happens when the turn
    comes, before drawing, for the first-turn 20 points."""
    game = prepared_game()
    game.state = deal_from_cards(
        game.variant, [parse_cards(HAND), parse_cards(OTHER)], parse_cards("5C"),
        parse_card("8D"), first_player=1, seed=3)
    scene = table(app, game, speed=0.5)  # the bot waits a second before it moves
    assert local_driver(scene.driver).state.turn == 1
    toggle = scene.board.buttons["dropturn"]
    assert toggle.enabled and scene.board.buttons["drop"].enabled is False
    click(app, toggle.rect.center)
    assert scene.driver.view.declare.drop_at_turn and toggle.label == "Keep my turn"
    click(app, toggle.rect.center)
    assert not scene.driver.view.declare.drop_at_turn and toggle.label is None
    click(app, toggle.rect.center)
    assert scene.driver.view.declare.drop_at_turn
    for _ in range(600):
        app.step(1 / 30)
        if local_driver(scene.driver).state.result is not None:
            break
    result = local_driver(scene.driver).state.result
    assert result is not None and result.points[0] == 20 and result.winner == 1
    assert not any(isinstance(a, Draw) and a.seat == 0 for a in local_driver(scene.driver).actions)


@pytest.mark.timeout(60)
def test_drop_at_my_turn_is_taken_while_the_others_cards_still_move(app: App) -> None:
    """Pressed while the bot's move was still animated, it said "wait a moment" and was
    lost, and a bot's turn is over in a second or two (a play-tester)."""
    scene = table(app, prepared_game())
    draw_closed_by_drag(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.open_deck.center)  # the turn passes
    assert local_driver(scene.driver).state.turn == 1 and not scene.idle  # the discard still flies
    toggle = scene.board.buttons["dropturn"]
    assert toggle.enabled
    click(app, toggle.rect.center)
    assert scene.driver.view.declare.drop_at_turn, scene.board.message
