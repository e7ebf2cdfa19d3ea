"""A deal that does not end: a Stalemate ends a classic or contract rummy deal between
turns without a winner, each seat scoring its hand (docs/rules.md, "A deal that does not
end"); Indian rummy has no such end."""

from __future__ import annotations

import pytest

from rummy.model import (
    Discard,
    Draw,
    DrawSource,
    GameState,
    IllegalMoveError,
    Stalemate,
    action_from_json,
    apply,
    legal_actions,
    load_variant,
    start_deal,
)
from rummy.model.events import DealScored
from rummy.model.families import Phase
from rummy.model.families.melding import hand_value


def _a_few_turns(variant_id: str, turns: int = 6) -> GameState:
    state = start_deal(load_variant(variant_id), 3, 11)
    for _ in range(turns):
        seat = state.turn
        state, _ = apply(state, Draw(seat, DrawSource.CLOSED))
        state, _ = apply(state, next(a for a in legal_actions(state, seat)
                                     if isinstance(a, Discard)))
    return state


def test_a_contract_deal_ends_with_each_hand_scored() -> None:
    state = _a_few_turns("dummy_rummy")
    after, events = apply(state, Stalemate(state.turn))
    result = after.result
    assert after.phase is Phase.OVER and result is not None and result.winner is None
    assert result.reason == "nobody went out in 6 turns"
    points = tuple(hand_value(state.variant, h) for h in state.hands)
    assert result.points == result.changes == points and all(points)
    assert isinstance(events[-1], DealScored) and events[-1].result == result


def test_a_classic_deal_ends_as_when_the_stock_runs_out() -> None:
    state = _a_few_turns("super_rummy")
    after, _ = apply(state, Stalemate(state.turn))
    result = after.result
    assert result is not None and result.winner is None and result.collected == 0
    assert result.changes == tuple(-p for p in result.points)  # the family's no-winner end


@pytest.mark.parametrize("variant_id", ["dummy_rummy", "super_rummy"])
def test_only_the_seat_to_move_before_drawing(variant_id: str) -> None:
    state = _a_few_turns(variant_id)
    seat = state.turn
    assert not any(isinstance(a, Stalemate) for a in legal_actions(state, seat))
    with pytest.raises(IllegalMoveError, match="not your turn"):
        apply(state, Stalemate((seat + 1) % 3))
    drawn, _ = apply(state, Draw(seat, DrawSource.CLOSED))
    with pytest.raises(IllegalMoveError, match="before a turn's draw"):
        apply(drawn, Stalemate(seat))


def test_indian_rummy_has_no_stalemate() -> None:
    state = start_deal(load_variant("indian_13"), 2, 3)
    with pytest.raises(IllegalMoveError, match="not an action of this game"):
        apply(state, Stalemate(state.turn))


def test_its_record_form() -> None:
    assert action_from_json(Stalemate(2).to_json()) == Stalemate(2)
    assert str(Stalemate(2)) == "2: stalemate"


def test_a_stalemate_is_due_after_the_cap_of_turns_between_turns_only() -> None:
    from dataclasses import replace

    from rummy.model.state import MAX_TURNS, stalemate_due

    state = _a_few_turns("dummy_rummy")
    assert stalemate_due(state) is None  # 6 turns: far from the cap
    long = replace(state, turns_done=(MAX_TURNS // 3,) * 3)
    assert stalemate_due(long) == Stalemate(long.turn)
    assert stalemate_due(long, max_turns=0) is None  # a cap of 0: never
    drawn, _ = apply(long, Draw(long.turn, DrawSource.CLOSED))
    assert stalemate_due(drawn) is None  # mid-turn: it waits for the turn's end
    declare = _a_few_turns("indian_13")
    assert stalemate_due(replace(declare, turns_done=(MAX_TURNS,) * 3)) is None

