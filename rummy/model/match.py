"""A match: deals one after another until the variant's end condition, with the score table.

- Declare family, by ``match_format``: ``points`` is one deal; ``pool_101`` / ``pool_201``
  repeat deals, a seat whose total reaches 101 / 201 is out, the last seat left wins;
  ``deals_2`` / ``deals_3`` / ``deals_6`` play that many deals and the lowest total wins.
- Table family: rounds until a seat's score reaches ``target_score`` (the highest then
  wins); ``first_turn`` passes the first turn left or to the previous round's winner.
- Contract family: one round per contract (seven); the dealer passes left; lowest total wins.

A match is fully described by its variant, player count, seed and the actions of each
deal: deal ``n`` is dealt from :func:`deal_seed`. Actions name *deal* seats; after pool
eliminations ``seats`` maps them to match seats. The next deal starts as soon as one ends.

>>> from rummy.model.variant import load_variant
>>> m = start_match(load_variant("dummy_rummy"), players=3, seed=4)
>>> m.deal_no, m.seats, m.totals, m.state.contract
(0, (0, 1, 2), (0, 0, 0), (2, 0))
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from .actions import Action
from .events import Event
from .families.declare import DeclareState
from .families.melding import MeldState
from .scoring import RoundResult
from .state import GameState, apply, start_deal
from .variant import FirstTurn, MatchFormat, Variant

__all__ = ["MatchState", "apply_match", "deal_seed", "describe", "start_match"]

_POOL = {MatchFormat.POOL_101: 101, MatchFormat.POOL_201: 201}
_DEALS = {MatchFormat.POINTS: 1, MatchFormat.DEALS_2: 2, MatchFormat.DEALS_3: 3,
          MatchFormat.DEALS_6: 6}


@dataclass(frozen=True)
class MatchState:
    """Where a match stands. ``table[n][s]`` is match seat ``s``'s score change in deal
    ``n`` (``None`` when the seat was out of that deal); ``totals`` are the running scores."""

    variant: Variant
    players: int
    seed: int
    deal_no: int
    seats: tuple[int, ...]
    state: GameState
    totals: tuple[int, ...]
    table: tuple[tuple[int | None, ...], ...]
    out: tuple[bool, ...]
    winner: int | None = None
    over: bool = False


def describe(variant: Variant) -> str:
    """The match's end condition in words."""
    if variant.family == "table":
        return f"to {variant.target_score} points"
    if variant.family == "contract":
        return f"{len(variant.contracts)} rounds, lowest total wins"
    fmt = variant.match_format
    if fmt in _POOL:
        return f"pool {_POOL[fmt]}: out at {_POOL[fmt]}, last player left wins"
    return "one deal" if fmt is MatchFormat.POINTS else f"{_DEALS[fmt]} deals, lowest total wins"


def deal_seed(seed: int, deal_no: int) -> int:
    """The seed of deal ``deal_no`` (deal 0 uses the match's own seed)."""
    if deal_no == 0:
        return seed
    return random.Random(f"{seed}/match/{deal_no}").randrange(2**31)


def start_match(variant: Variant, players: int, seed: int) -> MatchState:
    """The first deal of a match."""
    state = start_deal(variant, players, seed)
    return MatchState(variant, players, seed, 0, tuple(range(players)), state,
                      (0,) * players, (), (False,) * players)


def apply_match(match: MatchState, action: Action) -> tuple[MatchState, tuple[Event, ...]]:
    """Apply ``action`` to the current deal; when the deal ends, score it and deal the next
    one (its opening events follow), or end the match."""
    if match.over:
        from .actions import IllegalMoveError
        raise IllegalMoveError("the match is over")
    state, events = apply(match.state, action)
    match = replace(match, state=state)
    if not state.is_over:
        return match, events
    match = _score(match)
    if match.over:
        return match, events
    match = _next_deal(match)
    return match, events + match.state.history


def _changes(match: MatchState) -> list[int | None]:
    """Each match seat's score change for the finished deal."""
    state = match.state
    result = state.result
    assert result is not None
    per_deal = result.changes if isinstance(result, RoundResult) else result.points
    row: list[int | None] = [None] * match.players
    for deal_seat, seat in enumerate(match.seats):
        row[seat] = per_deal[deal_seat]
    return row


def _score(match: MatchState) -> MatchState:
    variant = match.variant
    row = _changes(match)
    totals = list(match.totals)
    for seat, change in enumerate(row):
        if change is not None:
            totals[seat] = totals[seat] + change
            if variant.family == "table":
                totals[seat] = max(0, totals[seat])  # source 001: never below 0
    match = replace(match, totals=tuple(totals), table=match.table + (tuple(row),))
    played = len(match.table)
    if variant.family == "table":
        best = max(totals)
        if best >= variant.target_score:
            return replace(match, over=True, winner=totals.index(best))
        return match
    if variant.family == "contract":
        if played >= len(variant.contracts):
            return replace(match, over=True, winner=totals.index(min(totals)))
        return match
    fmt = variant.match_format
    if fmt in _POOL:
        out = tuple(o or t >= _POOL[fmt] for o, t in zip(match.out, totals, strict=True))
        left = [s for s in range(match.players) if not out[s]]
        match = replace(match, out=out)
        if len(left) <= 1:
            winner = left[0] if left else min(range(match.players), key=lambda s: totals[s])
            return replace(match, over=True, winner=winner)
        return match
    if played >= _DEALS[fmt]:
        if fmt is MatchFormat.POINTS:
            result = match.state.result
            assert result is not None and result.winner is not None
            return replace(match, over=True, winner=match.seats[result.winner])
        return replace(match, over=True, winner=totals.index(min(totals)))
    return match


def _next_deal(match: MatchState) -> MatchState:
    variant, state, number = match.variant, match.state, match.deal_no + 1
    seed = deal_seed(match.seed, number)
    seats = tuple(s for s in range(match.players) if not match.out[s])
    new: GameState
    if isinstance(state, MeldState) and variant.family == "table":
        result = state.result
        if variant.first_turn is FirstTurn.PREV_WINNER:
            first = state.first_player if result is None or result.winner is None \
                else result.winner
        else:
            first = state.first_player + 1
        new = start_deal(variant, len(seats), seed, first_player=first % len(seats),
                         round_no=number)
    elif isinstance(state, MeldState):
        dealer = ((state.dealer or 0) + 1) % len(seats)
        new = start_deal(variant, len(seats), seed, dealer=dealer, round_no=number)
    else:
        assert isinstance(state, DeclareState)
        new = start_deal(variant, len(seats), seed)
    return replace(match, deal_no=number, seats=seats, state=new)
