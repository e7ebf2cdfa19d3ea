"""Classic rummy (``super_rummy``): docs/rules.md, "Classic rummy".

One test per rule and per option of the family, named after it, driving rounds through
``start_deal`` / ``apply`` / ``legal_actions`` and matches through ``finish_deal``. Laying at
the end is also checked against a brute-force oracle on random tables; the last section holds
what the family needs beyond a round: its view, records, variant file and random playouts.
"""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache
from itertools import combinations
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rummy.model import classify_meld, load_variant
from rummy.model.actions import Discard, Draw, FlipDiscard, IllegalMoveError, LayMeld, LayOff
from rummy.model.cards import Card, make_deck
from rummy.model.events import DiscardFlipped
from rummy.model.families.lay_at_end import best_lay
from rummy.model.families.melding import MeldState, hand_value
from rummy.model.match import finish_deal, start_match
from rummy.model.match_state import MatchState
from rummy.model.scoring import round_result
from rummy.model.state import Phase, apply, legal_actions, start_deal
from rummy.model.table_melds import MeldKind, MeldRules, TableMeld, lay_off, lay_run, lay_set
from rummy.model.variant_type import Variant, VariantError
from rummy.model.view import view_for

from .helpers import CLOSED, OPEN, card, cards, meld_round, play

SUPER = load_variant("super_rummy")
HANDS = ["2S 5H 9D 6C KD QH 4S", "2H 5D 9S 3D KH QS 4D"]
# Seat 0 goes out on its draw of 6S: 3-6 of spades and three nines, all new melds.
OUT = ["3S 4S 5S 9D 9H 9C", "AH KD 7C 2S QD 10H"]


def rnd(hands: list[str], *, discard: str = "", stock: str = "", turns: int = 1,
        melds: tuple[tuple[str, int], ...] = (), rest_in_discard: bool = False,
        **options: object) -> MeldState:
    """A ``super_rummy`` round (see ``meld_round``) with the named options chosen."""
    return meld_round(SUPER.with_options(options), hands, discard, stock, turns, melds,
                      rest_in_discard)


def go_out(state: MeldState) -> MeldState:
    return play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                LayMeld(0, cards("9D 9H 9C")))


# ---------------------------------------------------------------- options and setup


def test_every_source_001_option_with_its_name_values_and_default() -> None:
    expected: dict[str, tuple[list[object], object]] = {
        "deck_count": ([1, 2, 3], 1), "hand_size": ([None, 6, 7, 8, 9, 10, 11, 12], None),
        "first_turn": (["next_player", "prev_winner"], "next_player"),
        "allow_draw_choice": ([False, True], False),
        "allow_run_mixed_suit": ([False, True], False), "limit_meld_size": ([None, 4], None),
        "ace_rank": (["low", "high"], "low"),
        "deck_exhaust": (["flip_discard", "shuffle_discard", "end_round"], "flip_discard"),
        "require_end_discard": ([False, True], False), "lay_at_end": ([True, False], True),
    }
    assert SUPER.family == "classic"
    offered = {o.key: (sorted(map(str, o.values)), o.default) for o in SUPER.options}
    for key, (values, default) in expected.items():
        assert offered[key] == (sorted(map(str, values)), default), key
        assert SUPER.option(key).values == tuple(values), key  # in the source's order


def test_the_match_is_played_to_target_score_default_250() -> None:
    assert SUPER.classic.target_score == SUPER.option("target_score").default == 250
    match = start_match(SUPER.with_options({"target_score": 100}), 2, 1)
    match = _round_won(match, 0, (0, 60))
    assert not match.over
    match = _round_won(match, 0, (0, 40))
    assert match.over and match.winner == 0 and match.totals == (100, 0)


def test_deck_count_1_2_or_3_decks() -> None:
    for n in (1, 2, 3):
        state = start_deal(SUPER.with_options({"deck_count": n}), 4, 1)
        everything = [c for h in state.hands for c in h] + [*state.open_deck,
                                                            *state.closed_deck]
        assert len(everything) == 52 * n


