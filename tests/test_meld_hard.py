"""Hard in classic rummy (Super Rummy): it draws and discards to go out first.

Two habits it lost on 2026-11-24, each of which cost it deals against medium (the README
gives the measured match-up): taking the top discard only to swap a high card for a low
one (a draw from the stock may meld; the swap never does), and, between discards that
leave the same deadwood, letting go of the card a single draw could meld.
"""

from __future__ import annotations

import dataclasses

from rummy.ai import make_bot
from rummy.ai.meld_levels import MeldHardBot
from rummy.ai.meld_outlook import best_outlook, next_turn, unseen
from rummy.model.actions import Discard, Draw, DrawSource
from rummy.model.cards import parse_card, parse_cards
from rummy.model.families import Phase
from rummy.model.view import PlayerView
from rummy.model.view_parts import MeldTableView
from rummy.session import Session


def first_view(phase: Phase, hand: str, top: str,
               options: dict[str, object] | None = None) -> PlayerView:
    """The first turn of a two-player Super Rummy deal with ``hand`` and ``top`` put in."""
    game = Session.lone_deal("super_rummy", 2, 0, options)
    view = game.view(game.state.turn)
    top_card = parse_card(top)
    assert isinstance(view.part, MeldTableView)
    part = dataclasses.replace(view.part, open_cards=(top_card,))
    return dataclasses.replace(view, phase=phase, hand=tuple(parse_cards(hand)),
                               open_top=top_card, part=part)


def test_hard_draws_from_the_stock_rather_than_swap_a_high_card_for_a_low_one() -> None:
    view = first_view(Phase.DRAW, "KS QH JD 9C 8S 7H 5D 4C 3S 10H", "2C")
    legal = [Draw(view.seat, DrawSource.OPEN), Draw(view.seat, DrawSource.CLOSED)]
    assert make_bot("hard").choose(view, legal) == Draw(view.seat, DrawSource.CLOSED)
    # a card that melds is still taken: J♥ makes 10♥ J♥ Q♥
    melds = first_view(Phase.DRAW, "KS QH JD 9C 8S 7H 5D 4C 3S 10H", "JH")
    assert make_bot("hard").choose(melds, legal) == Draw(view.seat, DrawSource.OPEN)


def test_hard_keeps_the_card_a_draw_could_meld() -> None:
    """K♥ and Q♣ both leave 10 points more; Q♣ sits by 9♣ 10♣ (J♣ makes a run), K♥ by
    nothing."""
    view = first_view(Phase.DISCARD, "QC 8D 9D 10D 3D 2C 9C KH 8H 6C 10C", "5S")
    legal = [Discard(view.seat, card) for card in view.hand]
    choice = make_bot("hard").choose(view, legal)
    assert choice == Discard(view.seat, parse_card("KH"))
    draws, faces = unseen(view)
    keep_queen = [c for c in view.hand if c.face != "KH"]
    keep_king = [c for c in view.hand if c.face != "QC"]
    queen, _ = next_turn(view, keep_queen, draws, faces)
    king, _ = next_turn(view, keep_king, draws, faces)
    assert queen < king


def test_hard_counts_the_arrangements_its_look_ahead_searches_as_work() -> None:
    """The expert's budget is work (docs/architecture.md): with two decks a hand holding
    two 9♣ makes hard's look-ahead search an arrangement for each card it may draw, and
    each counts, so the expert plays fewer worlds there rather than taking seconds
    longer; on one deck the hands' bits answer and nothing more is counted."""
    hands = {1: "QC 8D 9D 10D 3D 2C 9C KH 8H 6C 10C",
             2: "QC 8D 9D 10D 3D 2C 9C KH 8H 6C 9C@1"}
    calls: dict[int, int] = {}
    for decks, hand in hands.items():
        view = first_view(Phase.DISCARD, hand, "5S", {"deck_count": decks})
        bot = MeldHardBot(0)
        bot.choose(view, [Discard(view.seat, card) for card in view.hand])
        calls[decks] = bot.solver_calls
    draws, _ = unseen(first_view(Phase.DISCARD, hands[2], "5S", {"deck_count": 2}))
    # the same counts of the hand for each discard; with two decks, a search for every
    # face it may draw, for each hand kept that holds both 9♣ (on one deck, none)
    assert calls[2] >= calls[1] + len(draws)
    one_deck = first_view(Phase.DISCARD, hands[1], "5S")
    discards = [Discard(one_deck.seat, card) for card in one_deck.hand]
    assert best_outlook(one_deck, discards, lambda cards: 0)[1] == 0


def test_with_draw_choice_every_level_above_easy_digs_for_a_card_that_melds() -> None:
    """With draw choice (docs/rules.md, A turn) the bots once took only the top discard:
    here 9♦, third from the top, makes 7♦ 8♦ 9♦, and the two above it are low."""
    view = first_view(Phase.DRAW, "7D 8D KS QH JC 9C 5S 4H 3C KD", "2S")
    assert isinstance(view.part, MeldTableView)
    pile = tuple(parse_cards("6C 9D AH 2S"))  # top last
    view = dataclasses.replace(view, part=dataclasses.replace(view.part, open_cards=pile))
    legal = [Draw(view.seat, DrawSource.CLOSED), Draw(view.seat, DrawSource.OPEN),
             *(Draw(view.seat, DrawSource.OPEN, n) for n in (2, 3, 4))]
    for level in ("medium", "hard"):
        assert make_bot(level).choose(view, legal) == Draw(view.seat, DrawSource.OPEN, 3), level
    # nothing under the top melds: hard draws from the stock, as without draw choice
    assert isinstance(view.part, MeldTableView)
    dull = dataclasses.replace(view, part=dataclasses.replace(
        view.part, open_cards=tuple(parse_cards("6C 10S AH 2S"))))
    assert make_bot("hard").choose(dull, legal) == Draw(view.seat, DrawSource.CLOSED)
