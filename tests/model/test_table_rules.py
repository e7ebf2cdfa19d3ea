"""Family 2, table melds (source 001 "Super Rummy"): one test per rule of docs/rules.md."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    FlipDiscard,
    IllegalMoveError,
    LayMeld,
    LayOff,
)
from rummy.model.cards import Card, make_deck, parse_cards
from rummy.model.families import Phase
from rummy.model.families.melding import MeldState
from rummy.model.invariants import check_invariants
from rummy.model.melds import MeldKind, MeldRules, classify_meld, lay_run, lay_set
from rummy.model.state import apply, legal_actions, start_deal
from rummy.model.variant import VariantError, load_variant
from rummy.model.view import view_for

SEED_001_OPTIONS = {
    "deck_count": ((1, 2, 3), 1),
    "hand_size": ((None, 6, 7, 8, 9, 10, 11, 12), None),
    "first_turn": (("next_player", "prev_winner"), "next_player"),
    "allow_draw_choice": ((False, True), False),
    "allow_run_mixed_suit": ((False, True), False),
    "limit_meld_size": ((None, 4), None),
    "ace_rank": (("low", "high"), "low"),
    "deck_exhaust": (("flip_discard", "shuffle_discard", "end_round"), "flip_discard"),
    "require_end_discard": ((False, True), False),
    "lay_at_end": ((True, False), True),
}


def table(hands: list[str], discard: str = "JS", stock: str = "", turns: int = 1,
          **options: Any) -> MeldState:
    """A round of super_rummy with these hands (seat 0 to draw), discard pile (top last)
    and stock (top last; the rest of the deck under it)."""
    variant = load_variant("super_rummy").with_options(options)
    state = start_deal(variant, len(hands), seed=1)
    assert isinstance(state, MeldState)
    held = [parse_cards(h) for h in hands]
    pile, top = parse_cards(discard), parse_cards(stock)
    used = {c for h in held for c in h} | set(pile) | set(top)
    rest = tuple(c for c in make_deck(variant.packs, 0) if c not in used)
    return replace(state, hands=tuple(held), open_deck=pile, closed_deck=rest + top,
                   turn=0, turns_done=(turns,) * len(hands))


def act(state: MeldState, *actions: Action, check: bool = True) -> MeldState:
    for action in actions:
        after, _ = apply(state, action)
        assert isinstance(after, MeldState)
        assert not check or check_invariants(after) == []
        state = after
    return state


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- Options ------------------------------------------------------------------------------


def test_every_seed_001_option_with_its_name_values_and_default() -> None:
    v = load_variant("super_rummy")
    assert v.family == "classic"
    for key, (values, default) in SEED_001_OPTIONS.items():
        option = v.option(key)
        assert option.values == values, key
        assert option.default == default, key
    assert v.option("target_score").default == v.classic.target_score == 250


def test_hand_size_defaults_by_player_count() -> None:
    v = load_variant("super_rummy")
    assert [v.deal_size(p) for p in range(2, 7)] == [10, 7, 7, 6, 6]


def test_hand_sizes_only_where_the_deck_count_allows() -> None:
    v = load_variant("super_rummy")
    assert "at most 10" in (v.with_options({"hand_size": 12}).seating_problem(2) or "")
    two = v.with_options({"hand_size": 12, "deck_count": 2})
    assert two.seating_problem(2) is None
    assert "at most 10" in (two.seating_problem(3) or "")
    with pytest.raises(ValueError, match="more than the rules deal"):
        start_deal(v.with_options({"hand_size": 8}), 5, seed=1)
    with pytest.raises(VariantError, match="hand_size"):
        v.with_options({"hand_size": 13})


# --- Melds --------------------------------------------------------------------------------


def test_runs_same_suit_consecutive_and_sets_same_rank() -> None:
    v = load_variant("super_rummy")
    assert classify_meld(v, cards("3S 4S 5S")) is MeldKind.RUN
    assert classify_meld(v, cards("3S 4H 5S")) is MeldKind.INVALID
    assert classify_meld(v, cards("8S 8H 8D 8C")) is MeldKind.SET
    assert classify_meld(v, cards("8S 8H")) is MeldKind.INVALID


def test_allow_run_mixed_suit() -> None:
    v = load_variant("super_rummy").with_options({"allow_run_mixed_suit": True})
    assert classify_meld(v, cards("3S 4H 5S")) is MeldKind.RUN


def test_ace_rank_low_or_high_and_runs_never_wrap() -> None:
    low = load_variant("super_rummy")
    high = low.with_options({"ace_rank": "high"})
    assert classify_meld(low, cards("AS 2S 3S")) is MeldKind.RUN
    assert classify_meld(low, cards("QS KS AS")) is MeldKind.INVALID
    assert classify_meld(high, cards("QS KS AS")) is MeldKind.RUN
    assert classify_meld(high, cards("AS 2S 3S")) is MeldKind.INVALID
    assert classify_meld(high, cards("KS AS 2S")) is MeldKind.INVALID
    ace = cards("AS")[0].rank
    assert ace is not None
    assert (low.points_of_rank(ace), high.points_of_rank(ace)) == (1, 11)


def test_limit_meld_size() -> None:
    rules = MeldRules.of(load_variant("super_rummy").with_options({"limit_meld_size": 4}))
    assert lay_run(rules, cards("3S 4S 5S 6S")) is not None
    assert lay_run(rules, cards("3S 4S 5S 6S 7S")) is None
    assert lay_set(rules, cards("8S 8H 8D 8C 8S")) is None


# --- A turn -------------------------------------------------------------------------------


def test_draw_from_stock_or_top_of_discard() -> None:
    state = table(["2S 5H 9D 3C KD QH 4S", "2H 5D 9S 3D KH QS 4D"], discard="7C 8C")
    assert set(legal_actions(state, 0)) == {Draw(0, DrawSource.CLOSED),
                                            Draw(0, DrawSource.OPEN)}
    after = act(state, Draw(0, DrawSource.OPEN))
    assert after.hands[0][-1] == cards("8C")[0] and after.phase is Phase.DISCARD


def test_allow_draw_choice_takes_every_card_above_the_chosen_one() -> None:
    """Source 001: a 1, a 2 and a 3 (3 on top): take the 3, the 2 and 3, or all three."""
    state = table(["2S 5H 9D 6C KD QH 4S", "2H 5D 9S 3D KH QS 4D"], discard="AC 2C 3C",
                  allow_draw_choice=True)
    opens = [a for a in legal_actions(state, 0) if isinstance(a, Draw) and a.source.value == "open"]
    assert [a.count for a in opens] == [1, 2, 3]
    after = act(state, Draw(0, DrawSource.OPEN, 2))
    assert set(cards("2C 3C")) <= set(after.hands[0]) and after.open_deck == cards("AC")
    assert set(view_for(after, 0).melding.taken) == set(cards("2C 3C"))


def test_not_the_card_you_just_took() -> None:
    state = act(table(["2S 5H 9D 3C KD QH 4S", "2H 5D 9S 3D KH QS 4D"], discard="8C"),
                Draw(0, DrawSource.OPEN))
    with pytest.raises(IllegalMoveError, match="just took"):
        act(state, Discard(0, cards("8C")[0]))
    assert Discard(0, cards("8C")[0]) not in legal_actions(state, 0)


def test_lay_melds_and_lay_off_onto_anyones_meld() -> None:
    state = table(["3S 4S 5S 9D KC QH 2D", "6S 8H 8D 2C JD 10D 4H"], stock="7S")
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S")),
                Discard(0, cards("KC")[0]), Draw(1, DrawSource.CLOSED))
    assert LayOff(1, cards("6S")[0], 0) in legal_actions(state, 1)
    state = act(state, LayOff(1, cards("6S")[0], 0))
    assert state.melds[0].cards == cards("3S 4S 5S 6S") and state.melds[0].owner == 0


def test_the_player_chooses_the_meld_when_a_card_fits_several() -> None:
    """With two decks 9D fits both the run 6-7-8D and the set of nines: both lay-offs are
    listed and the player's choice decides where it goes."""
    state = table(["6D 7D 8D 9S 9H 9C KC", "9D 2H 2D 2C JD 10S 4H"], stock="5S 3C",
                  deck_count=2)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("6D 7D 8D")),
                LayMeld(0, cards("9S 9H 9C")), Discard(0, cards("KC")[0]),
                Draw(1, DrawSource.CLOSED))
    offs = [a for a in legal_actions(state, 1) if isinstance(a, LayOff) and a.card.face == "9D"]
    assert sorted(a.meld for a in offs) == [0, 1]
    on_run = act(state, LayOff(1, cards("9D")[0], 0))
    assert on_run.melds[0].cards == cards("6D 7D 8D 9D") and len(on_run.melds[1].cards) == 3
    on_set = act(state, LayOff(1, cards("9D")[0], 1))
    assert len(on_set.melds[0].cards) == 3 and len(on_set.melds[1].cards) == 4


