"""The expert level: sampled worlds agree with the view, the search replays from its seed,
its budget is counted in work, and it finds the obvious move in set positions.

Budgets here are small, so the tests stay fast; the default budget's strength and speed
are measured by ``benchmarks/bench_bots.py`` (``--only expert-hard``).
"""

from __future__ import annotations

import random

import pytest

from rummy.ai import LEVELS, BotMakers, ExpertBot, HardBot, MediumBot, expert_appraiser, make_bot
from rummy.ai.expert import ExpertAppraiser
from rummy.ai.tracking import known_holdings, near
from rummy.ai.worlds import open_deck_of, play_on, sample_world, unseen_cards
from rummy.model.actions import Discard, Draw, DrawSource, Finish
from rummy.model.cards import parse_card
from rummy.model.invariants import check_invariants
from rummy.model.melds import is_joker
from rummy.model.rules import FAMILIES, family_of
from rummy.model.state import apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import view_for
from tests.bot_views import LOOSE_HAND, VALID_PLUS_KD, discard_legal, draw_legal, make_view


def _bots(variant: Variant) -> BotMakers:
    """The variant's family's bots, found from the family."""
    bots: BotMakers = family_of(variant).piece("bots")
    return bots


def _expert(variant: Variant, seed: int = 0, budget: int = 1300) -> ExpertBot:
    bot = _bots(variant)["expert"](seed)
    assert isinstance(bot, ExpertBot)
    bot.appraiser.budget = budget
    return bot


def test_expert_is_a_level_of_every_family() -> None:
    assert LEVELS[-1] == "expert"
    for family in FAMILIES.values():
        bots: BotMakers = family.piece("bots")
        assert "expert" in bots, family.name
        assert bots["expert"](1).name == "expert"
    assert make_bot("expert", 1).name == "expert"


# ---------------------------------------------------------------- sampled worlds


@pytest.mark.parametrize("reading", [0.0, 1.0])
@pytest.mark.parametrize("variant_id", ["indian_13", "super_rummy", "dummy_rummy"])
def test_sampled_worlds_agree_with_the_view(variant_id: str, reading: float) -> None:
    """At every move of a deal among medium bots, a world sampled from the mover's view
    shows that seat the same view (hand, piles, melds, sizes, legal moves), keeps every
    card once, and gives each opponent the open cards it is known to hold; also when the
    worlds read the other hands from their discards."""
    variant = load_variant(variant_id)
    state = start_deal(variant, 3, 4)
    bots = [_bots(variant)["medium"](s) for s in range(3)]
    moves = 0
    while not state.is_over and moves < 120:
        seat = state.turn
        view = view_for(state, seat)
        world = sample_world(view, random.Random(moves), moves, reading)
        seen = view_for(world, seat)
        assert (seen.hand, seen.open_top, seen.open_size, seen.closed_size, seen.part) == (
            view.hand, view.open_top, view.open_size, view.closed_size, view.part)
        assert [s.hand_size for s in seen.seats] == [s.hand_size for s in view.seats]
        assert legal_actions(world, seat) == legal_actions(state, seat)
        assert check_invariants(world) == []
        _, known = unseen_cards(view, open_deck_of(view))
        for other, cards in known.items():
            assert set(cards) <= set(world.hands[other]), (other, cards)
            assert set(cards) <= set(state.hands[other])  # what it knows is true
        state, _ = apply(state, bots[seat].choose(view, legal_actions(state, seat)))
        moves += 1
    assert moves > 10


def test_reading_deals_fewer_cards_that_would_join_a_discard() -> None:
    """With ``reading``, the other seat's sampled hands hold fewer cards that belong with
    the cards it threw than plain worlds do; the closed deck holds them instead."""
    variant = load_variant("indian_13")
    state = start_deal(variant, 2, 11)
    bots = [MediumBot(s) for s in range(2)]
    while True:
        view = view_for(state, 0)
        threw = known_holdings(view).get(1)
        if state.turn == 0 and threw is not None and len(threw.threw) >= 3:
            break
        seat = state.turn
        state, _ = apply(state, bots[seat].choose(view_for(state, seat),
                                                  legal_actions(state, seat)))
        assert not state.is_over

    def closeness(reading: float) -> int:
        total = 0
        for k in range(200):
            world = sample_world(view, random.Random(k), k, reading)
            total += sum(near(c, t) for c in world.hands[1] for t in threw.threw)
        return total

    plain, read = closeness(0.0), closeness(2.0)
    assert read < 0.7 * plain, (read, plain)


def test_worlds_differ_only_in_what_the_seat_cannot_see() -> None:
    variant = load_variant("indian_13")
    view = view_for(start_deal(variant, 2, 9), 0)
    one, two = (sample_world(view, random.Random(k), k) for k in (1, 2))
    assert one.hands[0] == two.hands[0] == view.hand
    assert one.hands[1] != two.hands[1] or one.closed_deck != two.closed_deck


