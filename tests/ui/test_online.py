"""Play online from the desktop game, over real sockets on 127.0.0.1: the game hosts a
table (its server on a background thread, on a port the OS picks), a second client joins
by the room code, both play moves and both see the same open deck; a lost connection is
shown and retried; a closed and reopened game rejoins its table. SDL's dummy driver and
posted events; every server and client started is stopped."""

from __future__ import annotations

import re
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pygame
import pytest

from rummy.model.cards import parse_cards
from rummy.model.variant import load_variant
from rummy.net.client import NetClient
from rummy.net.conn import Limits
from rummy.net.invite import invite, read_invite
from rummy.net.local import LocalServer
from rummy.net.remote import RemoteDriver
from rummy.net.room import DEFAULT_TURN_TIMER, show_code
from rummy.store.files import data_dir
from rummy.store.saves import groups_to_codes
from rummy.store.settings import Settings
from rummy.store.stats import Statistics
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.palette import GOLD
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import LOOPBACK, OnlineScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.table import TableScene
from rummy.ui.table.hand import HandModel
from rummy.ui.table.online import LOST, STOPPED, ConnectionNotes
from rummy.ui.table.record_keeper import TableKeeper

from .online_play import (
    click,
    close_app,
    frames_until,
    host_table,
    join,
    join_by_code,
    make_app,
    open_online,
    play_bot_turn,
    play_my_turn,
    play_round,
    post,
    pumped,
    remote,
    same_open_deck,
    server_threads,
    shot,
    start,
    type_into,
    wait,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def app(folders: Path) -> Iterator[App]:
    application = make_app(folders / "settings")
    yield application
    close_app(application)


def test_host_a_table_a_second_player_joins_by_code_and_both_see_one_open_deck(
        app: App) -> None:
    lobby = host_table(app)
    assert lobby.server is not None and lobby.server.host == LOOPBACK
    code = str(lobby.mirror_code)
    other = join(lobby.server.url, code.lower(), "Ravi")  # any case will do
    try:
        listed = ["1. Asha (ready) - you", "2. Ravi (ready)"]  # which seat is this player's
        frames_until(app, lambda: [text for text, _ in lobby.seat_lines()] == listed)
        table = start(app, lobby)
        assert table.keeper.enabled is False  # the server keeps the record
        assert sorted(table.board.names) == ["Ravi", "You"]
        shot(app, "table")
        play_my_turn(app, table)  # the creator joined first: it moves first
        play_bot_turn(other)
        same_open_deck(app, table, other)
        play_my_turn(app, table)
        same_open_deck(app, table, other)
        shot(app, "table_after")
        assert not remote(table).mirror.errors
        # a move the server refuses (sent past the table's own check): its words are shown
        remote(table).client.send({"type": "action", "action": {"type": "draw",
                                                                "source": "closed"}})
        frames_until(app, lambda: remote(table).mirror.errors)
        said = remote(table).mirror.errors[-1]["message"]
        assert table.board.message == said[:1].upper() + said[1:]
        # the second player goes away: its seat says so, and the table whom it waits for
        other.client.close()
        frames_until(app, lambda: "Ravi (away)" in table.board.names)
        # in seconds, as the seat's badge counts them
        frames_until(app, lambda: re.search(r"waiting for Ravi \(away, \d+s\)$",
                                            table.board.match_line))
        shot(app, "table_waiting")
        # Esc asks first, and tells the host that its table goes on while it is away
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        app.step(1 / 30)
        assert app.stack[-1] is table
        assert table.board.message == (
            "Press Esc again to leave: the clock plays your turns while you are away;"
            " the table goes on while this game stays open")
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        frames_until(app, lambda: isinstance(app.stack[-1], OnlineScene))
    finally:
        other.close()
    assert (app.settings.online_seat or {})["code"] == code  # left mid-game: Rejoin is offered
    # the lobby let its server go, but the game keeps it while the table is in play
    assert lobby.server is None and app.hosted.playing() == [code]
    assert server_threads()


def test_a_table_the_host_left_goes_on_for_the_others_and_the_host_rejoins_it(
        app: App) -> None:
    lobby = host_table(app)
    assert lobby.server is not None
    server, code = lobby.server, str(lobby.mirror_code)
    other = join(server.url, code, "Ravi")
    try:
        table = start(app, lobby)
        play_my_turn(app, table)
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        app.step(1 / 30)
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        frames_until(app, lambda: isinstance(app.stack[-1], OnlineScene))
        online = app.stack[-1]
        assert isinstance(online, OnlineScene)
        assert online.seat_line() == (f"Your table {show_code(code)} goes on for the"
                                        " others while this game stays open.")
        shot(app, "online_hosting")
        # the other player is still connected, and the server takes its move
        play_bot_turn(other)
        wait(pumped(other, lambda: other.connection == "connected"
                    and other.mirror.seq >= 4 and not other.mirror.errors))
        # Rejoin sits the host down again at the same server: no second one starts
        assert online.rejoin_button.text == f"Rejoin table {show_code(code)}"
        click(app, online.rejoin_button.rect.center)
        frames_until(app, lambda: isinstance(app.stack[-1], TableScene), 30)
        back = app.stack[-1]
        assert isinstance(back, TableScene)
        app.step(1 / 60)
        assert back.idle and not back.board.hidden  # laid out as it stands
        frames_until(app, pumped(other, lambda: back.idle
                                 and remote(back).mirror.seq == other.mirror.seq))
        assert app.hosted.servers == [server] and len(server_threads()) == 1
        play_round(app, back, other)
    finally:
        other.close()
    close_app(app)  # closing the game stops the table it hosts
    assert not server_threads() and not app.hosted.servers


def test_the_server_s_turn_clock_shows_at_a_table_whose_variant_has_no_timer(
        app: App) -> None:
    """Super Rummy has no turn timer of its own, but online the server plays a turn left
    too long: the table counts that clock down where the player looks."""
    lobby = host_table(app, "super_rummy")
    assert lobby.server is not None
    other = join(lobby.server.url, str(lobby.mirror_code), "Ravi")
    try:
        table = start(app, lobby)
        assert table.driver.variant.params.turn_seconds == 0
        frames_until(app, lambda: table.idle and remote(table).mirror.my_turn)
        frames_until(app, lambda: table.board.timer is not None)
        assert table.board.timer is not None and 20 < table.board.timer <= DEFAULT_TURN_TIMER
        play_my_turn(app, table)
        # Ravi's turn: his clock, not ours
        frames_until(app, pumped(other, lambda: other.mirror.my_turn
                                 and table.board.timer is not None))
        assert table.board.turn == 1 - (table.seat or 0)
        assert table.board.timer is not None and 20 < table.board.timer <= DEFAULT_TURN_TIMER
    finally:
        other.close()


def test_a_lost_connection_is_shown_retried_and_the_game_resumes(
        app: App, folders: Path) -> None:
    data = folders / "outside"
    server = LocalServer(LOOPBACK, 0, data, limits=Limits(1000, 1000)).start()
    assert server.wait_bound(10), server.error
    port = server.port
    assert port is not None
    client = NetClient(server.url).start()
    other = RemoteDriver(client)
    try:
        client.send({"type": "create", "variant": "indian_13", "name": "Asha", "seats": 2,
                     "bots": "greedy"})
        wait(pumped(other, lambda: other.mirror.code))
        code = str(other.mirror.code)
        lobby = join_by_code(app, port, code, "Ravi")
        shot(app, "lobby_joined")
        click(app, lobby.ready_button.rect.center)
        wait(pumped(other, lambda: len(other.mirror.lobby) == 2
                    and all(s["ready"] for s in other.mirror.lobby)))
        client.send({"type": "start"})
        frames_until(app, lambda: isinstance(app.stack[-1], TableScene))
        table = app.stack[-1]
        assert isinstance(table, TableScene)
        play_round(app, table, other)
        # The server is stopped: both clients lose their connection, and the line says it
        # was the table's host (a close with "going away"), not this player's network.
        server.stop()
        frames_until(app, lambda: STOPPED in table.board.match_line, 10)
        shot(app, "table_lost")
        for _ in range(30):  # it stays shown while the server is away; frames go on
            app.step(1 / 30)
        assert STOPPED in table.board.match_line and remote(table).connection != "connected"
        assert LOST not in table.board.match_line
        server = LocalServer(LOOPBACK, port, data, limits=Limits(1000, 1000)).start()
        assert server.wait_bound(10), server.error
        frames_until(app, lambda: remote(table).connection == "connected"
                     and STOPPED not in table.board.match_line, 30)
        play_round(app, table, other)
        assert table.board.open_pile[-1:] == [other.view.open_top]
    finally:
        other.close()
        server.stop()
    assert not server_threads()


def test_a_closed_game_reopened_rejoins_its_table(folders: Path) -> None:
    first = make_app(folders / "settings")
    try:
        lobby = host_table(first)
        assert lobby.server is not None
        url, code = lobby.server.url, str(lobby.mirror_code)
        other = join(url, code, "Ravi")
        table = start(first, lobby)
        play_my_turn(first, table)
        seq = remote(table).mirror.seq
        # the player's own arrangement (the server knows the cards, not their order)
        arranged = [list(reversed(g)) for g in reversed(table.hand.groups)]
        table.hand.groups = arranged
        first.step(1 / 30)
    finally:
        close_app(first)  # the window closed mid-game: the hosted server stops too
    try:
        assert not server_threads()
        again = make_app(folders / "settings")
        try:
            title = again.stack[-1]
            assert isinstance(title, TitleScene)
            click(again, title.online_button.rect.center)
            online = again.stack[-1]
            assert isinstance(online, OnlineScene) and online.saved is not None
            assert online.rejoin_button.text == f"Rejoin table {show_code(code)}"
            shot(again, "online_rejoin")
            click(again, online.rejoin_button.rect.center)
            frames_until(again, lambda: isinstance(again.stack[-1], TableScene), 30)
            back = again.stack[-1]
            assert isinstance(back, TableScene)
            # the deal is laid out as it stands, not played again card by card
            again.step(1 / 60)
            assert back.idle and not back.board.hidden
            assert groups_to_codes(back.hand.groups) == groups_to_codes(arranged)
            frames_until(again, lambda: back.idle and remote(back).mirror.seq >= seq)
            assert "You" in back.board.names
            # the other player's client was cut off with the old server; it comes back
            frames_until(again, pumped(other, lambda: other.connection == "connected"
                                       and other.mirror.seq >= seq), 30)
            play_round(again, back, other)
        finally:
            close_app(again)
    finally:
        other.close()
    assert not server_threads()


def test_a_mistyped_address_is_refused_with_its_reason_and_nothing_typed_is_lost(
        app: App) -> None:
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    muted = app.res.muted
    type_into(app, online.name.rect.center, "Sam")  # M is a letter here, not "mute"
    type_into(app, online.address.rect.center, "127.0.0..1:8765")  # a dot typed twice
    type_into(app, online.code.rect.center, "mwwep")
    assert app.res.muted == muted
    click(app, online.join_button.rect.center)
    assert app.stack[-1] is online  # no lobby left "Connecting..." for good
    assert online.message == ('Check the address: "127.0.0..1" is not a computer\'s name'
                              ' or address.')
    assert (online.name.text, online.address.text, online.code.text) == (
        "Sam", "127.0.0..1:8765", "MWWEP")
    # Ctrl+Backspace empties the field at once (there is no key repeat to hold)
    click(app, online.address.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL, unicode="")
    app.step(1 / 60)
    assert online.address.text == ""
    assert pygame.key.get_repeat() == (0, 0)  # a slow frame never repeats a typed key


def refused_in_lobby(app: App, ask: Callable[[OnlineScene], None]
                     ) -> tuple[OnlineScene, LobbyScene]:
    """Title, Play online, ``ask`` for a seat (Rejoin, or Join with what it types), and the
    lobby once the server has refused it."""
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    ask(online)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.refused, 20)
    app.step(1 / 30)
    return online, lobby


