"""The declare family's leaf estimate (rummy.ai.race) and playouts cut short by it."""

from __future__ import annotations

import dataclasses

from rummy.ai.medium import MediumBot
from rummy.ai.race import race_points
from rummy.ai.worlds import LEAF_WORK, play_on
from rummy.model.actions import Draw, DrawSource
from rummy.model.cards import parse_cards
from rummy.model.families import Phase
from rummy.model.families.declare_deal import DeclareState
from rummy.model.state import legal_actions, start_deal
from rummy.model.variant_type import Variant

NEAR_SHOW = "AS 2S 3S 4H 5H 6H 8D 8C 8S 9C 10C JC KD"  # one card short: KD loose
FAR = "2S 5S 8S JS 2H 5H 8H JH 3D 6D 9D QD 4C"  # six cards short


def _world(indian: Variant, first: str, second: str) -> DeclareState:
    state = start_deal(indian, players=2, seed=1)
    assert isinstance(state, DeclareState) and state.phase is Phase.DRAW
    return dataclasses.replace(state, hands=(tuple(parse_cards(first)),
                                             tuple(parse_cards(second))),
                               wild_joker=parse_cards("QH")[0],
                               wild_rank=parse_cards("QH")[0].rank)


def test_the_seat_nearer_a_show_expects_to_collect(indian: Variant) -> None:
    world = _world(indian, NEAR_SHOW, FAR)
    near, far = race_points(world, 0), race_points(world, 1)
    assert near < 0 < far  # the near hand expects to collect, the far one to pay
    swapped = _world(indian, FAR, NEAR_SHOW)
    assert race_points(swapped, 1) < 0 < race_points(swapped, 0)


def test_a_finished_deal_is_scored_exactly(indian: Variant) -> None:
    state = start_deal(indian, players=2, seed=3)
    bots = [MediumBot(1), MediumBot(2)]
    action = legal_actions(state, state.turn)[0]
    points, _work = play_on(state, action, state.turn, bots, 20_000)
    # Played to the end without a leaf: the deal's own points.
    assert isinstance(points, float)
    # A leaf at a depth the deal never reaches is never asked.
    again, _ = play_on(state, action, state.turn, [MediumBot(1), MediumBot(2)], 20_000,
                       depth=10_000, leaf=lambda w, s: 1e9)
    assert again == points


def test_a_playout_stops_at_its_depth_at_a_turn_boundary(indian: Variant) -> None:
    state = start_deal(indian, players=2, seed=1)
    seat = state.turn
    asked: list[DeclareState] = []

    def leaf(world: object, s: int) -> float:
        assert isinstance(world, DeclareState) and s == seat
        asked.append(world)
        return 12.5

    points, work = play_on(state, Draw(seat, DrawSource.CLOSED), seat,
                           [MediumBot(1), MediumBot(2)], 20_000, depth=4, leaf=leaf)
    # Two moves a turn: the candidate's turn ends with the first move after it, the next
    # two turns make four, and the leaf is asked before the following draw (no show comes
    # that soon in this deal; in seed 3's, seat 1 shows at once).
    assert len(asked) == 1 and points == 12.5 and work >= LEAF_WORK
    assert asked[0].phase is Phase.DRAW and not asked[0].is_over
    assert sum(asked[0].turns_done) == 3