def test_a_view_shows_the_table_but_not_the_other_hands() -> None:
    state = act(table(["3S 4S 5S 9D KC QH 2D", "6S 8H 8D 2C JD 10D 4H"], stock="7S"),
                Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S")))
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


def test_no_going_out_before_the_second_turn() -> None:
    state = table(["3S 4S 5S 9D 9H 9C", "6H 8H 8D 2C JD 10D"], stock="2H", turns=0)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S")))
    with pytest.raises(IllegalMoveError, match="second turn"):
        act(state, LayMeld(0, cards("9D 9H 9C")))
    state = table(["3S 4S 5S 9D 9H 9C", "6H 8H 8D 2C JD 10D"], stock="6S", turns=0)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")))
    with pytest.raises(IllegalMoveError, match="second turn"):
        act(state, LayMeld(0, cards("9D 9H 9C")))


def test_going_out_by_discarding_the_last_card() -> None:
    state = table(["3S 4S 5S 9D 9H 9C 2D", "6H 8H 8D 2C JD 10D 4H"], stock="KD")
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S")),
                LayMeld(0, cards("9D 9H 9C")), Discard(0, cards("2D")[0]))
    assert not state.is_over
    state = replace(state, turn=0, phase=Phase.DISCARD, hands=(cards("KD"), state.hands[1]))
    state = act(state, Discard(0, cards("KD")[0]))
    assert state.is_over and state.result is not None and state.result.winner == 0


