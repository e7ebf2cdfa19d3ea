"""Hosting from the desktop game: an address that works only at home (or on this
computer) is said to be so in the lobby, with what to do; a public address on one of this
computer's interfaces is offered under Open to. SDL's dummy driver, posted mouse events;
the hosted server is stopped."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy.net.addresses import is_public, reach_advice
from rummy.ui.app import App
from rummy.ui.screens import online as online_screen
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import LOOPBACK

from .online_play import (
    click,
    frames_until,
    host_table,
    online_app,
    open_online,
    server_threads,
    shot,
)

pytestmark = pytest.mark.timeout(60)


app = online_app


def test_private_and_public_addresses() -> None:
    for home in ("192.168.1.5", "10.1.2.3", "172.16.0.9", "172.31.255.1", "100.64.0.1"):
        assert not is_public(home)
        assert reach_advice(home, 9000) == (
            f"{home} works only on your home network: for friends elsewhere, forward port"
            " 9000 on your router to this computer and give them your public address; see"
            " docs/hosting.md")
    assert is_public("172.32.0.1") and reach_advice("172.32.0.1", 8765) == ""
    assert reach_advice("127.0.0.1", 8765).startswith("127.0.0.1 works only on this computer")
    assert Path("docs/hosting.md").is_file()  # the advice's page


@pytest.mark.network
def test_the_lobby_of_a_table_open_to_this_computer_says_who_can_join(app: App) -> None:
    lobby = host_table(app)
    assert lobby.server is not None
    port = lobby.server.port
    shot(app, "lobby_reach")
    assert lobby.host_lines() == [
        f"Give the others the address 127.0.0.1:{port} and this code",
        "127.0.0.1 works only on this computer: to let others join, host again open to"
        " the network."]
    click(app, lobby.leave_button.rect.center)
    frames_until(app, lambda: not isinstance(app.stack[-1], LobbyScene))
    frames_until(app, lambda: not server_threads(), 10)


def test_a_public_address_on_an_interface_is_offered_under_open_to(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(online_screen, "public_addresses", lambda: ["203.0.114.9"])
    online = open_online(app)
    assert "203.0.114.9" in online.bind.values and online.bind.values[-1] == LOOPBACK
    while online.bind.value != "203.0.114.9":
        click(app, online.bind.right.center)
    assert online.bind.shown() == "the internet (203.0.114.9)"
