"""Why a mistake mattered, in the player's words, from how the deal went on.

Once a deal is over, everything in it that the review names is public: which discards
each seat picked up, the melds laid, and every hand, shown at the end. So the reason for a
mistake is read from the seat's own view of the deal's end (its history and the result),
never from a hidden card:

- a card thrown that the next player picked up: "You threw 7♥, which Medium 2 picked up
  to finish a sequence";
- a card the expert would have thrown and that was still loose in the hand at the end:
  "Holding K♠ cost 10 points when Medium 3 declared";
- a drop, or playing on where the expert dropped, with what it cost.

Where the deal says nothing of the kind there is no reason (``None``).
"""

from __future__ import annotations

from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Draw, DrawSource, Drop
from rummy.model.cards import Card
from rummy.model.events import CardDiscarded, CardDrawn, CardLaidOff, Declared, MeldLaid
from rummy.model.view import PlayerView

from .moments import Moment, SeatDeal

GROUP_WORDS = {"impure_sequence": "sequence"}
"""A group kind in a player's words where its name is not already (a sequence with a
joker in it is just a sequence to a player; a pure sequence is worth saying)."""


def reason_for(moment: Moment, best: Action, deal: SeatDeal,
               names: Sequence[str]) -> str | None:
    """The reason the move of ``moment``, where the expert played ``best``, mattered."""
    final = deal.final
    if final is None or final.result is None:
        return None
    played = moment.played
    if isinstance(played, Discard):
        fed = _fed(moment, played.card, final, names)
        if fed is not None:
            return fed
    if isinstance(best, Discard):
        held = _held(best.card, final, names)
        if held is not None:
            return held
    return _dropping(played, best, final, names)


def _fed(moment: Moment, card: Card, final: PlayerView, names: Sequence[str]) -> str | None:
    """The card thrown was picked up by another seat: what they made with it."""
    me = final.seat
    later = final.history[len(moment.view.history):]
    thrown = next((i for i, e in enumerate(later)
                   if isinstance(e, CardDiscarded) and e.seat == me and e.card == card), None)
    if thrown is None:
        return None
    taker = next((e for e in later[thrown + 1:] if isinstance(e, CardDrawn)), None)
    if (taker is None or taker.seat == me or taker.source is not DrawSource.OPEN
            or taker.card != card):
        return None
    who = names[taker.seat]
    made = _made_with(card, taker.seat, later[thrown + 1:], final)
    return f"You threw {card.label}, which {who} picked up{made}"


def _made_with(card: Card, seat: int, later: Sequence[object], final: PlayerView) -> str:
    """What ``seat`` made with ``card``: a meld laid, a lay-off, or a group of its show."""
    for event in later:
        if isinstance(event, MeldLaid) and event.seat == seat and card in event.meld.cards:
            return f" and laid in a {event.meld.kind.value}"
        if isinstance(event, CardLaidOff) and event.seat == seat and event.card == card:
            return " and laid off"
    result = final.result
    assert result is not None
    if seat < len(result.hands):
        for group in result.hands[seat].groups:
            if card in group:
                kind = final.rules.group_kind(final.variant, group, final.wild_joker)
                return f" to finish a {GROUP_WORDS.get(kind, kind.replace('_', ' '))}"
    return ""


def _held(card: Card, final: PlayerView, names: Sequence[str]) -> str | None:
    """The card the expert would have thrown was still loose when another seat won."""
    result = final.result
    me = final.seat
    if result is None or result.winner is None or result.winner == me:
        return None
    loose = result.hands[me].ungrouped
    if card not in loose or card.rank is None or card.rank == final.wild_rank:
        return None
    points = final.variant.points_of_rank(card.rank)
    if points <= 0:
        return None
    return f"Holding {card.label} cost {points} points when {names[result.winner]}" \
           f" {_won(final, result.winner)}"


def _dropping(played: Action, best: Action, final: PlayerView,
              names: Sequence[str]) -> str | None:
    """A drop where the expert played on, or playing on where it dropped."""
    result = final.result
    me = final.seat
    if result is None or result.winner is None or result.winner == me:
        return None
    if isinstance(played, Drop) and isinstance(best, Draw):
        return f"You dropped for {result.points[me]} points; the expert played on"
    if isinstance(played, Draw) and isinstance(best, Drop):
        return (f"Playing on cost {result.points[me]} points when {names[result.winner]}"
                f" {_won(final, result.winner)}; the expert would have dropped")
    return None


def _won(final: PlayerView, winner: int) -> str:
    """How the winner ended the deal, in the game's words."""
    declared = any(isinstance(e, Declared) and e.seat == winner for e in final.history)
    return "declared" if declared else "went out"