def test_a_seat_at_a_table_that_is_gone_offers_no_ready_and_is_forgotten(
        folders: Path) -> None:
    """Rejoining a table the server no longer has once left "Joining..." up for good,
    with Start (or Ready) offered, and Rejoin offered again at the next start."""
    server = LocalServer(LOOPBACK, 0, folders / "outside", limits=Limits(1000, 1000)).start()
    app = make_app(folders / "settings")
    try:
        assert server.wait_bound(10), server.error
        app.settings.online_seat = {"url": server.url, "code": "GONEX", "name": "Sam",
                                    "token": "t" * 24, "bind": None, "port": None}
        online, lobby = refused_in_lobby(
            app, lambda online: click(app, online.rejoin_button.rect.center))
        assert lobby.message == "No table with code 'GONEX'."
        assert lobby._status() == "Not seated at a table: Leave to go back."
        assert not lobby.ready_button.enabled and not lobby.start_button.enabled
        assert app.settings.online_seat is None
        click(app, lobby.leave_button.rect.center)
        assert app.stack[-1] is online and online.saved is None
    finally:
        close_app(app)
        server.stop()
    assert not server_threads()


def test_a_mistyped_room_code_goes_back_to_the_form_and_keeps_the_seat_to_rejoin(
        folders: Path) -> None:
    """A mistyped room code once left the player on a lobby page "Not seated at a table"
    (and Leave then forgot the seat of the game the player was in): the form comes back
    with the server's reason, what was typed, and the seat to rejoin."""
    server = LocalServer(LOOPBACK, 0, folders / "outside", limits=Limits(1000, 1000)).start()
    app = make_app(folders / "settings")
    try:
        assert server.wait_bound(10), server.error
        seat = {"url": "ws://127.0.0.1:9", "code": "FFDYD", "name": "Sam",
                "token": "t" * 24, "bind": None, "port": None}
        app.settings.online_seat = seat
        online = open_online(app)
        type_into(app, online.address.rect.center, server.url)
        type_into(app, online.code.rect.center, "ACDEF")
        click(app, online.join_button.rect.center)
        # only one seat is kept for Rejoin: the first press says the new one replaces it
        assert app.stack[-1] is online
        assert online.message == ("Rejoin table FFDYD will be forgotten for the new table:"
                                  " press Join again to go on.")
        click(app, online.join_button.rect.center)
        assert isinstance(app.stack[-1], LobbyScene)
        frames_until(app, lambda: app.stack[-1] is online, 20)
        app.step(1 / 30)
        assert online.message == "No table with code 'ACDEF'."
        assert (online.address.text, online.code.text) == (server.url, "ACDEF")
        assert app.settings.online_seat == seat and online.saved == seat
        assert online.rejoin_button.text == "Rejoin table FFDYD"
        online.message = ""  # read: the form says what Rejoin is for
        assert online.seat_line() == "Your seat at table FFDYD is kept: Rejoin takes it back."
    finally:
        close_app(app)
        server.stop()
    assert not server_threads()