def test_hand_size_by_players_10_7_6_and_with_more_decks_up_to_12_10_8() -> None:
    sizes = {p: len(start_deal(SUPER, p, 1).hands[0]) for p in range(2, 7)}
    assert sizes == {2: 10, 3: 7, 4: 7, 5: 6, 6: 6}
    assert [SUPER.deal_size(p) for p in range(2, 7)] == [10, 7, 7, 6, 6]
    two = SUPER.with_options({"deck_count": 2})
    for players, most in ((2, 12), (4, 10), (6, 8)):
        big = two.with_options({"hand_size": most})
        assert len(start_deal(big, players, 1).hands[0]) == most
        if most < 12:
            assert two.with_options({"hand_size": most + 1}).seating_problem(players)
        assert SUPER.with_options({"hand_size": most}).seating_problem(players)  # one deck
    assert SUPER.with_options({"hand_size": 10}).seating_problem(2) is None
    # What the refusals say, and where a size is refused outright.
    assert "at most 10" in (SUPER.with_options({"hand_size": 12}).seating_problem(2) or "")
    twelve = SUPER.with_options({"hand_size": 12, "deck_count": 2})
    assert twelve.seating_problem(2) is None
    assert "at most 10" in (twelve.seating_problem(3) or "")
    with pytest.raises(ValueError, match="more than the rules deal"):
        start_deal(SUPER.with_options({"hand_size": 8}), 5, seed=1)
    with pytest.raises(VariantError, match="hand_size"):
        SUPER.with_options({"hand_size": 13})


def test_table_players_2_to_6() -> None:
    for players in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            start_deal(SUPER, players, 1)


def _round_won(match: MatchState, winner: int | None, points: tuple[int, ...]) -> MatchState:
    collected = sum(points)
    changes = tuple(collected if s == winner else 0 for s in range(len(points))) \
        if winner is not None else tuple(-p for p in points)
    result = round_result(winner, points, changes, "test", (), collected)
    assert isinstance(match.state, MeldState)
    state = replace(match.state, phase=Phase.OVER, result=result)
    return finish_deal(replace(match, state=state))[0]


def test_the_first_round_starts_with_the_first_seat_later_rounds_pass_left() -> None:
    match = start_match(SUPER, 3, 1)
    assert match.state.turn == 0
    match = _round_won(match, 2, (4, 4, 0))
    assert match.state.turn == 1
    match = _round_won(match, 0, (0, 4, 4))
    assert match.state.turn == 2


def test_first_turn_prev_winner_the_last_rounds_winner_starts() -> None:
    match = start_match(SUPER.with_options({"first_turn": "prev_winner"}), 3, 1)
    match = _round_won(match, 2, (4, 4, 0))
    assert match.state.turn == 2
    match = _round_won(match, None, (4, 4, 4))  # nobody won: the same seat starts again
    assert match.state.turn == 2


# ---------------------------------------------------------------- a turn


def test_draw_the_top_of_the_stock_or_the_top_discard() -> None:
    state = rnd(HANDS, discard="7C 8C", stock="JD")
    assert set(legal_actions(state, 0)) == {Draw(0, CLOSED), Draw(0, OPEN)}
    assert play(state, Draw(0, CLOSED)).hands[0][-1] == card("JD")
    assert play(state, Draw(0, OPEN)).hands[0][-1] == card("8C")
    assert play(state, Draw(0, OPEN)).phase is Phase.DISCARD
    with pytest.raises(IllegalMoveError):
        apply(state, Draw(0, OPEN, 2))  # only the top one without draw choice


