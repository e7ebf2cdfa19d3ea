"""What a new player found wrong at the table, each kept fixed by a test."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame
import pytest

from rummy.model import Card, parse_card, parse_cards
from rummy.model.families.declare_deal import deal_from_cards
from rummy.model.scoring import DealResult, ShownHand, round_result
from rummy.model.variant import load_variant
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.table import TableScene, dialogs
from rummy.ui.table.dialogs import DeclareDialog, _in_order
from rummy.ui.table.sprites import CardArt, TextCache

from .table_helpers import click, grip, key, settle, table

# No pure sequence anywhere: the solver's best arrangement has no groups at all.
NO_PURE = "2S 5S 9S 3H 7H JH 4D 8D QD 6C 10C KC AS"
OTHER = "AH 2H 4H 9H 10H JD 5D 6D 7D QH QS 2C 3C"


def no_pure_table(app: App) -> TableScene:
    """Seat 0 holds ``NO_PURE`` and moves first."""
    game = Session.lone_deal("indian_13", players=2, seed=3)
    game.state = deal_from_cards(
        game.variant, [parse_cards(NO_PURE), parse_cards(OTHER)], parse_cards("5C"),
        parse_card("8H"), closed_top=parse_cards("KD"), first_player=0, seed=3)
    return table(app, game)


@pytest.mark.timeout(60)
def test_a_hint_never_undoes_the_players_groups(app: App) -> None:
    scene = no_pure_table(app)
    click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    for code in ("2S", "5S", "9S"):
        click(app, grip(scene, code))
        settle(app, scene)
    key(app, pygame.K_g)
    settle(app, scene)
    before = [list(g) for g in scene.hand.groups]
    count = scene.hand.count()
    key(app, pygame.K_h)
    for _ in range(50):
        app.step(1 / 30)
        if scene.hint_job is None:
            break
    assert scene.board.message.startswith("Hint: ")
    assert len(scene.hand.groups) > 1  # not merged into one "Invalid" group
    assert scene.hand.count() <= count
    assert [parse_card(c) for c in ("2S", "5S", "9S")] in scene.hand.groups or \
        scene.hand.groups == before


def test_the_result_shows_the_players_own_order() -> None:
    groups = [parse_cards("7H 8H 9H"), parse_cards("KS KD KC")]
    order = parse_cards("KC KS KD 4D 9H 8H 7H")
    assert _in_order(groups, order) == [list(parse_cards("KC KS KD")),
                                        list(parse_cards("9H 8H 7H"))]


def test_the_result_panel_reads_in_seat_order_with_others_loose_cards_sorted(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """Four hands read across, then down (You, seat 2 / seat 3, seat 4: they were read
    down the columns); a bot's loose cards by suit and rank, not as they lay."""
    drawn: list[tuple[int, int, list[str]]] = []

    def seen(surf: object, art: object, text: object, variant: object, cut: object,
             groups: object, loose: Sequence[Card], x: int, y: int, *rest: object) -> None:
        drawn.append((x, y, [c.code for c in loose]))

    monkeypatch.setattr(dialogs, "_draw_groups", seen)
    hands = tuple(ShownHand((), tuple(parse_cards(h)))
                  for h in ("2S 3S", "KD 4S AS", "9C 8C", "QH 2H"))
    result = DealResult(0, (0, 5, 17, 12), (0, 5, 17, 12), 34, ("", "", "", ""), hands)
    variant = load_variant("indian_13")
    panel = dialogs.ResultPanel(result, ["You", "B", "C", "D"], variant, None, False)
    panel.build((1280, 720), CardArt(app.res), TextCache(app.res), 18)
    (x0, y0, _), (x1, y1, loose1), (x2, y2, _), (x3, y3, _) = drawn
    assert y0 == y1 < y2 == y3 and x0 == x2 < x1 == x3
    assert loose1 == ["AS", "4S", "KD"]


def test_wild_cards_keep_their_star_in_the_declare_dialog(app: App,
                                                           monkeypatch: pytest.MonkeyPatch
                                                           ) -> None:
    starred: list[tuple[int, int]] = []
    monkeypatch.setattr(dialogs, "draw_wild_badge",
                        lambda surface, text, pos, w, h: starred.append(pos))
    game = Session.lone_deal("indian_13", players=2, seed=3)
    scene = table(app, game)
    groups = (tuple(parse_cards("2S 3S 4S")), tuple(parse_cards("9H 9D 9C")),
              tuple(parse_cards("5H 9S 7H")))
    dialog = DeclareDialog(parse_card("KD"), groups)
    lay = scene.board.lay
    dialog.build(lay.size, scene.art, scene.text, game.variant, parse_card("9C"), lay.hand_w,
                 lay.font_normal)
    assert len(starred) == 4  # 9H 9D 9C and 9S are wild with a 9 cut


def test_the_deals_last_action_is_played_once() -> None:
    from rummy.model import Discard, Draw, DrawSource, Finish
    from rummy.model import match as match_module
    from rummy.ui.table.driver import TableDriver

    from .table_helpers import prepared_game

    driver = TableDriver.new("indian_13", {}, 2, ("greedy",), 3, 0, game=prepared_game())
    try:
        assert driver.act(Draw(0, DrawSource.CLOSED)) is None

        # the match scores a finished deal and deals the next; it has no way to apply the
        # deal's action a second time
        assert not hasattr(match_module, "apply") and not hasattr(match_module, "apply_match")
        groups = tuple(tuple(parse_cards(g)) for g in
                       ("2S 3S 4S", "5H 6H 7H", "9C 10C JC QC", "KD KH KS"))
        assert driver.act(Finish(0, parse_card("4D"), groups)) is None
        assert driver.over and driver.match.over and driver.match.winner == 0
        assert Discard not in {type(a) for a in driver.actions}
    finally:
        driver.close()


@pytest.mark.timeout(60)
def test_the_line_under_the_players_name_gives_the_count_and_the_score(app: App) -> None:
    """The count of the hand as arranged (capped at what it would cost) and the score."""
    scene = no_pure_table(app)
    total = scene.hand.count()
    assert total > 80  # no pure sequence: every card counts
    assert scene.board.my_line() == f"count {total} (costs 80) · score 0"


def test_points_taken_off_in_a_round_with_no_winner_read_as_a_loss(app: App) -> None:
    """A classic round that ends without a winner takes each hand's value off its score:
    the panel said "You 10 points", which reads as a gain."""
    shown: list[str] = []
    text = TextCache(app.res)
    real = text.get

    def get(words: str, size: int, *rest: Any, **named: Any) -> pygame.Surface:
        shown.append(words)
        return real(words, size, *rest, **named)

    text.get = get  # type: ignore[method-assign, assignment]
    hands = tuple(ShownHand((), tuple(parse_cards(h))) for h in ("10S", "AS", ""))
    result = round_result(None, (10, 1, 0), (-10, -1, 0),
                          "the stock went round 4 times with nothing laid", hands)
    panel = dialogs.ResultPanel(result, ["You", "B", "C"], load_variant("super_rummy"), None,
                                False)
    panel.build((1280, 720), CardArt(app.res), text, 18)
    assert {"\N{MINUS SIGN}10 points", "\N{MINUS SIGN}1 point", "0 points"} <= set(shown)
