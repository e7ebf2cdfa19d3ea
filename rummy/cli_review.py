"""``python -m rummy review RECORD --seat N [--json]``: a seat's decisions in a saved deal
set beside the expert's (docs/command-line.md, "review"; docs/review.md).

``RECORD`` is a saved game (``rummy-game/2`` and the older formats, as
:meth:`rummy.session.Session.load` reads them) or a replay file from the game's replays
folder (its names and, for a round of a match, which round, come with it). The same
record, seed and budget always give the same review: the appraiser is seeded and counts
its budget in work, not time.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rummy.cli_common import UsageError, one_line

if TYPE_CHECKING:  # the review's modules are imported by the command itself
    from rummy.review.engine import Review
    from rummy.session import Session


def add_parser(sub: Any) -> None:
    """The ``review`` command on the command line's subcommands."""
    review = sub.add_parser(
        "review", help="a seat's decisions in a saved deal beside the expert's",
        description="Replays RECORD (a saved game or a replay file) and appraises every"
                    " decision seat N made with the expert's appraisal: the move played,"
                    " the best, its rank, the candidates' expected points and a verdict.")
    review.add_argument("record", metavar="RECORD", help="a saved game or replay (.json)")
    review.add_argument("--seat", type=int, required=True, metavar="N",
                        help="the seat to review, from 0 (the first seat)")
    review.add_argument("--deal", type=int, default=None, metavar="D",
                        help="which deal of a match, from 1 (default: a replay's own, else 1)")
    review.add_argument("--seed", type=int, default=0, help="the appraiser's seed (default 0)")
    review.add_argument("--budget", type=int, default=None, metavar="WORK",
                        help="the appraiser's work per decision at the first look"
                             " (default: the review's, docs/review.md)")
    review.add_argument("--json", action="store_true", help="print one JSON object")
    review.set_defaults(run=cmd_review)


def cmd_review(args: argparse.Namespace) -> int:
    from rummy.review.appraiser import REVIEW_BUDGET, review_appraisers
    from rummy.review.engine import review_game

    game, names, deal = read_record(Path(args.record))
    if args.deal is not None:
        deal = args.deal - 1
    budget = REVIEW_BUDGET if args.budget is None else args.budget
    if budget < 1:
        raise UsageError("--budget is an amount of work, at least 1")
    try:
        first, second = review_appraisers(args.seed, budget)
        review = review_game(game, args.seat, first, deal=deal, names=names,
                             second_look=second)
    except ValueError as err:
        raise UsageError(f"{args.record}: {one_line(err)}") from err
    print_review(review, args.json)
    return 0


def print_review(review: Review, as_json: bool) -> None:
    if as_json:
        print(json.dumps(review.to_json()))
    else:
        from rummy.review.text import review_lines

        for line in review_lines(review):
            print(line)


def read_record(path: Path) -> tuple[Session, list[str], int]:
    """The game of a saved record or a replay file, its seats' names (a replay's; none
    for a save) and the deal to review (a replay of one round of a match names it)."""
    from rummy.session import Session
    from rummy.store.replays import REPLAY_FORMAT

    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise UsageError(f"{path}: cannot be read ({one_line(err)})") from err
    try:
        data = json.loads(text)
    except ValueError as err:
        raise UsageError(f"{path}: not a saved game or replay (bad JSON: {err})") from err
    names: list[str] = []
    deal = 0
    if isinstance(data, dict) and data.get("format") == REPLAY_FORMAT:
        players, number = data.get("players"), data.get("deal")
        names = [str(p) for p in players] if isinstance(players, list) else []
        deal = number if isinstance(number, int) and not isinstance(number, bool) else 0
        data = data.get("game")
    try:
        return Session.from_record(data), names, deal
    except ValueError as err:
        raise UsageError(f"{path}: not a game that can be replayed ({one_line(err)})") from err
