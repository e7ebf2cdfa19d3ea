"""Contract rummy (docs/rules.md, "Contract rummy"): the rules that changed or were
unguarded, one test per rule, named after it. The older rules have theirs in
test_contract_rules.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rummy.model.actions import Discard, Draw, DrawSource, IllegalMoveError, LayDown, LayOff
from rummy.model.events import DeckReshuffled
from rummy.model.melds import MeldRules, lay_run, lay_set
from rummy.model.state import legal_actions

from .test_contract_rules import V, act, cards, laid_set, table

# Seat 0 holds two sets and nothing else once it draws the third 9: the contract of round 1.
SETS_ONLY = "7S 7H 7D 9C 9D"
OTHER = "2H 4D 6H 8C 10C JH 3D 5S 8S 10H KS"


def test_going_out_in_the_turn_of_laying_down_when_the_contract_holds_every_card() -> None:
    state = act(table([SETS_ONLY, OTHER], stock="9H"), Draw(0, DrawSource.CLOSED))
    out = act(state, LayDown(0, (cards("7S 7H 7D"), cards("9C 9D 9H"))))
    assert out.is_over and out.result is not None and out.result.winner == 0


def test_contract_going_out_only_if_the_turn_began_from_the_stock() -> None:
    state = act(table([SETS_ONLY, OTHER], discard="9H"), Draw(0, DrawSource.OPEN))
    assert not any(isinstance(a, LayDown) for a in legal_actions(state, 0))
    with pytest.raises(IllegalMoveError, match="begun from the stock"):
        act(state, LayDown(0, (cards("7S 7H 7D"), cards("9C 9D 9H"))))
    # The same cards with one more: laying down keeps two, so the turn goes on.
    state = act(table([SETS_ONLY + " KD QD", OTHER], discard="9H"), Draw(0, DrawSource.OPEN))
    assert any(isinstance(a, LayDown) for a in legal_actions(state, 0))


def test_contract_lay_offs_cannot_empty_the_hand_in_a_turn_begun_from_the_discard() -> None:
    state = table(["7C 9S", OTHER], discard="KC", turns=2, on_table="7S 7H 7D 9C 9D 9H")
    melds = (laid_set("7S 7H 7D"), laid_set("9C 9D 9H"))
    state = replace(state, melds=melds, laid_at=(0, -1))
    # From the discard pile (KC): 7C may go, leaving two; then 9S would leave KC alone
    # for a discard, and going out later this turn is not allowed either.
    from_pile = act(state, Draw(0, DrawSource.OPEN), LayOff(0, cards("7C")[0], 0))
    assert not any(isinstance(a, LayOff) for a in legal_actions(from_pile, 0))
    with pytest.raises(IllegalMoveError, match="begun from the stock"):
        act(from_pile, LayOff(0, cards("9S")[0], 1))
    stock = tuple(c for c in state.closed_deck if c != cards("7H@1")[0]) + cards("7H@1")
    from_stock = act(replace(state, closed_deck=stock), Draw(0, DrawSource.CLOSED))
    out = act(from_stock, LayOff(0, cards("7C")[0], 0), LayOff(0, cards("7H@1")[0], 0),
              LayOff(0, cards("9S")[0], 1))
    assert out.is_over and out.result is not None and out.result.winner == 0


def test_contract_stock_exhausted_discard_pile_minus_its_top_is_shuffled_into_a_new_stock(
) -> None:
    state = table([SETS_ONLY + " KD QD 2C 3C", OTHER], discard="4S 5H 6D")
    rest = tuple(c for c in state.closed_deck if c != cards("JD")[0])
    state = replace(state, closed_deck=cards("JD"), open_deck=rest + state.open_deck)
    after = act(state, Draw(0, DrawSource.CLOSED), Discard(0, cards("JD")[0]))
    size = len(rest) + 3
    assert [e for e in after.history if isinstance(e, DeckReshuffled)] == [
        DeckReshuffled(1, size)]
    assert set(after.closed_deck) == set(rest + cards("4S 5H 6D"))
    assert after.open_deck == cards("JD")


def test_contract_melds_of_jokers_only_are_not_allowed() -> None:
    rules = MeldRules.of(V)
    assert lay_set(rules, cards("JK JK@1 JK@2")) is None
    assert lay_run(rules, cards("JK JK@1 JK@2 JK@3")) is None
    assert lay_run(rules, cards("5S JK 7S JK@1")) is not None