def test_draw_choice_takes_any_of_the_top_5_discards_and_every_card_above_it() -> None:
    state = rnd(HANDS, discard="AC 2C 3C 4C 5C 6H 7H", allow_draw_choice=True)
    counts = [a.count for a in legal_actions(state, 0) if isinstance(a, Draw) and a.source is OPEN]
    assert counts == [1, 2, 3, 4, 5]
    after = play(state, Draw(0, OPEN, 3))  # the 5C, with 6H and 7H above it
    assert after.open_deck == cards("AC 2C 3C 4C")
    assert set(cards("5C 6H 7H")) <= set(after.hands[0]) and len(after.hands[0]) == 10
    with pytest.raises(IllegalMoveError, match="1 to 5"):
        apply(state, Draw(0, OPEN, 6))  # no deeper than 5
    # Source 001: a 1, a 2 and a 3 (3 on top): take the 3, the 2 and 3, or all three.
    state = rnd(HANDS, discard="AC 2C 3C", allow_draw_choice=True)
    opens = [a for a in legal_actions(state, 0) if isinstance(a, Draw) and a.source is OPEN]
    assert [a.count for a in opens] == [1, 2, 3]
    after = play(state, Draw(0, OPEN, 2))
    assert set(cards("2C 3C")) <= set(after.hands[0]) and after.open_deck == cards("AC")
    assert set(view_for(after, 0).melding.taken) == set(cards("2C 3C"))


def test_a_new_meld_is_3_or_more_cards_a_run_of_one_suit_or_a_set_of_one_rank() -> None:
    assert classify_meld(SUPER, cards("5S 6S 7S")) is MeldKind.RUN
    assert classify_meld(SUPER, cards("5S 6H 7S")) is MeldKind.INVALID
    assert classify_meld(SUPER, cards("5S 6S")) is MeldKind.INVALID
    assert classify_meld(SUPER, cards("8S 8H")) is MeldKind.INVALID
    assert classify_meld(SUPER, cards("9S 9H 9D 9C")) is MeldKind.SET
    state = play(rnd(["5S 6S 7S 9D 9H 2C KD", "2H 5D 9S 3D KH QS 4D"], stock="JD"),
                 Draw(0, CLOSED), LayMeld(0, cards("5S 6S 7S")))
    assert state.melds[0].kind is MeldKind.RUN and len(state.hands[0]) == 5
    with pytest.raises(IllegalMoveError, match="not a run or a set"):
        apply(state, LayMeld(0, cards("9D 9H KD")))


def test_allow_run_mixed_suit_lets_a_run_mix_suits() -> None:
    mixed = SUPER.with_options({"allow_run_mixed_suit": True})
    assert classify_meld(mixed, cards("5H 6S 7D")) is MeldKind.RUN
    assert classify_meld(SUPER, cards("5H 6S 7D")) is MeldKind.INVALID


def test_lay_off_one_card_onto_any_meld_on_the_table() -> None:
    state = rnd(["8S QS 2C 9C", "2H 5D 9S 3D"], stock="JD",
                melds=(("5S 6S 7S", 1), ("QH QD QC", 1)))
    drawn = play(state, Draw(0, CLOSED))
    assert LayOff(0, card("8S"), 0) in legal_actions(drawn, 0)
    after = play(drawn, LayOff(0, card("8S"), 0), LayOff(0, card("QS"), 1))
    assert after.melds[0].cards == cards("5S 6S 7S 8S")  # another player's run
    assert after.melds[0].owner == 1  # it stays that player's meld
    assert len(after.melds[1].cards) == 4 and after.hands[0] == cards("2C 9C JD")
    with pytest.raises(IllegalMoveError, match="does not fit"):
        apply(after, LayOff(0, card("9C"), 0))


