"""Render every screen of the game to PNG files, for the docs and for looking at.

    python tools/screenshots.py [--out docs/screenshots] [--size 1280x720 --size 960x600]
                                [--only-melds]

Drives the real scenes (title, new game, rules, the table mid-deal, the declare dialog,
the end of a deal; classic and contract rummy's tables from tools/screenshots_melds.py)
with posted mouse events, under SDL's offscreen driver, so the pictures are what a player
sees and can be made again after any change.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from rummy.model import parse_card, parse_cards  # noqa: E402
from rummy.model.families.declare_deal import deal_from_cards  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.ui.app import App  # noqa: E402
from rummy.ui.game_config import GameConfig  # noqa: E402
from rummy.ui.launch import register_scenes  # noqa: E402
from rummy.ui.screens.new_game import NewGameScene  # noqa: E402
from rummy.ui.table import TableScene  # noqa: E402
from rummy.ui.table.driver_protocol import local_driver
from tools.screenshots_melds import shoot_melds  # noqa: E402

# Seat 0 holds three pure sequences, a set of kings and a loose 4D; it draws QC from the
# closed deck, which completes 9C 10C JC QC: then 4D on the finish slot is a valid show.
HAND = "2S 3S 4S 5H 6H 7H 9C 10C JC KD KH KS 4D"
OTHER = "AH 2H 3H 9S 10S JS 5D 6D 7D QH QS 2C 3C"


def steps(app: App, n: int) -> None:
    for _ in range(n):
        app.step(1 / 30)


def settle(app: App, scene: TableScene, frames: int = 600) -> None:
    for _ in range(frames):
        app.step(1 / 30)
        if scene.idle and all(s.settled for s in scene.board.sprites.values()):
            return


def click(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def drag(app: App, start: tuple[int, int], end: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(1 / 60)
    for i in range(1, 9):
        pos = (start[0] + (end[0] - start[0]) * i // 8, start[1] + (end[1] - start[1]) * i // 8)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        app.step(1 / 60)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(1 / 60)


def save(app: App, out: Path, name: str) -> None:
    app.step(1 / 60)
    pygame.image.save(app.screen, str(out / f"{name}.png"))
    print(out / f"{name}.png")


def shoot(size: tuple[int, int], out: Path) -> None:
    tag = f"{size[0]}x{size[1]}"
    with tempfile.TemporaryDirectory() as settings:
        app = register_scenes(App(size, audio=False, settings_dir=Path(settings)))
        app.open("title")
        steps(app, 3)
        save(app, out, f"title-{tag}")
        menu = app.open("new_game")
        steps(app, 3)
        save(app, out, f"newgame-{tag}")
        # Super Rummy's options are more than the panel holds: scrolled half way down.
        assert isinstance(menu, NewGameScene)
        menu.select([e.id for e in menu.entries].index("super_rummy"))
        pointer = menu.panel_view.scroll.view.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, precise_x=0.0,
                                             precise_y=-2.0, flipped=False))
        steps(app, 3)
        save(app, out, f"newgame-super-{tag}")
        app.pop()
        app.show_rules("indian_13")
        steps(app, 3)
        save(app, out, f"rules-{tag}")
        app.pop()

        # A table mid-deal: four players, after a few turns.
        config = GameConfig("indian_13", {}, 4, ("medium",) * 3, 11, 0)
        scene = TableScene(app, config, speed=8.0)
        app.push(scene)
        for _ in range(40):
            settle(app, scene)
            state = local_driver(scene.driver).state
            if state.turn == 0 and state.phase.value == "draw":
                break
        save(app, out, f"table-{tag}")
        app.pop()

        # The two-player toss: the player has picked, the bot's card turns over.
        config = GameConfig("two_player_13", {}, 2, ("medium",), 5, 0, ceremony=True)
        scene = TableScene(app, config, speed=2.0)
        app.push(scene)
        settle(app, scene)
        click(app, scene.ceremony.grip(9))
        for _ in range(300):  # until both toss cards lie face up and the outcome is said
            app.step(1 / 30)
            if "first" in scene.ceremony.banner:
                break
        save(app, out, f"toss-{tag}")
        app.pop()

        # Six seats.
        config = GameConfig("indian_13", {}, 6, ("medium",) * 5, 5, 0)
        scene = TableScene(app, config, speed=8.0)
        app.push(scene)
        settle(app, scene)
        save(app, out, f"table6-{tag}")
        app.pop()

        # The declare dialog and the end of the deal, from a prepared valid hand.
        game = Session.lone_deal("indian_13", players=2, seed=3)
        game.state = deal_from_cards(
            game.variant, [parse_cards(HAND), parse_cards(OTHER)], parse_cards("5C"),
            parse_card("8D"), closed_top=parse_cards("QC AD"), first_player=0, seed=3)
        config = GameConfig("indian_13", {}, 2, ("medium",), 3, 0)
        scene = TableScene(app, config, game=game, speed=8.0)
        app.push(scene)
        settle(app, scene)
        lay = scene.board.lay
        click(app, lay.closed_deck.center)
        settle(app, scene)
        # H (hint) arranges the hand into its best grouping first.
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0,
                                             unicode="h", scancode=0))
        settle(app, scene)
        steps(app, 30)
        four = next(s for c, s in scene.board.sprites.items() if c.code == "4D")
        start = (four.pos[0] + lay.hand_w // 2, four.pos[1] + 20)
        drag(app, start, lay.finish_slot.center)
        steps(app, 20)
        save(app, out, f"declare-{tag}")
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN,
                                             mod=0, unicode="\r", scancode=0))
        for _ in range(60):
            app.step(1 / 30)
        save(app, out, f"result-{tag}")
        app.pop()

        # Classic and contract rummy: tools/screenshots_melds.py.
        shoot_melds(app, out, tag, save)
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", action="append", default=[])
    parser.add_argument("--only-melds", action="store_true",
                        help="only the classic and contract rummy screens")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    # A data folder of its own: no save, statistics or replays of this machine's player
    # may change the pictures (the title offers Continue only when there is a save).
    with tempfile.TemporaryDirectory() as data:
        os.environ["RUMMY_DATA_DIR"] = data
        for text in args.size or ["1280x720", "960x600"]:
            w, h = (int(v) for v in text.lower().split("x"))
            if args.only_melds:
                with tempfile.TemporaryDirectory() as settings:
                    app = register_scenes(App((w, h), audio=False,
                                              settings_dir=Path(settings)))
                    shoot_melds(app, args.out, f"{w}x{h}", save)
                    app.close()
            else:
                shoot((w, h), args.out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
