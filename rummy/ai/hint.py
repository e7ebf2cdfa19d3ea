"""The Hint key: what the hard level would do now, and the best grouping of the hand.

``hint(view, legal)`` works from the seat's view and legal actions alone, like any bot.

- In the draw phase: the deck hard would draw from (``source``), or that it would drop.
- After drawing: the card hard would let go (``card``), and whether letting it go leaves
  a valid show (``declare``: put it on the finish slot); where melds lie on the table,
  the meld it would lay, the contract it would lay down or the card it would lay off
  first. ``cards`` are the cards of the hand the move plays, ``text`` (and ``str``) the
  move in the player's words: the family's names for its piles (the stock, the closed
  deck), a lay-off by the cards of the meld it goes onto, and why a discard keeps melds
  in hand that could be laid.
- Always: the best grouping of the cards in hand (``groups`` and ``ungrouped``, from
  :func:`~rummy.model.solver.best_arrangement`; in the classic and contract families the
  melds that leave the fewest points), for the table's "arrange my hand". Where the hint
  is to declare, the grouping is the one to declare with: the other cards' best
  arrangement (a valid show), the finish card left out of every group, so that a player
  who follows it shows exactly that (the best grouping of all the cards would put the
  finish card in a group and leave a wrong show behind it).

>>> from rummy.model.state import start_deal, legal_actions
>>> from rummy.model.view import view_for
>>> from rummy.model.variant import load_variant
>>> state = start_deal(load_variant("indian_13"), players=2, seed=1)
>>> h = hint(view_for(state, state.turn), legal_actions(state, state.turn))
>>> h.source is not None or h.drop, h.card, sum(map(len, h.groups)) + len(h.ungrouped)
(True, None, 13)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    Finish,
    FlipDiscard,
    LayDown,
    LayMeld,
    LayOff,
    Pick,
)
from rummy.model.cards import Card
from rummy.model.solver import best_arrangement
from rummy.model.table_melds import MeldRules, new_meld
from rummy.model.view import PlayerView

from . import make_bot
from .meld_bots import taken_cards
from .meld_levels import MeldHardBot

__all__ = ["Hint", "hint"]


@dataclass(frozen=True)
class Hint:
    """What the hard level suggests; see the module docstring."""

    action: Action | None
    """The action hard would take (``None`` when ``legal`` is empty)."""
    source: DrawSource | None
    """The deck to draw from, in the draw phase."""
    card: Card | None
    """The card to discard (or to put on the finish slot), after drawing."""
    declare: bool
    """Letting ``card`` go leaves a valid show: declare with it."""
    drop: bool
    """Hard would drop this hand."""
    groups: tuple[tuple[Card, ...], ...]
    """The best grouping of the hand, group by group (to declare: the other cards')."""
    ungrouped: tuple[Card, ...]
    """The cards of the hand in no group (to declare: the finish card among them)."""
    points: int
    """What the hand would count as it stands (0 for a valid show)."""
    cards: tuple[Card, ...] = ()
    """The cards of the hand that ``action`` plays (the discard, a meld, a contract, a card
    to lay off), for the table to select."""
    text: str = "wait for your turn"
    """The suggestion in words, the piles and melds named as the player sees them."""

    def __str__(self) -> str:
        return self.text


_BOT = make_bot("hard", seed=0)
_MELDS = MeldHardBot(0)  # hard where melds lie on the table: says when it holds them


def hint(view: PlayerView, legal: Sequence[Action]) -> Hint:
    """Hard's move for ``view`` (one of ``legal``) and the best grouping of the hand."""
    action = _BOT.choose(view, legal) if legal else None
    # the best grouping in the family's own terms (melds that leave the fewest points
    # where melds lie on the table)
    keep = view.hand
    if isinstance(action, Finish):
        keep = tuple(c for c in view.hand if c != action.card)
    arrangement = best_arrangement(view.variant, keep, view.wild_joker)
    ungrouped = arrangement.ungrouped
    if isinstance(action, Finish):
        ungrouped = (*ungrouped, action.card)
    return Hint(
        action=action,
        source=action.source if isinstance(action, Draw) else None,
        card=action.card if isinstance(action, (Discard, Finish)) else None,
        declare=isinstance(action, Finish),
        drop=isinstance(action, Drop),
        groups=arrangement.groups,
        ungrouped=ungrouped,
        points=arrangement.points,
        cards=played(action),
        text=in_words(view, action) + _why(view, legal, action),
    )


def _why(view: PlayerView, legal: Sequence[Action], action: Action | None) -> str:
    """The reason behind a move: the group the open cards go into (one that looks
    wrong: a discard while a meld could be laid, too)."""
    # a meld to lay is listed only where melds lie on the table
    if isinstance(action, Discard) and any(
            isinstance(a, LayMeld) for a in legal) and _MELDS.holds_melds(view):
        return " and hold your melds until you can go out"
    if isinstance(action, Draw) and action.source is DrawSource.OPEN:
        taken = taken_cards(view, action)
        held = best_arrangement(view.variant, (*view.hand, *taken), view.wild_joker)
        for group in held.groups if taken else ():
            if taken[0] in group:
                others = [c for c in group if c is not taken[0]]
                return f": {taken[0].label} goes with {_labels(others)}"
        if taken and not _natural(view, taken[0]):
            return f": {taken[0].label} is a joker"
        partners = _partners(view, taken[0]) if taken else []
        if partners:  # no group yet: the cards it starts one with
            return f": {taken[0].label} goes with {_labels(partners)}"
    return ""


def _natural(view: PlayerView, card: Card) -> bool:
    return not card.is_printed_joker and card.rank != view.wild_rank


def _partners(view: PlayerView, card: Card) -> list[Card]:
    """The natural cards of the hand that ``card`` starts a group with: its rank in other
    suits, else its suit within two ranks."""
    hand = [c for c in view.hand if _natural(view, c)]
    same_rank = [c for c in hand if c.rank == card.rank and c.suit != card.suit]
    return same_rank or [c for c in hand if c.suit == card.suit
                         and 0 < abs(int(c.rank or 0) - int(card.rank or 0)) <= 2]


def played(action: Action | None) -> tuple[Card, ...]:
    """The cards of the hand that ``action`` plays."""
    if isinstance(action, (Discard, Finish, LayOff)):
        return (action.card,)
    if isinstance(action, LayMeld):
        return action.cards
    if isinstance(action, LayDown):
        return tuple(c for group in action.groups for c in group)
    return ()


def in_words(view: PlayerView, action: Action | None) -> str:
    """``action`` as a suggestion to the player of ``view``."""
    piles = view.rules.piles
    if isinstance(action, Drop):
        return "drop this hand"
    if isinstance(action, Draw) and action.count > 1:
        chosen = taken_cards(view, action)[0]
        above = action.count - 1
        cards = "the card" if above == 1 else f"the {above} cards"
        return f"take {chosen.label} and {cards} above it from the {piles.name(action.source)}"
    if isinstance(action, Draw):
        return f"draw from the {piles.name(action.source)}"
    if isinstance(action, Finish):
        return f"declare with {action.card.label}"
    if isinstance(action, Discard):
        return f"discard {action.card.label}"
    if isinstance(action, LayMeld):
        return f"lay {_labels(_as_laid(view, action.cards))}"
    if isinstance(action, LayDown):
        return "lay down " + " and ".join(_labels(_as_laid(view, g)) for g in action.groups)
    if isinstance(action, LayOff):
        meld = view.melding.melds[action.meld]
        return f"lay {action.card.label} off onto {_labels(meld.cards)}"
    if isinstance(action, FlipDiscard):
        return f"turn the {piles.open} over"
    if isinstance(action, Pick):
        return "pick any card of the spread: every one is as good as another"
    return "wait for your turn"


def _as_laid(view: PlayerView, cards: Sequence[Card]) -> Sequence[Card]:
    """A new meld's cards in the order the table lays them: a run in rank order with its
    jokers in their places ("10♥ Joker Joker K♥", not "10♥ K♥ Joker Joker")."""
    meld = new_meld(MeldRules.of(view.variant), cards)
    return meld.cards if meld is not None else cards


def _labels(cards: Sequence[Card]) -> str:
    return " ".join(c.label for c in cards)
