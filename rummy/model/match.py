"""A match: deals one after another until the variant's end condition, with the score sheet.

- Declare family, by ``match_format``: ``points`` is one deal; ``pool_101`` / ``pool_201``
  repeat deals, a seat whose total reaches 101 / 201 is out, the last seat left wins;
  ``deals_2`` / ``deals_3`` / ``deals_6`` play that many deals and the lowest total wins.
- Classic family: rounds until a seat's score reaches ``target_score`` (the highest then
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

from dataclasses import replace

from rummy.model.variant_type import Variant

from .events import Event
from .match_state import MatchState
from .randomness import Seed, deal_key
from .rules import family_of
from .state import start_deal

__all__ = ["MatchState", "deal_seed", "describe", "finish_deal", "start_match"]


def describe(variant: Variant) -> str:
    """The match's end condition in words."""
    return family_of(variant).describe_match(variant)


def deal_seed(seed: Seed, deal_no: int) -> Seed:
    """The seed of deal ``deal_no``: for a number, deal 0 uses the match's own seed; a
    secret key gives every deal a key of its own (:func:`rummy.model.randomness.deal_key`)."""
    return deal_key(seed, deal_no)


def start_match(variant: Variant, players: int, seed: Seed, *, ceremony: bool = False
                ) -> MatchState:
    """The first deal of a match (``ceremony``: every deal's seats pick its toss)."""
    # the position says "ceremony" only when it is on, as a revealed deal's does
    where = {"ceremony": 1} if ceremony else {}
    state = start_deal(variant, players, deal_seed(seed, 0), **where)
    return MatchState(variant, players, seed, 0, tuple(range(players)), state,
                      (0,) * players, (), (False,) * players, ceremony=ceremony)


def finish_deal(match: MatchState) -> tuple[MatchState, tuple[Event, ...]]:
    """``match`` whose current deal has just been played to its end: scored, and the next
    deal dealt (its opening events returned) unless the match is over. A deal still in
    play is returned as it is."""
    if not match.state.is_over:
        return match, ()
    match = _score(match)
    if match.over:
        return match, ()
    match = _next_deal(match)
    return match, match.state.history


def _changes(match: MatchState) -> list[int | None]:
    """Each match seat's score change for the finished deal."""
    state = match.state
    result = state.result
    assert result is not None
    per_deal = result.changes
    row: list[int | None] = [None] * match.players
    for deal_seat, seat in enumerate(match.seats):
        row[seat] = per_deal[deal_seat]
    return row


def _score(match: MatchState) -> MatchState:
    family = family_of(match.variant)
    row = _changes(match)
    totals = tuple(t if change is None else family.total(t, change)
                   for t, change in zip(match.totals, row, strict=True))
    match = replace(match, totals=totals, sheet=match.sheet + (tuple(row),))
    return family.settle(match)


def _next_deal(match: MatchState) -> MatchState:
    number = match.deal_no + 1
    seats = tuple(s for s in range(match.players) if not match.out[s])
    new = family_of(match.variant).next_deal(match, deal_seed(match.seed, number), len(seats))
    return replace(match, deal_no=number, seats=seats, state=new)
