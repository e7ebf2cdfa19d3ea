"""Contract rummy (``dummy_rummy``): docs/rules.md, "Contract rummy".

One test per rule, named after it, driving rounds through ``start_deal`` / ``apply`` /
``legal_actions`` and the seven-round match through ``finish_deal``. The last section holds
what the family's rules need beyond a round: its records, its variant file, the command
line's checks and random playouts.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rummy.model import classify_meld, load_variant
from rummy.model.actions import Discard, Draw, IllegalMoveError, LayDown, LayOff
from rummy.model.events import DeckReshuffled, TossMade, TossWon
from rummy.model.families.contract import choose_dealer, find_contract
from rummy.model.families.melding import MeldState
from rummy.model.match import finish_deal, start_match
from rummy.model.match_state import MatchState
from rummy.model.scoring import round_result
from rummy.model.state import Phase, apply, legal_actions, start_deal
from rummy.model.table_melds import MeldKind, MeldRules, lay_run, lay_set

from .helpers import CLOSED, OPEN, card, cards, meld_round, play

DUMMY = load_variant("dummy_rummy")
# Seat 0 holds two sets once it draws the third 9: round 1's contract, and nothing else.
SETS_ONLY = "7S 7H 7D 9C 9D"
OTHER = "2H 4D 6H 8C 10C JH 3D 5S 8S 10H KS"
TWO_SETS = (cards("7S 7H 7D"), cards("9C 9D 9H"))


def rnd(hands: list[str], round_no: int = 0, *, discard: str = "", stock: str = "",
        turns: int = 1, melds: tuple[tuple[str, int], ...] = (),
        rest_in_discard: bool = False) -> MeldState:
    """Round ``round_no`` (0 = round 1) with seat 0 to draw: seat 1 dealt."""
    return meld_round(DUMMY, hands, discard, stock, turns, melds, rest_in_discard,
                      dealer=len(hands) - 1, round_no=round_no)


def down(hand: str, turns: int = 2, *, discard: str = "", stock: str = "") -> MeldState:
    """Seat 0 laid the two sets on an earlier turn and holds ``hand``; seat 1 is not down."""
    return rnd([hand, OTHER], turns=turns, melds=(("7S 7H 7D", 0), ("9C 9D 9H", 0)),
               discard=discard, stock=stock)


def laid_run(hand: str, run: str) -> MeldState:
    """Seat 0 laid the run ``run`` a turn ago and has drawn: it may lay off now."""
    return play(rnd([hand, "2H 4D 6H 8C 10C JH 3D 5H 8H 10H KS"], stock="QD",
                    melds=((run, 0),)), Draw(0, CLOSED))


def contract_of(round_no: int) -> tuple[int, int] | None:
    """The contract of round ``round_no`` (0 = round 1), as (sets, runs)."""
    state = start_deal(DUMMY, 3, 1, dealer=0, round_no=round_no)
    assert isinstance(state, MeldState)
    return state.contract


# ---------------------------------------------------------------- the cards and the deal


def test_two_decks_of_54_with_4_printed_jokers_all_wild_11_cards_each() -> None:
    assert (DUMMY.family, DUMMY.packs, DUMMY.printed_jokers, DUMMY.deck_size,
            DUMMY.hand_size) == ("contract", 2, 4, 108, 11)
    state = start_deal(DUMMY, 4, 1)
    assert [len(h) for h in state.hands] == [11] * 4
    assert classify_meld(DUMMY, cards("5H JK 7H JK@3")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("5H JK 7H 8H")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("5H JK@2 5C")) is MeldKind.SET
    assert classify_meld(DUMMY, cards("7S JK 7H")) is MeldKind.SET


def test_contract_players_2_to_6() -> None:
    for players in range(2, 7):
        assert len(start_deal(DUMMY, players, 1).hands) == players
    for players in (1, 7):
        with pytest.raises(ValueError, match="2-6 players"):
            start_deal(DUMMY, players, 1)


def test_seven_rounds_each_with_its_contract() -> None:
    # 1) two sets, 2) a set and a run, 3) two runs, 4) three sets, 5) two sets and a run,
    # 6) a set and two runs, 7) three runs, as (sets, runs).
    expected = [(2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3)]
    assert [contract_of(n) for n in range(7)] == expected
    assert DUMMY.contract.contracts == tuple(expected)  # as data, in the variant file


def test_a_set_is_3_or_more_cards_of_one_rank_suits_may_repeat() -> None:
    assert classify_meld(DUMMY, cards("7S 7S 7H")) is MeldKind.SET
    assert classify_meld(DUMMY, cards("7S 7H 7D 7C 7S@1")) is MeldKind.SET
    assert classify_meld(DUMMY, cards("7S 7H")) is MeldKind.INVALID
    assert classify_meld(DUMMY, cards("7S 7H 8D")) is MeldKind.INVALID


def test_a_run_is_4_or_more_of_one_suit_ace_high_or_low_not_both() -> None:
    assert classify_meld(DUMMY, cards("JS QS KS AS")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("AS 2S 3S 4S")) is MeldKind.RUN
    assert classify_meld(DUMMY, cards("QS KS AS 2S")) is MeldKind.INVALID
    assert classify_meld(DUMMY, cards("2S 3S 4S")) is MeldKind.INVALID
    assert classify_meld(DUMMY, cards("2S 3H 4S 5S")) is MeldKind.INVALID


@pytest.mark.parametrize("seed", range(15))
def test_first_dealer_highest_card_aces_low_the_player_left_of_the_dealer_plays_first(
        seed: int) -> None:
    state = start_deal(DUMMY, 4, seed)
    final = [e for e in state.history if isinstance(e, TossMade)][-1]
    ranks = {s: int(c.rank or 0) for s, c in final.cards}  # the ace counts 1
    assert state.dealer is not None
    assert ranks[state.dealer] == max(ranks.values())
    assert list(ranks.values()).count(max(ranks.values())) == 1
    assert state.turn == state.first_player == (state.dealer + 1) % 4
    # The draw for the dealer on its own: its last event names the dealer it found.
    dealer, events = choose_dealer(4, seed=11)
    won = events[-1]
    assert isinstance(won, TossWon) and won.dealer == dealer
    last = events[-2]
    assert isinstance(last, TossMade)
    ranks = {seat: int(c.rank or 0) for seat, c in last.cards}
    assert ranks[dealer] == max(ranks.values())
    state = start_deal(DUMMY, 4, seed=11)
    assert state.dealer == dealer and state.turn == (dealer + 1) % 4


def _round_over(match: MatchState, points: tuple[int, ...]) -> MatchState:
    result = round_result(points.index(0), points, points, "test", ())
    assert isinstance(match.state, MeldState)
    state = replace(match.state, phase=Phase.OVER, result=result)
    return finish_deal(replace(match, state=state))[0]


def test_the_deal_passes_left_each_round_and_after_round_7_the_lowest_total_wins() -> None:
    match = start_match(DUMMY, 3, 2)
    first = match.state.dealer
    assert first is not None
    for n in range(7):
        assert not match.over
        assert match.state.dealer == (first + n) % 3
        match = _round_over(match, (0, 20, 5) if n else (30, 0, 5))
    assert match.over and match.totals == (30, 120, 35)
    assert match.winner == 0


# ---------------------------------------------------------------- a turn


def test_a_turn_draws_the_top_of_the_stock_or_the_face_up_discard_then_discards() -> None:
    state = rnd([SETS_ONLY + " KD QD", OTHER], discard="4S 5H", stock="JD")
    assert set(legal_actions(state, 0)) == {Draw(0, CLOSED), Draw(0, OPEN)}
    with pytest.raises(IllegalMoveError):
        apply(state, Draw(0, OPEN, 2))
    took = play(state, Draw(0, OPEN))
    assert took.hands[0][-1] == card("5H")
    ended = play(took, Discard(0, card("KD")))
    assert ended.turn == 1 and ended.open_deck[-1] == card("KD")


def test_lay_down_exactly_the_contracts_melds_each_may_be_longer() -> None:
    state = play(rnd(["7S 7H 7D 7C 9C 9D 9H 2S 4H 6C KD", OTHER], stock="QD"),
                 Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match="exactly the contract"):
        apply(state, LayDown(0, (cards("7S 7H 7D"),)))
    with pytest.raises(IllegalMoveError, match="exactly the contract"):
        apply(state, LayDown(0, (cards("7S 7H 7D"), cards("9C 9D 9H"), cards("2S 4H 6C"))))
    after = play(state, LayDown(0, (cards("7S 7H 7D 7C"), cards("9C 9D 9H"))))
    assert [len(m.cards) for m in after.melds] == [4, 3]
    found = [a for a in legal_actions(state, 0) if isinstance(a, LayDown)]
    assert found
    offered = play(state, found[0])
    assert [m.kind for m in offered.melds] == [MeldKind.SET, MeldKind.SET]


def test_after_laying_down_lay_off_on_later_turns_onto_any_laid_down_meld() -> None:
    state = play(rnd(["7S 7H 7D 9C 9D 9H 2S 4H 6C KD QD", OTHER], stock="9S 7C"),
                 Draw(0, CLOSED), LayDown(0, TWO_SETS))
    with pytest.raises(IllegalMoveError, match="next turn"):
        apply(state, LayOff(0, card("7C"), 0))
    state = play(state, Discard(0, card("KD")), Draw(1, CLOSED))
    with pytest.raises(IllegalMoveError, match="lay down your contract first"):
        apply(state, LayOff(1, card("9S"), 1))
    state = play(state, Discard(1, card("9S")), Draw(0, CLOSED), LayOff(0, card("7C"), 0))
    assert len(state.melds[0].cards) == 4


def test_lay_off_onto_another_players_laid_down_meld() -> None:
    state = rnd(["QC 4C 6D", OTHER], turns=2, stock="KD",
                melds=(("7S 7H 7D", 0), ("9C 9D 9H", 0), ("QS QH QD", 1)))
    after = play(state, Draw(0, CLOSED), LayOff(0, card("QC"), 2))
    assert after.melds[2].owner == 1 and len(after.melds[2].cards) == 4


def test_nobody_wins_on_a_discard_and_a_discard_keeps_at_least_one_card() -> None:
    state = play(down("2S", turns=2, stock="KD"), Draw(0, CLOSED))
    assert Discard(0, card("KD")) in legal_actions(state, 0)
    one = play(state, Discard(0, card("KD")))
    assert not one.is_over and one.hands[0] == cards("2S")
    last = replace(one, turn=0, phase=Phase.DISCARD)
    assert not any(isinstance(a, Discard) for a in legal_actions(last, 0))
    with pytest.raises(IllegalMoveError, match="keep at least one card"):
        apply(last, Discard(0, card("2S")))
    # 7C and 9S fit, 2S does not: laying one would leave a card that cannot be played.
    state = play(down("7C 2S", stock="9S"), Draw(0, CLOSED))
    offs = [a for a in legal_actions(state, 0) if isinstance(a, LayOff)]
    assert {a.card.face for a in offs} == {"7C", "9S"}
    # Laying off down to a card that fits nothing: the reason says what would go wrong.
    last = replace(state, hands=(cards("7C 2S"), state.hands[1]))
    with pytest.raises(IllegalMoveError, match="^then your last card fits no meld, and nobody"
                       " goes out on a discard: keep two cards$"):
        apply(last, LayOff(0, card("7C"), 0))


def test_going_out_by_playing_every_card_onto_melds_wins_the_round_with_0() -> None:
    state = play(down("7C 9S", stock="7H@1"), Draw(0, CLOSED), LayOff(0, card("7C"), 0),
                 LayOff(0, card("7H@1"), 0), LayOff(0, card("9S"), 1))
    assert state.result is not None and state.result.winner == 0
    assert state.result.points[0] == 0 and state.result.points[1] > 0


def test_contract_cannot_go_out_in_a_turn_begun_from_the_discard() -> None:
    from_pile = play(down("7C 9S", discard="7H@1"), Draw(0, OPEN), LayOff(0, card("7C"), 0))
    assert not any(isinstance(a, LayOff) for a in legal_actions(from_pile, 0))
    with pytest.raises(IllegalMoveError, match="begun from the stock"):
        apply(from_pile, LayOff(0, card("9S"), 1))
    state = play(rnd([SETS_ONLY, OTHER], discard="9H"), Draw(0, OPEN))
    assert not any(isinstance(a, LayDown) for a in legal_actions(state, 0))
    with pytest.raises(IllegalMoveError, match="begun from the stock"):
        apply(state, LayDown(0, TWO_SETS))
    # The same cards with one more: laying down keeps two, so the turn goes on.
    state = play(rnd([SETS_ONLY + " KD QD", OTHER], discard="9H"), Draw(0, OPEN))
    assert any(isinstance(a, LayDown) for a in legal_actions(state, 0))


def test_going_out_in_the_turn_of_laying_down_when_the_contracts_melds_hold_every_card(
) -> None:
    state = play(rnd([SETS_ONLY, OTHER], stock="9H"), Draw(0, CLOSED), LayDown(0, TWO_SETS))
    assert state.result is not None and state.result.winner == 0


# ---------------------------------------------------------------- the stock and jokers


def test_stock_exhausted_the_discard_pile_minus_its_top_is_shuffled_into_a_new_stock() -> None:
    state = rnd([SETS_ONLY + " KD QD", OTHER], discard="4S 5H 6D", stock="JD",
                rest_in_discard=True)
    pile = state.open_deck
    after = play(state, Draw(0, CLOSED), Discard(0, card("JD")))
    assert after.open_deck == cards("JD")
    assert set(after.closed_deck) == set(pile)
    assert after.closed_deck != tuple(pile) and after.closed_deck != tuple(reversed(pile))
    assert [e for e in after.history if isinstance(e, DeckReshuffled)] == [
        DeckReshuffled(1, len(pile))]


def test_melds_of_jokers_only_are_not_allowed() -> None:
    assert classify_meld(DUMMY, cards("JK JK@1 JK@2")) is MeldKind.INVALID
    assert classify_meld(DUMMY, cards("JK JK@1 JK@2 JK@3")) is MeldKind.INVALID
    rules = MeldRules.of(DUMMY)
    assert lay_set(rules, cards("JK JK@1 JK@2")) is None
    assert lay_run(rules, cards("JK JK@1 JK@2 JK@3")) is None
    assert lay_run(rules, cards("5S JK 7S JK@1")) is not None
    state = play(rnd(["JK JK@1 JK@2 7S 7H 7D 2C 4H 6C KD", OTHER], stock="QD"),
                 Draw(0, CLOSED))
    with pytest.raises(IllegalMoveError, match="exactly the contract"):
        apply(state, LayDown(0, (cards("JK JK@1 JK@2"), cards("7S 7H 7D"))))


def test_a_joker_laid_in_a_meld_stays_there() -> None:
    # A run 5-8 of hearts with a joker as the 6: laying off the real 6 does not free it;
    # it moves to an end of the run.
    state = rnd(["6H@1 9S", OTHER], turns=2, stock="KD",
                melds=(("5H JK 7H 8H", 0), ("9C 9D 9H", 0)))
    state = play(state, Draw(0, CLOSED))
    after = play(state, LayOff(0, card("6H@1"), 0, "high"))
    assert after.melds[0].cards == (card("5H"), card("6H@1"), card("7H"), card("8H"),
                                    card("JK"))
    assert card("JK") not in after.hands[0]
    assert all(not (isinstance(a, LayOff) and a.card == card("JK"))
               for a in legal_actions(after, 0))


def test_the_card_a_joker_stands_for_takes_its_place_and_the_joker_moves_to_an_end() -> None:
    """6♠ on 5♠ JK 7♠ 8♠: the six goes where the joker stood; the joker stays in the run,
    at the end the player chooses (never back in a hand)."""
    state = laid_run("6S 9S 4H KD", "5S JK 7S 8S")
    six, nine, joker = cards("6S 9S JK")
    offs = {(a.card.face, a.end) for a in legal_actions(state, 0) if isinstance(a, LayOff)}
    assert offs == {("6S", "low"), ("6S", "high"), ("9S", None)}
    up = play(state, LayOff(0, six, 0, "high"))
    assert up.melds[0].cards == (cards("5S")[0], six, *cards("7S 8S"), joker)
    down = play(state, LayOff(0, six, 0, "low"))
    assert down.melds[0].cards == (joker, *cards("5S"), six, *cards("7S 8S"))
    assert down.melds[0].start == 4
    with pytest.raises(IllegalMoveError, match="at its low end"):
        apply(state, LayOff(0, nine, 0, "low"))
    assert joker not in up.hands[0] and joker not in down.hands[0]


def test_a_joker_laid_off_onto_a_run_goes_at_the_end_the_player_chooses() -> None:
    state = laid_run("JK 2S 4H KD", "5S 6S 7S 8S")
    joker = cards("JK")[0]
    offs = [a for a in legal_actions(state, 0) if isinstance(a, LayOff) and a.card == joker]
    assert {a.end for a in offs} == {"low", "high"}  # two different moves
    low = play(state, LayOff(0, joker, 0, "low"))
    assert low.melds[0].cards == cards("JK 5S 6S 7S 8S") and low.melds[0].start == 4
    high = play(state, LayOff(0, joker, 0, "high"))
    assert high.melds[0].cards == cards("5S 6S 7S 8S JK") and high.melds[0].start == 5


# ---------------------------------------------------------------- scoring


def test_scoring_joker_50_ace_20_ten_and_faces_10_others_5_the_winner_0() -> None:
    state = play(rnd([SETS_ONLY, "JK AS 10H JD QC KS 2C 9S"], stock="9H"), Draw(0, CLOSED),
                 LayDown(0, TWO_SETS))
    assert state.result is not None
    assert state.result.points == (0, 50 + 20 + 10 * 4 + 5 + 5)
    assert state.result.changes == state.result.points  # each seat adds its own


# ---------------------------------------------------------------- beyond a round


def test_find_contract_uses_jokers_for_runs() -> None:
    rules = MeldRules.of(DUMMY)
    groups = find_contract(rules, (1, 1), cards("5H JK 7H 8H KS KD KC 2C"))
    assert groups is not None and len(groups) == 2
    assert find_contract(rules, (0, 3), cards("5H 6H 7H 8H KS KD 2C")) is None


def test_a_lay_off_names_its_end_in_the_record() -> None:
    from rummy.model.actions import action_from_json
    action = LayOff(0, cards("JK")[0], 2, "low")
    assert action_from_json(action.to_json()) == action
    assert "end" not in LayOff(0, cards("9S")[0], 2).to_json()
    for bad in ("middle", 3):
        with pytest.raises(ValueError, match="low or high"):
            action_from_json({**action.to_json(), "end": bad})


def test_contracts_are_checked_at_load(tmp_path: Path) -> None:
    from rummy.model.variant import VARIANTS_DIR
    from rummy.model.variant_type import VariantError
    text = (VARIANTS_DIR / "dummy_rummy.yaml").read_text(encoding="utf-8")
    path = tmp_path / "dummy_rummy.yaml"
    path.write_text(text.replace("{sets: 0, runs: 3}", "{sets: 0, runs: 0}", 1)
                    .replace("{sets: 2, runs: 0}", "{sets: 2, rums: 0}", 1), encoding="utf-8")
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    problems = caught.value.problems
    assert any("unknown key 'rums'" in p and "did you mean 'runs'" in p for p in problems)
    assert any("round 7 asks for no meld at all" in p for p in problems)
    assert all(p.startswith(str(path)) or "dummy_rummy.yaml:" in p for p in problems)


@pytest.mark.parametrize(("variant", "group", "kind"), [
    ("super_rummy", "AS 2S 3S", "run"), ("super_rummy", "7S 7H 7D", "set"),
    ("super_rummy", "QS KS AS", "invalid"), ("dummy_rummy", "2S 3S 4S", "invalid"),
    ("dummy_rummy", "JS QS KS AS", "run"), ("dummy_rummy", "7S 7S JK", "set")])
def test_check_group_kinds_run_set_invalid(variant: str, group: str, kind: str,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """``python -m rummy check --group``: contract runs of 3 are invalid."""
    from rummy.cli import main
    assert main(["check", "--variant", variant, "--group", *group.split()]) == 0
    assert f'"kind": "{kind}"' in capsys.readouterr().out


def test_check_a_hand_of_the_new_families(capsys: pytest.CaptureFixture[str]) -> None:
    from rummy.cli import main
    hand = ["AS", "2S", "3S", "7H", "7D", "7C", "KD", "QD", "9C", "4H"]
    assert main(["check", "--variant", "super_rummy", *hand]) == 0
    assert '"points": 33' in capsys.readouterr().out


def test_random_playouts_keep_every_invariant() -> None:
    from rummy.model.invariants import random_playout
    for seed in range(4):
        playout = random_playout(DUMMY, 2 + seed, seed)
        assert playout.problems == [] and playout.states[-1].is_over