def test_the_player_chooses_the_meld_when_a_card_fits_several() -> None:
    """With two decks 9D fits both the run 6-7-8D and the set of nines: both lay-offs are
    listed and the player's choice decides where it goes."""
    state = rnd(["6D 7D 8D 9S 9H 9C KC", "9D 2H 2D 2C JD 10S 4H"], stock="5S 3C",
                deck_count=2)
    state = play(state, Draw(0, CLOSED), LayMeld(0, cards("6D 7D 8D")),
                 LayMeld(0, cards("9S 9H 9C")), Discard(0, card("KC")), Draw(1, CLOSED))
    offs = [a for a in legal_actions(state, 1) if isinstance(a, LayOff) and a.card.face == "9D"]
    assert sorted(a.meld for a in offs) == [0, 1]
    on_run = play(state, LayOff(1, card("9D"), 0))
    assert on_run.melds[0].cards == cards("6D 7D 8D 9D") and len(on_run.melds[1].cards) == 3
    on_set = play(state, LayOff(1, card("9D"), 1))
    assert len(on_set.melds[0].cards) == 3 and len(on_set.melds[1].cards) == 4


def test_limit_meld_size_4_no_meld_grows_past_4() -> None:
    state = rnd(["8S 9S 2C KD", "2H 5D 10H 3D"], stock="JD", limit_meld_size=4,
                melds=(("5S 6S 7S", 1),))
    after = play(state, Draw(0, CLOSED), LayOff(0, card("8S"), 0))
    # the reason is the limit, not the card (9S follows 5S-8S)
    with pytest.raises(IllegalMoveError,
                       match="^that meld already has 4 cards, the most a meld may have$"):
        apply(after, LayOff(0, card("9S"), 0))
    limited = SUPER.with_options({"limit_meld_size": 4})
    assert classify_meld(limited, cards("5S 6S 7S 8S 9S")) is MeldKind.INVALID
    assert classify_meld(SUPER, cards("5S 6S 7S 8S 9S")) is MeldKind.RUN
    rules = MeldRules.of(limited)
    assert lay_run(rules, cards("3S 4S 5S 6S")) is not None
    assert lay_run(rules, cards("3S 4S 5S 6S 7S")) is None
    assert lay_set(rules, cards("8S 8H 8D 8C 8S")) is None


def test_end_the_turn_by_discarding_one_card() -> None:
    state = play(rnd(HANDS, stock="JD"), Draw(0, CLOSED), Discard(0, card("KD")))
    assert state.turn == 1 and state.open_deck[-1] == card("KD") and len(state.hands[0]) == 7


def test_the_card_just_taken_from_the_discard_cannot_be_discarded() -> None:
    state = play(rnd(HANDS, discard="7C 8C"), Draw(0, OPEN))
    assert Discard(0, card("8C")) not in legal_actions(state, 0)
    with pytest.raises(IllegalMoveError, match="just took"):
        apply(state, Discard(0, card("8C")))


def test_with_draw_choice_none_of_the_cards_taken_that_turn_can_be_discarded() -> None:
    state = play(rnd(HANDS, discard="AC 2C 3C", allow_draw_choice=True), Draw(0, OPEN, 3))
    for taken in cards("AC 2C 3C"):
        assert Discard(0, taken) not in legal_actions(state, 0)
        with pytest.raises(IllegalMoveError, match="just took"):
            apply(state, Discard(0, taken))


# ---------------------------------------------------------------- going out


def test_going_out_by_laying_every_card() -> None:
    state = go_out(rnd(OUT, stock="6S"))
    assert state.is_over and state.result is not None and state.result.winner == 0


def test_going_out_by_discarding_the_last_card() -> None:
    state = rnd(["3S 4S 5S 9D 9H 9C 2D", "AH KD 7C 2S QD 10H 4H"], stock="6S")
    state = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                 LayMeld(0, cards("9D 9H 9C")), Discard(0, card("2D")))
    assert state.result is not None and state.result.winner == 0
    # A discard that leaves a card does not end the round; discarding that card does.
    state = rnd(["3S 4S 5S 9D 9H 9C 2D", "6H 8H 8D 2C JD 10D 4H"], stock="KD")
    state = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S")),
                 LayMeld(0, cards("9D 9H 9C")), Discard(0, card("2D")))
    assert not state.is_over
    state = replace(state, turn=0, phase=Phase.DISCARD, hands=(cards("KD"), state.hands[1]))
    state = play(state, Discard(0, card("KD")))
    assert state.is_over and state.result is not None and state.result.winner == 0


