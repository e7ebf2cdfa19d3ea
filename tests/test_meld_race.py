"""The melding families' leaf estimate (rummy.ai.meld_race): a race to an empty hand."""

from __future__ import annotations

import dataclasses

from rummy.ai.meld_bots import left_after_lay_offs
from rummy.ai.meld_levels import MeldMediumBot
from rummy.ai.meld_race import meld_race_points
from rummy.ai.worlds import World, deal_points, play_on
from rummy.model.actions import Draw, DrawSource
from rummy.model.cards import parse_cards
from rummy.model.families import Phase
from rummy.model.solver_melds import card_points
from rummy.model.state import MeldState, apply, legal_actions, start_deal
from rummy.model.table_melds import MeldRules, new_meld
from rummy.model.variant import load_variant
from rummy.model.view import view_for

NEAR_OUT = "2S 3S 4S 7H 7D 7C 9D 10D JD KC"  # three melds and K♣: out with one discard
FAR = "2C 5D 8H JS KH 3D 6S 9C QD AH"  # nothing melds


def _super(first: str, second: str) -> MeldState:
    state = start_deal(load_variant("super_rummy"), players=2, seed=1)
    assert isinstance(state, MeldState) and state.phase is Phase.DRAW
    return dataclasses.replace(state, hands=(tuple(parse_cards(first)),
                                             tuple(parse_cards(second))))


def test_the_seat_nearer_going_out_expects_to_collect() -> None:
    world = _super(NEAR_OUT, FAR)
    assert meld_race_points(world, 0) < 0 < meld_race_points(world, 1)
    swapped = _super(FAR, NEAR_OUT)
    assert meld_race_points(swapped, 1) < 0 < meld_race_points(swapped, 0)


def test_without_collecting_the_winner_is_only_charged_nothing() -> None:
    world = _super(NEAR_OUT, FAR)
    near = meld_race_points(world, 0, collects=False)
    far = meld_race_points(world, 1, collects=False)
    assert 0 < near < 10  # K♣ is all it could be charged, and it likely goes out
    variant = world.variant
    assert near < far <= sum(card_points(variant, c) for c in parse_cards(FAR))


def test_a_contract_not_down_counts_what_it_lacks() -> None:
    """Dummy Rummy's first contract is two sets: a hand holding them is ahead of one that
    lacks four cards of them, and is charged its whole hand while not down."""
    dummy = load_variant("dummy_rummy")
    state = start_deal(dummy, players=2, seed=1)
    assert isinstance(state, MeldState) and state.contract is not None
    size = len(state.hands[0])
    holds = parse_cards("5S 5H 5D 9C 9H 9S 2C 4D 6H 8S JC QD KH AS 3C")[:size]
    lacks = parse_cards("5S 7H 9D JC KH 2D 4C 6S 8H 10D QC AS 3H 4S 6D")[:size]
    world = dataclasses.replace(state, hands=(tuple(holds), tuple(lacks)))
    ahead = meld_race_points(world, 0, collects=False)
    behind = meld_race_points(world, 1, collects=False)
    assert 0 < ahead < behind
    # Laid down, only what cannot be laid off is charged: nothing on an empty table is.
    down = dataclasses.replace(world, laid_at=(0, -1))
    assert meld_race_points(down, 0, collects=False) > 0


def test_lay_offs_leave_the_cards_that_fit_no_meld() -> None:
    variant = load_variant("super_rummy")
    rules = MeldRules.of(variant)
    run = new_meld(rules, parse_cards("4H 5H 6H"), owner=1)
    assert run is not None
    # 7♥ then 8♥ lay off one after the other; K♣ stays.
    left = left_after_lay_offs(rules, [run], parse_cards("8H 7H KC"))
    assert [c.face for c in left] == ["KC"]


def test_a_finished_deal_is_scored_exactly_and_a_playout_stops_at_its_depth() -> None:
    state = start_deal(load_variant("super_rummy"), players=2, seed=3)
    seat = state.turn
    asked: list[MeldState] = []

    def leaf(world: object, s: int) -> float:
        assert isinstance(world, MeldState) and s == seat
        asked.append(world)
        return meld_race_points(world, s)

    points, _ = play_on(state, Draw(seat, DrawSource.CLOSED), seat,
                        [MeldMediumBot(1), MeldMediumBot(2)], 20_000, depth=4, leaf=leaf)
    assert len(asked) == 1 and asked[0].phase is Phase.DRAW and not asked[0].is_over
    assert points == meld_race_points(asked[0], seat)
    # Played to the end, the deal's own points.
    action = legal_actions(state, seat)[0]
    whole, _ = play_on(state, action, seat, [MeldMediumBot(1), MeldMediumBot(2)], 20_000)
    assert isinstance(whole, float)
    ended: World = asked[0]
    for _ in range(2000):  # bounded: a deal between medium bots ends long before
        if ended.is_over:
            break
        mover = ended.turn
        choice = MeldMediumBot(mover).choose(view_for(ended, mover),
                                             legal_actions(ended, mover))
        ended, _ = apply(ended, choice)
    assert ended.is_over
    assert meld_race_points(ended, seat) == deal_points(ended, seat)
