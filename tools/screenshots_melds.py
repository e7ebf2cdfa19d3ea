"""The classic and contract rummy tables for ``tools/screenshots.py``: prepared rounds
(``tools/table_states.py``) played on with posted mouse and key events.

Each picture is named ``<screen>-<width>x<height>.png``:

- ``classic``: four seats mid-round, melds of three owners on the table;
- ``classic-layoff``: a card dragged onto a run it fits (the melds it fits lit, the one
  under the cursor glowing);
- ``classic-drawchoice``: the top five discards fanned (``allow_draw_choice``);
- ``classic6``: six seats, sixteen melds, a 20-card hand;
- ``classic-result``: the round panel after the player went out;
- ``contract``: contract rummy's round line and lay-down slots, one slot ready and one
  still short;
- ``contract-result``: the round panel after the player went out by laying off.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame

from rummy.model import parse_card
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.parts_melds import MeldParts
from tools.table_states import drawn, meld_round, six_seat_table

Save = Callable[[App, Path, str], None]
TWO_DECKS = {"deck_count": 2}

CLASSIC_HANDS = ["4S 8S 2C 9D 9S KD JC QC AS 7D", "AH 2H 4H 6H 8H 10H QH",
                 "5C 6C 8D 10D JS 3H 2D", "7C 8C 9C KC 3D 4D 10S"]
CLASSIC_MELDS = [(1, "9H 9D 9C"), (1, "3D 4D 5D 6D"), (2, "JH QH KH"),
                 (0, "5S 6S 7S"), (3, "QS QD QC"), (2, "AC 2C 3C"), (3, "7D 7H 7C")]


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 30)


def settle(app: App, scene: TableScene, frames: int = 600) -> None:
    for _ in range(frames):
        app.step(1 / 30)
        if scene.idle and all(s.settled for s in scene.board.sprites.values()):
            return


def post(kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def hold_drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    """Press at ``start`` and move to ``end`` without letting go."""
    post(pygame.MOUSEBUTTONDOWN, start, button=1)
    app.step(1 / 60)
    for i in range(1, 9):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // 8,
                                  start[1] + (end[1] - start[1]) * i // 8),
             rel=(0, 0), buttons=(1, 0, 0))
        app.step(1 / 60)


def drop_at(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    hold_drag(app, start, end)
    post(pygame.MOUSEBUTTONUP, end, button=1)
    app.step(1 / 60)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def table(app: App, game: Session, variant: str) -> TableScene:
    names = ("medium", "hard", "easy", "medium", "hard")[:game.players - 1]
    config = GameConfig(variant, dict(game.options), game.players, names, 3, 0)
    scene = TableScene(app, config, game=game, speed=8.0)
    app.push(scene)
    settle(app, scene)
    return scene


def grip(scene: TableScene, code: str) -> tuple[int, int]:
    x, y = scene.board.sprites[parse_card(code)].pos
    return x + 8, y + scene.card_height() // 2


def meld_center(scene: TableScene, index: int) -> tuple[int, int]:
    parts = scene.parts
    assert isinstance(parts, MeldParts) and parts.placed is not None
    return next(s.rect.center for s in parts.placed.melds if s.index == index)


def hand_point(scene: TableScene) -> tuple[int, int]:
    lay = scene.board.lay
    return lay.hand_area.centerx, lay.hand_y + lay.hand_h // 2


def shoot_classic(app: App, out: Path, tag: str, save: Save) -> None:
    game = drawn(meld_round("super_rummy", CLASSIC_HANDS, CLASSIC_MELDS, discard="KS 10C",
                            stock="5H", options=TWO_DECKS))
    scene = table(app, game, "super_rummy")
    scene.hand.sort()
    scene.board.layout_hand()
    settle(app, scene)
    save(app, out, f"classic-{tag}")
    # 7D fits the set of sevens (lit) and the top of the diamond run (under the cursor).
    hold_drag(app, grip(scene, "7D"), meld_center(scene, 1))
    steps(app, 4)
    save(app, out, f"classic-layoff-{tag}")
    post(pygame.MOUSEBUTTONUP, meld_center(scene, 1), button=1)
    app.step(1 / 60)
    settle(app, scene)
    app.pop()

    melds = [(1, "9H 9D 9C"), (1, "3D 4D 5D 6D"), (0, "JH QH KH")]
    game = meld_round("super_rummy", CLASSIC_HANDS[:2], melds,
                      discard="KS 10C 3C 5H 8D 2H",
                      options={**TWO_DECKS, "allow_draw_choice": True})
    scene = table(app, game, "super_rummy")
    save(app, out, f"classic-drawchoice-{tag}")
    app.pop()

    scene = table(app, six_seat_table(), "super_rummy")
    scene.hand.sort()
    scene.board.layout_hand()
    settle(app, scene)
    save(app, out, f"classic6-{tag}")
    app.pop()

    # Going out: lay the run by M, lay 8S off, discard the last card.
    hands = ["5S 6S 7S 8S", "AH 2H 4H 6H 8H 10H QH", "5C 6C 8D 10D JS 3H 2D"]
    game = meld_round("super_rummy", hands, CLASSIC_MELDS[:3], stock="2C", options=TWO_DECKS)
    scene = table(app, drawn(game), "super_rummy")
    for code in ("5S", "6S", "7S"):
        post(pygame.MOUSEBUTTONDOWN, grip(scene, code), button=1)
        post(pygame.MOUSEBUTTONUP, grip(scene, code), button=1)
        app.step(1 / 60)
    key(app, pygame.K_m)
    settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, MeldParts)
    mine = len(parts.melds) - 1
    drop_at(app, grip(scene, "8S"), meld_center(scene, mine))
    settle(app, scene)
    drop_at(app, grip(scene, "2C"), scene.board.lay.open_deck.center)
    settle(app, scene)
    steps(app, 40)
    save(app, out, f"classic-result-{tag}")
    app.pop()


CONTRACT_HANDS = ["7S 7H 7D 9C 9D KH 2C 4D 5H 6C 10S",
                  "AH 2H 4H 6H 8H 10H QH AC 3C 5C 8C", "2S 3S 4S 6D 8D JD QD KD 5S 6S JC"]


def shoot_contract(app: App, out: Path, tag: str, save: Save) -> None:
    game = drawn(meld_round("dummy_rummy", CONTRACT_HANDS, stock="QC"))
    scene = table(app, game, "dummy_rummy")
    parts = scene.parts
    assert isinstance(parts, MeldParts) and parts.placed is not None
    slots = [s.rect.center for s in parts.placed.slots]
    for code in ("7S", "7H", "7D"):
        drop_at(app, grip(scene, code), slots[0])
        settle(app, scene)
    for code in ("9C", "9D"):
        drop_at(app, grip(scene, code), slots[1])
        settle(app, scene)
    save(app, out, f"contract-{tag}")
    app.pop()

    # Laid down in an earlier turn; the last two cards lay off and the player is out.
    melds = [(0, "7S 7H 7D"), (0, "9C 9D 9S"), (1, "QS QH QD")]
    game = drawn(meld_round("dummy_rummy", ["7C", *CONTRACT_HANDS[1:]], melds, stock="9H"))
    scene = table(app, game, "dummy_rummy")
    for code, meld in (("7C", 0), ("9H", 1)):
        drop_at(app, grip(scene, code), meld_center(scene, meld))
        settle(app, scene)
    steps(app, 40)
    save(app, out, f"contract-result-{tag}")
    app.pop()


def shoot_melds(app: App, out: Path, tag: str, save: Save) -> None:
    """Every classic and contract rummy screen at the app's size."""
    shoot_classic(app, out, tag, save)
    shoot_contract(app, out, tag, save)
