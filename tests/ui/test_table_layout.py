"""Where the table's texts go: a message never covers the closed deck's count, the piles
or the buttons, and the status line under it stays clear of the buttons, at every window
size and seat count (measured with the game's own fonts); where a hand's groups end; the
match line and the meld table's name tags clear of what lies beside them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from rummy.model.cards import parse_cards
from rummy.model.table_melds import MeldRules, lay_run, lay_set
from rummy.model.variant import load_variant
from rummy.ui.app import App
from rummy.ui.table.board_paint import match_rows
from rummy.ui.table.layout import card_height, compute_layout
from rummy.ui.table.meld_area import layout_melds, tag_font
from rummy.ui.table.panels import PanelCache, draw_seat
from rummy.ui.table.parts_declare import DeclareParts
from rummy.ui.table.parts_melds import MeldParts
from rummy.ui.table.sprites import CardArt, TextCache

LONG_MESSAGE = "You will drop at the start of your turn"  # the longest the table says


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080),
                                  (2560, 1440), (1024, 768)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("melds", [False, True], ids=["declare", "melds"])
def test_the_message_and_status_line_cover_nothing(app: App, size: tuple[int, int],
                                                   players: int, melds: bool) -> None:
    lay = compute_layout(size, players, 0, melds=melds)
    text = TextCache(app.res)
    fs, fn = lay.font_small, lay.font_normal
    count = text.get("104", fs).get_rect(midtop=(lay.closed_deck.centerx, lay.stock_count_top))
    message = text.get(LONG_MESSAGE, fn, bold=True).get_rect(
        center=lay.message_pos).inflate(24, 10)
    mx, my = lay.message_pos
    status = text.get("Discard a card, or drop one on the finish slot to declare", fs
                      ).get_rect(center=(mx, my + fn + fs))
    # the closed deck's stack is drawn up to 12 pixels below and right of its place
    piles = [lay.closed_deck.inflate(12, 12).move(6, 6), lay.open_deck, lay.finish_slot]
    for rect in [count, *piles]:
        assert not message.colliderect(rect), (message, rect)
    for button in lay.buttons.values():
        assert not message.colliderect(button) and not status.colliderect(button)
    assert not status.colliderect(message)
    assert pygame.Rect((0, 0), size).contains(message)


# The player's own line and a seat's badge line at their longest in each family.
OWN_LINES = {False: "count 94 (costs 80) · score 101", True: "104 pts unmatched · score 250"}
FAMILY_BUTTONS = {False: DeclareParts.buttons, True: MeldParts.buttons}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (960, 600), (960, 720), (1024, 768),
                                  (1280, 720), (1280, 1000), (1280, 1024), (1920, 1080),
                                  (1920, 1440)])
@pytest.mark.parametrize("players", [2, 4, 6])
@pytest.mark.parametrize("melds", [False, True], ids=["declare", "melds"])
def test_the_players_line_and_the_seats_badges_fit(app: App, size: tuple[int, int],
                                                   players: int, melds: bool) -> None:
    """In a 4:3 window the button row once ran over "41 pts in hand · score 0", and
    "7 cards · 11 pts" out of its badge: text grew with the height alone. (A badge now
    says "7 cards · score 11".)"""
    lay = compute_layout(size, players, 0, melds=melds, names=FAMILY_BUTTONS[melds])
    text = TextCache(app.res)
    fs = lay.font_small
    x, y = lay.count_pos[0], lay.my_panel.y
    line = text.get(OWN_LINES[melds], fs).get_rect(topleft=(x, y + fs + 6))
    for button in lay.buttons.values():
        assert not line.colliderect(button), (line, button)
    for spot in lay.seats.values():
        detail = text.get("13 cards · score 250", fs).get_rect(
            topleft=(spot.panel.x + 10, spot.panel.y + 10 + fs))
        assert spot.panel.contains(detail), (detail, spot.panel)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080), (1024, 768)])
@pytest.mark.parametrize("groups", [[13], [3, 3, 4, 3], [4, 2, 3, 2, 1, 2], [3, 2, 2, 1, 3, 3],
                                    [1] * 14], ids=str)
def test_a_hand_shows_where_each_group_ends(size: tuple[int, int], groups: list[int]) -> None:
    """Felt between groups, every card's corner readable, the hand inside its area."""
    lay = compute_layout(size, 4, 0)
    rows = lay.hand_positions(groups)
    xs = [x for row in rows for x, _ in row]
    assert xs == sorted(xs)
    assert lay.hand_area.left <= xs[0] and xs[-1] + lay.hand_w <= lay.hand_area.right
    steps = [b[0] - a[0] for row in rows for a, b in zip(row, row[1:], strict=False)]
    assert all(step >= lay.hand_w * 0.3 for step in steps), steps
    ends = [(row[-1][0], nxt[0][0]) for row, nxt in zip(rows, rows[1:], strict=False)]
    if len(groups) <= 6:  # a dealt hand sorted by suit, or a declaration's groups
        for last, first in ends:
            assert first - (last + lay.hand_w) >= lay.hand_w // 8, (size, groups, last, first)
    else:  # fourteen groups of one card: still set apart by more than a card's step
        assert all(first - last > max(steps, default=0) for last, first in ends)


