"""The count explains itself (issue 28): a line over the player's name says why the count
stands where it does, true for each family (docs/rules.md, "Scoring")."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy.model.cards import parse_cards
from rummy.model.grouping import count_reason, hand_count
from rummy.model.variant import load_variant
from rummy.ui.app import App
from rummy.ui.table import TableScene
from rummy.ui.table.driver_protocol import local_driver

from .table_helpers import (
    CONTRACT,
    click,
    grip,
    key,
    meld_game,
    meld_table,
    prepared_game,
    settle,
    table,
)


def groups(*texts: str) -> list[tuple[Any, ...]]:
    return [tuple(parse_cards(t)) for t in texts]


def test_each_case_of_the_declare_count_says_why() -> None:
    v = load_variant("indian_13")
    no_pure = groups("3S 4H 5S", "7H 7D 7C", "KS KD")
    assert count_reason(v, no_pure, None) == \
        "Every card counts until you have a pure sequence of 3 or more"
    one_pure = groups("3S 4S 5S", "7H 7D 7C", "KS KD")
    assert count_reason(v, one_pure, None) == ("Only the pure sequence is off the count: sets"
                                               " count until you have two sequences, one of"
                                               " them pure")
    # and it is so: the set's 21 points count, the pure sequence's do not
    assert hand_count(v, one_pure, None) == 21 + 20
    both = groups("3S 4S 5S", "8H 9H 10H", "7H 7D 7C", "KS KD")
    assert count_reason(v, both, None) == \
        "Your sequences are in: only the cards in no valid group count"
    assert hand_count(v, both, None) == 20
    shown = groups("3S 4S 5S", "8H 9H 10H", "7H 7D 7C", "KS KD KC")
    assert count_reason(v, shown, None) == "Every group is valid: nothing counts"


def test_the_figures_are_the_variant_s() -> None:
    two = load_variant("two_player_13")  # one pure sequence of 4 is a show there
    params = two.declare
    short = groups("3S 4S 5S", "7H 7D 7C")
    assert count_reason(two, short, None) == (
        f"Every card counts until you have a pure sequence of {params.pure_min_length} or more")


def _drawn(app: App, scene: TableScene) -> list[str]:
    shown: list[str] = []
    real = scene.text.get

    def get(words: str, *rest: Any, **named: Any) -> pygame.Surface:
        shown.append(words)
        return real(words, *rest, **named)

    scene.text.get = get  # type: ignore[method-assign, assignment]
    try:
        scene.painter.draw_afresh(app.screen)
    finally:
        del scene.text.get
    return shown


@pytest.mark.timeout(60)
def test_the_reason_is_written_and_follows_the_player_s_grouping(app: App) -> None:
    scene = table(app, prepared_game())
    before = scene.board.count_reason
    assert before and before in " ".join(_drawn(app, scene))
    # Group the kings into a set: with the two pure sequences already in, only loose
    # cards count now (the reason follows the hand as arranged).
    for code in ("KD", "KH", "KS"):
        click(app, grip(scene, code))
        settle(app, scene)
    key(app, pygame.K_g)
    settle(app, scene)
    after = scene.board.count_reason
    assert after == count_reason(local_driver(scene.driver).game.variant, scene.hand.groups,
                                 scene.driver.view.wild_joker)
    words = " ".join(_drawn(app, scene))
    assert after.split(":")[0] in words


@pytest.mark.timeout(60)
@pytest.mark.parametrize("variant", ["super_rummy", "dummy_rummy"])
def test_the_meld_families_say_what_counts(app: App, variant: str) -> None:
    game = meld_game(variant, CONTRACT if variant == "dummy_rummy" else
                     ["2H 3H 4H 9C 9D KS QD", "5S 6S 7S 8D 8H 8C JD"])
    scene = meld_table(app, game, variant)
    reason = scene.board.count_reason
    if variant == "super_rummy":  # melds held are laid for the player at the end
        assert reason == "Only cards in no meld count: the rest is laid for you at the end"
    else:  # contract rummy counts the hand as it is
        assert reason == "Every card in hand counts, melds too, until you lay them"
    assert reason in " ".join(_drawn(app, scene))
