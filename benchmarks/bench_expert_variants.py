#!/usr/bin/env python3
"""Changes to the expert tried against hard on the same deals as a logged run:
``python benchmarks/bench_expert_variants.py CHANGE --against BASE.log [options]``.

``BASE.log`` is a ``benchmarks/bench_bots.py --only expert-hard --log`` run (the shipped
expert); ``CHANGE`` is one of :data:`CHANGES`. The deals are played again with the same
variant, seed and seating (``--start``, ``--games``; ``--every-round`` for contract rummy,
as ``bench_bots.py`` has it), the changed expert in the expert's seat, and each deal is
logged (``--log``, the same format, so ``bench_bots.py --from-log`` reads it). Since the
deals and seeds are the same, every deal is a pair: the two experts meet the same cards
and the same hard player, and where their moves agree their games agree. So a change is
told from the shipped expert with far fewer deals than two independent runs would need.
Prints one JSON object: the wins of each over the deals both played, the deals only one
of them won (a sign test on those), and the points edge over hard of each with the mean
and standard error of their difference.

``hands-known`` is not a fair player: its worlds hold the other seats' real hands (the
closed deck shuffled anew in each). It measures how much better the search could play if
reading the other hands were perfect, which is the most any card reading could give.
``sees-all`` goes further: its world is the real deal itself, the closed deck in its real
order, and every legal move is a candidate (in the declare family; the melding families'
legal moves run to scores of meld and lay-off choices, so there the candidates stay the
advisers'), so it knows every card it and the others will draw; it measures what a
search of this depth could win at all against hard. It plays for points, so it drops the
hands it sees it would lose; ``sees-all-racing`` drops only where hard would,
which is the most deals such a search could win.
"""

from __future__ import annotations

import argparse
import dataclasses
import importlib
import json
import math
import multiprocessing
import random
import statistics
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import rummy.ai as ai  # noqa: E402
import rummy.ai.expert as expert_module  # noqa: E402
import rummy.ai.meld_race as meld_race  # noqa: E402
import rummy.ai.worlds as worlds  # noqa: E402
from rummy.ai.deficiency import Deficiency  # noqa: E402
from rummy.ai.expert import ExpertBot  # noqa: E402
from rummy.ai.hard import HardBot, card_of  # noqa: E402
from rummy.ai.meld_bots import GreedyBot, each_discard, is_down  # noqa: E402
from rummy.ai.meld_levels import (  # noqa: E402
    MeldEasyBot,
    MeldHardBot,
    MeldMediumBot,
    contract_need,
)
from rummy.ai.meld_outlook import ranked_discards  # noqa: E402
from rummy.ai.meld_steps import MeldStepsBot  # noqa: E402
from rummy.ai.tracking import known_holdings, live_counts, stock_of  # noqa: E402
from rummy.model.actions import Discard, Draw, LayMeld  # noqa: E402
from rummy.model.cards import Card, make_deck  # noqa: E402
from rummy.model.solver import best_arrangement  # noqa: E402
from rummy.model.solver_melds import card_points  # noqa: E402
from rummy.model.state import SeatStatus  # noqa: E402
from rummy.model.table_melds import MeldRules  # noqa: E402
from rummy.model.view import PlayerView  # noqa: E402
from rummy.session import Session  # noqa: E402

bench_bots = importlib.import_module("bench_bots")
bench_expert_drops = importlib.import_module("bench_expert_drops")
bench_race_fit = importlib.import_module("bench_race_fit")

Maker = Callable[[int], Any]


class _RankedDiscard(GreedyBot):
    """An adviser: the ``rank``-th least-deadwood discard (0 is greedy's), else greedy's
    move."""

    rank = 1

    def _discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard:
        ranked = ranked_discards(view, discards, lambda cards: self._deadwood(view, cards))
        return ranked[min(self.rank, len(ranked) - 1)][2]


class _SecondDiscard(_RankedDiscard):
    rank = 1


class _ThirdDiscard(_RankedDiscard):
    rank = 2