LONG_MATCH_LINES = ("Round 6 of 7: one set of three and two runs of four",
                    "Round 12 · first to 250 wins", "Pool 201 · deal 12", "Deal 6 of 6")


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1366, 768), (1920, 1080),
                                  (1024, 768)])
@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("melds", [False, True], ids=["declare", "melds"])
def test_the_match_line_stays_clear_of_the_opponents(app: App, size: tuple[int, int],
                                                     players: int, melds: bool) -> None:
    lay = compute_layout(size, players, 0, melds=melds)
    font = app.res.font(lay.font_small + 1, bold=True)
    x = y = lay.count_pos[0]
    for line in LONG_MATCH_LINES:
        rows = match_rows(font, line, lay.match_room)
        assert " ".join(rows) == line
        block = pygame.Rect(x, y, max(font.size(r)[0] for r in rows),
                            len(rows) * (lay.font_small + 6))
        for spot in lay.seats.values():
            assert not block.colliderect(spot.panel), (line, rows, spot.panel)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_an_owners_name_tag_never_runs_under_its_melds(app: App, size: tuple[int, int],
                                                      players: int) -> None:
    variant = load_variant("dummy_rummy")
    rules = MeldRules.of(variant)
    names = ["You", *(f"Medium {i + 1}" for i in range(1, players))]
    melds = []
    for owner in range(players):  # a set and a run each, as round 2 asks
        kind = lay_set(rules, parse_cards("QH QS QD"), owner)
        run = lay_run(rules, parse_cards("5C 6C 7C 8C JK"), owner)
        assert kind is not None and run is not None
        melds += [kind, run]
    lay = compute_layout(size, players, 0, melds=True)
    font = app.res.font(tag_font(lay.font_small), bold=True)
    placed = layout_melds(lay, melds, names, lambda name: font.size(name)[0])
    height = card_height(placed.card_w)
    for name, (x, y) in placed.tags:
        w, h = font.size(name)
        tag = pygame.Rect(x, y + height // 2 - h // 2, w, h)
        for spot in placed.melds:
            assert not tag.colliderect(spot.rect), (name, tag, spot.rect)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("timer", [None, "100s"])
def test_a_seat_badge_s_name_gives_way_to_its_clock(app: App, timer: str | None) -> None:
    """A long name (24 letters online) is cut with "…" to end clear of the badge's clock
    and edge ("Ben (away)" ran into "100s", "Bartholomew Alexander" out of the badge)."""
    lay = compute_layout((1280, 720), 2, 0)
    spot = next(iter(lay.seats.values()))
    text, shown = TextCache(app.res), []
    real = text.get

    def get(words: str, size: int, *rest: Any, **named: Any) -> pygame.Surface:
        surf = real(words, size, *rest, **named)
        shown.append((words, surf.get_width()))
        return surf

    text.get = get  # type: ignore[method-assign, assignment]
    surface = pygame.Surface(lay.size)
    draw_seat(surface, lay, spot, CardArt(app.res), text, PanelCache(),
              "Bartholomew Alexander (away)", "7 cards · 11 pts", 7, False, False, timer)
    (name, name_w), *rest = [(w, width) for w, width in shown if w.startswith("Bart")]
    assert name.endswith("…") and not rest
    clock_w = next((width for w, width in shown if w == timer), 0)
    assert 10 + name_w + (clock_w + 6 if timer else 0) <= spot.panel.width - 8
    # "away" goes to the line below rather than be cut ("Alice (aw…" said neither)
    assert "away · 7 cards · 11 pts" in [w for w, _ in shown]
    shown.clear()
    draw_seat(surface, lay, spot, CardArt(app.res), text, PanelCache(),
              "Alice (away)", "13 cards · 0 pts", 13, False, False, "22s")
    words = [w for w, _ in shown]
    assert "Alice" in words and "away · 13 cards · 0 pts" in words


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
def test_a_card_dropped_in_the_felt_between_two_groups_makes_a_group_there(
        size: tuple[int, int]) -> None:
    """Dropped between two groups, a drawn card joined the next one, turning a set
    "Invalid" (a play-tester); on a group it joins it, past either end it is apart."""
    from rummy.ui.table.drag import hand_place

    lay = compute_layout(size, 4, 0)
    groups = [list(parse_cards("2S 3S 4S")), list(parse_cards("KH KD KC"))]
    first, second = lay.hand_positions([3, 3])
    between = (first[-1][0] + lay.hand_w + second[0][0]) // 2
    assert first[-1][0] + lay.hand_w < between < second[0][0]
    assert hand_place(lay, groups, between) == (1, 0, True)
    assert hand_place(lay, groups, second[1][0] + lay.hand_w // 2)[:2] == (1, 1)
    assert hand_place(lay, groups, second[-1][0] + lay.hand_w * 2) == (2, 0, True)
