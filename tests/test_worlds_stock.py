"""The closed deck once the open deck has been made into it: every card of it was seen
face up, so the seat knows which cards it holds, and where the discard pile was turned
over unshuffled (classic rummy's ``flip_discard``), their order and every card another
seat draws from it. The expert's worlds deal that stock, not a random one
(rummy/ai/tracking.py ``stock_of``, rummy/ai/worlds.py)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from rummy.ai.tracking import stock_of
from rummy.ai.worlds import sample_world
from rummy.model.events import CardDiscarded, DeckReshuffled, DiscardFlipped
from rummy.model.invariants import check_invariants
from rummy.model.rules import family_of
from rummy.model.state import GameState, apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.view import PlayerView, view_for


def _remade(state: GameState) -> bool:
    return any(isinstance(e, (DiscardFlipped, DeckReshuffled)) for e in state.history)


def _past_the_stock(variant_id: str, options: dict[str, Any], players: int, seed: int
                    ) -> list[tuple[GameState, PlayerView]]:
    """Each (state, mover's view) of a deal among medium bots, from before the open deck
    is made into a new closed deck to 40 moves after (seeds chosen to get there soon)."""
    variant = load_variant(variant_id).with_options(options)
    state = start_deal(variant, players, seed)
    bots = [family_of(variant).piece("bots")["medium"](s) for s in range(players)]
    seen: list[tuple[GameState, PlayerView]] = []
    after = 0
    while not state.is_over and after < 40 and len(seen) < 400:
        view = view_for(state, state.turn)
        seen.append((state, view))
        after += _remade(state)
        state, _ = apply(state, bots[state.turn].choose(view, legal_actions(state, state.turn)))
    assert after >= 10, "the deal ended too soon after the new closed deck"
    return seen


@pytest.mark.parametrize(("variant_id", "options", "players", "seed", "ordered"), [
    ("super_rummy", {}, 2, 14, True),
    ("super_rummy", {"deck_exhaust": "shuffle_discard"}, 2, 14, False),
    ("two_player_13", {}, 2, 9, False),
])
def test_the_new_closed_deck_is_known_from_the_history(
        variant_id: str, options: dict[str, Any], players: int, seed: int,
        ordered: bool) -> None:
    """Before it: nothing known. After it, turned over: the real closed deck card for card,
    and the cards each other seat drew from it are in its hand (or shown since); shuffled:
    the real closed deck is among the cards said. The worlds deal it so, and still agree
    with the view."""
    for n, (state, view) in enumerate(_past_the_stock(variant_id, options, players, seed)):
        stock = stock_of(view)
        if not _remade(state):
            assert stock is None
            continue
        assert stock is not None and stock.ordered is ordered
        world = sample_world(view, random.Random(n), n)
        assert check_invariants(world) == []
        assert legal_actions(world, view.seat) == legal_actions(state, view.seat)
        if ordered:
            assert stock.cards == state.closed_deck == world.closed_deck
            shown = set(state.open_deck) | set(view.cards_on_table) | set(view.hand)
            for seat, cards in stock.drawn.items():
                for card in cards:
                    assert card in state.hands[seat] or card in shown, (seat, card)
                    assert card in world.hands[seat] or card in shown, (seat, card)
        else:
            assert set(state.closed_deck) <= set(stock.cards)
            assert set(world.closed_deck) <= set(stock.cards)
            assert len(world.closed_deck) == len(state.closed_deck)


def test_a_history_that_cannot_name_every_card_says_nothing() -> None:
    """A discard missing from the history (the turned pile would be one card short) is not
    guessed at: no stock, and the worlds deal the closed deck from every unseen card."""
    past = _past_the_stock("super_rummy", {}, 2, 14)
    state, view = next((s, v) for s, v in past if _remade(s))
    gap = next(i for i, e in enumerate(view.history) if isinstance(e, CardDiscarded))
    torn = dataclasses.replace(view, history=view.history[:gap] + view.history[gap + 1:])
    assert stock_of(view) is not None and stock_of(torn) is None
    world = sample_world(torn, random.Random(1), 1)
    assert len(world.closed_deck) == len(state.closed_deck)
    assert world.closed_deck != state.closed_deck
