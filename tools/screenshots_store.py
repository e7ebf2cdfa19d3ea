"""Render the title (with and without Continue), the Statistics, Replays and Settings
screens, a replay at the table and the review of a deal to PNG files, with sample data.

    python tools/screenshots_store.py [--out docs/screenshots] [--size 1280x720 ...]

Real bot-played deals fill a temporary statistics database and replay folder (seeded, so
the pictures are the same every time apart from the dates), under SDL's offscreen driver.
The review is the expert's at the review's budget (seeded too), shown at the deal's
biggest mistake (or the move that lost the most).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame  # noqa: E402

from rummy.ai import make_bot  # noqa: E402
from rummy.session import Session  # noqa: E402
from rummy.store.replays import ReplayEntry, ReplayShelf  # noqa: E402
from rummy.store.saves import SaveSlot  # noqa: E402
from rummy.store.stats import Statistics, deal_outcome  # noqa: E402
from rummy.ui.app import App  # noqa: E402
from rummy.ui.launch import register_scenes  # noqa: E402
from rummy.ui.scene import Scene  # noqa: E402
from rummy.ui.screens.replay_table import ReplayTableScene  # noqa: E402
from rummy.ui.screens.replays import ReplaysScene  # noqa: E402
from rummy.ui.screens.review import ReviewScene  # noqa: E402
from rummy.ui.screens.settings import SettingsScene  # noqa: E402
from rummy.ui.screens.stats import StatsScene  # noqa: E402
from rummy.ui.screens.title import TitleScene  # noqa: E402

LEVELS = ("easy", "medium", "hard")


def sample(folder: Path) -> tuple[Statistics, ReplayShelf]:
    """36 bot deals: seat 0 plays medium against each level in turn."""
    stats, shelf = Statistics(folder), ReplayShelf(folder)
    for number in range(36):
        level = LEVELS[number % 3]
        players = 2 + number % 2
        game = Session.lone_deal("indian_13" if number % 4 else "two_player_13", players, number)
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


def worked_out(app: App, shelf: ReplayShelf, entry: ReplayEntry) -> ReviewScene:
    """The review of ``entry``'s deal for the player's seat, worked out (on its worker
    thread, as in the game), at its biggest mistake."""
    review = ReviewScene(app, shelf.load(entry), entry.players.index("You"),
                         names=entry.players)
    deadline = time.monotonic() + 300
    while review.working and time.monotonic() < deadline:
        review.update(0.05)
        time.sleep(0.05)
    if review.review is None:
        raise SystemExit(f"the review was not worked out: {review.error or 'too slow'}")
    decisions = review.review.decisions
    biggest = review.review.summary.biggest  # else the move that lost most, within noise
    review.index = biggest if biggest is not None else max(
        range(len(decisions)), key=lambda i: decisions[i].points_lost, default=0)
    review.show()
    return review


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("docs/screenshots"))
    parser.add_argument("--size", action="append", default=None)
    args = parser.parse_args(argv)
    sizes = args.size or ["1280x720", "960x600"]
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as temp:
        data = Path(temp) / "data"
        os.environ["RUMMY_DATA_DIR"] = str(data)
        stats, shelf = sample(data)
        entry = shelf.list()[1]
        for text in sizes:
            width, height = (int(n) for n in text.split("x"))
            app = register_scenes(
                App((width, height), audio=False, settings_dir=Path(temp) / "settings"))
            SaveSlot(data).discard()
            app.push(TitleScene(app))
            replay = ReplayTableScene(app, shelf.load(entry), entry)
            replay.stepper.seek(replay.stepper.positions * 2 // 3)
            replay.show()
            screens = {"title": None, "title-continue": "save",
                       "stats": StatsScene(app, stats),
                       "replays": app.build("replays", shelf=shelf),
                       "settings": SettingsScene(app), "replay-table": replay,
                       "review": worked_out(app, shelf, entry)}
            for name, scene in screens.items():
                if scene == "save":
                    game = Session.new("indian_13", players=3, seed=7)
                    SaveSlot(data).write(game, table={})
                    app.pop()
                    app.push(TitleScene(app))
                elif isinstance(scene, Scene):
                    app.push(scene)
                    if isinstance(scene, ReplaysScene):
                        scene.choose(1)
                for _ in range(30):  # the hand's cards glide to their places
                    app.step(1 / 30)
                path = args.out / f"{name}-{width}x{height}.png"
                pygame.image.save(app.screen, str(path))
                print(path)
                if isinstance(scene, Scene):
                    app.pop()
            app.close()
        stats.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
