"""Step through a finished game, forward and back, with every hand face up.

:class:`ReplayStepper` replays a :class:`~rummy.session.Session` (a lone deal or a match)
once, keeping the state after every action (states are
immutable and share their parts, so this is cheap), so stepping back is as quick as stepping
forward. A screen drives it: :meth:`ReplayStepper.forward`, :meth:`back`, :meth:`seek`, or
:meth:`play` and :meth:`update` once a frame with :attr:`speed` actions per second.

>>> from rummy.session import Position, Session
>>> from rummy.ai import make_bot
>>> game = Session.lone_deal("indian_13", players=2, seed=2)
>>> bots = [make_bot("greedy", seed=s) for s in range(2)]
>>> for _ in range(6):
...     seat = game.state.turn
...     _ = game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
>>> stepper = ReplayStepper(game)
>>> stepper.positions, stepper.index
(7, 0)
>>> stepper.seek(6); stepper.state == game.state
True
>>> stepper.back(), stepper.index, stepper.action == game.actions[4]
(True, 5, True)
>>> [len(h) for h in stepper.hands()]
[14, 13]
"""

from __future__ import annotations

from rummy.model.actions import Action
from rummy.model.cards import Card
from rummy.model.events import DealScored, Event
from rummy.model.match import MatchState
from rummy.model.state import GameState
from rummy.model.view import PlayerView, view_for
from rummy.session import Position, Session

SPEEDS = (0.5, 1.0, 2.0, 4.0, 8.0)
"""Actions per second the play button offers."""


class ReplayStepper:
    """Positions 0 (the deal as dealt) to ``positions - 1`` (the end of the game)."""

    def __init__(self, game: Session, deal: int | None = None) -> None:
        """``deal``: only that deal of a match (numbered from 0), from its dealing to its
        scoring (the rounds of classic and contract rummy are dealt from where the match
        stands, so a round is kept as its match and watched from there)."""
        self.kind = "match" if not game.lone and deal is None else "deal"
        self._positions = list(game.positions())
        if deal is not None:
            self._positions = _one_deal(self._positions, deal)
        self.index = 0
        self.playing = False
        self.speed = 1.0
        self._clock = 0.0

    # -- where we are

    @property
    def positions(self) -> int:
        return len(self._positions)

    @property
    def position(self) -> Position:
        return self._positions[self.index]

    def at(self, index: int) -> Position:
        """Position ``index`` (clamped to the replay), without moving to it."""
        return self._positions[max(0, min(index, len(self._positions) - 1))]

    @property
    def state(self) -> GameState:
        return self.position.state

    @property
    def match(self) -> MatchState | None:
        return self.position.match

    @property
    def action(self) -> Action | None:
        """The action that led to this position (None at the start)."""
        return self.position.action

    @property
    def events(self) -> tuple[Event, ...]:
        """What that action did, for the table to animate."""
        return self.position.events

    @property
    def deal_over(self) -> bool:
        """Whether this position's action ended a deal (its result is shown here)."""
        return self.action is not None and any(isinstance(e, DealScored) for e in self.events)

    @property
    def at_end(self) -> bool:
        return self.index == len(self._positions) - 1

    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Every seat's hand, face up (a replay hides nothing)."""
        return tuple(self.state.hands)

    def views(self) -> list[PlayerView]:
        """Each seat's view of this position; together they show every hand."""
        return [view_for(self.state, seat) for seat in range(len(self.state.hands))]

    # -- moving

    def seek(self, index: int) -> None:
        self.index = max(0, min(int(index), len(self._positions) - 1))
        self._clock = 0.0

    def forward(self) -> bool:
        """One action on; False at the end."""
        if self.at_end:
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        """One action back; False at the start."""
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def play(self) -> None:
        self.playing = True
        self._clock = 0.0

    def pause(self) -> None:
        self.playing = False

    def toggle(self) -> None:
        self.pause() if self.playing else self.play()

    def update(self, dt: float) -> bool:
        """While playing, advance by ``speed`` actions per second; True when it moved.
        Stops at the end, and where a deal ends: its result stays up until the watcher
        goes on."""
        if not self.playing:
            return False
        self._clock += max(0.0, dt) * self.speed
        moved = False
        while self._clock >= 1.0 and self.forward():
            self._clock -= 1.0
            moved = True
            if self.deal_over:
                self.playing = False
                break
        if self.at_end:
            self.playing = False
        return moved


def _one_deal(positions: list[Position], deal: int) -> list[Position]:
    """The positions of deal number ``deal`` of a match, renumbered from 0: from the one
    where it was dealt to the one where it was scored. ValueError when the match never got
    to that deal."""
    first = next((p.index for p in positions if p.match is not None
                  and p.match.deal_no == deal and not p.match.over), None)
    if first is None:
        raise ValueError(f"the match has no deal {deal + 1}")
    last = next((p.index for p in positions[first + 1:] if p.match is not None
                 and (p.match.deal_no != deal or p.match.over)), len(positions) - 1)
    start = positions[first]
    dealt = Position(0, start.state, start.match, None, start.state.history)  # as dealt
    return [dealt] + [Position(i, p.state, p.match, p.action, p.events)
                      for i, p in enumerate(positions[first + 1:last + 1], 1)]