def test_require_end_discard_the_last_card_must_be_a_discard() -> None:
    state = play(rnd(OUT, stock="6S", require_end_discard=True), Draw(0, CLOSED),
                 LayMeld(0, cards("3S 4S 5S 6S")))
    with pytest.raises(IllegalMoveError, match="requires a discard"):
        apply(state, LayMeld(0, cards("9D 9H 9C")))
    state = rnd(["3S 4S 5S 9D 9H 9C 2D", "AH KD 7C 2S QD 10H 4H"], stock="6S",
                require_end_discard=True)
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
               LayMeld(0, cards("9D 9H 9C")), Discard(0, card("2D")))
    assert out.result is not None and out.result.winner == 0


def test_nobody_goes_out_before_their_second_turn() -> None:
    state = play(rnd(OUT, stock="6S", turns=0), Draw(0, CLOSED),
                 LayMeld(0, cards("3S 4S 5S 6S")))
    with pytest.raises(IllegalMoveError, match="second turn"):
        apply(state, LayMeld(0, cards("9D 9H 9C")))
    last = play(rnd(["3S 4S 5S 2D", "AH KD 7C 2S"], stock="6S", turns=0), Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match="second turn"):
        apply(last, LayMeld(0, cards("3S 4S 5S 6S")))  # it would leave one card to discard


# ---------------------------------------------------------------- rummy


def test_rummy_doubles_the_hand_values() -> None:
    state = go_out(rnd(OUT, stock="6S", lay_at_end=False))
    result = state.result
    assert result is not None and result.rummy and result.reason == "rummy"
    assert result.points == (0, 1 + 10 + 7 + 2 + 10 + 10)
    assert result.collected == result.changes[0] == 2 * 40


def test_rummy_needs_a_hand_that_had_laid_nothing_before() -> None:
    state = rnd(["3S 4S 5S 9D 9H 2D", "AH KD 7C 2S QD 10H"], stock="9C KC 6S",
                lay_at_end=False)
    state = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                 Discard(0, card("2D")), Draw(1, CLOSED), Discard(1, card("KC")),
                 Draw(0, CLOSED), LayMeld(0, cards("9D 9H 9C")))
    assert state.result is not None and state.result.winner == 0 and not state.result.rummy
    assert state.result.collected == 40


def test_rummy_is_spoiled_by_a_lay_off_onto_a_meld_on_the_table() -> None:
    state = rnd(["3S 4S 5S 9D 9H KC", "AH 7C 2S QD 10H 4H"], stock="9C", lay_at_end=False,
                melds=(("KD KH KS", 1),))
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S")),
               LayMeld(0, cards("9D 9H 9C")), LayOff(0, card("KC"), 0))
    assert out.result is not None and out.result.winner == 0 and not out.result.rummy
    assert out.result.collected == sum(out.result.points)  # not doubled


def test_rummy_counts_cards_added_to_the_players_own_new_melds_that_turn() -> None:
    # Laying 3-5 of spades and then adding the 6 to it still lays every card as new melds:
    # only a lay-off onto another player's meld spoils rummy.
    state = play(rnd(OUT, stock="6S", lay_at_end=False), Draw(0, CLOSED),
                 LayMeld(0, cards("3S 4S 5S")), LayOff(0, card("6S"), 0),
                 LayMeld(0, cards("9D 9H 9C")))
    assert state.result is not None and state.result.rummy
    assert state.result.collected == 2 * 40


def test_rummy_with_require_end_discard_is_every_card_but_the_discard_as_new_melds() -> None:
    state = rnd(["3S 4S 5S 9D 9H 9C 2D", "AH KD 7C 2S QD 10H 4H"], stock="6S",
                require_end_discard=True, lay_at_end=False)
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
               LayMeld(0, cards("9D 9H 9C")), Discard(0, card("2D")))
    assert out.result is not None and out.result.rummy
    assert out.result.collected == 2 * (1 + 10 + 7 + 2 + 10 + 10 + 4)


