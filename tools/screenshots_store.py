"""Render the Statistics, Replays and Settings screens to PNG files, with sample data.

    python tools/screenshots_store.py [--out docs/screenshots] [--size 1280x720 ...]

Real bot-played deals fill a temporary statistics database and replay folder (seeded, so
the pictures are the same every time apart from the dates), under SDL's offscreen driver.
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

from rummy.ai import make_bot  # noqa: E402
from rummy.session import Game  # noqa: E402
from rummy.store.replays import ReplayShelf  # noqa: E402
from rummy.store.stats import Statistics, deal_outcome  # noqa: E402
from rummy.ui.app import App  # noqa: E402
from rummy.ui.scene import Scene  # noqa: E402
from rummy.ui.screens.prefs import PreferencesScene  # noqa: E402
from rummy.ui.screens.replays import ReplaysScene  # noqa: E402
from rummy.ui.screens.stats import StatsScene  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def sample(folder: Path) -> tuple[Statistics, ReplayShelf]:
    """36 bot deals: seat 0 plays medium against each level in turn."""
    stats, shelf = Statistics(folder), ReplayShelf(folder)
    for number in range(36):
        level = LEVELS[number % 3]
        players = 2 + number % 2
        game = Game.new("indian_13" if number % 4 else "two_player_13", players, number)
        bots = [make_bot("medium", seed=number)] + [
            make_bot(level, seed=number + s) for s in range(1, players)]
        while not game.state.is_over and len(game.actions) < 600:
            seat = game.state.turn
            game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        if not game.state.is_over:
            continue
        won, points, lower = deal_outcome(game.state, 0)
        stats.record_deal(game.variant_ref, [level] * (players - 1), won=won, points=points,
                          seconds=60 + 7 * len(game.actions), lower_is_better=lower)
        result = game.state.result
        winner = "You" if won else f"{level} (seat {result.winner})" if result else "?"
        shelf.add(game, ["You", *[level] * (players - 1)], f"{winner} won, you {points}")
    return stats, shelf


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", action="append", default=None)
    args = parser.parse_args(argv)
    sizes = args.size or ["1280x720", "960x600"]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        stats, shelf = sample(Path(temp) / "data")
        for text in sizes:
            width, height = (int(n) for n in text.split("x"))
            app = App((width, height), audio=False, settings_dir=Path(temp) / "settings")
            app.push(Scene(app))
            screens = {"stats": StatsScene(app, stats), "replays": ReplaysScene(app, shelf),
                       "settings": PreferencesScene(app)}
            for name, scene in screens.items():
                app.push(scene)
                if isinstance(scene, ReplaysScene):
                    scene.choose(1)
                app.step(1 / 60)
                path = args.out / f"{name}-{width}x{height}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
                app.pop()
            app.close()
        stats.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