# ---------------------------------------------------------------- replays, budget


@pytest.mark.slow
def test_same_seed_same_choice_and_appraisal() -> None:
    variant = load_variant("indian_13")
    state = start_deal(variant, 2, 3)
    view = view_for(state, state.turn)
    legal = legal_actions(state, state.turn)
    first = _expert(variant, seed=5).appraiser.appraise(view, legal)
    again = _expert(variant, seed=5).appraiser.appraise(view, legal)
    assert first == again
    assert _expert(variant, 5).choose(view, legal) == _expert(variant, 5).choose(view, legal)


def test_the_budget_is_counted_in_work() -> None:
    variant = load_variant("indian_13")
    view = make_view(variant, LOOSE_HAND, cut="7D", open_top="4H")
    small, large = _expert(variant, budget=300), _expert(variant, budget=3000)
    small.appraiser.appraise(view, draw_legal(view))
    large.appraiser.appraise(view, draw_legal(view))
    assert small.appraiser.worlds_used < large.appraiser.worlds_used
    for bot in (small, large):
        one_world = bot.appraiser.work_used / bot.appraiser.worlds_used
        assert bot.appraiser.work_used < bot.appraiser.budget + one_world + 1
    with pytest.raises(ValueError, match="amount of work"):
        ExpertAppraiser(0, [HardBot], MediumBot, budget=-1)


def test_appraisals_are_best_first_and_name_the_asked_move(indian: Variant) -> None:
    view = make_view(indian, LOOSE_HAND, cut="7D", drawn="6C")
    asked = Discard(view.seat, parse_card("AS"))  # breaks the pure sequence AS 2S 3S
    ranked = expert_appraiser(seed=2, budget=1600).appraise(view, discard_legal(view),
                                                            include=[asked])
    assert asked in [a.action for a in ranked]
    assert len({a.action for a in ranked}) == len(ranked)
    rest = ranked[1:]
    assert [a.expected_points for a in rest] == sorted(a.expected_points for a in rest)
    assert all(a.spread >= 0 for a in ranked)
    with pytest.raises(ValueError, match="not a legal move"):
        expert_appraiser(budget=10).appraise(view, discard_legal(view)[-3:], include=[asked])


# ---------------------------------------------------------------- set positions


def test_expert_declares_a_valid_show(indian: Variant) -> None:
    view = make_view(indian, VALID_PLUS_KD, cut="QD", drawn="KD")
    assert _expert(indian).choose(view, discard_legal(view)) == Finish(
        view.seat, parse_card("KD"), None)
    ranked = expert_appraiser(budget=700).appraise(
        view, discard_legal(view), include=[Discard(view.seat, parse_card("KD"))])
    assert ranked[0].action == Finish(view.seat, parse_card("KD"), None)
    assert ranked[0].expected_points < ranked[-1].expected_points


@pytest.mark.slow
def test_expert_does_not_discard_a_joker(indian: Variant) -> None:
    hand = "3S 4S 5S JK 9H KD QC 2H 7D JS 10C 6H 8C AD"  # JK and the 9s are jokers
    view = make_view(indian, hand, cut="9D", drawn="AD")
    for seed in range(3):
        action = _expert(indian, seed).choose(view, discard_legal(view))
        assert isinstance(action, Discard) and not is_joker(action.card, view.wild_rank)


def test_expert_takes_the_open_card_that_completes_a_pure_sequence(indian: Variant) -> None:
    # 5H 6H wait for 4H or 7H; nothing else in the hand is a pure sequence.
    hand = "5H 6H 9C 9S 2D KD QS 8S JC 3C AD 10D 4S"
    view = make_view(indian, hand, cut="7D", open_top="4H")
    assert _expert(indian, budget=2200).choose(view, draw_legal(view)) == Draw(
        view.seat, DrawSource.OPEN)


def test_a_playout_is_scored_in_the_family_points_from_the_seat_side() -> None:
    """Played to the end, the loser is charged its count and the winner credited with what
    it collects; cut short by the work limit, the playout counts as even."""
    variant = load_variant("indian_13")
    state = start_deal(variant, 2, 12)
    view = view_for(state, state.turn)
    world = sample_world(view, random.Random(1), 1)
    bots = [HardBot(1), HardBot(2)]
    legal = legal_actions(world, view.seat)
    points, work = play_on(world, legal[0], view.seat, bots, 100_000)
    assert work > 0
    other = 1 - view.seat
    again, _ = play_on(world, legal[0], other, [HardBot(1), HardBot(2)], 100_000)
    assert points != 0 and again == -points  # two seats: one wins what the other pays
    assert play_on(world, legal[0], view.seat, [HardBot(1), HardBot(2)], 1)[0] == 0.0
