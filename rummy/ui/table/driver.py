"""The game behind the table: one Game, its bots, and the events waiting to be shown.

Every move, the human's or a bot's, goes through :meth:`TableDriver.act` (the engine's
``Game.act``); its events are queued for the table to animate. Bots think on a worker
thread so the frame never waits for them; the table asks :meth:`poll_bot` each frame and
a bot's move is played only once the previous events have been shown and a short pause
has passed, so a person can follow the game.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from rummy.ai import Bot, make_bot
from rummy.model import Action, IllegalMoveError, PlayerView
from rummy.model.events import Event, redact_for
from rummy.session import Game


def _event_log() -> Any:
    try:
        from rummy.ui.eventlog import EventLog
    except ImportError:  # the shell's log is optional for the table
        return None
    try:
        return EventLog.from_env()
    except Exception:  # noqa: BLE001 - a log that cannot open must not stop the game
        return None


class TableDriver:
    """Owns the game and the bots; hands the table events to animate, one at a time."""

    def __init__(self, game: Game, bots: dict[int, Bot], human_seat: int | None) -> None:
        self.game = game
        self.bots = bots
        self.human_seat = human_seat
        self.viewer = 0 if human_seat is None else human_seat
        self.pending: deque[Event] = deque()
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rummy-bot")
        # A thinking bot holds the GIL for up to the switch interval (5 ms by default) each
        # time the frame wants it back; 1 ms keeps the frame's waits short.
        sys.setswitchinterval(min(sys.getswitchinterval(), 0.001))
        self._thinking: Future[Action] | None = None
        self._thinking_seat: int | None = None
        self._wait = 0.0
        self.log = _event_log()
        for event in game.state.history:
            self._queue(None, event)

    @classmethod
    def new(cls, variant_id: str, options: dict[str, Any], players: int,
            opponents: tuple[str, ...], seed: int | None, human_seat: int | None,
            game: Game | None = None) -> TableDriver:
        if seed is None:
            seed = random.randrange(1 << 30)
        if game is None:
            game = Game.new(variant_id, players, seed, options=options)
        seats = [s for s in range(game.players) if s != human_seat]
        names = list(opponents) or ["greedy"]
        bots: dict[int, Bot] = {}
        for i, seat in enumerate(seats):
            name = names[i] if i < len(names) else names[-1]
            bots[seat] = make_bot(name, seed=seed * 31 + seat)
        return cls(game, bots, human_seat)

    # -- the view

    @property
    def view(self) -> PlayerView:
        return self.game.view(self.viewer)

    @property
    def over(self) -> bool:
        return self.game.state.result is not None

    def legal(self, seat: int | None = None) -> list[Action]:
        seat = self.human_seat if seat is None else seat
        return [] if seat is None else self.game.legal_actions(seat)

    # -- acting

    def check(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, else the engine's short reason."""
        try:
            self.game.check(action)
        except IllegalMoveError as err:
            return str(err)
        return None

    def act(self, action: Action) -> str | None:
        """Play ``action``; its events join the queue. Returns the reason if illegal."""
        try:
            events = self.game.act(action)
        except IllegalMoveError as err:
            return str(err)
        for event in events:
            self._queue(action.seat, event)
        return None

    def _queue(self, actor: int | None, event: Event) -> None:
        if self.log is not None:
            with contextlib.suppress(Exception):  # a debugging aid only
                self.log.write(actor, event)
        self.pending.append(redact_for(event, self.viewer))

    def next_event(self) -> Event | None:
        return self.pending.popleft() if self.pending else None

    # -- bots

    def poll_bot(self, dt: float, pace: float) -> bool:
        """Advance the bot whose turn it is; True when it played a move this frame.

        Call only when the table has shown every pending event. ``pace`` is the least time
        between a bot's moves, in seconds.
        """
        if self.over:
            return False
        seat = self.game.state.turn
        bot = self.bots.get(seat)
        if bot is None:
            return False
        if self._thinking is None or self._thinking_seat != seat:
            view, legal = self.game.view(seat), self.game.legal_actions(seat)
            if not legal:
                return False
            self._thinking = self._pool.submit(bot.choose, view, legal)
            self._thinking_seat = seat
            self._wait = 0.0
        self._wait += dt
        if self._wait < pace or not self._thinking.done():
            return False
        future, self._thinking, self._thinking_seat = self._thinking, None, None
        try:
            action: Action | None = future.result()
        except Exception:  # noqa: BLE001 - a bot that fails must not freeze the table
            action = None
        reason = "no move" if action is None else self.act(action)
        if reason is not None:  # a bot error must not freeze the table: play any legal move
            legal = self.game.legal_actions(seat)
            if legal:
                self.act(legal[0])
        return True

    def submit_hint(self) -> Future[Any] | None:
        """Work out a hint for the human off the frame."""
        if self.human_seat is None:
            return None
        from .hints import compute_hint

        view, legal = self.game.view(self.human_seat), self.legal()
        return self._pool.submit(compute_hint, view, legal)

    @property
    def bot_thinking(self) -> bool:
        return self._thinking is not None and not self._thinking.done()

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self.log is not None and hasattr(self.log, "close"):
            with contextlib.suppress(Exception):
                self.log.close()
