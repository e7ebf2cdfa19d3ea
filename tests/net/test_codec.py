"""A view survives the wire: ``view_from_json(view.to_json())`` is the same view in every
family, the family's part travels flattened among the shared keys (docs/protocol.md), and
a malformed view gets a DecodeError naming what is wrong."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rummy.ai import make_bot
from rummy.model.state import GameState, apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, view_for
from rummy.model.view_parts import DeclareView, MeldTableView
from rummy.net.codec import DecodeError, view_from_json, view_json

SHARED = {"variant", "seat", "players", "phase", "turn", "first_player", "dealer", "hand",
          "drawn", "seats", "open_top", "open_size", "closed_size", "wild_joker", "wild_rank",
          "history", "result", "spread"}
TABLE_KEYS = {"melds", "open_cards", "taken", "laid_down", "contract", "round_no"}


def played(variant: Variant, seed: int, moves: int) -> GameState:
    """A deal after ``moves`` greedy moves (fewer if it ends): melds on the table by then
    in the meld families."""
    state = start_deal(variant, 2, seed)
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    for _ in range(moves):
        if state.phase.value == "over":
            break
        seat = state.turn
        state, _ = apply(state, bots[seat].choose(view_for(state, seat),
                                                  legal_actions(state, seat)))
    return state


@pytest.mark.parametrize(("variant_id", "part", "own_keys"), [
    ("indian_13", DeclareView, {"drop_at_turn"}),
    ("two_player_13", DeclareView, {"drop_at_turn"}),
    ("super_rummy", MeldTableView, TABLE_KEYS),
    ("dummy_rummy", MeldTableView, TABLE_KEYS),
])
def test_a_view_of_each_family_round_trips(variant_id: str, part: type[Any],
                                           own_keys: set[str]) -> None:
    variant = load_variant(variant_id)
    melds_seen = False
    for moves in (0, 7, 30, 400):
        state = played(variant, 4, moves)
        for seat in range(2):
            view = view_for(state, seat)
            data = json.loads(json.dumps(view.to_json()))  # through text, as on the wire
            assert set(data) == SHARED | own_keys  # flat: no "part" key
            back = view_from_json(data, variant)
            assert back == view and isinstance(back.part, part)
            assert view_json(view) == view.to_json()
            melds_seen = melds_seen or bool(part is MeldTableView and view.melding.melds)
    assert melds_seen or part is DeclareView


def test_a_view_without_history_rebuilds_with_an_empty_one() -> None:
    variant = load_variant("super_rummy")
    view = view_for(played(variant, 2, 9), 0)
    back = view_from_json(view_json(view, history=False), variant)
    assert back.history == () and back.melding == view.melding


@pytest.mark.parametrize(("variant_id", "key"), [
    ("super_rummy", "melds"), ("dummy_rummy", "laid_down"), ("indian_13", "drop_at_turn"),
])
def test_a_view_missing_its_family_part_is_refused(variant_id: str, key: str) -> None:
    variant = load_variant(variant_id)
    data = view_for(start_deal(variant, 2, 1), 0).to_json()
    del data[key]
    with pytest.raises(DecodeError, match=f"the {variant.family} view has no '{key}'"):
        view_from_json(data, variant)


@pytest.mark.parametrize(("variant_id", "key", "bad"), [
    ("super_rummy", "melds", [{"kind": "run"}]),
    ("super_rummy", "open_cards", ["ZZ"]),
    ("dummy_rummy", "contract", [2]),
    ("super_rummy", "round_no", "1"),
    ("indian_13", "drop_at_turn", 0),
    ("indian_13", "hand", "AS"),
])
def test_a_malformed_view_gets_a_decode_error(variant_id: str, key: str, bad: Any) -> None:
    variant = load_variant(variant_id)
    data = view_for(start_deal(variant, 2, 1), 0).to_json()
    data[key] = bad
    with pytest.raises(ValueError):  # DecodeError, or CardError for a card code
        view_from_json(data, variant)


def test_a_view_of_another_variant_is_refused() -> None:
    data = view_for(start_deal(load_variant("indian_13"), 2, 1), 0).to_json()
    with pytest.raises(DecodeError, match="the view is of 'indian_13', not 'super_rummy'"):
        view_from_json(data, load_variant("super_rummy"))


def test_a_remote_view_answers_like_a_local_one() -> None:
    variant = load_variant("indian_13")
    view: PlayerView = view_from_json(view_for(start_deal(variant, 2, 1), 0).to_json(),
                                      variant)
    assert view.declare.drop_at_turn is False and not view.melds_on_table
