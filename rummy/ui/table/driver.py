"""The game behind the table: one deal's Game inside its match, its bots, and the events
waiting to be shown.

Every move, the human's or a bot's, goes through :meth:`TableDriver.act` (the engine's
``Game.act``); its events are queued for the table to animate. Bots think on a worker
thread so the frame never waits for them; the table asks :meth:`poll_bot` each frame and
a bot's move is played only once the previous events have been shown and a short pause
has passed, so a person can follow the game.

The match around the deal is the engine's (:mod:`rummy.model.match`): the driver holds the
:class:`~rummy.model.match.MatchState` as it stood when the deal began and, once the deal's
last action has been played, the match after scoring it (``match.over``, ``winner``,
``totals``, ``out``; its ``state`` is then the next deal, already dealt). Actions and views
name *deal* seats; ``seats[deal_seat]`` is the match seat (pool eliminations leave seats out
of later deals). :meth:`next_deal` makes the driver of the match's next deal.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

from rummy.ai import Bot, make_bot
from rummy.model import Action, IllegalMoveError, PlayerView
from rummy.model.events import Event, redact_for
from rummy.model.match import MatchState, deal_seed, finish_deal, start_match
from rummy.model.state import stalemate_due
from rummy.session import Game, MatchGame


def _event_log() -> Any:
    try:
        from rummy.ui.eventlog import EventLog
    except ImportError:  # the shell's log is optional for the table
        return None
    try:
        return EventLog.from_env()
    except Exception:  # noqa: BLE001 - a log that cannot open must not stop the game
        return None


class InlineExecutor(Executor):
    """Runs each job at once, in the caller's thread: the future it returns is done.

    The table's tests use it so that what a bot plays, and when, never depends on how fast
    a worker thread happens to run."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as err:  # noqa: BLE001 - handed to whoever reads the future
            future.set_exception(err)
        return future


class TableDriver:
    """Owns the deal, its match and the bots; hands the table events to animate, one at a
    time. ``human_seat`` and the keys of ``bots`` are deal seats; ``human`` is the human's
    match seat (None in a demo); ``human_seat`` is None too once the human is out."""

    def __init__(self, game: Game, bots: dict[int, Bot], human_seat: int | None,
                 match: MatchState | None = None, human: int | None = None,
                 opponents: Mapping[int, str] | None = None, inline: bool = False) -> None:
        self.game = game
        self.inline = inline
        self.bots = bots
        self.human_seat = human_seat
        self.viewer = 0 if human_seat is None else human_seat
        if match is None:
            match = replace(start_match(game.variant, game.players, game.seed),
                            state=game.state)
        self.match = match
        self.seats: tuple[int, ...] = match.seats
        """Deal seat -> match seat, for this deal."""
        self.deal_no = match.deal_no
        self.human = human_seat if human is None else human
        self.opponents: dict[int, str] = dict(opponents) if opponents is not None else {
            self.seats[d]: bot.name for d, bot in bots.items()}
        """Match seat -> bot name, for every seat the computer plays."""
        self.pending: deque[Event] = deque()
        self._pool: Executor = (InlineExecutor() if inline else
                                ThreadPoolExecutor(max_workers=1, thread_name_prefix="rummy-bot"))
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
            game: Game | MatchGame | None = None, inline: bool = False) -> TableDriver:
        """The first deal of a new match (``game``: a prepared first deal, or a prepared
        match to play on from where it stands; ``inline``: think in the caller's thread)."""
        if seed is None:
            seed = random.randrange(1 << 30)
        if isinstance(game, MatchGame):
            match, ref, opts = game.match, game.variant_ref, game.options
        else:
            if game is None:
                game = Game.new(variant_id, players, seed, options=options)
            match = replace(start_match(game.variant, game.players, game.seed),
                            state=game.state)
            ref, opts = game.variant_ref, game.options
        names = list(opponents) or ["greedy"]
        others = [s for s in range(match.players) if s != human_seat]
        table = {seat: names[i] if i < len(names) else names[-1]
                 for i, seat in enumerate(others)}
        return cls.for_match(match, ref, opts, table, human_seat,
                             game if isinstance(game, Game) else None, inline)

    @classmethod
    def for_match(cls, match: MatchState, variant_ref: str, options: Mapping[str, Any],
                  opponents: Mapping[int, str], human: int | None,
                  game: Game | None = None, inline: bool = False) -> TableDriver:
        """The driver of ``match``'s current deal. ``opponents``: match seat -> bot name;
        ``human``: the human's match seat (None for a demo)."""
        if game is None:
            game = Game(variant_ref, options, len(match.seats),
                        deal_seed(match.seed, match.deal_no), match.variant)
            game.state = match.state
        bot_seed = game.seed
        bots: dict[int, Bot] = {}
        for deal_seat, seat in enumerate(match.seats):
            if seat != human:
                bots[deal_seat] = make_bot(opponents[seat], seed=bot_seed * 31 + seat)
        human_seat = match.seats.index(human) if human in match.seats else None
        return cls(game, bots, human_seat, match, human, opponents, inline)

    def next_deal(self) -> TableDriver:
        """The driver of the match's next deal (call once this deal is over and the match
        is not); this driver is closed."""
        self.close()
        return TableDriver.for_match(self.match, self.game.variant_ref, self.game.options,
                                     self.opponents, self.human, inline=self.inline)

    @property
    def match_over(self) -> bool:
        """The deal is over and it ended the match."""
        return self.over and self.match.over

    def match_names(self) -> list[str]:
        """Every match seat's name at the table: "You" for the human, else the bot's."""
        return ["You" if seat == self.human else
                f"{self.opponents.get(seat, 'bot').capitalize()} {seat + 1}"
                for seat in range(self.match.players)]

    def deal_values(self, per_match_seat: Sequence[int]) -> list[int]:
        """A per-match-seat list, in deal seat order."""
        return [per_match_seat[s] for s in self.seats]

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
        """Play ``action``; its events join the queue. Returns the reason if illegal.

        The action that ends the deal also moves the match on (scores the deal; deals the
        next one or ends the match)."""
        try:
            played = [(action.seat, e) for e in self.game.act(action)]
            due = stalemate_due(self.game.state)
            if due is not None:  # the deal went on too long: it ends with no winner
                played += [(due.seat, e) for e in self.game.act(due)]
        except IllegalMoveError as err:
            return str(err)
        if self.over and self.match.deal_no == self.deal_no and not self.match.over:
            # the deal's last action was played once, in the deal; the match scores it
            self.match, _ = finish_deal(replace(self.match, state=self.game.state))
        for actor, event in played:
            self._queue(actor, event)
        return None

    def _queue(self, actor: int | None, event: Event) -> None:
        if self.log is not None:
            with contextlib.suppress(Exception):  # a debugging aid only
                self.log.write(actor, event)
        if event.seen_by(self.viewer):  # a private event reaches only its seat
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
