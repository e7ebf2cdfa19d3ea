"""A replay shows the toss as it was played (docs/rules.md, "The toss and the dealer"):
at a step where the deck lies spread for picking, the spread is on the felt with the
cards picked so far face up."""

from __future__ import annotations

import pygame
import pytest

from rummy.model.actions import Pick
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.screens.replay_table import ReplayTableScene
from rummy.ui.table.anim import Flights
from rummy.ui.table.ceremony import Ceremony

pytestmark = pytest.mark.timeout(60)


def picked_game() -> Session:
    """A two-player deal whose first seat picked card 9 of the spread, then seat 1 card 20."""
    game = Session.new("two_player_13", 2, 5, lone=True, ceremony=True)
    first = game.view(0).spread
    assert first is not None and first.picker is not None
    game.act(Pick(first.picker, 9))
    second = game.view(0).spread
    assert second is not None and second.picker is not None
    game.act(Pick(second.picker, 20))
    return game


def test_a_replay_step_shows_the_spread_and_the_cards_picked(app: App) -> None:
    game = picked_game()
    watch = app.open("replay_table", game=game)
    assert isinstance(watch, ReplayTableScene)
    surface = pygame.Surface(app.size)

    def region_at(index: int) -> bytes:
        watch.stepper.seek(index)
        watch.show()
        watch.draw(surface)
        assert watch.board is not None
        spread = Ceremony(watch.board, watch.art, watch.text, Flights())
        spread.follow(watch.stepper.views()[0])  # the spread's size places its cards
        rect = spread.card_rect(9)
        return pygame.image.tobytes(surface.subsurface(rect), "RGB")

    before, after = region_at(0), region_at(1)
    assert watch.stepper.views()[0].spread is not None
    # the picked card lies face up where it was picked: its place looks different once
    # picked, and the place of a card nobody picked does not
    assert before != after
    assert region_at(1) == after