def test_going_out_on_a_discard_is_not_rummy_without_require_end_discard() -> None:
    state = rnd(["3S 4S 5S 9D 9H 9C 2D", "AH KD 7C 2S QD 10H 4H"], stock="6S",
                lay_at_end=False)
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
               LayMeld(0, cards("9D 9H 9C")), Discard(0, card("2D")))
    assert out.result is not None and out.result.winner == 0 and not out.result.rummy


# ---------------------------------------------------------------- the end of a round


def test_lay_at_end_the_others_lay_down_what_leaves_the_lowest_value() -> None:
    # docs/rules.md's example: with 6-8 of spades on the table, 3S 3D 3C 4S 5S lays the
    # threes and lays 5S, then 4S, off onto the run, leaving 0 (the run 3-5 would leave 6).
    state = rnd(["6S 7S 8S 9D 9H 9C", "3S 3D 3C 4S 5S KD"], stock="KH")
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("6S 7S 8S")),
               LayMeld(0, cards("9D 9H 9C")), Discard(0, card("KH")))
    assert out.result is not None and out.result.points == (0, 10)
    assert out.melds[0].cards == cards("4S 5S 6S 7S 8S")
    # Another hand: 6S 7S laid off onto 3S-5S, the eights melded, KD left.
    state = rnd(["3S 4S 5S 9D 9H 9C", "6S 7S 8H 8D 8C KD"], stock="6D")
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("9D 9H 9C")),
               LayMeld(0, cards("3S 4S 5S")), Discard(0, card("6D")))
    assert out.result is not None and out.result.points[1] == 10


def test_lay_at_end_plays_through_the_engine_with_the_plan() -> None:
    state = rnd(["6S 7S 8S 9D 9H 9C", "3S 3D 3C 4S 5S KD"], stock="KH")
    state = play(state, Draw(0, CLOSED), LayMeld(0, cards("6S 7S 8S")),
                 LayMeld(0, cards("9D 9H 9C")))
    assert not state.is_over
    plan = best_lay(state.variant, state.hands[1], state.melds, seat=1)
    assert plan.left == 10 and [str(s) for s in plan.steps] == [
        "meld 3♠ 3♦ 3♣", "lay off 5♠ on meld 0", "lay off 4♠ on meld 0"]


def _lowest_left(variant: Variant, hand: tuple[Card, ...], melds: tuple[TableMeld, ...]) -> int:
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
        for card_ in left:
            for i, meld in enumerate(table_):
                grown = lay_off(rules, meld, card_)
                if grown is not None:
                    best = min(best, lowest(left - {card_},
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


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), options=st.sampled_from(OPTION_SETS))
@pytest.mark.timeout(300)
def test_lay_at_end_is_the_lowest_value_possible(seed: int, options: dict[str, object]) -> None:
    variant = SUPER.with_options(options)
    rng = random.Random(seed)
    hand, melds = _random_table(rng, variant)
    plan = best_lay(variant, hand, melds, seat=1)
    assert plan.left == _lowest_left(variant, hand, melds), (hand, melds)
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
        for card_ in step.cards:
            left.remove(card_)
    assert hand_value(variant, left) == plan.left


def test_lay_at_end_off_the_others_keep_their_hands() -> None:
    state = rnd(["6S 7S 8S 9D 9H 9C", "3S 3D 3C 4S 5S KD"], stock="KH", lay_at_end=False)
    out = play(state, Draw(0, CLOSED), LayMeld(0, cards("6S 7S 8S")),
               LayMeld(0, cards("9D 9H 9C")), Discard(0, card("KH")))
    assert out.result is not None and out.result.points == (0, 3 * 3 + 4 + 5 + 10)


