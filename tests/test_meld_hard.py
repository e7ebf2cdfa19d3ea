"""Hard in classic rummy (Super Rummy): it draws and discards to go out first.

Two habits it lost on 2026-11-24, each of which cost it deals against medium (the README
gives the measured match-up): taking the top discard only to swap a high card for a low
one (a draw from the stock may meld; the swap never does), and, between discards that
leave the same deadwood, letting go of the card a single draw could meld.
"""

from __future__ import annotations

import dataclasses

from rummy.ai import make_bot
from rummy.ai.meld_outlook import next_turn, unseen
from rummy.model.actions import Discard, Draw, DrawSource
from rummy.model.cards import parse_card, parse_cards
from rummy.model.families import Phase
from rummy.model.view import PlayerView
from rummy.model.view_parts import MeldTableView
from rummy.session import Session


def first_view(phase: Phase, hand: str, top: str) -> PlayerView:
    """The first turn of a two-player Super Rummy deal with ``hand`` and ``top`` put in."""
    game = Session.lone_deal("super_rummy", 2, 0)
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
    assert next_turn(view, keep_queen, draws, faces) < next_turn(view, keep_king, draws, faces)


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