class _ContractSteps(MeldHardBot):
    """Contract family: hard's discard, but among those leaving the contract's fewest
    missing cards, the one that leaves the most live cards that would lower that count
    (the steps in of the declare family's adviser, ``rummy/ai/steps.py``), then hard's
    order (deadwood and feeding, then the higher card)."""

    def _safe_discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard | None:
        hard = super()._safe_discard(view, discards)
        contract = view.melding.contract
        if (hard is None or contract is None or not view.rules.lays_down_contracts
                or is_down(view)):
            return hard
        rules = MeldRules.of(view.variant)
        actions = {a.card: a for a in discards}
        needs = {card: (contract_need(rules, contract, rest), rest)
                 for card, rest in each_discard(view.hand, actions)}
        fewest = min(n for n, _ in needs.values())
        tied = [c for c, (n, _) in needs.items() if n == fewest]
        if fewest == 0 or len(tied) < 2:
            return hard
        live = live_counts(view)
        faces = [card_of(f) for f, n in live.items() if n > 0]

        def steps(rest: list[Card]) -> int:
            near = [f for f in faces if f.rank is None or any(
                c.rank is not None and (c.rank == f.rank or (
                    c.suit == f.suit and abs(int(c.rank) - int(f.rank)) < rules.run_min))
                for c in rest)]
            return sum(live[f.face] for f in near
                       if contract_need(rules, contract, [*rest, f]) < fewest)

        order = {a.card: i for i, a in enumerate(discards)}
        best = max(tied, key=lambda c: (steps(needs[c][1]), actions[c] is hard,
                                        -order[c]))
        return actions[best]


def _tuned(make: Maker, **appraiser: Any) -> Maker:
    """The family's expert with attributes of its search changed (``margin``, ``depth``,
    ``reading``)."""
    def made(seed: int = 0) -> Any:
        bot = make(seed)
        for key, value in appraiser.items():
            setattr(bot.appraiser, key, value)
        return bot
    return made


def _rebuilt(make: Maker, **changes: Any) -> Maker:
    """The family's expert (a ``partial`` of :class:`ExpertBot`) with other arguments."""
    assert isinstance(make, partial) and make.func is ExpertBot
    return partial(ExpertBot, **{**make.keywords, **changes})


_REAL: dict[str, Any] = {}
"""The real deal's state, as the session last showed a seat its view (the ceilings')."""


def _hands_known() -> None:
    """Worlds that are the real deal with its closed deck shuffled (see the docstring)."""
    real = _REAL
    original_view = Session.view

    def view(self: Any, seat: int) -> Any:
        real["state"] = self.state
        return original_view(self, seat)

    def sample_world(view_: PlayerView, rng: random.Random, seed: int,
                     reading: float = 0.0) -> Any:
        state = real["state"]
        deck = list(state.closed_deck)
        rng.shuffle(deck)
        return dataclasses.replace(state, closed_deck=type(state.closed_deck)(deck))

    Session.view = view  # type: ignore[method-assign]
    setattr(expert_module, "sample_world", sample_world)  # noqa: B010 - not exported


def _sees_all() -> None:
    """Worlds that are the real deal, closed deck order and all (see the docstring)."""
    _hands_known()

    def sample_world(view_: PlayerView, rng: random.Random, seed: int,
                     reading: float = 0.0) -> Any:
        return _REAL["state"]

    setattr(expert_module, "sample_world", sample_world)  # noqa: B010 - not exported


def _organized() -> None:
    """Declare family: each other seat's hidden cards are dealt as a hand that has kept
    the best of what it drew: topped up at random to its size, then, once for each card
    it has thrown, given one more unseen card and made to let go of the card whose loss
    leaves the least deficiency (the higher count on a tie); what it lets go of goes back
    among the unseen cards at a random place."""
    shipped = worlds.sample_world
    deficiency = Deficiency()

    def sample_world(view: PlayerView, rng: random.Random, seed: int,
                     reading: float = 0.0) -> Any:
        world = shipped(view, rng, seed, reading)
        if stock_of(view) is not None:
            return world  # a closed deck made from the open deck: its cards are known
        holdings = known_holdings(view)
        hands = [list(h) for h in world.hands]
        closed = list(world.closed_deck)
        wild = view.wild_rank
        for seat, holding in holdings.items():
            keep = set(id(c) for c in holding.took)
            hand = hands[seat]
            for _ in range(min(len(holding.threw), len(closed))):
                hand.append(closed.pop(rng.randrange(len(closed))))
                best: tuple[tuple[int, int], int] | None = None
                for i, card in enumerate(hand):
                    if id(card) in keep:
                        continue
                    rest = hand[:i] + hand[i + 1:]
                    key = (deficiency.of(view.variant, rest, wild),
                           -view.variant.card_value(card, wild))
                    if best is None or key < best[0]:
                        best = (key, i)
                assert best is not None
                closed.insert(rng.randrange(len(closed) + 1), hand.pop(best[1]))
        return dataclasses.replace(
            world, hands=tuple(tuple(h) for h in hands),
            closed_deck=type(world.closed_deck)(closed))

    setattr(expert_module, "sample_world", sample_world)  # noqa: B010 - not exported


