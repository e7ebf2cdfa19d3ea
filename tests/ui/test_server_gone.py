"""When the host's game closes, a guest's table says so in a panel over it: Wait keeps the
table (and its client retrying) and the panel shows again only when the state changes;
the table carries on when the server is back; Leave table goes back to Play online with
the seat kept for Rejoin. Real sockets on 127.0.0.1, SDL's dummy driver, posted mouse
events; every server and client started is stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy.net.client import NetClient
from rummy.net.conn import Limits
from rummy.net.local import LocalServer
from rummy.net.remote import RemoteDriver
from rummy.net.room import show_code
from rummy.ui.app import App
from rummy.ui.screens.online import LOOPBACK, OnlineScene
from rummy.ui.table import TableScene
from rummy.ui.table.gone import HOST_CLOSED
from rummy.ui.table.online import STOPPED, ConnectionNotes

from .online_play import (
    click,
    frames_until,
    join_by_code,
    online_app,
    play_round,
    pumped,
    remote,
    server_threads,
    shot,
    wait,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]


app = online_app


def _host(data: Path, port: int = 0) -> LocalServer:
    """The server a host's desktop game runs (its welcome says so)."""
    server = LocalServer(LOOPBACK, port, data, limits=Limits(1000, 1000)).start()
    assert server.wait_bound(10), server.error
    return server


def test_the_hosts_game_closing_shows_a_panel_wait_keeps_the_table_leave_keeps_the_seat(
        app: App, tmp_path: Path) -> None:
    data = tmp_path / "host"
    server = _host(data)
    port = server.port
    assert port is not None
    host = RemoteDriver(NetClient(server.url).start())
    try:
        host.client.send({"type": "create", "variant": "indian_13", "name": "Asha",
                          "seats": 2, "bots": "greedy"})
        wait(pumped(host, lambda: host.mirror.code))
        code = str(host.mirror.code)
        lobby = join_by_code(app, port, code, "Ravi")
        click(app, lobby.ready_button.rect.center)
        wait(pumped(host, lambda: len(host.mirror.lobby) == 2
                    and all(s["ready"] for s in host.mirror.lobby)))
        host.client.send({"type": "start"})
        frames_until(app, lambda: isinstance(app.stack[-1], TableScene))
        table = app.stack[-1]
        assert isinstance(table, TableScene)
        assert remote(table).host_game  # the server said it runs in the host's game
        play_round(app, table, host)
        assert table.gone is None
        # the host's game closes: its server stops, and the guest's table says so
        server.stop()
        frames_until(app, lambda: table.gone is not None, 10)
        gone = table.gone
        assert gone is not None and (gone.title, gone.body) == HOST_CLOSED
        shot(app, "server_gone")
        # the panel takes the clicks: a card under it is not picked up
        click(app, table.board.lay.hand_area.center)
        assert table.drag is None and table.gone is gone
        # Wait: the panel closes, the table stays, the client keeps retrying
        click(app, gone.buttons["wait"].rect.center)
        assert table.gone is None and app.stack[-1] is table
        for _ in range(30):
            app.step(1 / 30)
        assert table.gone is None and STOPPED in table.board.match_line
        assert remote(table).connection != "connected"
        # the host opens the game again: the panel is gone for good and the table goes on
        server = _host(data, port)
        frames_until(app, lambda: remote(table).connection == "connected", 30)
        play_round(app, table, host)
        assert table.gone is None
        # closed again: the state changed, so the panel shows again; Leave table
        server.stop()
        frames_until(app, lambda: table.gone is not None, 10)
        leave = table.gone
        assert leave is not None
        click(app, leave.buttons["leave"].rect.center)
        frames_until(app, lambda: isinstance(app.stack[-1], OnlineScene), 10)
        online = app.stack[-1]
        assert isinstance(online, OnlineScene)
        assert (app.settings.online_seat or {})["code"] == code  # Rejoin is offered
        assert online.rejoin_button in online.widgets
        assert online.rejoin_button.text == f"Rejoin table {show_code(code)}"
    finally:
        host.close()
        server.stop()
    assert not server_threads()


def test_a_lost_connection_is_not_the_hosts_game_closing() -> None:
    """No panel for a connection lost without the server's goodbye (the line says it)."""
    class Driver:
        stopped = False
        connection = "reconnecting"

    notes = ConnectionNotes()
    driver = Driver()
    assert not notes.server_gone(driver)
    driver.stopped = True
    assert notes.server_gone(driver)
    notes.wait_for_server()
    assert not notes.server_gone(driver)  # waited: not shown again...
    driver.connection = "connected"
    driver.stopped = False
    assert not notes.server_gone(driver)
    driver.connection, driver.stopped = "reconnecting", True
    assert notes.server_gone(driver)  # ...until the state has changed
