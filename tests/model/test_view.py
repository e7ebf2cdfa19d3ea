"""Player views: a seat sees its own hand and public facts, never another seat's cards or
the closed deck. The leak test walks every field of every view generically, so a new
field that exposes a hidden card fails it without anyone updating the test."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

from rummy.model.actions import Action, Discard, Draw, DrawSource, Finish
from rummy.model.cards import Card, CardError, parse_card, parse_cards
from rummy.model.events import (
    CardDrawn,
    CardFinished,
    CardsDealt,
    TossMade,
    redact_for,
)
from rummy.model.families.declare_deal import DeclareState, deal_from_cards
from rummy.model.invariants import random_playout
from rummy.model.solver import best_discards
from rummy.model.state import GameState, SeatStatus, apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, view_for

# ---------------------------------------------------------------- generic walkers


def cards_in(value: Any, toss: list[Card]) -> Iterator[Card]:
    """Every Card anywhere inside ``value``; toss cards (a separate deck) go to ``toss``."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, TossMade):
        toss.extend(c for _, c in value.cards)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in(getattr(value, f.name), toss)
    elif isinstance(value, dict):
        for v in value.values():
            yield from cards_in(v, toss)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for v in value:
            yield from cards_in(v, toss)


def codes_in_json(value: Any) -> Iterator[str]:
    """Every string in JSON data that reads as a card code (toss events skipped)."""
    if isinstance(value, str):
        try:
            yield parse_card(value).code
        except CardError:
            return
    elif isinstance(value, dict):
        if value.get("event") == "toss_made":
            return
        for v in value.values():
            yield from codes_in_json(v)
    elif isinstance(value, list):
        for v in value:
            yield from codes_in_json(v)


class Knowledge:
    """What each seat may have seen so far: its own cards, every card that was on the open
    deck, the wild joker, public shows, and every hand once the deal is over."""

    def __init__(self, players: int) -> None:
        self.known: list[set[Card]] = [set() for _ in range(players)]

    def see(self, state: DeclareState) -> None:
        public = set(state.open_deck)
        if state.wild_joker is not None:
            public.add(state.wild_joker)
        for s in range(state.players):
            if state.status[s] is SeatStatus.WRONG_SHOW:
                public |= set(state.dead[s])
        if state.is_over:
            for s in range(state.players):
                public |= set(state.hands[s]) | set(state.dead[s])
            if state.finish_slot is not None:
                public.add(state.finish_slot)
        for seat, known in enumerate(self.known):
            known |= public | set(state.hands[seat]) | set(state.dead[seat])


def assert_no_leak(states: Sequence[GameState], every: int = 1) -> None:
    """Walk the states in order; check every ``every``-th state's views and the last."""
    toss_cards = {c for e in states[0].history if isinstance(e, TossMade) for _, c in e.cards}
    knowledge = Knowledge(states[0].players)
    checked = [0] * states[0].players
    for i, state in enumerate(states):
        assert isinstance(state, DeclareState)
        knowledge.see(state)
        if i % every and i != len(states) - 1:
            continue
        for seat in range(state.players):
            known = knowledge.known[seat]
            view = view_for(state, seat)
            # History only grows: each event is checked once, when it first appears (when
            # the seat knew least), to keep the test linear in the length of the deal.
            assert len(view.history) >= checked[seat]
            view = dataclasses.replace(view, history=view.history[checked[seat]:])
            checked[seat] += len(view.history)
            toss: list[Card] = []
            leaked = [c.code for c in cards_in(view, toss) if c not in known]
            assert leaked == [], f"state {i}: seat {seat} sees {leaked}"
            assert set(toss) <= toss_cards
            data = json.loads(json.dumps(view.to_json()))
            codes = {c.code for c in known}
            leaked_json = [c for c in codes_in_json(data) if c not in codes]
            assert leaked_json == [], f"state {i}: seat {seat}'s JSON shows {leaked_json}"


@pytest.mark.parametrize("variant_id", ["indian_13", "two_player_13"])
# Seeds 0-5 already give every seat count and the turn timer (seed % 3 == 0); 6-11 are more
# random deals of the same, slow (about a second each with 6 seats): the full run has them.
@pytest.mark.parametrize("seed", [*range(6), *(pytest.param(seed, marks=pytest.mark.slow)
                                               for seed in range(6, 12))])
def test_views_never_show_hidden_cards(variant_id: str, seed: int) -> None:
    variant = load_variant(variant_id)
    if seed % 3 == 0:
        variant = variant.with_options({"turn_timer": 30})
    players = 2 + seed % (variant.max_players - variant.min_players + 1)
    playout = random_playout(variant, players, seed, max_actions=300)
    assert playout.problems == []
    assert_no_leak(playout.states)


