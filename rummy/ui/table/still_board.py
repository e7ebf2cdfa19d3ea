"""The table painted still, for one seat's view at one moment: what the replay table and
the review screen show (neither plays: no targets, no buttons of the table's own).
"""

from __future__ import annotations

import pygame

from rummy.model import Card, PlayerView
from rummy.model.variant_type import Variant
from rummy.ui.table.board import Board
from rummy.ui.table.hand import HandModel
from rummy.ui.table.parts import parts_for
from rummy.ui.table.sprites import CardArt, TextCache


def still_board(art: CardArt, text: TextCache, variant: Variant, names: list[str],
                view: PlayerView, size: tuple[int, int]) -> Board:
    """A board for ``view``'s deal, seen from ``view``'s seat, laid out for ``size``."""
    hand = HandModel(variant, view.wild_joker)
    board = Board(art, text, hand, names, len(view.seats), view.seat, interactive=False,
                  parts=parts_for(variant))
    board.resize(size)
    show_view(board, view)
    return board


def show_view(board: Board, view: PlayerView, jump: bool = False) -> None:
    """Lay ``board`` out again for ``view`` (of the same deal), the hand sorted as the
    player's own Sort puts it; ``jump``: every card at its place at once."""
    board.sync(view)
    board.hand.sort()
    board.layout_hand(jump=jump)


def card_rect(board: Board, card: Card) -> pygame.Rect | None:
    """Where a card of the player's hand lies on the board (None when it is not there)."""
    sprite = board.sprites.get(card)
    if sprite is None:
        return None
    x, y = sprite.pos
    return pygame.Rect(x, y, board.lay.hand_w, board.lay.hand_h)
