"""Matches of many deals: end conditions, the score table, rotation, records that replay."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rummy.model.families.melding import MeldState
from rummy.model.match import MatchState, _next_deal, _score, describe, start_match
from rummy.model.scoring import round_result
from rummy.model.variant import load_variant
from rummy.session import Session
from rummy.simulate import simulate_match

from .helpers import MATCH_OPTIONS


def _match_settings() -> list[Any]:
    """(variant, option) for every value of every match-level option, and the defaults."""
    out = [pytest.param("super_rummy", {}, id="super_rummy-defaults"),
           pytest.param("dummy_rummy", {}, id="dummy_rummy-defaults")]
    for vid in ("indian_13", "super_rummy"):
        for option in load_variant(vid).options:
            if option.key in MATCH_OPTIONS:
                out += [pytest.param(vid, {option.key: v}, id=f"{vid}-{option.key}={v}")
                        for v in option.values]
    return out


@pytest.mark.slow
@pytest.mark.timeout(60)
@pytest.mark.parametrize(("variant_id", "options"), _match_settings())
def test_match_playout(variant_id: str, options: dict[str, Any]) -> None:
    """Every match-level option value, played as whole matches by the bots with the checks
    of ``simulate`` after every action."""
    summary = simulate_match(variant_id, 3, matches=1, seed=5, options=options)
    assert summary["errors"] == 0, summary["error_messages"]
    assert summary["completed"] == 1


def _finished(match: MatchState, winner: int | None, changes: tuple[int, ...]) -> MatchState:
    state = match.state
    assert isinstance(state, MeldState)
    result = round_result(winner, (0,) * len(changes), changes, "test", ())
    return replace(match, state=replace(state, result=result))


def test_table_match_to_target_score_and_never_below_zero() -> None:
    variant = load_variant("super_rummy").with_options({"target_score": 100})
    match = start_match(variant, 3, seed=1)
    match = _score(_finished(match, 0, (60, 0, 0)))
    assert match.totals == (60, 0, 0) and not match.over
    match = _score(_finished(match, None, (-80, -5, -7)))  # end_round: subtracted, floor 0
    assert match.totals == (0, 0, 0)
    match = _score(_finished(match, 2, (0, 0, 120)))
    assert match.over and match.winner == 2
    assert match.sheet == ((60, 0, 0), (-80, -5, -7), (0, 0, 120))


@pytest.mark.parametrize(("first_turn", "winner", "expected"),
                         [("next_player", 2, 1), ("prev_winner", 2, 2), ("prev_winner", None, 0)])
def test_first_turn_rotation(first_turn: str, winner: int | None, expected: int) -> None:
    variant = load_variant("super_rummy").with_options({"first_turn": first_turn})
    match = start_match(variant, 3, seed=1)
    assert match.state.turn == 0  # round one: the first seat to join
    match = _next_deal(_score(_finished(match, winner, (0, 0, 0))))
    assert match.deal_no == 1 and match.state.turn == expected


def test_contract_seven_rounds_dealer_passes_left_lowest_total_wins() -> None:
    variant = load_variant("dummy_rummy")
    assert describe(variant) == "7 rounds, lowest total wins"
    match = start_match(variant, 3, seed=2)
    dealer = match.state.dealer
    assert dealer is not None
    for round_no in range(7):
        state = match.state
        assert isinstance(state, MeldState)
        assert state.contract == variant.contract.contracts[round_no]
        assert state.dealer == (dealer + round_no) % 3
        assert state.turn == (state.dealer + 1) % 3
        match = _score(_finished(match, 0, (0, 10 + round_no, 5)))
        if round_no < 6:
            assert not match.over
            match = _next_deal(match)
    assert match.over and match.winner == 0 and match.totals == (0, 91, 35)


@pytest.mark.parametrize(("fmt", "deals"), [("deals_2", 2), ("deals_3", 3), ("deals_6", 6),
                                            ("points", 1)])
def test_indian_deals_formats_play_a_fixed_number_of_deals(fmt: str, deals: int) -> None:
    summary = simulate_match("indian_13", 2, matches=1, seed=3, options={"match_format": fmt})
    assert summary["completed"] == 1 and summary["avg_deals"] == deals


@pytest.mark.parametrize("fmt", ["pool_101", "pool_201"])
def test_indian_pool_eliminates_at_the_limit_last_player_left_wins(fmt: str) -> None:
    variant = load_variant("indian_13").with_options({"match_format": fmt})
    game = Session.new("indian_13", 3, seed=4, options={"match_format": fmt})
    from rummy.ai import make_bot
    bots = [make_bot("greedy", s) for s in range(3)]
    while not game.match.over:
        seat = game.state.turn
        bot = bots[game.match.seats[seat]]
        before = game.match.deal_no
        game.act(bot.choose(game.view(seat), game.legal_actions(seat)))
        if game.match.deal_no != before:  # a deal ended: eliminated seats sit out
            assert game.match.seats == tuple(s for s in range(3) if not game.match.out[s])
    limit = 101 if fmt == "pool_101" else 201
    assert describe(variant).startswith(f"pool {limit}")
    winner = game.match.winner
    assert winner is not None and game.match.totals[winner] < limit
    assert all(t >= limit for s, t in enumerate(game.match.totals) if s != winner)


@pytest.mark.parametrize(("variant_id", "options"), [
    ("super_rummy", {"target_score": 100}), ("indian_13", {"match_format": "deals_2"}),
    ("dummy_rummy", {})])
def test_match_record_saves_and_replays(variant_id: str, options: dict[str, Any],
                                        tmp_path: Path) -> None:
    from rummy.ai import make_bot
    game = Session.new(variant_id, 2, seed=6, options=options)
    bots = [make_bot("greedy", 0), make_bot("random", 1)]
    for _ in range(400):
        if game.match.over:
            break
        seat = game.state.turn
        game.act(bots[game.match.seats[seat]].choose(game.view(seat), game.legal_actions(seat)))
    assert len(game.deals) >= 1
    path = tmp_path / "match.json"
    game.save(path)
    again = Session.load(path)
    assert again.match == game.match and again.deals == game.deals
    record = game.to_record()
    assert (record["variant"], record["options"], record["seed"]) == (variant_id, options, 6)


def test_a_bad_match_record_is_refused() -> None:
    with pytest.raises(ValueError, match="names its variant"):
        Session.from_record({"format": "rummy-match/1"})
    game = Session.new("super_rummy", 2, seed=1)
    record = game.to_record()
    record["deals"] = [[{"type": "discard", "seat": 0, "card": "AS"}]]
    with pytest.raises(ValueError, match="deal 1, action 1"):
        Session.from_record(record)
