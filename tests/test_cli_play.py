"""``python -m rummy play`` in classic, contract and Indian rummy: what a person types, what
they read.

The "person" here is a bot choosing the seat's moves, typed as a person would type them
(faces, meld numbers from 1) and read back by the terminal game; a few illegal moves are
typed on the way, which must print the engine's reason and change nothing. A game in a
real subprocess is ``test_cli_play_terminal.py``.
"""

from __future__ import annotations

import re

import pytest

from rummy.ai import make_bot
from rummy.cli_moves import MoveError, faces, read_move
from rummy.cli_play import _table_text, event_text, play_match
from rummy.model.actions import (
    IllegalMoveError,
    LayDown,
)
from rummy.model.events import DealScored, MeldLaid
from rummy.model.families.contract import find_contract
from rummy.model.hand_cost import value_if_out
from rummy.model.solver_melds import best_arrangement
from rummy.model.table_melds import MeldRules
from rummy.model.view import PlayerView
from rummy.session import Session
from tests.cli_person import Person, one_wrong_move_per_kind, play

# ---------------------------------------------------------------- classic rummy


def _bad_lay_off(view: PlayerView) -> str | None:
    """A card onto a meld it does not fit (the engine's reason)."""
    from rummy.model.table_melds import lay_off

    if view.phase.value != "discard" or not view.melding.melds:
        return None
    rules = MeldRules.of(view.variant)
    for card in view.hand:
        for number, meld in enumerate(view.melding.melds, 1):
            if lay_off(rules, meld, card) is None:
                return f"o {card.face} {number}"
    return None


def _not_a_meld(view: PlayerView) -> str | None:
    if view.phase.value != "discard" or len(view.hand) < 4:
        return None
    loose = best_arrangement(view.variant, view.hand).ungrouped
    return f"m {faces(loose[:3])}" if len(loose) >= 3 else None


CLASSIC_WRONG = {
    "discard before drawing": lambda v: v.hand[0].face if v.phase.value == "draw" else None,
    "not one card": lambda v: "ZZ",
    "no such meld": lambda v: f"o {v.hand[0].face} 9" if v.phase.value == "discard" else None,
    "not a meld": _not_a_meld,
    "does not fit": _bad_lay_off,
    "draw twice": lambda v: "c" if v.phase.value == "discard" else None,
}


@pytest.mark.timeout(180)
def test_classic_match_typed_in_the_terminal() -> None:
    wrong = one_wrong_move_per_kind(CLASSIC_WRONG)
    game, person = play("super_rummy", 5, lambda g: Person(g, "medium", 7, wrong, rounds=3))
    text = person.text
    assert len(game.match.sheet) == 3 and person.typed[-1] == "q"
    assert any(line.startswith("m ") for line in person.typed), "a meld was laid"
    assert re.search(r"seat 0 lays meld \d+: (run|set) ", text)
    assert re.search(r"seat 0 lays \S+ off onto meld \d+, now (run|set) ", text)
    assert "melds on the table:" in text and "  1. " in text
    assert "if someone goes out now" in text
    assert re.search(r"you: (\d+ left in hand \(|out \()", text)  # each round's result
    assert re.search(r"seat 1: (\d+ left in hand \(|out \()", text)
    assert "after round 1: you " in text and "to 250 points" in text
    assert text.rstrip().splitlines()[-1] == "bye"
    # the piles by classic rummy's names, never Indian rummy's closed and open decks
    assert re.search(r"seat 0 draws \S+ from the (stock|discard pile)", text)
    assert "starts the discard pile" in text and " deck" not in text
    reasons = dict(person.refused)
    assert set(reasons) == {line for line in person.typed if line in reasons}
    assert len(person.refused) == len(CLASSIC_WRONG), person.refused
    said = " | ".join(reply for _, reply in person.refused)
    for reason in ("draw a card first", "ZZ is not one card", "there is no meld 9",
                   "those cards are not a run or a set", "that card does not fit that meld",
                   "you already drew"):
        assert reason in said
    totals = ", ".join(f"{'you' if s == 0 else f'seat {s}'} {t}"
                       for s, t in enumerate(game.match.totals))
    assert f"after round {len(game.match.sheet)}: {totals}" in text


