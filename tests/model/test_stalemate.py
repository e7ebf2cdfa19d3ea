"""A deal that does not end: a Stalemate ends a classic or contract rummy deal between
turns without a winner, each seat scoring its hand (docs/rules.md, "A deal that does not
end"); Indian rummy has no such end."""

from __future__ import annotations

from dataclasses import replace

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
from rummy.model.actions import FlipDiscard
from rummy.model.cards import Rank, parse_cards
from rummy.model.events import (
    STUCK_TURNOVERS,
    DealScored,
    DeckReshuffled,
    DiscardFlipped,
    MeldLaid,
    turnovers_since_laid,
)
from rummy.model.families import Phase
from rummy.model.families.melding import hand_value
from rummy.model.state import MAX_TURNS, stalemate_due
from rummy.model.table_melds import MeldKind, TableMeld
from rummy.session import Session


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



def test_four_times_through_the_stock_with_nothing_laid_ends_the_deal() -> None:
    """Hands that only draw and throw back: once the discard pile has been turned over
    as the stock for the fourth time with no card laid in between, the deal is a
    stalemate, long before the cap of turns."""
    game = Session.lone_deal("super_rummy", players=3, seed=5)
    flips = 0
    while not game.over:
        seat = game.state.turn
        legal = game.legal_actions(seat)
        draw = next((a for a in legal if isinstance(a, Draw) and a.source is DrawSource.CLOSED),
                    None)
        flip = next((a for a in legal if isinstance(a, FlipDiscard)), None)
        if draw is None and flip is not None:
            flips += 1
            assert stalemate_due(game.state) is None
            events = game.act(flip)
            if flips == STUCK_TURNOVERS:
                break
            assert not any(isinstance(e, DealScored) for e in events)
            continue
        action = draw or next(a for a in legal if isinstance(a, Draw))
        game.act(action)
        game.act(next(a for a in game.legal_actions(seat) if isinstance(a, Discard)))
    assert flips == STUCK_TURNOVERS
    assert isinstance(game.deals[0][-1], Stalemate)
    result = game.ends[0].result
    assert result is not None and result.winner is None
    turns = sum(game.ends[0].turns_done)
    assert turns < MAX_TURNS
    assert result.reason == "the stock went round 4 times with nothing laid"


def test_a_card_laid_on_the_table_starts_the_count_of_turnovers_again() -> None:
    flip = DiscardFlipped(size=20, shuffled=False)
    reshuffle = DeckReshuffled(number=1, size=20)
    state = _a_few_turns("super_rummy")
    meld = TableMeld(0, MeldKind.SET, tuple(parse_cards("7S 7H 7D")), rank=Rank.SEVEN)
    laid = MeldLaid(seat=0, index=0, meld=meld)
    assert turnovers_since_laid((flip, reshuffle)) == 2
    assert turnovers_since_laid((flip, flip, laid, flip)) == 1
    assert turnovers_since_laid((flip, laid)) == 0
    flips = (flip,) * STUCK_TURNOVERS
    stuck = replace(state, history=(*state.history, *flips))
    assert stalemate_due(stuck) == Stalemate(stuck.turn)
    again = replace(state, history=(*state.history, flip, laid, *flips[1:]))
    assert stalemate_due(again) is None
    assert stalemate_due(replace(again, history=(*again.history, flip))) is not None