def test_an_address_nobody_answers_goes_back_to_the_form_after_a_while(app: App) -> None:
    """A join to an address where no game listens once retried for ever."""
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    online = open_online(app)
    type_into(app, online.address.rect.center, f"127.0.0.1:{port}")
    type_into(app, online.code.rect.center, "ACDEF")
    click(app, online.join_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby._status().startswith("Cannot reach"), 10)
    assert lobby._status() == f"Cannot reach 127.0.0.1:{port}; retrying..."  # no "ws://"
    frames_until(app, lambda: app.stack[-1] is online, 30)
    assert online.message == (f"Cannot reach 127.0.0.1:{port}: check the address, and that"
                              " the host's game is open.")
    assert lobby.client is None  # its connection stopped trying
    # the address typed comes back next time (a friend's table is usually there again);
    # the room code, new for each table, does not
    click(app, online.back.rect.center)
    again = open_online(app)
    assert again is not online
    assert (again.address.text, again.code.text) == (f"127.0.0.1:{port}", "")


def test_the_host_copies_an_invite_that_a_joiner_pastes_into_the_join_form(
        app: App) -> None:
    """Copy invite puts the address and the room code on the clipboard as one line; pasted
    (Ctrl+V) into the Join form's address, it fills both fields, and that address and
    code seat a second player."""
    lobby = host_table(app)
    assert lobby.server is not None
    code = str(lobby.mirror_code)
    frames_until(app, lambda: lobby.invite_button.enabled)
    click(app, lobby.invite_button.rect.center)
    address = f"127.0.0.1:{lobby.server.port}"
    assert pygame.scrap.get_text() == invite(address, code)
    assert lobby.note.startswith("Invite copied")
    read = read_invite(pygame.scrap.get_text())
    assert read is not None
    other = join(f"ws://{read[0]}", read[1], "Ravi")
    try:
        frames_until(app, lambda: "2. Ravi (ready)" in [t for t, _ in lobby.seat_lines()])
    finally:
        other.close()
    click(app, lobby.leave_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    click(app, online.address.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="\x16")
    app.step(1 / 60)
    assert (online.address.text, online.code.text) == (address, show_code(code))
    assert " " in online.code.text  # shown in groups, as the lobby shows it
    # other text pastes on one line, printable characters only, as typed
    pygame.scrap.put_text("Ravi\n Kumar\t")
    click(app, online.name.rect.center)
    post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=pygame.KMOD_LCTRL, unicode="")
    post(pygame.KEYDOWN, key=pygame.K_INSERT, mod=pygame.KMOD_LSHIFT, unicode="")
    app.step(1 / 60)
    assert online.name.text == "Ravi Kumar"


