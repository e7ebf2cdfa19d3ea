"""The deficiency of a declare-family hand (cards still needed for a valid show), and the
hard level's use of it."""

from __future__ import annotations

import random

import pytest

from rummy.ai.common import taken_from_open
from rummy.ai.deficiency import Deficiency
from rummy.ai.hard import HardBot
from rummy.model.actions import Discard, Draw, DrawSource
from rummy.model.cards import Card, make_deck, parse_cards
from rummy.model.melds import is_joker
from rummy.model.solver import best_arrangement
from rummy.model.variant_type import Variant
from rummy.session import Session

from .bot_views import draw_legal, make_view


def deficiency(variant: Variant, hand: str) -> int:
    return Deficiency().of(variant, parse_cards(hand), None)


@pytest.mark.parametrize(("hand", "expected"), [
    ("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC KS QD", 1),  # 3+3+3+3 and one card over
    ("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC KS QS", 1),
    ("2S 3S 4S 5S 6H 7H 8H 9D 9C 9H KD KC KS", 0),  # a valid show
    ("2S 3S 4S 5H 6H 7H 9D 9C 9H KD KC QS QS", 2),  # a K and a card for the last Q
    ("2S 3S 5H 6H 8D 9D 10C JC KC QS QH 4D KD", 4),  # 10C JC _ KC is one short
    ("2S 5S 8S JS 2H 5H 8H JH 3D 6D 9D QD 4C", 6),
])
def test_deficiency_of_known_hands(indian: Variant, hand: str, expected: int) -> None:
    assert deficiency(indian, hand) == expected


def test_jokers_fill_any_place_but_the_pure_sequence(indian: Variant) -> None:
    # 2S 3S 4S is pure; two printed jokers complete 9D 9C and KD KC
    assert deficiency(indian, "2S 3S 4S 5H 6H 7H 8H 9D 9C KD KC JK JK") == 0
    # no natural pure sequence in sight: the jokers cannot stand in for it
    assert deficiency(indian, "2S 4S 7H 9H 9D 9C KD KC KH JK JK QS 5D") == 2


def test_fourteen_cards_count_their_best_thirteen(indian: Variant) -> None:
    assert deficiency(indian, "2S 3S 4S 5S 6H 7H 8H 9D 9C 9H KD KC KS QD") == 0


def test_zero_exactly_for_a_valid_show(indian: Variant) -> None:
    deck = make_deck(2, 2)
    rng = random.Random(4)
    shows = ["2S 3S 4S 5S 6H 7H 8H 9D 9C 9H KD KC KS", "AS 2S 3S 5H 6H 7H 8H 9H JK JK 4D 4C 4H",
             "10C JC QC KC AC 5D 6D JK 3S 3H 3D 8H 8S"]
    d = Deficiency()
    valid = 0
    for _ in range(200):
        hand = list(parse_cards(rng.choice(shows)))
        for _ in range(rng.randrange(3)):
            hand[rng.randrange(13)] = rng.choice(deck)
        is_valid = best_arrangement(indian, hand, None).valid
        valid += is_valid
        assert (d.of(indian, hand, None) == 0) == is_valid, " ".join(c.face for c in hand)
    assert 20 < valid < 180


def _one_swap_valid(variant: Variant, hand: list[Card], faces: list[Card]) -> bool:
    return any(best_arrangement(variant, [*hand[:i], *hand[i + 1:], f], None).valid
               for i in range(len(hand)) for f in faces)


@pytest.mark.slow
def test_one_card_away_agrees_with_trying_every_swap(indian: Variant) -> None:
    deck = make_deck(2, 2)
    faces = list({c.face: c for c in deck}.values())
    rng = random.Random(7)
    narrow = [c for c in deck if c.rank is not None and int(c.rank) <= 6]
    d = Deficiency()
    checked = 0
    for _ in range(40):
        hand = rng.sample(narrow, 13)
        value = d.of(indian, hand, None)
        if value > 2:
            continue
        checked += 1
        assert (value <= 1) == _one_swap_valid(indian, hand, faces)
    assert checked >= 5


def test_hard_takes_an_open_card_that_makes_a_set(indian: Variant) -> None:
    # no pure sequence yet, so the count of loose cards cannot tell; the deficiency can
    view = make_view(indian, "2S 3S 9C 9D KH QD 5H 7C 4D JS 8H 10D 6C", cut="AC",
                     open_top="9H")
    assert HardBot().choose(view, draw_legal(view)) == Draw(view.seat, DrawSource.OPEN)
    lonely = make_view(indian, "2S 3S 9C 9D KH QD 5H 7C 4D JS 8H 10D 6C", cut="AC",
                       open_top="KS")  # makes only a pair
    assert HardBot().choose(lonely, draw_legal(lonely)) == Draw(view.seat, DrawSource.CLOSED)


def test_hard_discards_leave_the_least_deficiency() -> None:
    d = Deficiency()
    checked = 0
    for seed in (3, 4, 5):  # deals enough to check more than 10 discards
        game = Session.lone_deal("indian_13", players=2, seed=seed)
        bots = [HardBot(seed=1), HardBot(seed=2)]
        while not game.state.is_over and len(game.actions) < 200:
            seat = game.state.turn
            view, legal = game.view(seat), game.legal_actions(seat)
            action = bots[seat].choose(view, legal)
            if isinstance(action, Discard) and view.drawn is not None:
                wild = view.wild_rank
                taken = taken_from_open(view)
                left = {c: d.of(view.variant, [o for o in view.hand if o is not c], wild)
                        for c in view.hand if not is_joker(c, wild) and c != taken}
                if left and action.card in left:
                    assert left[action.card] == min(left.values())
                    checked += 1
            game.act(action)
    assert checked > 10


def test_hard_play_is_reproducible_and_quick() -> None:
    def play(seed: int) -> list[object]:
        game = Session.lone_deal("indian_13", players=2, seed=seed)
        bots = [HardBot(seed=1), HardBot(seed=2)]
        while not game.state.is_over and len(game.actions) < 200:
            seat = game.state.turn
            game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
        return list(game.actions)

    assert play(11) == play(11)
