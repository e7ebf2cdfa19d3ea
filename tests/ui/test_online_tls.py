"""Play online to a ``wss://`` server from the desktop game (SDL dummy, real sockets on
127.0.0.1): a certificate the computer does not trust sends the join back to the form
with words saying so (docs/hosting.md); with the certificate trusted (``SSL_CERT_FILE``,
as a tester does) the lobby seats the player, and its invite keeps the ``wss://``."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.net.client import NetClient
from rummy.net.conn import Limits
from rummy.net.invite import invite, read_invite
from rummy.net.remote import RemoteDriver
from rummy.net.room import show_code
from rummy.net.server import Server
from rummy.net.store import Store
from rummy.net.tls import server_context
from rummy.ui.app import App
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import OnlineScene

from ..net.certs import make_certificate, trusting
from .online_play import (
    click,
    close_app,
    frames_until,
    make_app,
    open_online,
    post,
    pumped,
    type_into,
    wait,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(60)]


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setenv("RUMMY_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)
    monkeypatch.delenv("SSL_CERT_DIR", raising=False)
    application = make_app(tmp_path / "settings")
    yield application
    close_app(application)


@pytest.fixture
def secure(tmp_path: Path) -> Iterator[tuple[int, Path]]:
    """A ``wss://`` server on 127.0.0.1 (its port, its self-signed certificate)."""
    cert, key = make_certificate(tmp_path)
    store = Store(tmp_path / "t.sqlite3")
    server = Server(store, limits=Limits(1000, 1000), bot_delay=0.0)
    loop = asyncio.new_event_loop()
    stop = asyncio.Event()
    ready: asyncio.Future[int] = loop.create_future()
    context = server_context(str(cert), str(key))
    thread = threading.Thread(target=lambda: loop.run_until_complete(
        server.run("127.0.0.1", 0, ready, stop, context)))
    thread.start()
    try:
        wait(ready.done, 10)
        yield ready.result(), cert
    finally:
        loop.call_soon_threadsafe(stop.set)
        thread.join(15)
        loop.close()
        store.close()


def _join(app: App, address: str, code: str) -> OnlineScene:
    online = open_online(app)
    type_into(app, online.name.rect.center, "Ravi")
    type_into(app, online.address.rect.center, address)
    type_into(app, online.code.rect.center, code)
    click(app, online.join_button.rect.center)
    return online


def test_an_untrusted_certificate_sends_the_join_back_saying_why(
        app: App, secure: tuple[int, Path]) -> None:
    port, _ = secure
    online = _join(app, f"wss://127.0.0.1:{port}", "ACDEF")
    # back well before a silent address would be given up (12 s): it is said at once
    frames_until(app, lambda: app.stack[-1] is online, 8)
    assert online.message.startswith("The server's certificate is not trusted (self-signed?)")
    assert "docs/hosting.md" in online.message


def test_a_trusted_wss_table_seats_the_player_and_its_invite_keeps_wss(
        app: App, secure: tuple[int, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    port, cert = secure
    host = NetClient(f"wss://127.0.0.1:{port}", ssl_context=trusting(cert)).start()
    host.send({"type": "create", "variant": "indian_13", "name": "Asha"})
    driver = RemoteDriver(host)
    try:
        wait(pumped(driver, lambda: host.code))
        code = str(host.code)
        monkeypatch.setenv("SSL_CERT_FILE", str(cert))  # this computer trusts it now
        _join(app, f"wss://127.0.0.1:{port}", code)
        lobby = app.stack[-1]
        assert isinstance(lobby, LobbyScene)
        frames_until(app, lambda: lobby.mirror_code == code, 15)
        frames_until(app, lambda: lobby.invite_button.enabled)
        click(app, lobby.invite_button.rect.center)
        words = pygame.scrap.get_text()
        assert words == invite(f"wss://127.0.0.1:{port}", code)
        assert read_invite(words) == (f"wss://127.0.0.1:{port}", code)
        click(app, lobby.leave_button.rect.center)
        online = app.stack[-1]
        assert isinstance(online, OnlineScene)
        online.address.text = online.code.text = ""
        click(app, online.address.rect.center)
        post(pygame.KEYDOWN, key=pygame.K_v, mod=pygame.KMOD_LCTRL, unicode="\x16")
        app.step(1 / 60)
        assert (online.address.text, online.code.text) == (f"wss://127.0.0.1:{port}",
                                                         show_code(code))
    finally:
        driver.close()
