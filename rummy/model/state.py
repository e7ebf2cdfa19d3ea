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

from collections.abc import Callable
from typing import Any, cast

from .actions import Action, IllegalMoveError
from .events import Event
from .families import Phase, SeatStatus, contract, declare, table
from .families.declare import DeclareState
from .families.melding import MeldState
from .variant import Variant

__all__ = [
    "GameState", "IllegalMoveError", "MeldState", "Phase", "SeatStatus", "apply",
    "check_action", "legal_actions", "start_deal",
]

GameState = DeclareState | MeldState
"""The state of one deal: :class:`DeclareState` (declare family) or :class:`MeldState`
(table and contract families, whose melds lie on the table)."""


class FamilyRules:
    """What a family module provides, looked up by name (the module's functions take that
    family's own state type)."""

    def __init__(self, module: Any) -> None:
        self.start_deal = cast(Callable[..., GameState], module.start_deal)
        self.apply = cast(Callable[[Any, Action], tuple[GameState, tuple[Event, ...]]],
                          module.apply)
        self.legal_actions = cast(Callable[[Any, int], list[Action]], module.legal_actions)
        self.check_action = cast(Callable[[Any, Action], None], module.check_action)


FAMILIES: dict[str, FamilyRules] = {
    "declare": FamilyRules(declare), "table": FamilyRules(table),
    "contract": FamilyRules(contract),
}
"""Family name (a variant's ``family``) -> the module with its rules."""

def rules_for(variant: Variant) -> FamilyRules:
    """The rules module of the variant's family; ValueError for a family not written yet."""
    try:
        return FAMILIES[variant.family]
    except KeyError:
        known = ", ".join(sorted(FAMILIES))
        raise ValueError(f"no rules for family {variant.family!r} (known: {known})") from None


def start_deal(variant: Variant, players: int, seed: int, **where: int) -> GameState:
    """A new deal: toss, shuffle and deal, all from ``seed``. The first player is to move.

    ``where`` passes a match's position to the family (``round_no``; ``first_player`` in
    the table family, ``dealer`` in the contract family)."""
    return rules_for(variant).start_deal(variant, players, seed, **where)


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
