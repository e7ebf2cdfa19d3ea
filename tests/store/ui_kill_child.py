"""A real game window for the kill -9 test: the title, Continue when a game is saved (else a
new three-seat ``indian_13`` game), and the table playing with the worker thread's bots,
animations and the background save writer, as in a player's game (SDL's dummy driver).

The player's seat is played by posted mouse events: cards dragged within the hand (some
drags are still under way when the kill comes), and the seat's moves chosen by a greedy bot
and played through the table. Prints ``resumed DIGEST`` (the table rebuilt from the save:
its match record, the hand's groups and the deal's hands, see :func:`digest`) or
``started``, then runs until killed (or for ``--frames N``).

Usage: ``python ui_kill_child.py DATA_DIR SEED [--frames N]``.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from rummy.ai import make_bot  # noqa: E402
from rummy.model.state import GameState  # noqa: E402
from rummy.ui.app import App  # noqa: E402
from rummy.ui.game_config import GameConfig  # noqa: E402
from rummy.ui.launch import register_scenes  # noqa: E402
from rummy.ui.screens.title import TitleScene  # noqa: E402
from rummy.ui.table import TableScene  # noqa: E402
from rummy.ui.table.driver_protocol import local_driver


def digest(record: dict[str, Any], hand: list[list[str]], state: GameState) -> str:
    """One line for a game as saved or resumed: record, hand groups, every seat's hand."""
    hands = [[card.code for card in seat_hand] for seat_hand in state.hands]
    text = json.dumps([record, hand, hands, state.turn], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def post(kind: int, pos: tuple[int, int], **extra: Any) -> None:
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))


def main(argv: list[str]) -> int:
    data, seed = Path(argv[0]), int(argv[1])
    frames = int(argv[3]) if len(argv) > 3 and argv[2] == "--frames" else None
    os.environ["RUMMY_DATA_DIR"] = str(data)
    app = register_scenes(App(audio=False, settings_dir=data / "settings"))
    title = app.open("title")
    assert isinstance(title, TitleScene)
    if title.saved:
        title.continue_game()
        scene = app.top
        assert isinstance(scene, TableScene), title.message
        # the match the table plays on, and its keeper saves
        session = local_driver(scene.driver).game
        groups = [[c.code for c in g] for g in scene.hand.groups if g]
        print("resumed", digest(session.to_record(), groups, local_driver(scene.driver).state),
              flush=True)
    else:
        config = GameConfig("indian_13", {}, 3, ("easy", "medium"), seed, 0)
        scene = app.open("table", config=config, speed=4.0)
        assert isinstance(scene, TableScene)
        print("started", flush=True)
    rng = random.Random(seed)
    bot = make_bot("greedy", seed=seed)
    dragging = 0
    frame = 0
    while frames is None or frame < frames:
        frame += 1
        app.step(1 / 60)
        if app.top is not scene:
            return 0
        if scene.result is not None:
            scene.next_deal()
            continue
        lay = scene.board.lay
        if dragging:  # a drag of a hand card under way: move, then drop within the hand
            dragging -= 1
            x = rng.randrange(lay.hand_area.left + 10, lay.hand_area.right - 10)
            y = lay.hand_y + lay.hand_h // 2
            post(pygame.MOUSEMOTION, (x, y), rel=(0, 0), buttons=(1, 0, 0))
            if not dragging:
                post(pygame.MOUSEBUTTONUP, (x, y), button=1)
            continue
        if scene.seat is None or not scene.idle or not scene.driver.view.my_turn:
            continue
        if rng.random() < 0.5 and scene.hand.cards:
            card = rng.choice(scene.hand.cards)
            sprite = scene.board.sprites.get(card)
            if sprite is not None and sprite.settled:
                x, y = sprite.pos
                post(pygame.MOUSEBUTTONDOWN, (x + 3, y + lay.hand_h // 2), button=1)
                dragging = rng.randint(3, 12)
            continue
        seat = scene.seat
        scene.try_act(bot.choose(local_driver(scene.driver).game.view(seat),
                                 local_driver(scene.driver).game.legal_actions(seat)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
