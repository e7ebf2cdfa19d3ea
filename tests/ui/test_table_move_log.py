"""The move log (issue 28, "a table a newcomer can follow"): the last few moves in words
on the felt, each seat's last move on its panel for a few seconds, a bot's pick from the
open deck named as such, in the family's own words for its piles."""

from __future__ import annotations

import pygame
import pytest

from rummy.model import parse_card, parse_cards
from rummy.model.actions import DECKS, STOCK, DrawSource, Piles
from rummy.model.events import (
    CardDiscarded,
    CardDrawn,
    CardLaidOff,
    Declared,
    Event,
    MeldLaid,
    PlayerDropped,
    TurnBegan,
    TurnMissed,
)
from rummy.model.table_melds import MeldRules, new_meld
from rummy.model.variant import load_variant
from rummy.ui.app import App
from rummy.ui.table.move_log import SEAT_SECONDS, MoveLog, move_of

from .table_helpers import (
    click,
    drag,
    grip,
    meld_game,
    meld_table,
    prepared_game,
    settle,
    table,
)

NAMES = ["You", "Medium 2", "Asha"]


def said(event: Event, piles: Piles = DECKS) -> str | None:
    move = move_of(event, NAMES.__getitem__, piles)
    return None if move is None else move.line


def test_moves_read_in_the_family_s_words() -> None:
    two = parse_card("2D")
    assert said(CardDrawn(1, DrawSource.OPEN, two)) == "Medium 2 took 2♦ from the open deck"
    assert said(CardDrawn(1, DrawSource.OPEN, two), STOCK) == \
        "Medium 2 took 2♦ from the discard pile"
    took = move_of(CardDrawn(1, DrawSource.OPEN, two), NAMES.__getitem__, DECKS)
    assert took is not None and took.short == "took 2♦"  # what its badge has room for
    assert said(CardDrawn(1, DrawSource.CLOSED, None)) == "Medium 2 drew from the closed deck"
    assert said(CardDrawn(1, DrawSource.CLOSED, None), STOCK) == "Medium 2 drew from the stock"
    assert said(CardDrawn(0, DrawSource.CLOSED, two)) == "You drew 2♦ from the closed deck"
    assert said(CardDiscarded(2, parse_card("KS"))) == "Asha discarded K♠"
    assert said(Declared(2, False, "fewer than 2 sequences", ())) == \
        "Asha declared a wrong show (fewer than 2 sequences)"
    assert said(PlayerDropped(1, 20)) == "Medium 2 dropped (20 points)"
    assert said(TurnMissed(1, 2)) == "Medium 2 missed a turn: the clock played it"
    # where missed turns drop a seat, how many of them (the family's figures)
    move = move_of(TurnMissed(0, 2), NAMES.__getitem__, DECKS, missed=(3, 40))
    assert move is not None and move.line == "You missed turn 2 of 3: the clock played it"
    assert move.short == "missed turn 2 of 3"
    assert said(TurnBegan(1)) is None  # not a move


def test_melds_laid_and_laid_off_read_as_their_cards() -> None:
    rules = MeldRules.of(load_variant("super_rummy"))
    run = new_meld(rules, parse_cards("7C 8C 9C"))
    longer = new_meld(rules, parse_cards("7C 8C 9C 10C"))
    assert run is not None and longer is not None
    assert said(MeldLaid(2, 0, run), STOCK) == "Asha laid 7♣ 8♣ 9♣"
    assert said(CardLaidOff(1, parse_card("10C"), 0, longer), STOCK) == \
        "Medium 2 laid 10♣ off onto 7♣ 8♣ 9♣"


def test_a_seat_shows_its_last_move_for_a_few_seconds_and_the_log_keeps_five() -> None:
    log = MoveLog(DECKS)
    for card in ["2S", "3S", "4S", "5S", "6S", "7S"]:
        log.note(CardDiscarded(1, parse_card(card)), NAMES.__getitem__)
    assert list(log.lines) == [f"Medium 2 discarded {c}♠" for c in "34567"]
    assert log.last_move(1) == "discarded 7♠" and log.last_move(2) is None
    log.update(SEAT_SECONDS - 0.5)
    assert log.last_move(1) == "discarded 7♠"
    log.update(1.0)
    assert log.last_move(1) is None
    assert len(log.lines) == 5  # the log stays


def _pixels(app: App, area: pygame.Rect) -> bytes:
    return pygame.image.tobytes(app.screen.subsurface(area), "RGB")


@pytest.mark.timeout(60)
def test_the_bot_s_pick_from_the_open_deck_is_logged_and_shown_at_its_seat(app: App) -> None:
    scene = table(app, prepared_game())
    area = scene.board.lay.move_log
    bare = _pixels(app, area)
    click(app, scene.board.lay.closed_deck.center)  # Q♣
    settle(app, scene)
    drag(app, grip(scene, "4D"), scene.board.lay.open_deck.center)  # 5♦ 6♦ 7♦ want it
    for _ in range(300):
        app.step(1 / 30)
        if any("discarded" in line for line in list(scene.board.moves.lines)[2:]):
            break
    lines = list(scene.board.moves.lines)
    assert lines[:3] == ["You drew Q♣ from the closed deck", "You discarded 4♦",
                         "Greedy 2 took 4♦ from the open deck"]
    assert lines[3].startswith("Greedy 2 discarded ")
    assert scene.board.moves.last_move(1) == lines[3].removeprefix("Greedy 2 ")
    app.step(1 / 30)
    assert _pixels(app, area) != bare  # written on the felt
    for _ in range(int(SEAT_SECONDS * 30) + 10):
        app.step(1 / 30)
    assert scene.board.moves.last_move(1) is None


@pytest.mark.timeout(60)
def test_the_log_names_the_stock_and_melds_at_a_classic_table(app: App) -> None:
    game = meld_game("super_rummy", ["2H 3H 4H 9C 9D KS QD", "5S 6S 7S 8D 8H 8C JD"],
                     stock="AS")
    scene = meld_table(app, game, "super_rummy")
    drag(app, scene.board.lay.closed_deck.center,
         (scene.board.lay.hand_area.centerx, scene.board.lay.hand_y + 20))
    settle(app, scene)
    assert list(scene.board.moves.lines) == ["You drew A♠ from the stock"]