def _stock_runs_out(**options: object) -> MeldState:
    """Seat 0 draws the stock's last card and discards; the discard pile holds the rest."""
    state = meld_round(SUPER.with_options(options),
                       ["3S 4S 5S 9D KH QC 2D", "6H 8H 8D 2C JD 10D 4H"], stock="5C",
                       discard="7C 8C JC", rest_in_discard=True)
    return play(state, Draw(0, CLOSED), Discard(0, card("KH")))


def test_flip_discard_turns_the_pile_over_unshuffled_and_flips_its_top_card() -> None:
    state = _stock_runs_out()
    pile = state.open_deck
    assert not state.closed_deck and FlipDiscard(1) in legal_actions(state, 1)
    assert Draw(1, OPEN) in legal_actions(state, 1)  # or take the top discard as usual
    flipped = play(state, FlipDiscard(1))
    assert flipped.open_deck == pile[:1]  # the old bottom card, turned face up
    assert flipped.closed_deck == tuple(reversed(pile))[:-1]
    assert DiscardFlipped(len(pile), False) in flipped.history


def test_shuffle_discard_shuffles_the_pile_before_it_becomes_the_stock() -> None:
    state = _stock_runs_out(deck_exhaust="shuffle_discard")
    pile = state.open_deck
    flipped = play(state, FlipDiscard(1))
    assert set(flipped.closed_deck + flipped.open_deck) == set(pile)
    assert flipped.closed_deck + flipped.open_deck != tuple(reversed(pile))
    assert DiscardFlipped(len(pile), True) in flipped.history


def test_end_round_ends_the_round_and_subtracts_each_hand_value() -> None:
    state = _stock_runs_out(deck_exhaust="end_round", lay_at_end=False)
    result = state.result
    assert state.is_over and result is not None and result.winner is None
    assert result.points == (3 + 4 + 5 + 9 + 10 + 5 + 2, 6 + 8 + 8 + 2 + 10 + 10 + 4)
    assert result.changes == tuple(-p for p in result.points)
    assert FlipDiscard(1) not in legal_actions(state, 1)
    # Every hand is laid down to its lowest value first, as at the end of a round.
    state = rnd(["9D 9H 2C KS", "3S 3D 3C 4S 5S KD QD"], stock="JC", rest_in_discard=True,
                melds=(("6S 7S 8S", 0),), deck_exhaust="end_round")
    out = play(state, Draw(0, CLOSED), Discard(0, card("KS")))
    assert out.result is not None and out.result.winner is None
    assert out.result.points == (9 + 9 + 2 + 10, 20)  # seat 1 keeps only KD QD
    assert out.result.changes == (-30, -20)


def test_end_round_scores_never_go_below_0() -> None:
    match = start_match(SUPER.with_options({"deck_exhaust": "end_round"}), 2, 1)
    match = _round_won(match, 1, (20, 0))
    match = _round_won(match, None, (30, 5))
    assert match.totals == (0, 15)


# ---------------------------------------------------------------- scoring


def test_scoring_number_cards_face_value_j_q_k_10_ace_1_low_or_11_high() -> None:
    low = go_out(rnd(OUT, stock="6S", lay_at_end=False))
    assert low.result is not None and low.result.points[1] == 1 + 10 + 7 + 2 + 10 + 10
    high = go_out(rnd(OUT, stock="6S", lay_at_end=False, ace_rank="high"))
    assert high.result is not None and high.result.points[1] == 11 + 10 + 7 + 2 + 10 + 10
    ace = card("AS").rank
    assert ace is not None
    assert (SUPER.points_of_rank(ace),
            SUPER.with_options({"ace_rank": "high"}).points_of_rank(ace)) == (1, 11)


def test_the_winner_adds_the_losers_hand_values() -> None:
    state = rnd(["3S 4S 5S 9D 9H 9C", "AH KD 7C 2S QD 10H", "2H 3H 8C 8D JS JH"],
                stock="6S", lay_at_end=False)
    out = go_out(state)
    assert out.result is not None
    losers = (1 + 10 + 7 + 2 + 10 + 10) + (2 + 3 + 8 + 8 + 10 + 10)
    assert out.result.points == (0, 40, 41)
    assert out.result.changes == (out.result.collected, 0, 0)
    assert out.result.collected == (2 if out.result.rummy else 1) * losers


