"""A seat's decisions in a recorded deal, each as the seat saw it then.

The review replays a record (:meth:`rummy.session.Session.positions`, the same replay a
save and a replay go through) and keeps, before each move the seat made, only what a bot
would have been given: the seat's :class:`~rummy.model.view.PlayerView` and its legal
moves. Nothing after this module sees a state, so nothing in the review can read a card
the player could not see (docs/architecture.md, "The bots").

>>> from rummy.session import Session
>>> from rummy.ai import make_bot
>>> game = Session.lone_deal("indian_13", players=2, seed=4)
>>> bots = [make_bot("medium", seed=s) for s in range(2)]
>>> while not game.state.is_over:
...     seat = game.state.turn
...     _ = game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
>>> deal = seat_decisions(game, 0)
>>> deal.decisions[0].turn, deal.decisions[0].played in deal.decisions[0].legal
(1, True)
>>> deal.final is not None and deal.final.result is not None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rummy.model.actions import Action, DropAtTurn, Timeout
from rummy.model.state import legal_actions
from rummy.model.view import PlayerView, view_for
from rummy.session import Session

NOT_CHOSEN = (Timeout, DropAtTurn)
"""Moves that are not a choice of the turn: the clock plays a timeout, and a standing
request to drop at the next turn is made between turns (the drop itself is a candidate of
the turn it happens in)."""


@dataclass(frozen=True)
class Moment:
    """One decision: the seat's view before it, the moves it could make, the one it made."""

    turn: int
    """The seat's turn in the deal, from 1."""
    view: PlayerView
    legal: tuple[Action, ...]
    played: Action


@dataclass(frozen=True)
class SeatDeal:
    """A seat's decisions in one deal, and the deal's end as that seat saw it (every hand
    is shown then) for the reasons a summary gives; ``final`` is ``None`` for a deal the
    record stops in."""

    seat: int
    """The seat in the deal (a match's seats are numbered again in each deal once a
    player is out)."""
    decisions: tuple[Moment, ...]
    final: PlayerView | None
    match_seats: tuple[int, ...]
    """The match seat of each of the deal's seats (a lone deal's: its own)."""

    def names(self, names: Sequence[str]) -> list[str]:
        """The match seats' ``names`` in this deal's seat order."""
        return [names[s] if s < len(names) else f"Seat {s + 1}" for s in self.match_seats]


def deals_in(game: Session) -> int:
    """How many deals the record has (at least one)."""
    return len(game.deals)


def seat_decisions(game: Session, seat: int, deal: int = 0) -> SeatDeal:
    """Seat ``seat`` (of the match; the deal's seat in a lone deal) in deal ``deal`` (from
    0) of ``game``: every move it made that was a choice among two or more.

    ValueError, saying why, when the record has no such deal or the seat did not play it.
    """
    if not 0 <= seat < game.players:
        raise ValueError(f"there is no seat {seat}: the game has seats 0 to {game.players - 1}")
    if not 0 <= deal < len(game.deals):
        raise ValueError(f"there is no deal {deal + 1}: the record has {len(game.deals)}")
    positions = list(game.positions())
    number = 0
    # Position i is the game before action i + 1; the actions of deal d are the d-th run.
    first = sum(len(d) for d in game.deals[:deal])
    moves = game.deals[deal]
    if not moves and positions[first].state.is_over:
        raise ValueError(f"deal {deal + 1} has no moves")
    here = positions[first]
    seats = here.match.seats if here.match is not None else tuple(range(game.players))
    if seat not in seats:
        raise ValueError(f"seat {seat} was out of the match by deal {deal + 1}")
    mine = seats.index(seat)
    decisions: list[Moment] = []
    for offset, played in enumerate(moves):
        state = positions[first + offset].state
        if played.seat != mine or isinstance(played, NOT_CHOSEN):
            continue
        legal = tuple(a for a in legal_actions(state, mine) if not isinstance(a, NOT_CHOSEN))
        if len(legal) < 2:
            continue  # no choice to review
        view = view_for(state, mine)
        number = view.seats[mine].turns_done + 1
        decisions.append(Moment(number, view, legal, played))
    ended = game.ends[deal] if deal < len(game.ends) else None
    final = view_for(ended, mine) if ended is not None else None
    return SeatDeal(mine, tuple(decisions), final, tuple(seats))