def _drops_as_hard(make: Maker) -> Maker:
    """The expert ``make`` makes, dropping only where hard would (a drop is a deal lost,
    whatever it saves: the racing ceiling's)."""
    def made(seed: int = 0) -> Any:
        return bench_expert_drops.DropsAsHard(seed, make(seed))
    return made


def _narrowed(make: Maker, left_out: Callable[[Any, Any], bool]) -> Maker:
    """The expert whose search never weighs a candidate ``a`` after the first adviser's
    move ``first`` where ``left_out(first, a)``."""
    def made(seed: int = 0) -> Any:
        bot = make(seed)
        candidates = bot.appraiser.candidates

        def narrowed(view: PlayerView, legal: Sequence[Any],
                     include: Sequence[Any] = ()) -> list[Any]:
            out: list[Any] = candidates(view, legal, include)
            return out[:1] + [a for a in out[1:] if not left_out(out[0], a)]

        bot.appraiser.candidates = narrowed
        return bot
    return made


def _draw_as_adviser(make: Maker) -> Maker:
    """The expert whose draws are its first adviser's: the search weighs a drop against
    that draw, never the other pile."""
    return _narrowed(make, lambda first, a: isinstance(first, Draw) and isinstance(a, Draw))


def _hold_as_adviser(make: Maker) -> Maker:
    """The expert that lays a meld only where its first adviser would: where that adviser
    holds its melds in hand, no meld to lay is a candidate."""
    return _narrowed(make, lambda first, a: not isinstance(first, LayMeld)
                     and isinstance(a, LayMeld))


def _lay_margin(make: Maker, margin: float) -> Maker:
    """The expert whose search lays a meld instead of its first adviser's move on
    ``margin`` standard errors of evidence (every other move on its own margin)."""
    def made(seed: int = 0) -> Any:
        bot = make(seed)
        appraiser = bot.appraiser
        beats = appraiser._beats

        def lays_sooner(challenger: Any, prior: Any) -> bool:
            if isinstance(challenger.action, LayMeld):
                shipped = appraiser.margin
                appraiser.margin = margin
                try:
                    return bool(beats(challenger, prior))
                finally:
                    appraiser.margin = shipped
            return bool(beats(challenger, prior))

        appraiser._beats = lays_sooner
        return bot
    return made


def _charged_by_size() -> None:
    """Contract family: the race estimate charges a seat whose contract is not down the
    points of a hand of its size at the deck's mean card, not of the cards it holds now
    (which will mostly have gone by the time another seat goes out)."""
    shipped = meld_race.standing

    def standing(world: Any, seat: int) -> tuple[float, float]:
        behind, charged = shipped(world, seat)
        if world.contract is not None and not world.laid_down(seat):
            deck = make_deck(world.variant.packs, world.variant.printed_jokers)
            mean = statistics.fmean(card_points(world.variant, c) for c in deck)
            charged = len(world.hands[seat]) * mean
        return behind, charged

    setattr(meld_race, "standing", standing)  # noqa: B010 - the estimate's own step


STEPS_PACE = 1.149
STEPS_WEIGHT = 0.665
STEPS_TEMPO = 0.243
"""The declare family's race odds with the steps in: the logistic fit of who showed first
over 6,863 turns of 600 two-seat deals between hard bots (deficiency lead, log of one
more than the steps in, the mover's edge; ``bench_race_fit.py --games 600 --steps``)."""


_DEFICIENCY = Deficiency()


