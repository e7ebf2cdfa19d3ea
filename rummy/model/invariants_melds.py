"""Invariants of a round of the classic or contract family (see :mod:`rummy.model.invariants`,
which also checks that every card exists exactly once, melds included)."""

from __future__ import annotations

from rummy.model.table_melds import MeldKind, make_meld

from .families import Phase
from .families.melding import MeldState, hand_value
from .rules import family_of


def meld_problems(state: MeldState) -> list[str]:
    """Every broken invariant of hands, melds, the turn and the result, as sentences."""
    problems: list[str] = []
    rules = state.rules
    for index, meld in enumerate(state.melds):
        again = make_meld(rules, meld.kind, meld.cards, meld.owner)
        if meld.kind is MeldKind.INVALID or again is None:
            problems.append(f"meld {index} ({meld}) is not a valid {meld.kind.value}")
        if not 0 <= meld.owner < state.players or not state.laid_down(meld.owner):
            problems.append(f"meld {index} belongs to seat {meld.owner}, who laid nothing")
    mid_turn = state.phase is Phase.DISCARD
    for seat, hand in enumerate(state.hands):
        if not hand and not state.is_over:
            problems.append(f"seat {seat} holds no card while the round goes on")
    if not state.is_over:
        if not mid_turn and (state.taken or state.drawn is not None):
            problems.append("cards are noted as drawn before the turn's draw")
        if any(c not in state.hands[state.turn] for c in state.taken):
            problems.append("a card taken from the discard pile is not in the hand")
        return problems
    result = state.result
    if result is None:
        return problems + ["the round is over without a result"]
    if len(result.points) != state.players or len(result.changes) != state.players:
        return problems + [f"the result does not score {state.players} seats"]
    for seat in range(state.players):
        value = hand_value(state.variant, state.hands[seat])
        if result.points[seat] != value:
            problems.append(f"seat {seat} scores {result.points[seat]}, its hand is worth {value}")
    if result.winner is not None:
        if state.hands[result.winner]:
            problems.append(f"the winner, seat {result.winner}, still holds cards")
        others = sum(result.points)
        if family_of(state.variant).winner_collects:
            want = others * (2 if result.rummy else 1)
            if result.collected != want or result.changes[result.winner] != want:
                problems.append(f"the winner collects {result.collected}, not {want}")
    return problems
