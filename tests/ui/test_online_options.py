"""The Host screen offers the chosen variant's options, as New game does (the same
controls, :mod:`rummy.ui.options_panel`), and the hosted table gets them: the server's
``joined`` answer holds what was chosen. SDL's dummy driver and posted events; the server
runs on 127.0.0.1 on a port the OS picks and is stopped."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from rummy.net.discovery import FoundTable
from rummy.ui.app import App
from rummy.ui.catalog import table_words
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import LOOPBACK, OnlineScene
from rummy.ui.widgets import Selector, ellipsize

from .online_play import (
    click,
    frames_until,
    online_app,
    open_online,
    post,
    type_into,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


app = online_app


def control(online: OnlineScene, label: str) -> Selector:
    return next(c for c in online.options_view.controls if c.label.startswith(label))


def into_view(app: App, online: OnlineScene, label: str) -> Selector:
    """Page Down until the option's row is on screen (the rows scroll)."""
    view = online.options_view.scroll.view
    for _ in range(20):
        wanted = control(online, label)
        if view.contains(wanted.rect):
            return wanted
        post(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode="")
        app.step(1 / 60)
    raise AssertionError(f"{label} never came into view")


def test_a_hosted_table_gets_the_options_chosen(app: App) -> None:
    online = open_online(app)
    type_into(app, online.name.rect.center, "Asha")
    while online.variant.value != "indian_13":
        click(app, online.variant.right.center)
    labels = [c.label for c in online.options_view.controls]
    assert labels == ["Turn timer (seconds)", "Allow dropping out", "Printed jokers",
                      "Shortest pure sequence", "Match format"], labels
    timer = control(online, "Turn timer")
    assert 0 not in timer.values and timer.value == 30  # never off online
    click(app, timer.right.center)  # 45
    click(app, control(online, "Allow dropping out").rect.center)  # a toggle: off
    match = into_view(app, online, "Match")
    click(app, match.right.center)  # pool 101
    while online.bind.value != LOOPBACK:
        click(app, online.bind.right.center)
    type_into(app, online.port.rect.center, "0")
    chosen = {"turn_timer": 45, "allow_drop": False, "printed_jokers": 2,
              "pure_min_length": 3, "match_format": "pool_101"}
    assert online.options() == chosen
    click(app, online.host_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene), online.message
    frames_until(app, lambda: lobby.mirror_code)
    assert lobby.driver is not None
    assert lobby.driver.mirror.info["options"] == chosen  # as the server took them
    assert app.settings.online_options == {"indian_13": {
        "turn_timer": 45, "allow_drop": False, "match_format": "pool_101"}}
    # the lobby says what the table plays: the variant, the seats, the match and the
    # options changed from the file's defaults (the timer's default there is off)
    frames_until(app, lambda: lobby.table_words()[0])
    assert lobby.table_words() == (
        "Indian Rummy (13 cards) · 2 seats · pool 101: out at 101, last player left wins"
        " · 45 s a turn", "Allow dropping out: Off · Match format: pool to 101")


def test_a_hosted_contract_table_runs_the_clock_chosen(app: App) -> None:
    """Classic and contract rummy have no turn timer option: the host picks the server's
    clock (30 s unless chosen), remembered for the next table of the variant."""
    online = open_online(app)
    type_into(app, online.name.rect.center, "Asha")
    while online.variant.value != "dummy_rummy":
        click(app, online.variant.right.center)
    clock = control(online, "Turn timer")
    assert clock.values == [30, 45, 60, 90, 120] and clock.value == 30
    for _ in range(3):
        click(app, clock.right.center)
    assert online.turn_seconds() == 90 and app.settings.online_clock == {"dummy_rummy": 90}
    while online.variant.value != "indian_13":  # a variant with its own timer: no clock
        click(app, online.variant.right.center)
    assert online.turn_seconds() is None
    while online.variant.value != "dummy_rummy":
        click(app, online.variant.right.center)
    assert control(online, "Turn timer").value == 90
    while online.bind.value != LOOPBACK:
        click(app, online.bind.right.center)
    type_into(app, online.port.rect.center, "0")
    click(app, online.host_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene), online.message
    frames_until(app, lambda: lobby.table_words()[0])
    assert lobby.table_words()[0].endswith(" · 90 s a turn")
    assert lobby.driver is not None and lobby.driver.mirror.info["turn_seconds"] == 90


