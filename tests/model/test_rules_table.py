"""Classic rummy (docs/rules.md, "Classic rummy"): the rules that changed or were unguarded, one
test per rule, named after it. The older rules have theirs in test_table_rules.py."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.model.actions import Discard, Draw, DrawSource, IllegalMoveError, LayMeld, LayOff
from rummy.model.cards import Card, make_deck
from rummy.model.families.lay_at_end import best_lay
from rummy.model.families.melding import MeldState, hand_value
from rummy.model.melds import MeldRules, TableMeld, lay_off, lay_run, lay_set
from rummy.model.state import legal_actions
from rummy.model.variant import Variant, load_variant

from .test_table_rules import act, cards, table


def with_meld(state: MeldState, text: str, owner: int) -> MeldState:
    """``state`` with the meld ``text`` on the table, laid earlier by ``owner``."""
    laid = cards(text)
    meld = lay_run(state.rules, laid, owner) or lay_set(state.rules, laid, owner)
    assert meld is not None
    return replace(state, melds=state.melds + (meld,),
                   closed_deck=tuple(c for c in state.closed_deck if c not in laid),
                   laid_at=tuple(0 if s == owner else a for s, a in enumerate(state.laid_at)))


# ---------------------------------------------------------------- rummy


def test_rummy_doubles_only_when_every_card_is_laid_as_new_melds() -> None:
    # All new melds in the going-out turn: rummy, the others' values doubled.
    state = table(["3S 4S 5S 9D 9H 9C", "6H 8H 8D 2C JD 10D"], stock="6S", lay_at_end=False)
    out = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
              LayMeld(0, cards("9D 9H 9C")))
    assert out.result is not None and out.result.rummy
    assert out.result.collected == 2 * sum(out.result.points)
    # The same turn with one card laid off onto another player's meld: no rummy.
    state = table(["3S 4S 5S 9D 9H KC", "6H 8H 8D 2C JD 10D"], stock="9C", lay_at_end=False)
    state = with_meld(state, "KD KH KS", owner=1)
    out = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S")),
              LayMeld(0, cards("9D 9H 9C")), LayOff(0, cards("KC")[0], 0))
    assert out.result is not None and out.result.winner == 0 and not out.result.rummy
    assert out.result.collected == sum(out.result.points)


def test_rummy_needs_a_hand_that_had_laid_nothing_before() -> None:
    state = table(["3S 4S 5S 9D 9H 2D", "6H 8H 8D 2C JD 10D"], stock="9C KD 6S",
                  lay_at_end=False)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                Discard(0, cards("2D")[0]), Draw(1, DrawSource.CLOSED),
                Discard(1, cards("KD")[0]), Draw(0, DrawSource.CLOSED))
    out = act(state, LayMeld(0, cards("9D 9H 9C")))  # every card left, as a new meld
    assert out.result is not None and out.result.winner == 0 and not out.result.rummy


def test_rummy_with_require_end_discard_lays_every_card_but_the_discard() -> None:
    state = table(["3S 4S 5S 9D 9H 9C 2D", "6H 8H 8D 2C JD 10D 4H"], stock="6S",
                  require_end_discard=True, lay_at_end=False)
    out = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
              LayMeld(0, cards("9D 9H 9C")), Discard(0, cards("2D")[0]))
    assert out.result is not None and out.result.winner == 0 and out.result.rummy


def test_going_out_on_a_discard_is_not_rummy_when_no_discard_is_required() -> None:
    state = table(["3S 4S 5S 9D 9H 9C 2D", "6H 8H 8D 2C JD 10D 4H"], stock="6S",
                  lay_at_end=False)
    out = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
              LayMeld(0, cards("9D 9H 9C")), Discard(0, cards("2D")[0]))
    assert out.result is not None and out.result.winner == 0 and not out.result.rummy


# ---------------------------------------------------------------- draw choice


def test_draw_choice_takes_every_card_above_the_chosen_one_and_none_may_be_discarded() -> None:
    state = table(["2S 5H 9D 6C KD QH 4S", "2H 5D 9S 3D KH QS 4D"],
                  discard="AC 2C 3C 4C 5C 6H 7H", allow_draw_choice=True)
    opens = [a.count for a in legal_actions(state, 0) if isinstance(a, Draw)
             and a.source is DrawSource.OPEN]
    assert opens == [1, 2, 3, 4, 5]  # the top 5 discards are offered, no deeper
    with pytest.raises(IllegalMoveError, match="1 to 5"):
        act(state, Draw(0, DrawSource.OPEN, 6))
    after = act(state, Draw(0, DrawSource.OPEN, 3))
    assert after.open_deck == cards("AC 2C 3C 4C")
    assert set(cards("5C 6H 7H")) <= set(after.hands[0])
    for taken in cards("5C 6H 7H"):
        assert Discard(0, taken) not in legal_actions(after, 0)
        with pytest.raises(IllegalMoveError, match="just took"):
            act(after, Discard(0, taken))


# ---------------------------------------------------------------- laying at the end


def test_lay_at_end_leaves_the_lowest_value_breaking_a_hand_meld_to_lay_off() -> None:
    """The example of docs/rules.md: 6♠ 7♠ 8♠ on the table; 3♠ 3♦ 3♣ 4♠ 5♠ in hand lays the
    threes, then 5♠ and 4♠ off onto the run, leaving 0 (the run 3-4-5♠ would leave 6)."""
    state = table(["6S 7S 8S 9D 9H 9C", "3S 3D 3C 4S 5S KD"], stock="KH")
    out = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("6S 7S 8S")),
              LayMeld(0, cards("9D 9H 9C")), Discard(0, cards("KH")[0]))
    assert out.result is not None and out.result.points == (0, 10)  # only KD is left
    assert out.melds[0].cards == cards("4S 5S 6S 7S 8S")


def test_deck_exhaust_end_round_lays_down_to_the_same_lowest_value() -> None:
    state = table(["6S 7S 8S 9D 9H 2C KS", "3S 3D 3C 4S 5S KD QD"], stock="JC",
                  deck_exhaust="end_round")
    state = replace(with_meld(state, "6S 7S 8S", owner=0),
                    hands=(cards("9D 9H 2C KS"), state.hands[1]), closed_deck=cards("JC"))
    out = act(state, Draw(0, DrawSource.CLOSED), Discard(0, cards("KS")[0]), check=False)
    assert out.result is not None and out.result.winner is None
    assert out.result.points == (9 + 9 + 2 + 10, 20)  # seat 1 keeps only KD QD
    assert out.result.changes == (-30, -20)


def _oracle(variant: Variant, hand: tuple[Card, ...], melds: tuple[TableMeld, ...]) -> int:
    """The lowest value left, by trying every order of every lay: any 3+ cards of the hand
    that make a meld (which then lies on the table too), any card onto any meld."""
    rules = MeldRules.of(variant)

    @cache
    def lowest(left: frozenset[Card], table_: tuple[TableMeld, ...]) -> int:
        best = hand_value(variant, list(left))
        for size in range(3, len(left) + 1):
            for group in combinations(sorted(left, key=Card.sort_key), size):
                meld = lay_run(rules, group) or lay_set(rules, group)
                if meld is not None:
                    best = min(best, lowest(left - set(group), table_ + (meld,)))
        for card in left:
            for i, meld in enumerate(table_):
                grown = lay_off(rules, meld, card)
                if grown is not None:
                    best = min(best, lowest(left - {card},
                                            table_[:i] + (grown,) + table_[i + 1:]))
        return best

    return lowest(frozenset(hand), melds)


def _random_table(rng: random.Random, variant: Variant) -> tuple[tuple[Card, ...],
                                                                  tuple[TableMeld, ...]]:
    rules = MeldRules.of(variant)
    # A few suits and a window of ranks, so that melds, lay-offs and chains are common.
    suits = rng.sample(sorted({c.suit for c in make_deck(1, 0)}, key=str), rng.randint(2, 4))
    low = rng.randint(1, 7)
    deck = [c for c in make_deck(variant.packs, 0)
            if c.suit in suits and low <= int(c.rank or 0) < low + 7]
    rng.shuffle(deck)
    melds: list[TableMeld] = []
    for _ in range(rng.randint(1, 3)):
        if not deck:
            break
        seed = deck[rng.randrange(len(deck))]
        if rng.random() < 0.5:
            group = [c for c in deck if c.rank == seed.rank][:rng.randint(3, 4)]
            meld = lay_set(rules, group)
        else:
            span = rng.randint(3, 4)
            near = [c for c in deck if c.suit == seed.suit
                    and 0 <= int(c.rank or 0) - int(seed.rank or 0) < span]
            meld = lay_run(rules, list({int(c.rank or 0): c for c in near}.values()))
        if meld is not None:
            melds.append(meld)
            deck = [c for c in deck if c not in meld.cards]
    # The hand mostly from cards next to the table's: they can go onto a meld, or into a
    # meld of the hand with cards of their rank, and the two compete.
    ranks = {int(c.rank or 0) + d for m in melds for c in m.cards for d in (-2, -1, 1, 2)}
    near = [c for c in deck if int(c.rank or 0) in ranks]
    pool = near + [c for c in deck if c not in near] if rng.random() < 0.8 else deck
    hand = pool[:rng.randint(1, 8)]
    runs = [m for m in melds if m.kind.value == "run"]
    if runs and rng.random() < 0.7:
        # Contested on purpose: cards that extend a table run (which could also make a run
        # of their own) and cards of the far one's rank (a set in hand): docs/rules.md's
        # example is one of these.
        run = rng.choice(runs)
        below = rng.random() < 0.5
        end = run.start - 1 if below else run.start + len(run.cards)
        step = -1 if below else 1
        suit = next(c.suit for c in run.cards)
        hand = []
        for k in range(rng.choice((1, 2, 3, 3))):
            hand += [c for c in deck if c.suit == suit and c.rank is not None
                     and end + step * k in rules.positions(c.rank)][:1]
        if hand:
            far = hand[-1]
            hand += [c for c in deck if c.rank == far.rank and c.suit != suit][:2]
            hand += [c for c in deck if c not in hand][:rng.randint(0, 2)]
    return tuple(hand), tuple(melds)


OPTION_SETS = [{}, {"allow_run_mixed_suit": True}, {"limit_meld_size": 4},
               {"ace_rank": "high"}, {"deck_count": 2}]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
@pytest.mark.timeout(300)
def test_lay_at_end_is_the_lowest_value_possible(seed: int, options: dict[str, object]) -> None:
    variant = load_variant("super_rummy").with_options(options)
    rng = random.Random(seed)
    hand, melds = _random_table(rng, variant)
    plan = best_lay(variant, hand, melds, seat=1)
    assert plan.left == _oracle(variant, hand, melds), (hand, melds)
    # The plan is a legal sequence of lays that leaves exactly that value.
    rules = MeldRules.of(variant)
    left, table_ = list(hand), list(melds)
    for step in plan.steps:
        if step.meld < 0:
            meld = lay_run(rules, step.cards) or lay_set(rules, step.cards)
            assert meld is not None
            table_.append(meld)
        else:
            grown = lay_off(rules, table_[step.meld], step.cards[0])
            assert grown is not None and step.meld < len(melds)
            table_[step.meld] = grown
        for card in step.cards:
            left.remove(card)
    assert hand_value(variant, left) == plan.left


def test_lay_at_end_plays_through_the_engine_with_the_plan() -> None:
    state = table(["6S 7S 8S 9D 9H 9C", "3S 3D 3C 4S 5S KD"], stock="KH")
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("6S 7S 8S")),
                LayMeld(0, cards("9D 9H 9C")))
    assert isinstance(state, MeldState) and not state.is_over
    plan = best_lay(state.variant, state.hands[1], state.melds, seat=1)
    assert plan.left == 10 and [str(s) for s in plan.steps] == [
        "meld 3♠ 3♦ 3♣", "lay off 5♠ on meld 0", "lay off 4♠ on meld 0"]
