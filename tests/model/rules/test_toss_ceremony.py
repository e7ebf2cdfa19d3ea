"""The toss and the dealer, played as picks (docs/rules.md, "The toss and the dealer"):
who deals, who starts, who is dealt first, who picks the joker; a pick's legality and a
bad pick's reason; records replay; views never show a face-down card; the deal's proof
verifies with the picks in it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from rummy.model.actions import Action, Pick, Timeout, action_from_json
from rummy.model.cards import toss_key
from rummy.model.events import CardPicked, CardsDealt, TossMade, TossWon, WildJokerCut
from rummy.model.fairness import Reveal, Seen, check_deal, commitment
from rummy.model.families import Phase
from rummy.model.rules import family_of
from rummy.model.state import GameState, IllegalMoveError, apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.view import view_for
from rummy.session import Session

TWO = load_variant("two_player_13")
DUMMY = load_variant("dummy_rummy")
INDIAN = load_variant("indian_13")


def _a_third_along(legal: list[Action]) -> Action:
    return legal[len(legal) // 3]


def picked_through(state: GameState, choose: Callable[[list[Action]], Action] = _a_third_along
                   ) -> tuple[Any, list[Action]]:
    """Play the ceremony through, each seat picking the card ``choose`` names (the state
    is typed loosely: a test reads the family's own fields)."""
    actions: list[Action] = []
    while state.phase is Phase.PICK:
        picks: list[Action] = [a for a in legal_actions(state, state.turn)
                               if isinstance(a, Pick)]
        action = choose(picks)
        actions.append(action)
        state, _ = apply(state, action)
    return state, actions


@pytest.mark.parametrize("seed", range(8))
def test_two_player_lower_card_deals_receiver_dealt_first_dealer_picks_the_joker(
        seed: int) -> None:
    state = start_deal(TWO, 2, seed, ceremony=True)
    assert state.phase is Phase.PICK and state.turn == 0 and not any(state.hands)
    state, actions = picked_through(state)
    toss = [e for e in state.history if isinstance(e, TossMade)][-1]
    low = min(toss.cards, key=lambda sc: toss_key(sc[1]))[0]
    assert state.dealer == low and state.turn == state.first_player == 1 - low
    dealt = next(e for e in state.history if isinstance(e, CardsDealt))
    assert dealt.first_player == 1 - low
    joker_pick = actions[-1]
    assert joker_pick.seat == state.dealer  # the dealer picks the joker, from the rest
    cut = next(e for e in state.history if isinstance(e, WildJokerCut))
    assert cut.by == state.dealer and cut.card == state.wild_joker
    picked = [e for e in state.history if isinstance(e, CardPicked)]
    assert picked[-1].card == state.wild_joker and picked[-1].purpose == "joker"
    assert len(state.closed_deck) == 24 and state.wild_joker not in state.closed_deck


@pytest.mark.parametrize("seed", range(6))
def test_contract_highest_picked_card_deals_aces_low_the_left_player_starts(seed: int) -> None:
    state, _ = picked_through(start_deal(DUMMY, 4, seed, ceremony=True))
    toss = [e for e in state.history if isinstance(e, TossMade)][-1]
    ranks = {s: int(c.rank or 0) for s, c in toss.cards}
    assert state.dealer is not None and ranks[state.dealer] == max(ranks.values())
    assert state.turn == state.first_player == (state.dealer + 1) % 4
    assert all(len(h) == DUMMY.deal_size(4) for h in state.hands)


def test_contract_tied_ranks_pick_again_among_themselves() -> None:
    for seed in range(200):
        state, _ = picked_through(start_deal(DUMMY, 6, seed, ceremony=True))
        rounds = [e for e in state.history if isinstance(e, TossMade)]
        if len(rounds) > 1:
            assert rounds[0].tied and {s for s, _ in rounds[1].cards} == set(rounds[0].tied)
            return
    pytest.fail("no tie in 200 seeds")


def test_indian_rummy_has_no_picking_every_seat_gets_an_open_card() -> None:
    state = start_deal(INDIAN, 4, 3, ceremony=True)
    assert state.phase is Phase.DRAW and state.spread is None
    assert len([e for e in state.history if isinstance(e, TossMade)][-1].cards) >= 1


def test_super_rummy_has_no_toss() -> None:
    state = start_deal(load_variant("super_rummy"), 3, 3, ceremony=True)
    assert state.phase is Phase.DRAW and state.turn == 0
    assert not any(isinstance(e, (TossMade, TossWon)) for e in state.history)


def test_a_pick_names_a_free_position_of_the_spread_and_only_the_picker_picks() -> None:
    state = start_deal(TWO, 2, 1, ceremony=True)
    legal = legal_actions(state, 0)
    assert [a for a in legal if isinstance(a, Pick)] == [Pick(0, p) for p in range(52)]
    assert Timeout(0) in legal and legal_actions(state, 1) == []
    with pytest.raises(IllegalMoveError, match="not your pick"):
        apply(state, Pick(1, 3))
    with pytest.raises(IllegalMoveError, match="no card 60 in the spread"):
        apply(state, Pick(0, 59))
    state, _ = apply(state, Pick(0, 7))
    with pytest.raises(IllegalMoveError, match="already turned over"):
        apply(state, Pick(1, 7))
    from rummy.model.actions import Draw, DrawSource
    with pytest.raises(IllegalMoveError, match="first pick a card for the toss"):
        apply(state, Draw(1, DrawSource.CLOSED))
    played, _ = picked_through(state)
    with pytest.raises(IllegalMoveError, match="no cards are spread"):
        apply(played, Pick(played.turn, 0))


def test_quick_start_deals_the_same_deal_as_the_picks_made_for_the_seats() -> None:
    for seed in range(5):
        quick: Any = start_deal(TWO, 2, seed)
        by_timeout, _ = picked_through(start_deal(TWO, 2, seed, ceremony=True),
                                       lambda legal: Timeout(legal[0].seat))
        assert quick.hands == by_timeout.hands and quick.wild_joker == by_timeout.wild_joker
        assert quick.dealer == by_timeout.dealer and quick.phase is Phase.DRAW


def test_views_show_only_the_picked_cards_of_the_spread() -> None:
    state = start_deal(TWO, 2, 4, ceremony=True)
    state, _ = apply(state, Pick(0, 11))
    spread = state.spread
    assert spread is not None
    for seat in (0, 1):
        view = view_for(state, seat)
        assert view.spread is not None and view.spread.size == 52
        assert view.spread.turned == ((0, 11, spread.cards[11]),)
        text = json.dumps(view.to_json())
        hidden = [c.code for i, c in enumerate(spread.cards) if i != 11]
        assert not [code for code in hidden if f'"{code}"' in text]


def test_a_ceremony_record_replays_and_says_so() -> None:
    game = Session.new("two_player_13", 2, 9, lone=True, ceremony=True)
    while game.state.phase is Phase.PICK:
        game.act(legal_actions(game.state, game.state.turn)[5])
    record = game.to_record()
    assert record["ceremony"] is True
    again = Session.from_record(json.loads(json.dumps(record)))
    assert again.state == game.state
    assert "ceremony" not in Session.lone_deal("two_player_13", 2, 9).to_record()
    assert action_from_json(Pick(1, 4).to_json()) == Pick(1, 4)
    with pytest.raises(ValueError, match="position"):
        action_from_json({"type": "pick", "seat": 0, "position": "AS"})


@pytest.mark.parametrize("variant", [TWO, DUMMY])
def test_the_deal_proof_verifies_with_the_picks_in_it(variant) -> None:  # type: ignore[no-untyped-def]
    key = bytes(range(32))
    dealt = start_deal(variant, 2, key, ceremony=True)
    family = family_of(variant)
    promise = commitment(key, family.layout(dealt))
    assert any(line.startswith("spread (toss):") for line in family.layout(dealt))
    state, actions, seen = dealt, [], [Seen(0, view_for(dealt, 0))]
    while state.phase is Phase.PICK:
        action = legal_actions(state, state.turn)[3]
        state, _ = apply(state, action)
        actions.append(action)
        seen.append(Seen(len(actions), view_for(state, 0)))
    reveal = Reveal.of(dealt, actions, deal=0, first_seq=0)
    assert reveal.dealt_as.get("ceremony") == 1
    assert check_deal(variant, 0, promise, reveal, seen).ok
    lied = Reveal(0, key, 2, {}, reveal.layout, 0, reveal.actions)  # as if dealt without
    assert not check_deal(variant, 0, promise, lied, seen).ok