def test_an_online_deal_counts_in_the_statistics_as_played_online(app: App) -> None:
    """The server keeps an online table's record, but the player's statistics count its
    deals, against the level "online": here the host drops on the first turn (20)."""
    lobby = host_table(app)
    assert lobby.server is not None
    other = join(lobby.server.url, str(lobby.mirror_code), "Ravi")
    try:
        table = start(app, lobby)
        drop = table.board.buttons["drop"].rect.center
        click(app, drop)
        click(app, drop)  # the second press drops (the first asks)
        frames_until(app, lambda: table.driver.over)
        for _ in range(5):
            app.step(1 / 30)
        frames_until(app, lambda: table.result is not None)
        # the table is over: one button leaves (there were two, both "Menu"), and it says
        # where it goes: back to Play online, not to the menu
        panel = table.result
        assert panel is not None
        assert [(b.name, n) for n, b in panel.buttons.items()] == [("Leave table", "next")]
    finally:
        other.close()
    stats = Statistics(data_dir())
    try:
        rows = stats.summary("indian_13")
    finally:
        stats.close()
    # a one-deal table is a deal in the statistics, not a match of one (as offline)
    assert [(r.level, r.deals, r.deals_won, r.matches, r.worst) for r in rows] == [
        ("online", 1, 0, 0, 20)]


