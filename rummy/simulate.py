"""Bot-against-bot deals, checked after every action: ``python -m rummy simulate``.

The same function serves the command line, the random playout test over every shipped
variant (``tests/model/test_playout.py``), the benchmark and the terminal demo, so what a
person runs by hand is what the tests run.

After every action it checks that the bot's action was in ``legal_actions`` and that
``check_invariants`` finds nothing. An exception or a broken invariant counts as an error:
the deal's record (``Session.to_record()``, loadable with ``Session.load``, plus an ``error``
field) is saved into ``failed_dir``. Everything is derived from ``seed``, so the same
arguments give the same summary (except ``games_per_second``).
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy.ai import Bot, make_bot
from rummy.model.actions import Action, Finish
from rummy.model.events import TurnBegan
from rummy.model.families import Phase
from rummy.model.invariants import check_invariants
from rummy.model.randomness import seed_text
from rummy.model.state import MAX_TURNS, stalemate_due
from rummy.model.variant_type import Variant
from rummy.session import FORMAT, Session

DEFAULT_MAX_TURNS = MAX_TURNS
"""A deal still going after this many turns (all seats together) stops as incomplete:
two bots that never declare could otherwise play for ever. Incomplete is not an error. A
classic or contract deal also stops where the game would end it as a stalemate sooner
(:func:`rummy.model.state.stalemate_due`)."""

Narrate = Callable[[str], None]


@dataclass
class DealReport:
    """How one simulated deal went."""

    index: int
    seed: int
    bots: tuple[str, ...]
    turns: int = 0
    winner: int | None = None
    error: str | None = None
    record_path: Path | None = None
    solver_calls: int = 0
    points: tuple[int, ...] = ()
    """Each seat's points for the deal (the winner's 0), when the deal was scored."""

    @property
    def completed(self) -> bool:
        return self.error is None and self.winner is not None


@dataclass
class Summary:
    """Totals over a run of deals; :meth:`to_json` is the line the command prints."""

    games: int = 0
    completed: int = 0
    errors: int = 0
    incomplete: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    seat_deals: dict[str, int] = field(default_factory=dict)
    turns: int = 0
    seconds: float = 0.0
    reports: list[DealReport] = field(default_factory=list)

    def add(self, report: DealReport) -> None:
        """Count one played deal."""
        self.games += 1
        self.reports.append(report)
        if report.error is not None:
            self.errors += 1
        elif report.winner is None:
            self.incomplete += 1
        else:
            self.completed += 1
            self.turns += report.turns
            name = report.bots[report.winner]
            self.wins[name] = self.wins.get(name, 0) + 1
            for bot, points in zip(report.bots, report.points, strict=False):
                self.points[bot] = self.points.get(bot, 0) + points
                self.seat_deals[bot] = self.seat_deals.get(bot, 0) + 1

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "completed": self.completed,
            "errors": self.errors,
            "incomplete": self.incomplete,
            "wins": dict(sorted(self.wins.items())),
            "wins_by_bot": dict(sorted(self.wins.items())),
            "points_by_bot": {name: round(self.points[name] / n, 2)
                              for name, n in sorted(self.seat_deals.items()) if n},
            "avg_turns": round(self.turns / self.completed, 2) if self.completed else 0.0,
            "games_per_second": round(self.games / self.seconds, 2) if self.seconds else 0.0,
        }


def derive_seed(*parts: object) -> int:
    """A seed for one game or one bot, derived from the run's seed (string seeding is
    stable across runs and Python versions)."""
    return random.Random("/".join(str(p) for p in ("simulate", *parts))).randrange(2**31)


def seating(bots: Sequence[str], players: int, index: int, rotate: bool) -> tuple[str, ...]:
    """The bot name of each seat in game ``index``: ``bots`` in order, cycling over the
    seats; ``rotate`` shifts them by one seat each game.

    >>> seating(["greedy", "random"], 3, 0, False), seating(["greedy", "random"], 3, 1, True)
    (('greedy', 'random', 'greedy'), ('random', 'greedy', 'random'))
    """
    if not bots:
        raise ValueError("name at least one bot")
    shift = index if rotate else 0
    return tuple(bots[(seat + shift) % len(bots)] for seat in range(players))


def simulate(
    variant: str | Path = "indian_13",
    players: int = 2,
    games: int = 1,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    options: Mapping[str, Any] | None = None,
    rotate: bool = False,
    failed_dir: str | Path | None = "failed-games",
    max_turns: int = DEFAULT_MAX_TURNS,
    narrate: Narrate | None = None,
) -> Summary:
    """Play ``games`` deals bot against bot and return the totals.

    Raises ValueError (a VariantError for the variant or its options) before playing when
    the arguments cannot start a deal; errors during play are counted, never raised.
    """
    for name in bots:
        make_bot(name)  # an unknown bot name fails here, before any deal
    # Bad arguments fail here, before any deal; the variant is read once for all deals.
    table = Session.lone_deal(variant, players, derive_seed(seed, "check"), options).variant
    summary = Summary()
    start = time.perf_counter()
    for index in range(games):
        summary.add(play_one(variant, players, seed, index,
                             seating(bots, players, index, rotate), options, failed_dir,
                             max_turns, narrate, table))
    summary.seconds = time.perf_counter() - start
    return summary


def play_one(variant: str | Path, players: int, seed: int, index: int, names: Sequence[str],
             options: Mapping[str, Any] | None, failed_dir: str | Path | None,
             max_turns: int = DEFAULT_MAX_TURNS, narrate: Narrate | None = None,
             table: Variant | None = None) -> DealReport:
    """Play deal number ``index`` of a run; see :func:`simulate`. ``table`` is the variant
    already loaded with ``options`` (read from ``variant`` when not given)."""
    game_seed = derive_seed(seed, index)
    report = DealReport(index, game_seed, tuple(names))
    seat_bots: list[Bot] = [make_bot(name, derive_seed(seed, index, seat))
                            for seat, name in enumerate(names)]
    action: Action | None = None
    game: Session | None = None
    try:  # no turn cap in the session: a run stops a deal at ``max_turns`` itself
        if table is None:
            game = Session.lone_deal(variant, players, game_seed, options, max_turns=0)
        else:  # Session() deals at once: a failing deal is an error of this game like any other
            game = Session(str(variant), options or {}, players, game_seed, table, lone=True,
                           max_turns=0)
        _check_state(game)
        if narrate:
            _narrate_start(game, names, narrate)
        while not game.state.is_over:
            if report.turns >= max_turns or stalemate_due(game.state, max_turns) is not None:
                if narrate:
                    narrate(f"stopped after {report.turns} turns without a winner")
                break
            seat = game.state.turn
            legal = game.legal_actions(seat)
            if not legal:
                raise AssertionError(f"seat {seat} is to move but has no legal action")
            action = seat_bots[seat].choose(game.view(seat), legal)
            if not _is_listed(action, legal):
                raise AssertionError(f"bot {names[seat]!r} chose {action}, not a legal action")
            if game.state.phase is Phase.DRAW:  # the first action of a turn
                report.turns += 1
            events = game.act(action)
            action = None
            if narrate:
                for event in events:
                    if not isinstance(event, TurnBegan):  # implied by the next line
                        narrate(f"  {event}")
            _check_state(game)
        if game.state.result is not None:
            report.winner = game.state.result.winner
            report.points = tuple(game.state.result.points)
    except Exception as exc:  # noqa: BLE001 - any failure of the engine or a bot is an error
        report.error = f"{type(exc).__name__}: {exc}"
        report.record_path = _save_failure(game, report, action, failed_dir,
                                           str(variant), options, players,
                                           Path(str(variant)).stem, seed,
                                           traceback.format_exc())
    report.solver_calls = sum(getattr(b, "solver_calls", 0) for b in seat_bots)
    return report


def _is_listed(action: Action, legal: Sequence[Action]) -> bool:
    if isinstance(action, Finish):  # bots may show their own groups; the card is the move
        return any(isinstance(a, Finish) and a.seat == action.seat and a.card == action.card
                   for a in legal)
    return action in legal


def _check_state(game: Session) -> None:
    problems = check_invariants(game.state)
    if problems:
        last = f" after {game.actions[-1]}" if game.actions else " at the start"
        raise AssertionError(f"broken invariants{last}: " + "; ".join(problems))


def _save_failure(game: Session | None, report: DealReport, action: Action | None,
                  failed_dir: str | Path | None, variant_ref: str,
                  options: Mapping[str, Any] | None, players: int, variant_name: str,
                  seed: int, trace: str) -> Path | None:
    if failed_dir is None:
        return None
    if game is not None:
        record: dict[str, Any] = game.to_record()
    else:  # the deal itself failed: the same record, with no actions
        record = {"format": FORMAT, "variant": variant_ref, "options": dict(options or {}),
                  "players": players, "seed": report.seed, "lone": True, "deals": [[]]}
    record["error"] = report.error
    record["bots"] = list(report.bots)
    if action is not None:
        record["failed_action"] = action.to_json()
    record["traceback"] = trace.splitlines()
    folder = Path(failed_dir)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{variant_name}-seed{seed}-game{report.index}.json"
    path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    return path


def _narrate_start(game: Session, names: Sequence[str], narrate: Narrate) -> None:
    variant = game.variant
    seats = ", ".join(f"seat {s}: {name}" for s, name in enumerate(names))
    narrate(f"{variant.name} - {game.players} players ({seats}), deal seed {seed_text(game.seed)}")
    for event in game.state.history:
        narrate(f"  {event}")


# ---------------------------------------------------------------- matches


@dataclass
class MatchReport:
    """How one simulated match went."""

    index: int
    seed: int
    bots: tuple[str, ...]
    deals: int = 0
    winner: int | None = None
    totals: tuple[int, ...] = ()
    error: str | None = None


def simulate_match(
    variant: str | Path = "indian_13",
    players: int = 2,
    matches: int = 1,
    seed: int = 0,
    bots: Sequence[str] = ("greedy", "random"),
    options: Mapping[str, Any] | None = None,
    max_turns: int = DEFAULT_MAX_TURNS,
) -> dict[str, Any]:
    """Play ``matches`` whole matches (every deal to the variant's end condition) bot
    against bot, with the same checks after every action as :func:`simulate`; a deal
    that reaches ``max_turns`` stops its match as incomplete. Returns the summary line."""
    start = time.perf_counter()
    reports: list[MatchReport] = []
    for index in range(matches):
        names = seating(bots, players, index, True)
        match_seed = derive_seed(seed, "match", index)
        report = MatchReport(index, match_seed, names)
        seat_bots = [make_bot(n, derive_seed(seed, "match", index, s))
                     for s, n in enumerate(names)]
        try:
            game = Session.new(variant, players, match_seed, options, max_turns=0)
            turns = 0
            while not game.match.over and turns < max_turns:
                deal_no = game.match.deal_no
                seat = game.state.turn
                legal = game.legal_actions(seat)
                if not legal:
                    raise AssertionError(f"seat {seat} is to move but has no legal action")
                bot = seat_bots[game.match.seats[seat]]
                action = bot.choose(game.view(seat), legal)
                if not _is_listed(action, legal):
                    raise AssertionError(f"a bot chose {action}, not a legal action")
                if game.state.phase is Phase.DRAW:
                    turns += 1
                game.act(action)
                if game.match.deal_no != deal_no:
                    turns = 0
                problems = check_invariants(game.state)
                if problems:
                    raise AssertionError("broken invariants: " + "; ".join(problems))
            report.deals = len(game.match.sheet)
            report.totals = game.match.totals
            report.winner = game.match.winner
        except Exception as exc:  # noqa: BLE001 - counted, never raised
            report.error = f"{type(exc).__name__}: {exc}"
        reports.append(report)
    seconds = time.perf_counter() - start
    wins: dict[str, int] = {}
    for r in reports:
        if r.winner is not None and r.error is None:
            wins[r.bots[r.winner]] = wins.get(r.bots[r.winner], 0) + 1
    done = [r for r in reports if r.error is None and r.winner is not None]
    return {
        "matches": len(reports),
        "completed": len(done),
        "errors": sum(r.error is not None for r in reports),
        "error_messages": [r.error for r in reports if r.error],
        "wins_by_bot": dict(sorted(wins.items())),
        "avg_deals": round(sum(r.deals for r in done) / len(done), 2) if done else 0.0,
        "matches_per_second": round(len(reports) / seconds, 3) if seconds else 0.0,
    }