# ---------------------------------------------------------------- beyond a round


def test_a_view_shows_the_table_but_not_the_other_hands() -> None:
    state = play(rnd(["3S 4S 5S 9D KC QH 2D", "6S 8H 8D 2C JD 10D 4H"], stock="7S"),
                 Draw(0, CLOSED), LayMeld(0, cards("3S 4S 5S")))
    view = view_for(state, 1)
    assert view.family == "classic" and view.melding.melds == state.melds
    assert view.hand == state.hands[1] and view.seats[0].hand_size == 5
    data = view.to_json()
    history = data.pop("history")
    assert "KC" not in str(data) and "7S" not in str(data)  # seat 0's hand, its stock draw
    dealt = next(e for e in history if e["event"] == "cards_dealt")
    assert dealt["hands"][0] is None and dealt["hands"][1] is not None
    drawn = next(e for e in history if e["event"] == "card_drawn")
    assert drawn["card"] is None


def test_a_table_deal_record_replays(tmp_path: Path) -> None:
    from rummy.ai import make_bot
    from rummy.session import Session
    game = Session.lone_deal("super_rummy", 3, seed=8, options={"allow_draw_choice": True})
    bots = [make_bot("greedy", 0), make_bot("random", 1), make_bot("random", 2)]
    while not game.state.is_over and len(game.actions) < 300:
        seat = game.state.turn
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    game.save(tmp_path / "deal.json")
    assert Session.load(tmp_path / "deal.json").state == game.state


@pytest.mark.parametrize(("line", "message"), [
    ("deck_exhaust: flip_discard", "deck_exhaust must be one of: flip_discard,"
                                   " shuffle_discard, end_round, got 'flip'"),
    ("hand_size: null", "hand_size must be an integer from 6 to 12 or null, got 13"),
    ("limit_meld_size: null", "limit_meld_size must be an integer from 4 to 4 or null, got 5"),
])
def test_bad_table_values_point_at_the_file(tmp_path: Path, line: str, message: str) -> None:
    from rummy.model.variant import VARIANTS_DIR
    text = (VARIANTS_DIR / "super_rummy.yaml").read_text(encoding="utf-8")
    key = line.split(":")[0]
    bad = {"deck_exhaust": "flip", "hand_size": "13", "limit_meld_size": "5"}[key]
    assert f"\n{line}" in text
    path = tmp_path / "super_rummy.yaml"
    path.write_text(text.replace(f"\n{line}", f"\n{key}: {bad}", 1), encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    number = text[: text.index(f"\n{line}")].count("\n") + 2
    assert f"super_rummy.yaml:{number}:" in str(caught.value) and message in str(caught.value)


def test_a_declare_key_is_unknown_in_a_table_file(tmp_path: Path) -> None:
    from rummy.model.variant import VARIANTS_DIR
    text = (VARIANTS_DIR / "super_rummy.yaml").read_text(encoding="utf-8")
    path = tmp_path / "super_rummy.yaml"
    path.write_text(text.replace("lay_at_end: true", "lay_at_end: true\ncount_cap: 80", 1),
                    encoding="utf-8")
    with pytest.raises(VariantError, match="unknown key 'count_cap'"):
        load_variant(path)


@pytest.mark.parametrize("options", [{}, {"allow_draw_choice": True, "deck_count": 2},
                                     {"deck_exhaust": "end_round", "lay_at_end": False}],
                         ids=str)
def test_random_playouts_keep_every_invariant(options: dict[str, Any]) -> None:
    from rummy.model.invariants import random_playout
    variant = SUPER.with_options(options)
    for seed in range(4):
        playout = random_playout(variant, 2 + seed, seed)
        assert playout.problems == [] and playout.states[-1].is_over
