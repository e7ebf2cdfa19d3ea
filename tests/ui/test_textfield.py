"""The menus' text field as a player types into it: a caret that moves, typing and deleting
where it stands, a click that places it, and Tab and Enter on the Play online form."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.ui.app import App
from rummy.ui.screens.online import OnlineScene
from rummy.ui.screens.title import TitleScene
from rummy.ui.textfield import PAD, TextField

from .online_play import click, close_app, make_app, post

pytestmark = pytest.mark.timeout(60)


def press(field: TextField, key: int, char: str = "", mod: int = 0) -> None:
    field.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=char))


def typed(field: TextField, text: str) -> None:
    for char in text:
        press(field, ord(char.lower()), char)  # ASCII keys' codes are their letters


@pytest.fixture
def field() -> TextField:
    pygame.font.init()
    box = TextField("Address", "", 60)
    box.place(pygame.Rect(0, 0, 500, 36), pygame.font.Font(None, 24))
    box.focused = True
    return box


def test_typing_goes_where_the_caret_stands(field: TextField) -> None:
    typed(field, "127.0.1:8765")
    for _ in range(7):
        press(field, pygame.K_LEFT)
    typed(field, ".0")  # a forgotten part typed in the middle, nothing retyped
    assert field.text == "127.0.0.1:8765"
    assert field.caret == 7
    press(field, pygame.K_HOME)
    press(field, pygame.K_DELETE)
    press(field, pygame.K_DELETE)
    press(field, pygame.K_DELETE)
    typed(field, "10")
    assert field.text == "10.0.0.1:8765"
    press(field, pygame.K_END)
    press(field, pygame.K_BACKSPACE)
    assert field.text == "10.0.0.1:876"
    press(field, pygame.K_RIGHT)  # the caret stops at the ends
    assert field.caret == len(field.text)
    press(field, pygame.K_HOME)
    press(field, pygame.K_LEFT)
    press(field, pygame.K_BACKSPACE)  # nothing before the caret: nothing deleted
    assert (field.text, field.caret) == ("10.0.0.1:876", 0)


def test_a_paste_goes_in_at_the_caret_and_keeps_to_the_limit() -> None:
    pygame.font.init()
    code = TextField("Room code", "PXJ", 5, upper=True)
    code.place(pygame.Rect(0, 0, 300, 36), pygame.font.Font(None, 24))
    code.focused = True
    code.clipboard = lambda: "axyz"
    press(code, pygame.K_LEFT)
    press(code, pygame.K_LEFT)
    press(code, pygame.K_v, mod=pygame.KMOD_LCTRL)
    assert (code.text, code.caret) == ("PAXXJ", 3)  # two of the four letters fit


def test_a_click_puts_the_caret_between_the_letters_it_lands_on(field: TextField) -> None:
    typed(field, "192.168.1.20")
    assert field.font is not None
    left = field.rect.x + field.rect.width * 2 // 5 + PAD
    x = left + field.font.size("192.1")[0] + 1
    field.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, field.rect.centery),
                                    button=1))
    assert field.focused and field.caret == 5
    typed(field, "0")
    assert field.text == "192.1068.1.20"


def test_a_long_text_scrolls_to_keep_the_caret_in_the_box(field: TextField) -> None:
    typed(field, "a-very-long-computer-name.example.org:8765")
    assert field.font is not None
    surface = pygame.Surface((500, 36))
    field.draw(surface)
    first = field._shown_from()
    room = field.rect.width - field.rect.width * 2 // 5 - 2 * PAD
    assert first > 0  # the start scrolled out of sight, the caret at the end is shown
    assert field.font.size(field.text[first:])[0] <= room
    press(field, pygame.K_HOME)
    field.draw(surface)
    assert field._shown_from() == 0  # back at the start, the start shows again


@pytest.fixture
def online_app(tmp_path: Path) -> Iterator[App]:
    application = make_app(tmp_path / "settings")
    yield application
    close_app(application)


def test_tab_moves_between_the_fields_and_enter_joins(online_app: App) -> None:
    app = online_app
    title = app.stack[-1]
    assert isinstance(title, TitleScene)
    click(app, title.online_button.rect.center)
    online = app.stack[-1]
    assert isinstance(online, OnlineScene)
    click(app, online.name.rect.center)
    order = []
    for _ in range(4):
        post(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t")
        app.step(1 / 60)
        order.append([f for f in online.fields if f.focused])
    assert order == [[online.port], [online.address], [online.code], [online.name]]
    post(pygame.KEYDOWN, key=pygame.K_TAB, mod=pygame.KMOD_LSHIFT, unicode="\t")
    app.step(1 / 60)
    assert online.code.focused and not online.name.focused
    asked: list[str] = []
    online.join = lambda: asked.append("join")  # type: ignore[method-assign]
    post(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r")
    app.step(1 / 60)
    assert asked == ["join"]
