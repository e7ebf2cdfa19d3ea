"""What the table tests share: prepared deals, the table scene shown and brought to rest,
and real mouse and key events posted to it (tests/ui/conftest.py has the window).

``table`` shows a declare deal (``prepared_game``); ``meld_table`` a classic or contract
round (``meld_game``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from rummy.model import parse_card, parse_cards
from rummy.model.cards import make_deck
from rummy.model.families.declare_deal import deal_from_cards
from rummy.model.families.melding import MeldState
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.meld_area import MeldLayout
from rummy.ui.table.parts_melds import MeldParts

# Seat 0 holds three pure sequences, a set of kings and a loose 4♦; it draws Q♣ from the
# closed deck, which completes 9♣ 10♣ J♣ Q♣: then 4♦ on the finish slot is a valid show.
HAND = "2S 3S 4S 5H 6H 7H 9C 10C JC KD KH KS 4D"
OTHER = "AH 2H 3H 9S 10S JS 5D 6D 7D QH QS 2C 3C"


def prepared_game(options: dict[str, int] | None = None) -> Session:
    game = Session.lone_deal("indian_13", players=2, seed=3, options=options)
    game.state = deal_from_cards(
        game.variant, [parse_cards(HAND), parse_cards(OTHER)], parse_cards("5C"),
        parse_card("8D"), closed_top=parse_cards("QC AD"), first_player=0, seed=3)
    return game


def table(app: App, game: Session | None = None, human: int | None = 0, players: int = 2,
          options: dict[str, int] | None = None, speed: float = 4.0) -> TableScene:
    config = GameConfig("indian_13", options or {}, players, ("greedy",) * players, 3, human)
    scene = TableScene(app, config, game=game, speed=speed)
    app.push(scene)
    settle(app, scene)
    return scene


def settle(app: App, scene: TableScene, frames: int = 400) -> None:
    """Step until every event has been animated and the sprites have come to rest."""
    for _ in range(frames):
        app.step(1 / 30)
        resting = all(s.settled for s in scene.board.sprites.values())
        if scene.idle and resting and scene.drag is None:
            return
    raise AssertionError("the table never came to rest")


def post(kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    post(pygame.MOUSEBUTTONDOWN, start, button=1)
    app.step(1 / 60)
    for i in range(1, steps + 1):
        x = start[0] + (end[0] - start[0]) * i // steps
        y = start[1] + (end[1] - start[1]) * i // steps
        post(pygame.MOUSEMOTION, (x, y), rel=(0, 0), buttons=(1, 0, 0))
        app.step(1 / 60)
    post(pygame.MOUSEBUTTONUP, end, button=1)
    app.step(1 / 60)


def click(app: App, pos: tuple[int, int]) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos, button=1)
    post(pygame.MOUSEBUTTONUP, pos, button=1)
    app.step(1 / 60)


def key(app: App, k: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
    app.step(1 / 60)


def grip(scene: TableScene, code: str) -> tuple[int, int]:
    """A point on the visible left edge of a hand card."""
    x, y = scene.board.sprites[parse_card(code)].pos
    return x + 8, y + scene.card_height() // 2


def hand_point(scene: TableScene) -> tuple[int, int]:
    lay = scene.board.lay
    return lay.hand_area.centerx, lay.hand_y + lay.hand_h // 2


def draw_closed_by_drag(app: App, scene: TableScene) -> None:
    drag(app, scene.board.lay.closed_deck.center, hand_point(scene))
    settle(app, scene)


def ask_hint(app: App, scene: TableScene) -> None:
    """Press H and step until the hint is shown."""
    key(app, pygame.K_h)
    for _ in range(200):
        app.step(1 / 30)
        if scene.hint_job is None:
            return
    raise AssertionError("the hint never came")



# ---------------------------------------------------------------- classic and contract


def meld_game(variant: str, hands: list[str], discard: str = "JS", stock: str = "",
              options: dict[str, Any] | None = None) -> Session:
    """A round with these hands (seat 0, the player, to draw), discard pile (top last) and
    stock (top last), everyone past their first turn."""
    game = Session.lone_deal(variant, players=len(hands), seed=3, options=options)
    state = game.state
    assert isinstance(state, MeldState)
    held = [parse_cards(h) for h in hands]
    pile, top = parse_cards(discard), parse_cards(stock)
    used = {c for h in held for c in h} | set(pile) | set(top)
    rest = tuple(c for c in make_deck(game.variant.packs, game.variant.printed_jokers)
                 if c not in used)
    game.state = replace(state, hands=tuple(held), open_deck=pile, closed_deck=rest + top,
                         turn=0, turns_done=(1,) * len(hands), history=())
    return game


def meld_table(app: App, game: Session, variant: str) -> TableScene:
    """A classic or contract table (``variant``) showing ``game``, at rest."""
    config = GameConfig(variant, dict(game.options), game.players, ("greedy",) * game.players,
                        3, 0)
    scene = TableScene(app, config, game=game, speed=4.0)
    app.push(scene)
    settle(app, scene)
    return scene


def draw_from_stock(app: App, scene: TableScene) -> None:
    drag(app, scene.board.lay.closed_deck.center, hand_point(scene))
    settle(app, scene)


def select(app: App, scene: TableScene, *codes: str) -> None:
    for code in codes:
        click(app, grip(scene, code))
        settle(app, scene)


CONTRACT = ["7S 7H 7D 9C 9D 9S KH 2C 4D 5H 6C", "AH 2H 4H 6H 8H 10H QH AC 3C 5C 8C"]


def meld_parts(scene: TableScene) -> MeldParts:
    """The parts of a table whose rules lay melds on the table."""
    parts = scene.parts
    assert isinstance(parts, MeldParts)
    return parts


def placed(scene: TableScene) -> MeldLayout:
    """Where the table's melds are drawn (laid out once the table has been drawn)."""
    layout = meld_parts(scene).placed
    assert layout is not None
    return layout


def new_meld_zone(scene: TableScene) -> tuple[int, int]:
    return placed(scene).new_meld.center


def meld_center(scene: TableScene, index: int) -> tuple[int, int]:
    return next(s.rect.center for s in placed(scene).melds if s.index == index)


CLASSIC = ["5S 6S 7S 4S 8S KH KD 2C 9D 3H", "AH 2H 4H 6H 8H 10H QH AC 3C 5C"]
