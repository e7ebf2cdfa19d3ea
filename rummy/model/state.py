"""The game state machine, whatever the rule family: start a deal, list and apply actions.

OpenSpiel-style: a state, the legal actions of a seat, and ``apply``, which returns a new
state and the events on the way and never changes its argument. This module asks the
variant's registered family (:mod:`rummy.model.rules`); the rules live in
``rummy/model/families/``.

>>> from rummy.model.variant import load_variant
>>> from rummy.model.actions import Draw, DrawSource
>>> state = start_deal(load_variant("indian_13"), players=3, seed=7)
>>> state.phase
<Phase.DRAW: 'draw'>
>>> seat = state.turn
>>> after, events = apply(state, Draw(seat, DrawSource.CLOSED))
>>> after.phase, len(after.hands[seat]), len(state.hands[seat])
(<Phase.DISCARD: 'discard'>, 14, 13)
>>> apply(after, Draw(seat, DrawSource.OPEN))
Traceback (most recent call last):
...
rummy.model.actions.IllegalMoveError: you already drew
"""

from __future__ import annotations

from rummy.model.variant_type import Variant

from .actions import Action, IllegalMoveError, Stalemate
from .events import STUCK_TURNOVERS, Event, turnovers_since_laid
from .families import Phase, SeatStatus
from .families.melding import MeldState
from .match_state import GameState
from .randomness import Seed
from .rules import family_of

__all__ = [
    "GameState", "IllegalMoveError", "MeldState", "Phase", "SeatStatus", "apply",
    "check_action", "legal_actions", "start_deal",
]


def start_deal(variant: Variant, players: int, seed: Seed, **where: int) -> GameState:
    """A new deal: toss, shuffle and deal, all from ``seed``. The first player is to move;
    with ``ceremony``, where the toss (or the joker) is picked, the first seat to pick is
    (the ``PICK`` phase: docs/rules.md, "The toss and the dealer").

    ``where`` passes a match's position to the family (``round_no``; ``first_player`` in
    the classic family, ``dealer`` in the contract family) and ``ceremony`` (true: the
    seats pick; a whole number among the position's, as a revealed deal's ``dealt_as``
    carries it)."""
    return family_of(variant).start_deal(variant, players, seed, **where)


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``action`` and its events; IllegalMoveError (with a short reason for
    the player) when the action is not allowed now. ``state`` is left as it was."""
    return family_of(state.variant).apply(state, action)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when it is not that seat's move."""
    return family_of(state.variant).legal_actions(state, seat)


def check_action(state: GameState, action: Action) -> None:
    """Raise the IllegalMoveError that :func:`apply` would raise, without applying."""
    family_of(state.variant).check_action(state, action)


MAX_TURNS = 600
"""Turns (all seats together) after which a deal that may end without a winner does
(docs/rules.md, "A deal that does not end")."""


def stalemate_due(state: GameState, max_turns: int = MAX_TURNS) -> Stalemate | None:
    """The Stalemate that ends ``state``'s deal once it has lasted ``max_turns`` turns, or
    once its stock has been made again ``STUCK_TURNOVERS`` times with no card laid on the
    table in between, and the rules allow one now (between turns, in a family whose deal
    may end without a winner); else None. ``max_turns`` 0 never ends a deal."""
    if state.is_over or max_turns <= 0:
        return None
    if (sum(state.turns_done) < max_turns
            and turnovers_since_laid(state.history) < STUCK_TURNOVERS):
        return None
    action = Stalemate(state.turn)
    try:
        check_action(state, action)
    except IllegalMoveError:
        return None
    return action