@pytest.mark.timeout(120)
def test_classic_draw_choice_offers_the_top_five() -> None:
    game = Session.new("super_rummy", 2, 11, {"allow_draw_choice": True})
    bots = [make_bot("greedy", 1), make_bot("greedy", 2)]
    for _ in range(200):  # bots play both seats until three discards wait for seat 0
        seat = game.match.state.turn
        view = game.view(seat)
        if seat == 0 and view.phase.value == "draw" and len(view.melding.open_cards) >= 3:
            break
        game.act(bots[seat].choose(view, game.legal_actions(seat)))
    else:
        raise AssertionError("the discard pile never grew to 3")
    screen = _table_text(view)
    offered = " ".join(c.label for c in view.melding.open_cards)
    assert "discard pile (top last): " + offered in screen
    assert "t N (the top N discards" in screen
    (draw,) = read_move("t 3", view)
    game.act(draw)
    after = game.view(0)
    assert set(view.melding.open_cards[-3:]) <= set(after.hand)
    assert _table_text(after).count("*") == 3 + 1  # the three taken cards, and the legend
    with pytest.raises(IllegalMoveError, match="cannot discard a card you just took"):
        game.act(read_move(view.melding.open_cards[-1].face, after)[0])


@pytest.mark.timeout(120)
def test_classic_flip_when_the_stock_is_empty() -> None:
    game = Session.new("super_rummy", 2, 0)
    bots = [make_bot("random", 1), make_bot("random", 2)]
    for _ in range(400):  # random bots rarely go out: the stock runs dry in round 1
        assert game.match.deal_no == 0
        seat = game.match.state.turn
        view = game.view(seat)
        if seat == 0 and view.phase.value == "draw" and view.closed_size == 0:
            break
        game.act(bots[seat].choose(view, game.legal_actions(seat)))
    else:
        raise AssertionError("the stock never ran out")
    assert "the stock is empty: flip turns the discard pile over" in _table_text(view)
    with pytest.raises(IllegalMoveError, match="the stock is empty"):
        game.act(read_move("c", view)[0])
    (flip,) = read_move("flip", view)
    events = game.act(flip)
    assert "the discard pile is turned over as a new stock of" in event_text(events[0])
    assert game.view(0).closed_size == view.open_size - 1


def test_a_rummy_round_says_it_counts_double() -> None:
    from rummy.cli_play import MELD_TERMINAL, _result
    from rummy.model.cards import parse_cards
    from rummy.model.scoring import ShownHand, round_result

    run, left = tuple(parse_cards("5S 6S 7S")), tuple(parse_cards("KD 2C"))
    result = round_result(1, (12, 0), (0, 24), "rummy",
                          (ShownHand((), left), ShownHand((run,), ())), 24, rummy=True)
    lines: list[str] = []
    _result(result, (0, 1), 0, lines.append, MELD_TERMINAL)
    assert lines == [
        "  you: 12 left in hand (K♦ 2♣), score +0; laid nothing",
        "  seat 1: out (rummy), collects 24; laid 5♠ 6♠ 7♠",
        "  rummy! every card laid in one turn: the hand values count double",
    ]
    assert "(rummy: doubled)" in event_text(DealScored(result))


def test_lay_at_end_counts_what_the_game_would_lay() -> None:
    game = Session.new("super_rummy", 2, 1)
    view = game.view(0)
    kept = Session.new("super_rummy", 2, 1, {"lay_at_end": False}).view(0)
    best = best_arrangement(view.variant, view.hand)
    assert value_if_out(view) == best.points  # no melds on the table yet
    assert value_if_out(kept) == sum(min(int(c.rank or 0), 10) for c in kept.hand)


# ---------------------------------------------------------------- contract rummy


