"""The game state machine, whatever the rule family: start a deal, list and apply actions.

OpenSpiel-style: a state, the legal actions of a seat, and ``apply``, which returns a new
state and the events on the way and never changes its argument. This module only picks
the family's module by the variant's ``family`` name; the rules live in
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

from typing import Protocol

from .actions import Action, IllegalMoveError
from .events import Event
from .families import Phase, SeatStatus, declare
from .families.declare import DeclareState
from .variant import Variant

__all__ = [
    "GameState", "IllegalMoveError", "Phase", "SeatStatus", "apply", "check_action",
    "legal_actions", "start_deal",
]

GameState = DeclareState
"""The state of one deal. Each family adds its own state type here as it arrives."""


class FamilyRules(Protocol):
    """What a family module provides."""

    def start_deal(self, variant: Variant, players: int, seed: int) -> GameState: ...

    def apply(self, state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]: ...

    def legal_actions(self, state: GameState, seat: int) -> list[Action]: ...

    def check_action(self, state: GameState, action: Action) -> None: ...


FAMILIES: dict[str, FamilyRules] = {"declare": declare}
"""Family name (a variant's ``family``) -> the module with its rules."""


def rules_for(variant: Variant) -> FamilyRules:
    """The rules module of the variant's family; ValueError for a family not written yet."""
    try:
        return FAMILIES[variant.family]
    except KeyError:
        known = ", ".join(sorted(FAMILIES))
        raise ValueError(f"no rules for family {variant.family!r} (known: {known})") from None


def start_deal(variant: Variant, players: int, seed: int) -> GameState:
    """A new deal: toss, shuffle and deal, all from ``seed``. The first player is to move."""
    return rules_for(variant).start_deal(variant, players, seed)


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The state after ``action`` and its events; IllegalMoveError (with a short reason for
    the player) when the action is not allowed now. ``state`` is left as it was."""
    return rules_for(state.variant).apply(state, action)


def legal_actions(state: GameState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now; empty when it is not that seat's move."""
    return rules_for(state.variant).legal_actions(state, seat)


def check_action(state: GameState, action: Action) -> None:
    """Raise the IllegalMoveError that :func:`apply` would raise, without applying."""
    rules_for(state.variant).check_action(state, action)