def race_steps_points(world: Any, seat: int) -> float:
    """The declare family's race estimate, each seat's odds from its deficiency and its
    steps in (the live cards, those in the closed deck and the other hands, that would
    bring it a card nearer a show): see :data:`STEPS_PACE`."""
    if world.is_over:
        return worlds.deal_points(world, seat)
    if world.status[seat] is not SeatStatus.PLAYING:
        return float(world.penalties[seat])
    variant = world.variant
    cap = variant.declare.count_cap
    deficiency = _DEFICIENCY  # one process, one thread: a cache kept across worlds
    counts: dict[int, float] = {}
    scores: dict[int, float] = {}
    playing = world.active_seats
    for s in playing:
        hand = world.hands[s]
        count = best_arrangement(variant, hand, world.wild_joker).count
        counts[s] = float(min(cap, count)) if cap else float(count)
        short = deficiency.of(variant, hand, world.wild_rank)
        ways = bench_race_fit.ways_forward(world, s, deficiency)
        scores[s] = (-STEPS_PACE * short + STEPS_WEIGHT * math.log(ways + 1)
                     + (STEPS_TEMPO if s == world.turn else 0.0))
    top = max(scores.values())
    weights = {s: math.exp(v - top) for s, v in scores.items()}
    win = weights[seat] / sum(weights.values())
    others = sum(counts[s] for s in playing if s != seat)
    return (1.0 - win) * counts[seat] - win * others


def _set(declare: Maker | None = None, classic: Maker | None = None,
         contract: Maker | None = None) -> None:
    for table, maker in ((ai.DECLARE_BOTS, declare), (ai.CLASSIC_BOTS, classic),
                         (ai.CONTRACT_BOTS, contract)):
        if maker is not None:
            table["expert"] = maker


def _install(change: str) -> None:
    """Put ``change`` in place of the expert in this process."""
    d, c, k = (ai.DECLARE_BOTS["expert"], ai.CLASSIC_BOTS["expert"],
               ai.CONTRACT_BOTS["expert"])
    wider = (MeldHardBot, _SecondDiscard, _ThirdDiscard, MeldMediumBot, MeldEasyBot, GreedyBot)
    if change == "none":
        pass
    elif change == "margin-1":
        _set(_tuned(d, margin=1.0), _tuned(c, margin=1.0), _tuned(k, margin=1.0))
    elif change in ("depth-0", "depth-1", "depth-3"):
        depth = int(change[-1])
        _set(_tuned(d, depth=depth), _tuned(c, depth=depth), _tuned(k, depth=depth))
    elif change == "wider":
        _set(None, _rebuilt(c, advisers=wider), _rebuilt(k, advisers=wider))
    elif change == "hard-playouts":
        _set(_rebuilt(d, playout=HardBot), None, _rebuilt(k, playout=MeldHardBot))
    elif change == "hard-playouts-margin-1":
        _set(_tuned(_rebuilt(d, playout=HardBot), margin=1.0))
    elif change == "reading":
        _set(_tuned(d, reading=1.0), _tuned(c, reading=1.0), _tuned(k, reading=1.0))
    elif change == "reading-margin-1":
        _set(_tuned(d, reading=1.0, margin=1.0))
    elif change in ("organized", "organized-margin-1"):
        _organized()
        if change == "organized-margin-1":
            _set(_tuned(d, margin=1.0))
    elif change == "hands-known":
        _hands_known()
    elif change == "hands-known-margin-1":
        _hands_known()
        _set(_tuned(d, margin=1.0))
    elif change == "draw-as-adviser":
        _set(_draw_as_adviser(d), _draw_as_adviser(c), _draw_as_adviser(k))
    elif change == "hold-as-adviser":
        _set(None, _hold_as_adviser(c))
    elif change == "lay-margin-1":
        _set(None, _lay_margin(c, 1.0))
    elif change == "meld-pace-fitted":
        setattr(meld_race, "PACE", FITTED_MELD_PACE)  # noqa: B010 - a module constant
        setattr(meld_race, "TEMPO", FITTED_MELD_TEMPO)  # noqa: B010
    elif change in ("budget-2x", "budget-3x"):
        times = int(change[-2])
        _set(*(_rebuilt(m, scale=times * m.keywords.get("scale", 1.0))
               for m in (d, c, k) if isinstance(m, partial)))
    elif change == "whole-playouts-3x":
        _set(*(_rebuilt(m, leaf=None, scale=3 * m.keywords.get("scale", 1.0))
               for m in (d, c, k) if isinstance(m, partial)))
    elif change == "classic-hard-adviser":
        assert isinstance(c, partial)
        _set(None, _rebuilt(c, advisers=tuple(a for a in c.keywords["advisers"]
                                              if a is not MeldStepsBot)))
    elif change == "contract-steps":
        assert isinstance(k, partial)
        _set(None, None, _rebuilt(k, advisers=(_ContractSteps, *k.keywords["advisers"])))
    elif change == "charged-by-size":
        _charged_by_size()
    elif change == "race-steps":
        _set(_rebuilt(d, leaf=race_steps_points))
    elif change == "race-steps-margin-1":
        _set(_tuned(_rebuilt(d, leaf=race_steps_points), margin=1.0))
    elif change == "adviser-only":
        _set(*(m.keywords["advisers"][0] for m in (d, c, k) if isinstance(m, partial)))
    elif change == "stock-unseen":
        setattr(worlds, "stock_of", lambda view: None)  # noqa: B010 - not exported
    elif change in ("sees-all", "sees-all-racing"):
        _sees_all()
        wide = 99
        # Only the declare family weighs every legal move: the melding families' run to
        # scores of meld and lay-off choices, so there the candidates stay the advisers'.
        d = _tuned(d, width=wide)
        _set(_drops_as_hard(d) if change == "sees-all-racing" else d)
    else:
        raise ValueError(f"no change named {change!r} (changes: {', '.join(CHANGES)})")


