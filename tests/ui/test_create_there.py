"""A table made on a server that is not this game's (a public one, docs/hosting.md): the
Host column's choices, the server typed under Join, New table there; a second player joins
by the code and the creator starts. SDL's dummy driver, posted events, a server on
127.0.0.1 that the test stops."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.net.local import LocalServer
from rummy.ui.app import App
from rummy.ui.screens.lobby import LobbyScene

from .online_play import (
    click,
    frames_until,
    join,
    online_app,
    open_online,
    start,
    type_into,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


app = online_app


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LocalServer]:
    running = LocalServer("127.0.0.1", 0, tmp_path / "server").start()
    assert running.wait_bound(10), running.error
    yield running
    running.stop()


def test_a_table_is_made_on_the_server_typed_under_join(app: App,
                                                        server: LocalServer) -> None:
    online = open_online(app)
    type_into(app, online.name.rect.center, "Asha")
    click(app, online.create_button.rect.center)
    assert online.message == "Type the server's address under Join first."
    type_into(app, online.address.rect.center, f"127.0.0.1:{server.port}")
    while online.variant.value != "super_rummy":
        click(app, online.variant.right.center)
    click(app, online.create_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene)
    assert lobby.server is None and lobby.creator  # no server of this game's own
    frames_until(app, lambda: lobby.mirror_code)
    code = str(lobby.mirror_code)
    assert server.playing() == [] and lobby.address() == f"127.0.0.1:{server.port}"
    assert app.settings.online_address == f"127.0.0.1:{server.port}"
    other = join(server.url, code, "Ravi")
    try:
        table = start(app, lobby)
        assert table.driver.variant.id == "super_rummy"
        assert server.playing() == [code]
    finally:
        other.close()