def test_an_online_deal_already_over_when_the_table_opens_is_not_counted_again(
        app: App) -> None:
    """A rejoin after a deal ended shows its result again: it was counted when it was seen
    end, so the table opened on it counts nothing."""
    keeper = TableKeeper(app, GameConfig("indian_13", {}, 2, (), None, 0), keep=False,
                         online=True)
    ended: Any = SimpleNamespace(deal_no=0, over=True)
    for _ in range(3):
        keeper.update(ended, HandModel(load_variant("indian_13"), None))
    assert keeper._stats is None  # the statistics were never opened


def test_the_hosts_choices_are_kept_and_a_system_port_is_refused(app: App) -> None:
    """Open to, the port and the variant of the last table hosted come back (the form went
    back to the network and port 8765 every time: a host who kept a table to this
    computer could open the next one to the network without noticing)."""
    lobby = host_table(app, "super_rummy")
    click(app, lobby.leave_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    again = OnlineScene(app, lan=False)
    assert (again.bind.value, again.port.text, again.variant.value) == (
        LOOPBACK, "0", "super_rummy")
    again.port.text = "80"
    again.host()
    assert again.message == "The port is a number from 1024 to 65535 (0: any free port)."
    assert app.stack[-1] is online  # nothing hosted


def test_hosting_asks_before_the_seat_to_rejoin_is_forgotten(app: App) -> None:
    """Hosting a new table once replaced the seat kept for Rejoin without a word."""
    seat = {"url": "ws://127.0.0.1:9", "code": "FFDYD", "name": "Sam",
            "token": "t" * 24, "bind": None, "port": None}
    app.settings.online_seat = seat
    online = open_online(app)
    type_into(app, online.port.rect.center, "0")
    warning = ("Rejoin table FFDYD will be forgotten for the new table: press Host a table"
               " again to go on.")
    click(app, online.host_button.rect.center)
    assert app.stack[-1] is online and online.message == warning
    click(app, online.name.rect.center)  # anything else in between: it asks again
    click(app, online.host_button.rect.center)
    assert app.stack[-1] is online and online.message == warning
    click(app, online.host_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.mirror_code)
    assert (app.settings.online_seat or {})["code"] == lobby.mirror_code


def test_quitting_asks_first_while_a_hosted_table_is_in_play(app: App) -> None:
    """Quitting stops the tables this game hosts, so the title asks once."""
    lobby = host_table(app)
    assert lobby.server is not None
    code = str(lobby.mirror_code)
    other = join(lobby.server.url, code, "Ravi")
    try:
        table = start(app, lobby)
        for _ in range(2):
            post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
            app.step(1 / 30)
        frames_until(app, lambda: isinstance(app.stack[-1], OnlineScene))
        online = app.stack[-1]
        assert isinstance(online, OnlineScene)
        click(app, online.back.rect.center)
        title = app.stack[-1]
        assert isinstance(title, TitleScene) and table not in app.stack
        quit_button = title.buttons[-1]
        asked = (f"Quitting stops table {show_code(code)} for the others: press Quit again"
                 " to quit.")
        click(app, quit_button.rect.center)
        assert app.running and title.notice == asked
        assert title.notice_color == GOLD  # a question, in the colour that is seen
        # Esc in between withdraws the question: it no longer says "press again"
        post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")
        app.step(1 / 30)
        assert app.running and title.notice == ""
        click(app, quit_button.rect.center)
        assert app.running and title.notice == asked
        post(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q")  # Q is Quit too
        app.step(1 / 30)
        assert not app.running
    finally:
        other.close()


def test_quit_quits_at_once_when_no_hosted_table_is_in_play(app: App) -> None:
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.buttons[-1].rect.center)
    assert not app.running and title.notice == ""


def test_the_tables_countdown_takes_the_servers_word_again(app: App) -> None:
    """The table counts a turn down by itself between the server's messages; once cut off
    (a host's server restarting) it ran to 0 and stayed there after the server spoke
    again, while the seat to move had most of its time left."""
    lobby = host_table(app)
    assert lobby.server is not None
    other = join(lobby.server.url, str(lobby.mirror_code), "Ravi")
    try:
        table = start(app, lobby)
        frames_until(app, lambda: table.idle and remote(table).mirror.my_turn)
        table.turn_left = table.board.timer = 0.5  # run on alone, as when cut off
        app.step(1 / 30)
        assert table.turn_left is not None and table.turn_left < 1
        other.client.close()  # the server says so, with the clock as it stands
        # well before the 30 s clock could play the turn and start the next one
        frames_until(app, lambda: table.turn_left is not None and table.turn_left > 5, 10)
        assert remote(table).mirror.my_turn
        left = remote(table).mirror.clock_left()
        assert left is not None and abs(table.turn_left - left) < 1
    finally:
        other.close()


def test_a_kept_hand_is_laid_only_over_its_own_table_and_deal(app: App) -> None:
    """What the settings file holds may be from another table, another deal, or mangled
    by hand: then the table keeps its own arrangement."""
    driver = SimpleNamespace(mirror=SimpleNamespace(code="ABCDE"), deal_no=2)
    hand = parse_cards("AS 2S 3S KD")
    for kept, groups in [
            ({"code": "ABCDE", "deal": 2, "groups": [["KD"], ["3S", "2S", "AS"]]},
             [["KD"], ["3S", "2S", "AS"]]),
            ({"code": "ABCDE", "deal": 1, "groups": [["KD"]]}, None),
            ({"code": "FFDYD", "deal": 2, "groups": [["KD"]]}, None),
            ({"code": "ABCDE", "deal": 2, "groups": [1, [2]]}, None),
            ({"code": "ABCDE", "deal": 2, "groups": "KD"}, None),
            ("nonsense", None)]:
        found = ConnectionNotes.kept_hand(Settings.from_data({"online_hand": kept}), driver,
                                          hand)
        assert (None if found is None else groups_to_codes(found)) == groups, kept


def test_the_lobby_says_whom_start_waits_for(app: App) -> None:
    """Start was greyed out with no word of why."""
    lobby = host_table(app)
    assert lobby.server is not None
    client = NetClient(lobby.server.url).start()
    other = RemoteDriver(client)
    try:
        client.send({"type": "join", "code": str(lobby.mirror_code), "name": "Ravi"})
        frames_until(app, lambda: len(lobby.driver.mirror.lobby) == 2 if lobby.driver
                     else False)
        assert not lobby.start_button.enabled
        assert lobby._status() == "Waiting for Ravi to press Ready."
        client.send({"type": "ready"})
        frames_until(app, lambda: lobby.start_button.enabled)
        assert lobby._status() == ""
    finally:
        other.close()


def test_one_field_at_a_time_has_the_keyboard(app: App) -> None:
    """Clicking the address after the room code left both with a caret, and typing went
    to the code."""
    online = open_online(app)
    click(app, online.code.rect.center)
    click(app, online.address.rect.center)
    assert [f for f in online.fields if f.focused] == [online.address]
    type_into(app, online.address.rect.center, "127.0.0.1:8765")
    assert (online.address.text, online.code.text) == ("127.0.0.1:8765", "")
    assert online.seat_line() == ""  # no seat kept, no table hosted
    click(app, online.back.rect.center)


@pytest.mark.parametrize("size", [(960, 600), (1280, 720)])
def test_a_ten_letter_code_reads_whole_on_the_rejoin_button_and_in_the_field(
        app: App, size: tuple[int, int]) -> None:
    """Room codes grew to ten letters: the Rejoin button and the room code field show the
    widest code whole, in its two groups, in the smallest window too."""
    seat = {"url": "ws://127.0.0.1:9", "code": "WMWMWMWMWM", "name": "Sam",
            "token": "t" * 24, "bind": None, "port": None}
    app.settings.online_seat = seat
    online = open_online(app)
    online.resize(size)
    button = online.rejoin_button
    assert button.text == "Rejoin table WMWMW MWMWM"
    assert button.font is not None and button.font.size(button.text)[0] <= button.rect.width - 12
    type_into(app, online.code.rect.center, "wmwmw mwmwm")
    assert online.code.text == "WMWMW MWMWM"
    field = online.code
    assert field.font is not None
    assert field.font.size(field.text)[0] <= field.rect.width * 3 // 5 - 12  # no scrolling