FITTED_MELD_PACE = 0.08
FITTED_MELD_TEMPO = 0.7
"""The melding families' race odds that fit 400 two-seat Super Rummy deals between hard
bots best: the tally of leads and wins that ``benchmarks/bench_race_fit.py --variant
super_rummy --games 400`` prints, fitted on a grid of 0.01 (the script's own grid of 0.05
finds 0.1 and 0.6). A pace this low says the race tells little: docs/benchmarks.md#bots."""

CHANGES = {
    "none": "the shipped expert as it is now (a base logged before a change to it, played "
            "again: only the deals the change reaches can differ)",
    "margin-1": "a candidate leaves the first adviser's move when one standard error better "
                "(not two)",
    "depth-0": "no playouts: the leaf estimate right after the candidate",
    "depth-1": "playouts stop after one round, not two",
    "depth-3": "playouts stop after three rounds",
    "wider": "melding families: the second and third least-deadwood discards are candidates",
    "hard-playouts": "hard bots play the worlds (declare and contract families; classic's "
                     "already do)",
    "hard-playouts-margin-1": "declare family: hard bots play the worlds, and a candidate "
                              "leaves the first adviser's move when one standard error better",
    "reading": "worlds read the other hands from their discards (rummy.ai.worlds.read_hand)",
    "reading-margin-1": "declare family: reading, and a candidate leaves the first adviser's "
                        "move when one standard error better",
    "organized": "declare family: worlds deal each other seat a hand that kept the best of "
                 "its draws (one more unseen card and the least useful let go, for each "
                 "card it threw)",
    "organized-margin-1": "organized, and a candidate leaves the first adviser's move when "
                          "one standard error better",
    "hands-known": "worlds hold the real other hands (a ceiling, not a fair player)",
    "hands-known-margin-1": "declare family: hands-known, and a candidate leaves the first "
                            "adviser's move when one standard error better (a ceiling)",
    "draw-as-adviser": "the draw is the first adviser's (the declare family's search weighs "
                       "only a drop against it)",
    "hold-as-adviser": "classic family: where the first adviser holds its melds, the search "
                       "never lays one instead",
    "lay-margin-1": "classic family: a meld to lay leaves the first adviser's move when one "
                    "standard error better (every other move: two)",
    "meld-pace-fitted": "melding families: the race estimate's odds fitted to deals (pace "
                        f"{FITTED_MELD_PACE}, tempo {FITTED_MELD_TEMPO}; shipped 0.7, 0.3)",
    "charged-by-size": "contract family: the race estimate charges a seat not yet down a "
                       "hand of its size at the deck's mean card, not its cards now",
    "budget-2x": "twice the work a decision (about twice the time)",
    "budget-3x": "three times the work a decision (about three times the time)",
    "whole-playouts-3x": "playouts to the deal's end, no race estimate, with three times the "
    "work a decision to pay for them",
    "classic-hard-adviser": "classic family: the first adviser is hard itself, not hard with "
    "the discard that goes out soonest (rummy.ai.meld_steps): the expert before",
    "contract-steps": "contract family: the first adviser is hard with the discard that "
                      "leaves the most live cards that would bring the contract closer "
                      "(among those leaving it fewest cards short)",
    "race-steps": "declare family: the race estimate's odds count each seat's steps in "
                  "beside its deficiency (fitted to hard against hard)",
    "race-steps-margin-1": "race-steps, and a candidate leaves the first adviser's move "
                           "when one standard error better",
    "adviser-only": "no search: the first adviser plays every move (hard with the discard "
                    "of the most steps in, in the declare and classic families; in the "
                    "contract family hard itself)",
    "stock-unseen": "worlds deal the closed deck from every unseen card even once the open "
                    "deck has been made into it (the expert before its worlds knew that "
                    "stock: rummy.ai.tracking.stock_of)",
    "sees-all": "the one world is the real deal, closed deck order and all, and every legal "
                "move is a candidate in the declare family (a ceiling, not a fair player)",
    "sees-all-racing": "sees-all, dropping only where hard would (declare family): the "
                       "ceiling of deals won",
}
"""Name -> what the change is."""


