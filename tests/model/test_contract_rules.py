"""Family 3, contract rummy (source 002 "Dummy Rummy"): one test per rule of docs/rules.md."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from rummy.model.actions import Action, Discard, Draw, DrawSource, IllegalMoveError, LayDown, LayOff
from rummy.model.cards import Card, make_deck, parse_cards
from rummy.model.events import TossMade, TossWon
from rummy.model.families import Phase
from rummy.model.families.contract import choose_dealer, find_contract
from rummy.model.families.melding import MeldState
from rummy.model.invariants import check_invariants
from rummy.model.melds import MeldKind, MeldRules, TableMeld, classify_meld, lay_set
from rummy.model.state import apply, legal_actions, start_deal
from rummy.model.variant import load_variant

V = load_variant("dummy_rummy")


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def table(hands: list[str], round_no: int = 0, stock: str = "", discard: str = "QC@1",
          turns: int = 1, on_table: str = "") -> MeldState:
    state = start_deal(V, len(hands), seed=3, dealer=len(hands) - 1, round_no=round_no)
    assert isinstance(state, MeldState) and state.turn == 0
    held = [parse_cards(h) for h in hands]
    pile, top = parse_cards(discard), parse_cards(stock)
    used = {c for h in held for c in h} | set(pile) | set(top) | set(parse_cards(on_table))
    assert len(used) == sum(map(len, held)) + len(pile) + len(top) + len(
        parse_cards(on_table))
    rest = tuple(c for c in make_deck(2, 4) if c not in used)
    return replace(state, hands=tuple(held), open_deck=pile, closed_deck=rest + top,
                   turns_done=(turns,) * len(hands))


def act(state: MeldState, *actions: Action) -> MeldState:
    for action in actions:
        after, _ = apply(state, action)
        assert isinstance(after, MeldState)
        assert check_invariants(after) == []
        state = after
    return state


def laid_set(text: str, owner: int = 0) -> TableMeld:
    """``text`` laid as a set by ``owner``."""
    meld = lay_set(MeldRules.of(V), cards(text), owner)
    assert meld is not None, text
    return meld


def test_two_decks_of_54_and_11_cards_each() -> None:
    assert (V.family, V.packs, V.printed_jokers, V.deck_size, V.hand_size) == (
        "contract", 2, 4, 108, 11)
    state = start_deal(V, 4, seed=1)
    assert [len(h) for h in state.hands] == [11] * 4


def test_seven_contracts_as_data() -> None:
    assert V.contract.contracts == ((2, 0), (1, 1), (0, 2), (3, 0), (2, 1), (1, 2), (0, 3))


def test_runs_of_four_in_one_suit_ace_high_or_low_not_both() -> None:
    """Source 002: Q K A 2 is not a valid run, but J Q K A and A 2 3 4 are valid."""
    assert classify_meld(V, cards("QS KS AS 2S")) is MeldKind.INVALID
    assert classify_meld(V, cards("JS QS KS AS")) is MeldKind.RUN
    assert classify_meld(V, cards("AS 2S 3S 4S")) is MeldKind.RUN
    assert classify_meld(V, cards("2S 3S 4S")) is MeldKind.INVALID  # runs of 3 are invalid
    assert classify_meld(V, cards("2S 3H 4S 5S")) is MeldKind.INVALID


def test_sets_of_three_or_more_duplicates_allowed_jokers_wild() -> None:
    assert classify_meld(V, cards("7S 7S 7H")) is MeldKind.SET
    assert classify_meld(V, cards("7S JK 7H")) is MeldKind.SET
    assert classify_meld(V, cards("5H JK 7H 8H")) is MeldKind.RUN


def test_dealer_draw_highest_card_aces_low_and_left_of_dealer_plays_first() -> None:
    dealer, events = choose_dealer(4, seed=11)
    won = events[-1]
    assert isinstance(won, TossWon) and won.dealer == dealer
    last = events[-2]
    assert isinstance(last, TossMade)
    ranks = {seat: int(c.rank or 0) for seat, c in last.cards}
    assert ranks[dealer] == max(ranks.values())
    state = start_deal(V, 4, seed=11)
    assert state.dealer == dealer and state.turn == (dealer + 1) % 4


def test_lay_down_exactly_the_contract() -> None:
    state = act(table(["7S 7H 7D 9C 9D 9H 2S 4H 6C KD QD",
                       "2H 4D 6H 8C 10C JH 3D 5S 8S 10H KS"],
                      stock="AC"), Draw(0, DrawSource.CLOSED))
    with pytest.raises(IllegalMoveError, match="exactly the contract"):
        act(state, LayDown(0, (cards("7S 7H 7D"),)))
    found = [a for a in legal_actions(state, 0) if isinstance(a, LayDown)]
    assert found
    after = act(state, found[0])
    assert [m.kind for m in after.melds] == [MeldKind.SET, MeldKind.SET]


def test_lay_off_only_after_laying_down_and_from_the_next_turn() -> None:
    state = act(table(["7S 7H 7D 9C 9D 9H 2S 4H 6C KD QD",
                       "2H 4D 6H 8C 10C JH 3D 5S 8S 10H KS"], stock="7C 9S"),
                Draw(0, DrawSource.CLOSED), LayDown(0, (cards("7S 7H 7D"), cards("9C 9D 9H"))))
    with pytest.raises(IllegalMoveError, match="next turn"):
        act(state, LayOff(0, cards("9S")[0], 1))
    state = act(state, Discard(0, cards("KD")[0]), Draw(1, DrawSource.CLOSED))
    with pytest.raises(IllegalMoveError, match="lay down your contract first"):
        act(state, LayOff(1, cards("7C")[0], 0))


def test_going_out_only_by_playing_every_card_never_on_a_discard() -> None:
    state = table(["7C 2S", "2H 4D 6H 8C 10C JH 3D 5S 8S 10H KS"], stock="7H@1 QD 9S",
                  turns=2, on_table="7S 7H 7D 9C 9D 9H")
    laid = (laid_set("7S 7H 7D"), laid_set("9C 9D 9H"))
    state = replace(state, melds=laid, laid_at=(0, -1))
    state = act(state, Draw(0, DrawSource.CLOSED))
    # 7C and 9S fit, 2S does not: laying one would leave a card that cannot be played.
    offs = [a for a in legal_actions(state, 0) if isinstance(a, LayOff)]
    assert {a.card.face for a in offs} == {"7C", "9S"}
    # Laying off down to a card that fits nothing: the reason says what would go wrong.
    last = replace(state, hands=(cards("7C 2S"), state.hands[1]))
    with pytest.raises(IllegalMoveError, match="^then your last card fits no meld, and nobody"
                       " goes out on a discard: keep two cards$"):
        act(last, LayOff(0, cards("7C")[0], 0))
    state = act(state, Discard(0, cards("2S")[0]))
    assert state.turn == 1 and len(state.hands[0]) == 2
    one = replace(state, turn=0, phase=Phase.DISCARD, hands=(cards("2S"), state.hands[1]))
    with pytest.raises(IllegalMoveError, match="keep at least one card"):
        act(one, Discard(0, cards("2S")[0]))
    two = act(state, Draw(1, DrawSource.CLOSED), Discard(1, cards("QD")[0]),
              Draw(0, DrawSource.CLOSED))
    two = act(two, LayOff(0, cards("7C")[0], 0), LayOff(0, cards("7H@1")[0], 0),
              LayOff(0, cards("9S")[0], 1))
    assert two.is_over and two.result is not None and two.result.winner == 0


def _laid_run(hand: str, run: str) -> MeldState:
    """Seat 0 laid the run ``run`` a turn ago and has drawn: it may lay off now."""
    from rummy.model.melds import lay_run
    state = table([hand, "2H 4D 6H 8C 10C JH 3D 5H 8H 10H KS"], stock="QD",
                  on_table=run)
    laid = lay_run(MeldRules.of(V), cards(run), 0)
    assert laid is not None
    return act(replace(state, melds=(laid,), laid_at=(0, -1)), Draw(0, DrawSource.CLOSED))


def test_a_joker_laid_off_on_a_run_goes_at_the_end_the_player_chooses() -> None:
    state = _laid_run("JK 2S 4H KD", "5S 6S 7S 8S")
    joker = cards("JK")[0]
    offs = [a for a in legal_actions(state, 0) if isinstance(a, LayOff) and a.card == joker]
    assert {a.end for a in offs} == {"low", "high"}  # two different moves
    low = act(state, LayOff(0, joker, 0, "low"))
    assert low.melds[0].cards == cards("JK 5S 6S 7S 8S") and low.melds[0].start == 4
    high = act(state, LayOff(0, joker, 0, "high"))
    assert high.melds[0].cards == cards("5S 6S 7S 8S JK") and high.melds[0].start == 5


def test_the_card_a_joker_stands_for_takes_its_place_and_the_joker_moves_to_an_end() -> None:
    """6♠ on 5♠ JK 7♠ 8♠: the six goes where the joker stood; the joker stays in the run,
    at the end the player chooses (never back in a hand)."""
    state = _laid_run("6S 9S 4H KD", "5S JK 7S 8S")
    six, nine, joker = cards("6S 9S JK")
    offs = {(a.card.face, a.end) for a in legal_actions(state, 0) if isinstance(a, LayOff)}
    assert offs == {("6S", "low"), ("6S", "high"), ("9S", None)}
    up = act(state, LayOff(0, six, 0, "high"))
    assert up.melds[0].cards == (cards("5S")[0], six, *cards("7S 8S"), joker)
    down = act(state, LayOff(0, six, 0, "low"))
    assert down.melds[0].cards == (joker, *cards("5S"), six, *cards("7S 8S"))
    assert down.melds[0].start == 4
    with pytest.raises(IllegalMoveError, match="at its low end"):
        act(state, LayOff(0, nine, 0, "low"))
    assert joker not in up.hands[0] and joker not in down.hands[0]


def test_a_lay_off_names_its_end_in_the_record() -> None:
    from rummy.model.actions import action_from_json
    action = LayOff(0, cards("JK")[0], 2, "low")
    assert action_from_json(action.to_json()) == action
    assert "end" not in LayOff(0, cards("9S")[0], 2).to_json()
    for bad in ("middle", 3):
        with pytest.raises(ValueError, match="low or high"):
            action_from_json({**action.to_json(), "end": bad})


def test_scoring_joker_50_ace_20_tens_and_faces_10_others_5() -> None:
    from rummy.model.families.melding import hand_value
    assert hand_value(V, cards("JK AS 10H KD 2C 9S")) == 50 + 20 + 10 + 10 + 5 + 5


def test_find_contract_uses_jokers_for_runs() -> None:
    rules = MeldRules.of(V)
    groups = find_contract(rules, (1, 1), cards("5H JK 7H 8H KS KD KC 2C"))
    assert groups is not None and len(groups) == 2
    assert find_contract(rules, (0, 3), cards("5H 6H 7H 8H KS KD 2C")) is None


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


def test_contracts_are_checked_at_load(tmp_path: Path) -> None:
    from rummy.model.variant import VARIANTS_DIR, VariantError
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


def test_random_playouts_keep_every_invariant() -> None:
    from rummy.model.invariants import random_playout
    for seed in range(4):
        playout = random_playout(V, 2 + seed, seed)
        assert playout.problems == [] and playout.states[-1].is_over
