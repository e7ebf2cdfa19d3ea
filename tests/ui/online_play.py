"""Playing online from the desktop game in tests: a window driven with posted events,
frames stepped with real pauses (the network is real), hosting and joining a table from
the title screen, and a second player played by a bot over the game's own network client.

Apart from the tests (:mod:`tests.ui.test_online`) so that they read as what the players
do; every wait is bounded by a timeout.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.ai import make_bot
from rummy.model.actions import Drop, DropAtTurn, Finish
from rummy.net.client import NetClient
from rummy.net.remote import RemoteDriver
from rummy.net.room import show_code
from rummy.ui.app import App
from rummy.ui.launch import register_scenes
from rummy.ui.screens.lobby import LobbyScene
from rummy.ui.screens.online import LOOPBACK, OnlineScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.table import TableScene

SHOTS = os.environ.get("RUMMY_SHOTS")
"""A folder to save screenshots of the online screens in (to look at them)."""


def make_app(settings: Path) -> App:
    app = register_scenes(App(audio=False, settings_dir=settings, inline_work=True))
    app.register("online", lambda host, **kw: OnlineScene(host, lan=False, **kw))
    app.open("title")
    app.step(1 / 60)
    return app


def close_app(app: App) -> None:
    """What closing the window does: every scene keeps what it must, then pygame ends."""
    for scene in reversed(app.stack):
        scene.closing()
    app.stack.clear()
    app.close()


@pytest.fixture
def online_app(tmp_path: Path) -> Iterator[App]:
    """The game at its title screen, its settings under ``tmp_path`` (its data folder is
    the tests' own, from conftest); closed as closing the window does. A module names it
    ``app = online_app``."""
    application = make_app(tmp_path / "settings")
    yield application
    close_app(application)


def shot(app: App, name: str) -> None:
    if SHOTS:
        pygame.image.save(app.screen, str(Path(SHOTS) / f"{name}.png"))


def post(kind: int, **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, **extra))


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
    app.step(1 / 60)


def type_into(app: App, field_pos: tuple[int, int], text: str) -> None:
    click(app, field_pos)
    post(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode="")  # the click put the caret inside
    for _ in range(30):
        post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="")
    for char in text:  # the key a keyboard sends with it: an "m" is also the M key
        post(pygame.KEYDOWN, key=pygame.key.key_code(char.lower()), mod=0, unicode=char)
    app.step(1 / 60)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=start, button=1)
    app.step(1 / 60)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(1, 0, 0))
        app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, pos=end, button=1)
    app.step(1 / 60)


def frames_until(app: App, done: Callable[[], object], seconds: float = 30) -> None:
    """Step frames (a real pause between them: the network is real) until ``done``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.step(1 / 30)
        if done():
            return
        time.sleep(0.01)
    raise AssertionError(f"timed out; {describe(app)}")


def describe(app: App) -> str:
    """What the top screen shows (a timed-out wait says it)."""
    top = app.stack[-1] if app.stack else None
    if isinstance(top, TableScene) and isinstance(top.driver, RemoteDriver):
        d, m = top.driver, top.driver.mirror
        return (f"table: {d.connection}, my turn {m.my_turn}, sent {d._sent}, seq {m.seq},"
                f" turn {m.turn}, place {m.place}, idle {top.idle},"
                f" message {top.board.message!r}, errors {m.errors[-2:]}")
    return f"top screen {type(top).__name__}: {getattr(top, 'message', '')!r}"


def wait(done: Callable[[], object], seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if done():
            return
        time.sleep(0.01)
    raise AssertionError("timed out")


def open_online(app: App) -> OnlineScene:
    """Title, Play online."""
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    return online


def host_table(app: App, variant: str | None = None) -> LobbyScene:
    """Title, Play online, this computer only, any free port, Host a table (of
    ``variant``, else of the variant the screen offers first)."""
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    shot(app, "title")
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    type_into(app, online.name.rect.center, "Asha")
    while variant is not None and online.variant.value != variant:
        click(app, online.variant.right.center)
    while online.bind.value != LOOPBACK:
        click(app, online.bind.right.center)
    type_into(app, online.port.rect.center, "0")
    shot(app, "online")
    click(app, online.host_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene), online.message
    frames_until(app, lambda: lobby.mirror_code)
    return lobby


def join(url: str, code: str, name: str) -> RemoteDriver:
    """A second player: the network client the desktop game uses, played by a bot."""
    client = NetClient(url).start()
    client.send({"type": "join", "code": code, "name": name})
    driver = RemoteDriver(client)
    wait(pumped(driver, lambda: client.token))
    client.send({"type": "ready"})
    return driver


def start(app: App, lobby: LobbyScene) -> TableScene:
    frames_until(app, lambda: lobby.start_button.enabled)
    shot(app, "lobby")
    click(app, lobby.start_button.rect.center)
    frames_until(app, lambda: isinstance(app.stack[-1], TableScene))
    table = app.stack[-1]
    assert isinstance(table, TableScene)
    frames_until(app, lambda: table.idle and table.seat is not None)
    return table


def play_my_turn(app: App, table: TableScene) -> None:
    """Draw from the closed deck and discard by drags, as a player does."""
    frames_until(app, lambda: table.idle and remote(table).mirror.my_turn
                 and table.driver.legal())
    lay = table.board.lay
    drag(app, lay.closed_deck.center, (lay.hand_area.centerx, lay.hand_y + lay.hand_h // 2))
    frames_until(app, lambda: table.idle and table.driver.view.drawn is not None
                 and table.driver.legal())
    card = table.driver.view.drawn
    assert card is not None
    sprite = table.board.sprites[card]
    grip = (round(sprite.x) + 8, round(sprite.y) + table.card_height() // 2)
    drag(app, grip, lay.open_deck.center)
    frames_until(app, lambda: table.idle and table.driver.view.open_top == card)


def play_bot_turn(driver: RemoteDriver) -> None:
    bot = make_bot("greedy", 1)
    for _ in range(2):  # draw, then discard
        wait(pumped(driver, lambda: driver.ready and driver.mirror.my_turn
                    and driver.connection == "connected" and bool(driver.legal())))
        # never a drop or a show: either would end the deal, and the test's round with it
        # (the server deals at random, from secrets: now and then the greedy bot's first
        # fourteen cards are a valid show)
        legal = [a for a in driver.legal() if not isinstance(a, Drop | DropAtTurn | Finish)]
        assert driver.act(bot.choose(driver.view, legal)) is None


def same_open_deck(app: App, table: TableScene, other: RemoteDriver) -> None:
    frames_until(app, pumped(other, lambda: table.idle
                             and remote(table).mirror.seq == other.mirror.seq))
    mine, theirs = table.driver.view, other.view
    assert (mine.open_top, mine.open_size) == (theirs.open_top, theirs.open_size)
    assert table.board.open_pile[-1:] == [mine.open_top]


def remote(table: TableScene) -> RemoteDriver:
    driver = table.driver
    assert isinstance(driver, RemoteDriver)
    return driver


def pumped(driver: RemoteDriver, done: Callable[[], object]) -> Callable[[], object]:
    """``done`` after taking in what has arrived for ``driver`` (a client off the frame)."""
    def check() -> object:
        driver.pump()
        return done()
    return check


def server_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "rummy-local-server" and t.is_alive()]


def join_by_code(app: App, port: int, code: str, name: str) -> LobbyScene:
    """Title, Play online, the typed address and room code, Join."""
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    type_into(app, online.name.rect.center, name)
    type_into(app, online.address.rect.center, f"127.0.0.1:{port}")
    type_into(app, online.code.rect.center, show_code(code).lower())  # "acdef hjkmn"
    click(app, online.join_button.rect.center)
    lobby = app.stack[-1]
    assert isinstance(lobby, LobbyScene), online.message
    frames_until(app, lambda: lobby.mirror_code == code)
    return lobby


def play_round(app: App, table: TableScene, other: RemoteDriver) -> None:
    """One move each, whoever is first."""
    for _ in range(2):
        # whose move it is by the moves offered: a view held across a reconnect offers
        # none until the seat's new state arrives
        frames_until(app, pumped(other, lambda: table.idle and (
            remote(table).legal() or other.legal())))
        if remote(table).mirror.my_turn:
            play_my_turn(app, table)
        else:
            play_bot_turn(other)
        same_open_deck(app, table, other)