_CHANGE: list[str] = []


def _play(job: tuple[str, tuple[Any, ...]]) -> Any:
    change, deal_job = job
    if not _CHANGE:
        _install(change)
        _CHANGE.append(change)
    return bench_bots._play_deals(deal_job)


def outcomes(lines: Sequence[dict[str, Any]]) -> dict[int, tuple[bool, float]]:
    """Per deal of ``--log`` lines: whether the expert won, and hard's points less its."""
    out: dict[int, tuple[bool, float]] = {}
    for line in lines:
        for deal in line["deals"]:
            if deal["error"] or deal["points"] is None or deal["winner"] is None:
                continue
            seat = deal["bots"].index("expert")
            out[deal["index"]] = (deal["winner"] == seat,
                                  float(deal["points"][1 - seat] - deal["points"][seat]))
    return out


def read_log(log: Path) -> list[dict[str, Any]]:
    """The lines of a ``--log`` file."""
    return [json.loads(text) for text in log.read_text(encoding="utf-8").splitlines() if text]


def paired(base: dict[int, tuple[bool, float]], new: dict[int, tuple[bool, float]]
           ) -> dict[str, Any]:
    """The two runs over the deals both played (see the module docstring)."""
    common = sorted(set(base) & set(new))
    n = len(common)
    if not n:
        return {"deals": 0}
    only_base = sum(1 for i in common if base[i][0] and not new[i][0])
    only_new = sum(1 for i in common if new[i][0] and not base[i][0])
    diffs = [new[i][1] - base[i][1] for i in common]
    error = statistics.stdev(diffs) / math.sqrt(n) if n > 1 else 0.0
    # Two-sided sign test on the deals only one run won (normal approximation).
    split = only_base + only_new
    z = (only_new - only_base) / math.sqrt(split) if split else 0.0
    return {
        "deals": n,
        "wins": {"base": sum(base[i][0] for i in common), "new": sum(new[i][0] for i in common)},
        "won_by_one_only": {"base": only_base, "new": only_new, "z": round(z, 2)},
        "points_edge": {"base": round(statistics.fmean(base[i][1] for i in common), 2),
                        "new": round(statistics.fmean(new[i][1] for i in common), 2)},
        "points_difference": round(statistics.fmean(diffs), 2),
        "points_difference_se": round(error, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("change", choices=sorted(CHANGES))
    parser.add_argument("--against", type=Path, required=True,
                        help="a bench_bots.py --only expert-hard --log file (the base)")
    parser.add_argument("--variant", default="indian_13")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--every-round", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--log", type=Path, default=None,
                        help="append each deal to this file as it ends")
    parser.add_argument("--from-log", type=Path, default=None,
                        help="pair the deals of this --log file with the base, play none")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error("--jobs is a number of processes, at least 1")
    base = outcomes(read_log(args.against))
    if args.from_log is not None:
        new = outcomes(read_log(args.from_log))
    else:
        tables = bench_bots._tables(args.variant, args.every_round, None)
        jobs = [(args.change, (args.variant, args.seed, ("expert", "hard"), [index], tables,
                               None))
                for index in range(args.start, args.start + args.games)]
        lines = []
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            for result in pool.imap_unordered(_play, jobs):
                line = bench_bots._log_line(result)
                lines.append(line)
                if args.log is not None:
                    with args.log.open("a", encoding="utf-8") as out:
                        out.write(json.dumps(line) + "\n")
        new = outcomes(lines)
    print(json.dumps({"benchmark": "expert_variants", "change": args.change,
                      "what": CHANGES[args.change], "variant": args.variant,
                      "against": str(args.against), **paired(base, new)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