def test_going_out_by_melding_and_rummy_doubles() -> None:
    state = table(["3S 4S 5S 9D 9H 9C", "6H 8H 8D 2C JD 10D"], stock="6S")
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                LayMeld(0, cards("9D 9H 9C")))
    result = state.result
    assert state.is_over and result is not None and result.winner == 0 and result.rummy
    assert result.collected == 2 * sum(result.points)


def test_require_end_discard() -> None:
    state = table(["3S 4S 5S 9D 9H 9C", "6H 8H 8D 2C JD 10D"], stock="6S",
                  require_end_discard=True)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")))
    with pytest.raises(IllegalMoveError, match="requires a discard"):
        act(state, LayMeld(0, cards("9D 9H 9C")))
    state = act(state, Discard(0, cards("9D")[0]))
    assert not state.is_over


def test_lay_at_end_minimises_each_hand() -> None:
    base = table(["3S 4S 5S 9D 9H 9C", "6S 7S 8H 8D 8C KD"], stock="6D")
    on = act(base, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("9D 9H 9C")),
             LayMeld(0, cards("3S 4S 5S")), Discard(0, cards("6D")[0]))
    assert on.result is not None and on.result.points[1] == 10  # 6S 7S laid off, 8s melded
    off = act(replace(base, variant=base.variant.with_options({"lay_at_end": False})),
              Draw(0, DrawSource.CLOSED), LayMeld(0, cards("9D 9H 9C")),
              LayMeld(0, cards("3S 4S 5S")), Discard(0, cards("6D")[0]))
    assert off.result is not None and off.result.points[1] == 6 + 7 + 8 * 3 + 10


def test_scoring_number_cards_face_value_faces_ten_ace_one() -> None:
    state = table(["3S 4S 5S 9D 9H 9C", "AH KD 7C 2S QD 10H"], stock="6S",
                  lay_at_end=False)
    state = act(state, Draw(0, DrawSource.CLOSED), LayMeld(0, cards("3S 4S 5S 6S")),
                LayMeld(0, cards("9D 9H 9C")))
    assert state.result is not None and state.result.points == (0, 1 + 10 + 7 + 2 + 10 + 10)


@pytest.mark.parametrize("how", ["flip_discard", "shuffle_discard"])
def test_deck_exhaust_flips_the_discard_pile(how: str) -> None:
    state = table(["3S 4S 5S 9D 9H 9C 2D", "6H 8H 8D 2C JD 10D 4H"], discard="7C 8C JC",
                  deck_exhaust=how)
    state = replace(state, closed_deck=())
    assert FlipDiscard(0) in legal_actions(state, 0)
    flipped = act(state, FlipDiscard(0), check=False)
    assert len(flipped.closed_deck) == 2 and len(flipped.open_deck) == 1
    if how == "flip_discard":  # turned over without shuffling: the bottom card is on top
        assert flipped.open_deck == cards("7C") and flipped.closed_deck == cards("JC 8C")


def test_deck_exhaust_end_round_subtracts_hand_values() -> None:
    state = table(["3S 4S 5S 9D KH QC 2D", "6H 8H 8D 2C JD 10D 4H"], deck_exhaust="end_round",
                  lay_at_end=False)
    state = replace(state, closed_deck=cards("5C"))
    state = act(state, Draw(0, DrawSource.CLOSED), Discard(0, cards("KH")[0]), check=False)
    result = state.result
    assert state.is_over and result is not None and result.winner is None
    assert result.changes == tuple(-p for p in result.points)


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
    variant = load_variant("super_rummy").with_options(options)
    for seed in range(4):
        playout = random_playout(variant, 2 + seed, seed)
        assert playout.problems == [] and playout.states[-1].is_over