CONTRACT_WRONG = {
    "meld instead of contract": lambda v: "m 7S 7H 7D" if v.phase.value == "discard" else None,
    "not the contract": lambda v: (f"l {faces(v.hand[:3])}" if v.phase.value == "discard"
                                   and not v.melding.laid_down[0] else None),
    "lay off in the turn of laying down": lambda v: (
        f"o {v.hand[0].face} 1" if v.phase.value == "discard" and v.hand
        and isinstance(v.history[-1], MeldLaid) and v.history[-1].seat == 0 else None),
    "flip": lambda v: "f 7S",
}


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_contract_match_typed_in_the_terminal() -> None:
    wrong = one_wrong_move_per_kind(CONTRACT_WRONG)
    game, person = play("dummy_rummy", 2, lambda g: Person(g, "medium", 5, wrong))
    text = person.text
    assert game.match.over and len(game.match.sheet) == 7  # the seven rounds
    for round_no, words in enumerate(("2 sets", "1 set and 1 run", "2 runs", "3 sets",
                                      "2 sets and 1 run", "1 set and 2 runs", "3 runs"), 1):
        assert f"round {round_no} of 7, contract: {words}" in text
    assert any(line.startswith("l ") for line in person.typed), "a contract was laid down"
    assert any(line.startswith("o ") and len(line.split()) == 3 for line in person.typed
               if line not in dict(person.refused)), "a card was laid off"
    assert "seat 0 lays meld" in text and "seat 0 lays " in text and " off onto meld " in text
    assert "(laid down)" in text
    assert "your contract: l " in text
    said = " | ".join(reply for _, reply in person.refused)
    assert "lay down the whole contract at once" in said
    assert "lay down exactly the contract" in said or "not all in your hand" in said
    assert "you may lay off from your next turn" in said
    assert "no declaring or dropping" in said
    assert "7 rounds, lowest total wins" in text
    for done in range(1, 8):
        assert f"after round {done}: you " in text
    assert re.search(r"you: (\d+ left in hand \(|out \()", text)
    assert "-- round 7 --" in text
    best = min(game.match.totals)
    assert text.rstrip().endswith(f" ({best} points)")
    assert text.rstrip().splitlines()[-1].startswith("match over: ")


def test_contract_shown_when_the_hand_holds_it() -> None:
    for seed in range(200):
        game = Session.new("dummy_rummy", 2, seed)
        view = game.view(0)
        groups = find_contract(MeldRules.of(view.variant), view.melding.contract or (0, 0),
                               view.hand)
        if groups is not None:
            break
    else:
        pytest.skip("no seed in 200 deals seat 0 a contract")
    screen = _table_text(view)
    line = next(x for x in screen.splitlines() if x.startswith("your contract: l "))
    command = line.removeprefix("your contract: ").split("   (")[0]
    (lay_down,) = read_move(command, view)
    assert isinstance(lay_down, LayDown) and len(lay_down.groups) == 2


def test_cards_named_twice_take_two_copies() -> None:
    for seed in range(100):  # two decks: a deal where seat 0 holds one face twice
        view = Session.new("dummy_rummy", 2, seed).view(0)
        pair = next((c for c in view.hand if c.rank is not None
                     and sum(d.face == c.face for d in view.hand) == 2), None)
        if pair is not None:
            break
    else:
        raise AssertionError("no deal of 100 gives seat 0 a pair")
    other = next(c for c in view.hand if c.face != pair.face)
    (lay,) = read_move(f"l {pair.face} {pair.face.lower()} / {other.face}", view)
    assert isinstance(lay, LayDown)
    first, _ = lay.groups
    assert first[0] != first[1] and first[0].face == first[1].face == pair.face
    with pytest.raises(MoveError, match=f"you hold no more {pair.face}"):
        read_move(f"l {pair.face} {pair.face} {pair.face}", view)


# ---------------------------------------------------------------- Indian rummy matches


@pytest.mark.timeout(300)
def test_an_indian_pool_plays_deal_after_deal() -> None:
    game, person = play("indian_13", 4, lambda g: Person(g, "medium", 2),
                        {"match_format": "pool_101"})
    text = person.text
    assert game.match.over and len(game.match.sheet) >= 2
    assert "pool 101: out at 101" in text
    assert "-- deal 2 --" in text and "after deal 2: you " in text
    assert "best groups:" in text  # the Indian table, as before
    assert not person.refused
    assert text.rstrip().splitlines()[-1].startswith("match over: ")


@pytest.mark.timeout(300)
def test_out_of_a_pool_the_person_sees_no_more() -> None:
    game = Session.new("indian_13", 3, 6, {"match_format": "pool_101"})
    person = Person(game, "random", 2)  # a random player drops and loses: out soon
    bots = {1: make_bot("greedy", 7), 2: make_bot("greedy", 8)}
    assert play_match(game, bots, read=person.read, write=person.write) == 0
    assert game.match.out[0] and not game.match.over
    assert person.out[-1] == "you are out of the match; the others play on"
    assert person.out[-2].startswith("  after deal ") and "you 1" in person.out[-2]
    assert "(out)" in person.out[-2]