def greedy_playout(variant: Variant, players: int, seed: int) -> list[DeclareState]:
    """Draw closed, then declare when a valid show is possible, else discard the worst card:
    deals that end in valid declarations, for the leak test's end-of-deal reveal."""
    state = start_deal(variant, players, seed)
    assert isinstance(state, DeclareState)
    states = [state]
    for _ in range(600):
        if state.is_over:
            break
        seat = state.turn
        if Draw(seat, DrawSource.CLOSED) in legal_actions(state, seat):
            action: Action = Draw(seat, DrawSource.CLOSED)
        else:
            action = Draw(seat, DrawSource.OPEN)
        state, _ = apply(state, action)
        assert isinstance(state, DeclareState)
        states.append(state)
        card, best = best_discards(variant, state.hands[seat], state.wild_joker)[0]
        action = Finish(seat, card) if best.valid else Discard(seat, card)
        state, _ = apply(state, action)
        assert isinstance(state, DeclareState)
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(3))
def test_views_never_show_hidden_cards_up_to_a_valid_declaration(indian: Variant,
                                                                 seed: int) -> None:
    states = greedy_playout(indian, 3, seed)
    result = states[-1].result
    assert result is not None and result.winner is not None
    assert result.reasons[result.winner] == "valid declaration"
    assert_no_leak(states, every=3)


# ---------------------------------------------------------------- what a view holds


def test_view_holds_own_hand_and_only_counts_of_others(indian: Variant) -> None:
    state = start_deal(indian, 3, 2)
    assert isinstance(state, DeclareState)
    view = view_for(state, 1)
    assert view.hand == state.hands[1]
    assert [s.hand_size for s in view.seats] == [13, 13, 13]
    assert view.closed_size == len(state.closed_deck) and view.open_size == 1
    assert view.open_top == state.open_deck[-1] and view.wild_joker == state.wild_joker
    assert view.wild_rank == state.wild_rank and view.turn == state.turn
    assert not hasattr(view, "closed_deck")


def test_drawn_card_is_shown_only_to_its_owner(indian: Variant) -> None:
    state = start_deal(indian, 2, 2)
    seat = state.turn
    state, _ = apply(state, Draw(seat, DrawSource.CLOSED))
    assert view_for(state, seat).drawn == state.drawn is not None
    assert view_for(state, 1 - seat).drawn is None
    assert view_for(state, seat).my_turn and not view_for(state, 1 - seat).my_turn


def test_redact_hides_closed_draws_and_the_finish_card_from_others() -> None:
    card = parse_card("7H")
    closed = CardDrawn(1, DrawSource.CLOSED, card)
    assert redact_for(closed, 0) == CardDrawn(1, DrawSource.CLOSED, None)
    assert redact_for(closed, 1) == closed
    opened = CardDrawn(1, DrawSource.OPEN, card)
    assert redact_for(opened, 0) == opened  # which open card was taken is public
    finished = CardFinished(0, card)
    hidden = redact_for(finished, 1)
    assert isinstance(hidden, CardFinished) and hidden.card is None
    assert redact_for(finished, 0) == finished


def test_redact_hides_the_other_hands_of_the_deal() -> None:
    hands = (parse_cards("AS 2S"), parse_cards("3H 4H"))
    dealt = CardsDealt(0, (2, 2), hands)
    assert redact_for(dealt, 1) == CardsDealt(0, (2, 2), (None, hands[1]))


def test_history_is_redacted_for_the_viewer(indian: Variant) -> None:
    state = start_deal(indian, 2, 4)
    seat = state.turn
    state, _ = apply(state, Draw(seat, DrawSource.CLOSED))
    other = view_for(state, 1 - seat)
    drawn = [e for e in other.history if isinstance(e, CardDrawn)]
    assert drawn == [CardDrawn(seat, DrawSource.CLOSED, None)]
    dealt = [e for e in other.history if isinstance(e, CardsDealt)][0]
    assert dealt.hands[seat] is None and dealt.hands[1 - seat] == state.hands[1 - seat]


def test_result_reveals_every_hand_when_the_deal_is_over(indian: Variant) -> None:
    states = greedy_playout(indian, 2, 0)
    last = states[-1]
    assert last.result is not None and last.result.winner is not None
    view = view_for(last, 1 - last.result.winner)
    assert view.result == last.result
    shown = {c for hand in view.result.hands for c in hand.cards}
    assert set(last.hands[0]) | set(last.hands[1]) <= shown


def test_view_json_is_plain_data(indian: Variant) -> None:
    state = start_deal(indian, 2, 9)
    data = view_for(state, 0).to_json()
    assert json.loads(json.dumps(data)) == data
    assert data["variant"] == "indian_13" and data["hand"][0] == state.hands[0][0].code


def test_view_for_a_seat_that_does_not_exist(indian: Variant) -> None:
    with pytest.raises(ValueError):
        view_for(start_deal(indian, 2, 0), 2)


def test_a_scenario_view_is_a_player_view(indian: Variant) -> None:
    state = deal_from_cards(
        indian,
        [parse_cards("AS 2S 3S 4S 10H JH QH 5D 6D 7D 8C 8D 8S"),
         parse_cards("KC QC JC 2D 3D 4D JK 6H 6D@1 6C 10S 8H 3C")],
        parse_cards("5C"), parse_card("9S"),
    )
    assert isinstance(view_for(state, 0), PlayerView)
