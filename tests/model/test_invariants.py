"""Invariants hold after every action of random play in every shipped declare variant, and
check_invariants notices a state that breaks them."""

from __future__ import annotations

import dataclasses
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    DropAtTurn,
    Finish,
    Timeout,
)
from rummy.model.cards import parse_card
from rummy.model.families.declare_deal import DeclareState
from rummy.model.invariants import check_invariants, random_playout
from rummy.model.solver import best_arrangement
from rummy.model.state import IllegalMoveError, apply, check_action, legal_actions, start_deal
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_type import Variant

DECLARE_VARIANTS = [v for v in list_variant_ids() if load_variant(v).family == "declare"]

# Kinds of action, repeated to weight the random choice towards long deals.
KINDS = ["draw closed"] * 6 + ["draw open"] * 3 + ["discard"] * 12 + ["finish", "drop",
                                                                       "timeout"]


def kind_of(action: Action) -> str:
    if isinstance(action, Draw):
        return f"draw {action.source.value}"
    return {Discard: "discard", Finish: "finish", Drop: "drop", Timeout: "timeout"}[
        type(action)]


def variants() -> st.SearchStrategy[Variant]:
    base = st.sampled_from(DECLARE_VARIANTS).map(load_variant)
    return st.builds(lambda v, timer: v.with_options({"turn_timer": timer}) if timer else v,
                     base, st.sampled_from([0, 30]))


@pytest.mark.slow
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(variant=variants(), seed=st.integers(0, 2**32), data=st.data())
def test_random_playout_keeps_invariants(variant: Variant, seed: int,
                                         data: st.DataObject) -> None:
    players = data.draw(st.integers(variant.min_players, variant.max_players), "players")
    state = start_deal(variant, players, seed)
    assert check_invariants(state) == []
    for _ in range(250):
        assert isinstance(state, DeclareState)
        if state.is_over:
            break
        seat = state.turn
        legal = legal_actions(state, seat)
        assert legal, "the seat to move always has a legal action"
        for other in range(players):
            if other != seat:  # a waiting seat may only ask to drop at its turn
                assert all(isinstance(a, DropAtTurn) for a in legal_actions(state, other))
        for action in legal:
            check_action(state, action)
        kinds = sorted({kind_of(a) for a in legal})
        kind = data.draw(st.sampled_from([k for k in KINDS if k in kinds] or kinds))
        action = data.draw(st.sampled_from([a for a in legal if kind_of(a) == kind]))
        if isinstance(action, Finish) and data.draw(st.booleans(), "own groups"):
            rest = list(state.hands[seat])
            rest.remove(action.card)
            best = best_arrangement(variant, rest, cut=state.wild_joker)
            groups = best.groups + ((best.ungrouped,) if best.ungrouped else ())
            action = Finish(seat, action.card, groups)
        state, events = apply(state, action)
        assert events and state.history[-len(events):] == events
        assert check_invariants(state) == [], action
    if state.is_over:
        assert legal_actions(state, state.turn) == []


@pytest.mark.parametrize("variant_id", DECLARE_VARIANTS)
@pytest.mark.parametrize("seed", range(8))
def test_every_shipped_variant_plays_to_the_end(variant_id: str, seed: int) -> None:
    variant = load_variant(variant_id)
    players = variant.min_players + seed % (variant.max_players - variant.min_players + 1)
    playout = random_playout(variant, players, seed, max_actions=5000)
    assert playout.problems == []
    assert playout.states[-1].is_over


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32), seat=st.integers(0, 2), data=st.data())
def test_check_action_raises_what_apply_raises(seed: int, seat: int,
                                               data: st.DataObject) -> None:
    state = start_deal(load_variant("indian_13"), 3, seed)
    hand = state.hands[seat]
    choices: list[Action] = [
        Draw(seat, DrawSource.CLOSED), Discard(seat, hand[0]), Finish(seat, hand[1]),
        Drop(seat), Timeout(seat), Discard(seat, parse_card("JK@1")),
    ]
    action = data.draw(st.sampled_from(choices))
    try:
        check_action(state, action)
    except IllegalMoveError as err:
        with pytest.raises(IllegalMoveError, match=re.escape(str(err))):
            apply(state, action)
    else:
        apply(state, action)


# ---------------------------------------------------------------- broken states


@pytest.fixture(scope="module")
def state() -> DeclareState:
    deal = start_deal(load_variant("indian_13"), 3, 21)
    assert isinstance(deal, DeclareState)
    return deal


def test_a_fresh_deal_keeps_every_invariant(state: DeclareState) -> None:
    assert check_invariants(state) == []


def test_a_card_in_two_places_is_reported(state: DeclareState) -> None:
    card = state.hands[1][0]
    broken = dataclasses.replace(state, open_deck=state.open_deck + (card,))
    problems = check_invariants(broken)
    assert any(f"{card.code} is in 2 places" in p for p in problems)


def test_a_missing_card_is_reported(state: DeclareState) -> None:
    card = state.closed_deck[0]
    broken = dataclasses.replace(state, closed_deck=state.closed_deck[1:])
    assert f"{card.code} is missing" in check_invariants(broken)


def test_a_wrong_hand_size_is_reported(state: DeclareState) -> None:
    hands = (state.hands[0][:-1],) + state.hands[1:]
    broken = dataclasses.replace(state, hands=hands, dead=((state.hands[0][-1],),) + ((),) * 2)
    assert "seat 0 holds 12 cards, not 13" in check_invariants(broken)


def test_points_that_do_not_add_up_are_reported() -> None:
    playout = random_playout(load_variant("indian_13"), 3, 4, max_actions=5000)
    over = playout.states[-1]
    assert isinstance(over, DeclareState)
    assert over.result is not None and check_invariants(over) == []
    result = dataclasses.replace(over.result, collected=over.result.collected + 1)
    problems = check_invariants(dataclasses.replace(over, result=result))
    assert any("collects" in p for p in problems)