def test_table_words_name_a_variant_this_game_does_not_have() -> None:
    assert table_words("no_such_variant", {"x": 1}, 3) == (
        "no_such_variant · 3 seats · 30 s a turn", "")
    # a variant without a turn timer of its own: the server's clock
    first, changed = table_words("super_rummy", {"ace_rank": "high", "deck_count": 1}, 2)
    assert (first, changed) == ("Super Rummy · 2 seats · to 250 points · 30 s a turn",
                                "Aces: high (Q-K-A)")
    assert table_words("super_rummy", {}, 2, 120)[0].endswith(" · 120 s a turn")
    # an option this copy of the game refuses still shows; the match falls back to the file
    assert "to 250 points" in table_words("super_rummy", {"target_score": 7}, 2)[0]


def test_values_the_rules_refuse_with_the_seats_are_skipped(app: App) -> None:
    online = open_online(app)
    while online.variant.value != "super_rummy":
        click(app, online.variant.right.center)
    while online.seats.value != 6:
        click(app, online.seats.right.center)
    cards = into_view(app, online, "Cards per player")
    assert cards.refused(12)  # 12 cards to 6 players from one deck
    for _ in range(len(cards.values)):
        click(app, cards.right.center)
        assert not cards.refused(online.options()["hand_size"])
    assert len(online.options_view.controls) == 12  # the turn clock and 11 options
    # a variant without options sends none; only its turn clock is chosen
    while online.variant.value != "dummy_rummy":
        click(app, online.variant.right.center)
    assert [c.label for c in online.options_view.controls] == ["Turn timer (seconds)"]
    assert online.options() == {}


def test_the_screen_and_every_variant_s_name_fit_at_both_sizes(tmp_path: Path) -> None:
    from rummy.ui.launch import register_scenes

    for size in ((1280, 720), (960, 600)):
        application = register_scenes(App(size, audio=False, settings_dir=tmp_path / "s",
                                           inline_work=True))
        application.register("online", lambda host, **kw: OnlineScene(host, lan=False, **kw))
        try:
            application.open("online")
            online = application.stack[-1]
            assert isinstance(online, OnlineScene)
            online.variant.index = online.variant.values.index("super_rummy")
            online._variant("super_rummy")
            application.step(1 / 60)
            w, h = application.screen.get_size()
            screen = pygame.Rect(0, 0, w, h)
            box = online.options_box
            host_column = [online.variant, online.seats, online.bots, online.bind,
                           online.port]
            for widget in host_column + [online.host_button, online.back]:
                assert screen.contains(widget.rect)
                assert not widget.rect.colliderect(box), widget
            assert online.port.rect.bottom <= box.top and box.bottom <= online.back.rect.top
            for ref, name in online.variants.items():  # every variant's name shows whole
                online.variant.index = online.variant.values.index(ref)
                assert online.variant.shown() == name, size
            assert not online.host_button.rect.colliderect(online.back.rect)
            view = online.options_view.scroll.view
            assert box.contains(view)
            for selector in online.options_view.controls:  # inside the box, or scrolled out
                if selector.rect.colliderect(view):
                    assert view.left <= selector.rect.left and selector.rect.right <= view.right
        finally:
            application.close()


def test_a_table_found_on_the_network_shows_its_free_seats_whole(app: App) -> None:
    """The free seats are what a joiner looks for: they come before the variant's name,
    which is the part cut short on a narrow button."""
    online = open_online(app)
    found = FoundTable("Priya FFDYD", "192.168.1.20", 8765, "FFDYD", "two_player_13", 2, 1)

    class Found:
        error = ""

        def tables(self) -> list[FoundTable]:
            return [found]

        def stop(self) -> None:
            pass

    online.browser = Found()  # type: ignore[assignment]
    app.step(1 / 60)
    button = online.found[0][0]
    assert button.font is not None
    shown = ellipsize(button.font, button.text, button.rect.width - 12)
    assert shown.startswith("Priya FFDYD: 1 of 2 seats free · Two-player classic"), shown
