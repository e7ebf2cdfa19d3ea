"""The game behind the table: one deal of its match's session, its bots, and the events
waiting to be shown.

Every move, the human's or a bot's, goes through :meth:`TableDriver.act` (the session's
``act``, played once; the session also ends a deal that has gone on too long); its events
are queued for the table to animate. Bots think on a worker
thread so the frame never waits for them; the table asks :meth:`poll_bot` each frame and
a bot's move is played only once the previous events have been shown and a short pause
has passed, so a person can follow the game.

The match around the deal is the session's (:class:`rummy.session.Session`, one for the
whole match: the autosave keeps its record): ``match`` is the
:class:`~rummy.model.match.MatchState` and, once the deal's last action has been played, the
match after scoring it (``match.over``, ``winner``, ``totals``, ``out``; its ``state`` is
then the next deal, already dealt, while :attr:`TableDriver.state` stays this deal's).
Actions and views name *deal* seats; ``seats[deal_seat]`` is the match seat (pool
eliminations leave seats out of later deals). :meth:`next_deal` makes the driver of the
match's next deal.
"""

from __future__ import annotations

import contextlib
import random
import sys
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

from rummy.ai import Bot, make_bot
from rummy.ai.hint import Hint, hint
from rummy.model import Action, IllegalMoveError, PlayerView, Variant
from rummy.model.events import Event, redact_for
from rummy.model.fairness import Verdict
from rummy.model.match import MatchState, deal_seed
from rummy.model.randomness import derived_number
from rummy.model.state import GameState, check_action
from rummy.model.view import view_for
from rummy.session import Session


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

    hosting = False
    """Whether this game runs an online table's server (never, offline: see
    :class:`rummy.net.remote.RemoteDriver`)."""
    joined_late = False
    """This seat sat down at a deal already under way (an online seat rejoined): the table
    lays the deal out as it stands instead of playing its events again."""

    def __init__(self, game: Session, bots: dict[int, Bot], human_seat: int | None,
                 human: int | None = None, opponents: Mapping[int, str] | None = None,
                 inline: bool = False) -> None:
        self.game = game.as_match()
        """The whole match's session (a lone deal given is played on as its first deal)."""
        self.inline = inline
        self.bots = bots
        self.human_seat = human_seat
        self.viewer = 0 if human_seat is None else human_seat
        match = self.game.match
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
        for event in self.game.state.history:
            self._queue(None, event)

    @classmethod
    def new(cls, variant_id: str, options: dict[str, Any], players: int,
            opponents: tuple[str, ...], seed: int | None, human_seat: int | None,
            game: Session | None = None, inline: bool = False, ceremony: bool = False
            ) -> TableDriver:
        """The first deal of a new match (``game``: a prepared first deal, or a prepared
        match to play on from where it stands; ``inline``: think in the caller's thread;
        ``ceremony``: the seats pick each toss, no Quick start)."""
        if seed is None:
            seed = random.randrange(1 << 30)
        if game is None:
            game = Session.new(variant_id, players, seed, options=options, ceremony=ceremony)
        names = list(opponents) or ["greedy"]
        others = [s for s in range(game.players) if s != human_seat]
        table = {seat: names[i] if i < len(names) else names[-1]
                 for i, seat in enumerate(others)}
        return cls.for_match(game, table, human_seat, inline)

    @classmethod
    def for_match(cls, game: Session, opponents: Mapping[int, str], human: int | None,
                  inline: bool = False) -> TableDriver:
        """The driver of ``game``'s current deal. ``opponents``: match seat -> bot name;
        ``human``: the human's match seat (None for a demo)."""
        game = game.as_match()
        match = game.match
        # a deal's own seed, as ever (a number offline: the number itself)
        bot_seed = derived_number(deal_seed(game.seed, match.deal_no), "bots")
        bots: dict[int, Bot] = {}
        for deal_seat, seat in enumerate(match.seats):
            if seat != human:
                bots[deal_seat] = make_bot(opponents[seat], seed=bot_seed * 31 + seat)
        human_seat = match.seats.index(human) if human in match.seats else None
        return cls(game, bots, human_seat, human, opponents, inline)

    def next_deal(self) -> TableDriver:
        """The driver of the match's next deal (call once this deal is over and the match
        is not); this driver is closed."""
        self.close()
        return TableDriver.for_match(self.game, self.opponents, self.human, inline=self.inline)

    @property
    def match(self) -> MatchState:
        """The match: as this deal was dealt, or once it ended, after scoring it."""
        return self.game.match

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
    def state(self) -> GameState:
        """This deal: the session's current one, or once it ended, as it ended (the
        session has already dealt the next)."""
        if self.game.match.deal_no == self.deal_no:
            return self.game.state
        return self.game.ends[self.deal_no]

    @property
    def actions(self) -> list[Action]:
        """This deal's actions."""
        return self.game.deals[self.deal_no]

    @property
    def view(self) -> PlayerView:
        return view_for(self.state, self.viewer)

    @property
    def variant(self) -> Variant:
        return self.game.variant

    @property
    def local(self) -> TableDriver:
        """This game is played here: its session is the record to keep."""
        return self

    @property
    def over(self) -> bool:
        return self.state.result is not None

    def turn_seconds(self, seat: int) -> float | None:
        """The turn timer's seconds for ``seat``, whose turn begins now (None: no timer).
        Here the table keeps the clock, from the variant's ``turn_timer``."""
        del seat  # every seat gets the same time
        seconds = self.game.variant.params.turn_seconds
        return float(seconds) if seconds > 0 else None

    def legal(self, seat: int | None = None) -> list[Action]:
        seat = self.human_seat if seat is None else seat
        return [] if seat is None or self.over else self.game.legal_actions(seat)

    # -- acting

    def check(self, action: Action) -> str | None:
        """``None`` when ``action`` is legal now, else the engine's short reason."""
        try:
            check_action(self.state, action)
        except IllegalMoveError as err:
            return str(err)
        return None

    def act(self, action: Action) -> str | None:
        """Play ``action``; its events join the queue. Returns the reason if illegal.

        The action that ends the deal also moves the match on (scores the deal; deals the
        next one or ends the match); so does a deal that has gone on too long (the session
        ends it without a winner)."""
        if self.over:
            return "the deal is over"
        try:
            events = self.game.act(action)
        except IllegalMoveError as err:
            return str(err)
        if self.game.match.deal_no != self.deal_no:  # the next deal's opening is not ours
            events = events[:len(events) - len(self.game.state.history)]
        for event in events:
            self._queue(action.seat, event)
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
        seat = self.state.turn
        bot = self.bots.get(seat)
        if bot is None:
            return False
        if self._thinking is None or self._thinking_seat != seat:
            view, legal = view_for(self.state, seat), self.legal(seat)
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
            legal = self.legal(seat)
            if legal:
                self.act(legal[0])
        return True

    def submit_hint(self) -> Future[Hint] | None:
        """Work out a hint for the human off the frame."""
        if self.human_seat is None:
            return None
        view, legal = view_for(self.state, self.human_seat), self.legal()
        return self._pool.submit(hint, view, legal)

    @property
    def fairness(self) -> Verdict | None:
        """The fairness proof's verdict on the deal shown: a deal dealt here is not
        committed to (only a server's deals are; docs/protocol.md, "Fair deals")."""
        return None

    @property
    def proof_file(self) -> Path | None:
        """Where the deal's fairness proof was saved (none here)."""
        return None

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        if self.log is not None and hasattr(self.log, "close"):
            with contextlib.suppress(Exception):
                self.log.close()

