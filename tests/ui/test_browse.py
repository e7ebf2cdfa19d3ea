"""Browse tables, from Play online, over real sockets on 127.0.0.1: a server's public
tables are listed (never a private one), a click joins one and its lobby seats the player;
an unreachable server, one without public tables and a reply this game cannot read each
get a clear line; the Host form's "List publicly" lists the table it hosts. SDL's dummy
driver and posted mouse events; every server and client started is stopped."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.net.client import NetClient
from rummy.net.conn import Limits
from rummy.net.local import LocalServer
from rummy.net.remote import RemoteDriver
from rummy.ui.app import App
from rummy.ui.screens.browse import BrowseScene
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import LOOPBACK, OnlineScene

from .online_play import (
    click,
    frames_until,
    online_app,
    open_online,
    pumped,
    server_threads,
    shot,
    type_into,
    wait,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


app = online_app


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalServer]:
    running = LocalServer(LOOPBACK, 0, tmp_path / "outside", limits=Limits(1000, 1000)).start()
    assert running.wait_bound(10), running.error
    yield running
    running.stop()


def _create(server: LocalServer, name: str, public: bool, variant: str = "indian_13",
            seats: int = 2) -> tuple[RemoteDriver, str]:
    """A table's creator, connected (a table is listed only while its creator is)."""
    driver = RemoteDriver(NetClient(server.url).start())
    driver.client.send({"type": "create", "variant": variant, "name": name, "seats": seats,
                        "bots": "greedy", "public": public})
    wait(pumped(driver, lambda: driver.mirror.code))
    return driver, str(driver.mirror.code)


def _browse(app: App, name: str = "Mina") -> BrowseScene:
    online = open_online(app)
    type_into(app, online.name.rect.center, name)
    click(app, online.browse_button.rect.center)
    browse = app.stack[-1]
    assert isinstance(browse, BrowseScene), online.message
    return browse


def _ask(app: App, browse: BrowseScene, address: str) -> None:
    type_into(app, browse.address.rect.center, address)
    click(app, browse.refresh_button.rect.center)


def test_the_public_tables_are_listed_and_a_click_joins_one(
        app: App, server: LocalServer) -> None:
    creators = [_create(server, "Asha", True, seats=3), _create(server, "Ravi", False),
                _create(server, "Zoe", True, variant="two_player_13")]
    try:
        browse = _browse(app)
        _ask(app, browse, f"127.0.0.1:{server.port}")
        frames_until(app, lambda: browse.tables is not None, 15)
        shot(app, "browse")
        listed = [row.table.code for row in browse.shown_rows]
        assert listed == [creators[0][1], creators[2][1]]  # never Ravi's private table
        first = browse.shown_rows[0]
        assert first.text.startswith("Indian Rummy") and "2 of 3 seats free" in first.text
        assert "Asha's table" in first.text and first.details == "30 s a turn"
        assert app.settings.online_address == f"127.0.0.1:{server.port}"
        # a click on Zoe's row joins it: the lobby, in Browse's place, seats the player
        click(app, browse.shown_rows[1].rect.center)
        lobby = app.stack[-1]
        assert isinstance(lobby, LobbyScene) and browse not in app.stack
        frames_until(app, lambda: lobby.mirror_code == creators[2][1])
        frames_until(app, lambda: [t for t, _ in lobby.seat_lines()]
                     == ["1. Zoe (ready)", "2. Mina (not ready) - you"])
        shot(app, "browse_joined")
        assert browse.client is None  # its own connection was closed
        # Zoe's table is full now: Browse again lists Asha's alone
        click(app, lobby.leave_button.rect.center)
        online = app.stack[-1]
        assert isinstance(online, OnlineScene)
        assert online.address.text == f"127.0.0.1:{server.port}"  # the address browsed
        click(app, online.browse_button.rect.center)
        again = app.stack[-1]
        assert isinstance(again, BrowseScene)  # it asks the remembered address at once
        frames_until(app, lambda: again.tables is not None, 15)
        assert [row.table.code for row in again.shown_rows] == [creators[0][1]]
        click(app, again.back.rect.center)
        assert app.stack[-1] is online and again.client is None
    finally:
        for driver, _ in creators:
            driver.close()


def test_an_unreachable_server_and_one_without_public_tables_each_say_so(
        app: App, server: LocalServer) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    browse = _browse(app)
    _ask(app, browse, "no such place")
    assert browse.heading() == 'Check the address: "no such place" is not a computer\'s' \
        ' name or address.'
    _ask(app, browse, f"127.0.0.1:{port}")
    frames_until(app, lambda: browse.heading().startswith("Cannot reach"), 15)
    assert browse.heading().startswith(f"Cannot reach 127.0.0.1:{port}: check the address,"
                                       " and that the server is running")
    shot(app, "browse_unreachable")
    private, _ = _create(server, "Ravi", False)
    try:
        _ask(app, browse, f"127.0.0.1:{server.port}")
        frames_until(app, lambda: browse.tables is not None, 15)
        assert browse.shown_rows == []
        assert browse.heading() == (f"No public tables on 127.0.0.1:{server.port} now:"
                                    " Refresh to look again, or join with a room code in"
                                    " Play online.")
        # a reply this game cannot read is said, not shown as tables
        browse._take({"type": "tables", "tables": [{"code": "ACDEF", "seats": 9}]})
        assert browse.heading() == (f"127.0.0.1:{server.port} sent a list of tables this"
                                    " game cannot read: table 1 of the list has seats 9.")
    finally:
        private.close()


def test_a_table_hosted_with_list_publicly_is_listed(app: App, tmp_path: Path) -> None:
    online = open_online(app)
    type_into(app, online.name.rect.center, "Asha")
    while online.bind.value != LOOPBACK:
        click(app, online.bind.right.center)
    type_into(app, online.port.rect.center, "0")
    assert online.public.value is False  # off unless chosen
    click(app, online.public.rect.center)
    assert online.public.value is True
    click(app, online.host_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene)
    frames_until(app, lambda: lobby.mirror_code)
    assert (app.settings.online_host or {})["public"] is True  # remembered
    assert lobby.server is not None
    asker = NetClient(lobby.server.url).start()
    try:
        asker.send({"type": "list"})
        answers: list[dict[str, object]] = []
        frames_until(app, lambda: answers.extend(
            m for m in asker.poll() if m["type"] in ("tables", "welcome")) or any(
            m["type"] == "tables" for m in answers))
        listed = next(m for m in answers if m["type"] == "tables")["tables"]
        assert [t["code"] for t in listed] == [lobby.mirror_code]
        assert {"v": 1, "type": "welcome", "server": "rummy", "protocol": 1,
                "hosted": True} in answers  # a desktop game's server says so
    finally:
        asker.close()
    click(app, lobby.leave_button.rect.center)
    assert app.stack[-1] is online and app.settings.online_seat is None
    assert online.public.value is True  # the choice stays for the next table
    frames_until(app, lambda: not server_threads(), 10)
