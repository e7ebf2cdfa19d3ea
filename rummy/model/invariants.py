"""Checks that hold in every reachable state; the random playout tests call them after
every action, and ``python -m rummy check`` can call them on a saved game.

>>> from rummy.model.variant import load_variant
>>> from rummy.model.state import start_deal
>>> check_invariants(start_deal(load_variant("indian_13"), players=4, seed=3))
[]
"""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from rummy.model.families.declare_deal import DeclareState
from rummy.model.variant_type import Variant

from .actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    Finish,
    LayDown,
    LayMeld,
    LayOff,
    Timeout,
)
from .cards import Card, make_deck
from .families import Phase, SeatStatus
from .families.melding import MeldState
from .invariants_melds import meld_problems
from .state import GameState, apply, legal_actions, start_deal


def card_locations(state: GameState) -> list[tuple[str, Card]]:
    """Every card in the deal with where it lies (hands, decks, finish slot, wild, dead)."""
    found: list[tuple[str, Card]] = []
    for seat, hand in enumerate(state.hands):
        found += [(f"hand {seat}", c) for c in hand]
    if isinstance(state, MeldState):
        for index, meld in enumerate(state.melds):
            found += [(f"meld {index}", c) for c in meld.cards]
        found += [("closed deck", c) for c in state.closed_deck]
        found += [("open deck", c) for c in state.open_deck]
        return found
    for seat, dead in enumerate(state.dead):
        found += [(f"dead {seat}", c) for c in dead]
    found += [("closed deck", c) for c in state.closed_deck]
    found += [("open deck", c) for c in state.open_deck]
    if state.finish_slot is not None:
        found.append(("finish slot", state.finish_slot))
    if state.wild_joker is not None:
        found.append(("wild joker", state.wild_joker))
    return found


def check_invariants(state: GameState) -> list[str]:
    """Every broken invariant of ``state``, as a sentence; empty when all hold."""
    if isinstance(state, MeldState):
        return _card_problems(state) + meld_problems(state)
    return _card_problems(state) + _seat_problems(state) + _result_problems(state)


@functools.cache
def _deck(packs: int, printed_jokers: int) -> Counter[Card]:
    return Counter(make_deck(packs, printed_jokers))


def _card_problems(state: GameState) -> list[str]:
    variant = state.variant
    deck = _deck(variant.packs, variant.printed_jokers)
    placed = card_locations(state)
    seen = Counter(c for _, c in placed)
    problems = [f"{c.code} is missing" for c in deck if c not in seen]
    problems += [f"{c.code} is not a card of the deck" for c in seen if c not in deck]
    for card, n in seen.items():
        if n > 1:
            where = ", ".join(w for w, c in placed if c == card)
            problems.append(f"{card.code} is in {n} places: {where}")
    return problems


def _seat_problems(state: DeclareState) -> list[str]:
    problems: list[str] = []
    size = state.variant.hand_size
    mid_turn = state.phase is Phase.DISCARD
    for seat in range(state.players):
        held = len(state.hands[seat])
        if state.status[seat] is SeatStatus.PLAYING:
            want = size + 1 if mid_turn and seat == state.turn else size
            if held != want:
                problems.append(f"seat {seat} holds {held} cards, not {want}")
            if state.dead[seat]:
                problems.append(f"seat {seat} plays on but has dead cards")
        elif held:
            problems.append(f"seat {seat} is out ({state.status[seat].value}) but holds cards")
    if not state.is_over:
        if state.status[state.turn] is not SeatStatus.PLAYING:
            problems.append(f"seat {state.turn} is to play but is out of the deal")
        if mid_turn != (state.drawn is not None):
            problems.append("a drawn card is recorded exactly while the turn is mid-way")
        if state.drawn is not None and state.drawn not in state.hands[state.turn]:
            problems.append("the drawn card is not in the hand of the seat to play")
        if state.finish_slot is not None:
            problems.append("the finish slot holds a card while the deal goes on")
    return problems


def _result_problems(state: DeclareState) -> list[str]:
    result = state.result
    if state.is_over != (result is not None):
        return ["a result exists exactly when the deal is over"]
    if result is None:
        return []
    problems: list[str] = []
    if len(result.points) != state.players:
        return [f"the result scores {len(result.points)} seats, not {state.players}"]
    if result.winner is None:
        return ["a declare deal ends with a winner"]
    if state.status[result.winner] is not SeatStatus.PLAYING:
        problems.append(f"the winner, seat {result.winner}, is out of the deal")
    if result.points[result.winner] != 0:
        problems.append("the winner scores points")
    losers = sum(p for s, p in enumerate(result.points) if s != result.winner)
    if result.collected != losers:
        problems.append(f"the winner collects {result.collected}, the losers lose {losers}")
    for seat in range(state.players):
        if state.status[seat].is_out and result.points[seat] != state.penalties[seat]:
            problems.append(f"seat {seat} is out for {state.penalties[seat]}"
                            f" but scores {result.points[seat]}")
        if result.points[seat] < 0:
            problems.append(f"seat {seat} scores below 0")
    variant = state.variant
    rules = variant.declare
    most = max(rules.count_cap, rules.no_turn_score, rules.complete_hand_score)
    for seat in state.active_seats:
        if result.points[seat] > most:
            problems.append(f"seat {seat} scores {result.points[seat]}, above the cap {most}")
    return problems


# ---------------------------------------------------------------- random playouts

PLAYOUT_WEIGHTS: Mapping[str, float] = {
    "draw closed": 10, "draw open": 6, "discard": 40, "finish": 1, "drop": 0.4, "timeout": 1,
    "meld": 30, "lay down": 60, "lay off": 30, "flip": 10,
}
"""How often a random playout picks each kind of action, when it is legal."""


def _kind(action: Action) -> str:
    if isinstance(action, Draw):
        return "draw closed" if action.source is DrawSource.CLOSED else "draw open"
    if isinstance(action, Discard):
        return "discard"
    if isinstance(action, Finish):
        return "finish"
    if isinstance(action, Drop):
        return "drop"
    if isinstance(action, Timeout):
        return "timeout"
    return {LayMeld: "meld", LayDown: "lay down", LayOff: "lay off"}.get(type(action), "flip")


def random_action(state: GameState, rng: random.Random,
                  weights: Mapping[str, float] = PLAYOUT_WEIGHTS) -> Action:
    """A legal action for the seat to move: a kind by ``weights``, then uniformly."""
    by_kind: dict[str, list[Action]] = {}
    for action in legal_actions(state, state.turn):
        by_kind.setdefault(_kind(action), []).append(action)
    kinds = sorted(by_kind)
    kind = rng.choices(kinds, [weights.get(k, 1.0) for k in kinds])[0]
    return rng.choice(by_kind[kind])


@dataclass
class Playout:
    """A random deal: every state from the start, the actions between them, any problems."""

    states: list[GameState]
    actions: list[Action] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def random_playout(variant: Variant, players: int, seed: int, *, max_actions: int = 2000,
                   weights: Mapping[str, float] = PLAYOUT_WEIGHTS) -> Playout:
    """Play random legal actions (chosen from ``f"{seed}/playout"``) until the deal ends or
    ``max_actions``, checking the invariants after every action."""
    rng = random.Random(f"{seed}/playout")
    state = start_deal(variant, players, seed)
    playout = Playout([state], problems=check_invariants(state))
    while not state.is_over and len(playout.actions) < max_actions and not playout.problems:
        action = random_action(state, rng, weights)
        state, _ = apply(state, action)
        playout.states.append(state)
        playout.actions.append(action)
        playout.problems += [f"after {action}: {p}" for p in check_invariants(state)]
    return playout
