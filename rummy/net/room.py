"""One room on the server (one table being played on it): its seats, its match and the
moves played, without any I/O.

The server (:mod:`rummy.net.server`) owns the sockets and the clock; this module owns the
rules side: who sits where, the deal (from a secret key the server draws), the
check of every action with the engine, what a timed-out or absent seat plays, and the
record that replays the room exactly (variant, options, seed, every action), and each
deal's fairness commitment and reveal (:mod:`rummy.model.fairness`).

Seats follow the join order around the table and the first to join moves first: once the
seed is drawn, the engine's first player of the first deal is known, and joiner ``i`` takes
match seat ``(first + i) % players``.

>>> t = Room.create("ACDEF", "indian_13", {}, players=2, deals=1, bot_level="greedy")
>>> me, _ = t.add_player("Asha")
>>> t.start(seed=bytes(32))
>>> t.seats[t.place_of(me)].name, t.game.state.turn == t.place_of(me)
('Asha', True)
>>> t.seats[1 - t.place_of(me)].bot
'greedy'
"""

from __future__ import annotations

import functools
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass, field
from typing import Any

from rummy.ai import Bot, make_bot
from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    Stalemate,
    Timeout,
)
from rummy.model.events import Event
from rummy.model.fairness import Reveal, commitment
from rummy.model.families import Phase
from rummy.model.randomness import Seed, derived_number, seed_from_text, seed_text
from rummy.model.rules import family_of
from rummy.model.state import MAX_TURNS, GameState, stalemate_due
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_type import Variant, VariantError
from rummy.model.view import PlayerView, view_for
from rummy.session import Session

from .names import look_alike
from .protocol import NAME_LENGTH, ProtocolError

CODE_LETTERS = "ACDEFHJKMNPRTWXY"
"""Room-code letters: none that reads as a digit or as another letter (no B, G, I, L, O,
Q, S, U, V, Z), so a code read aloud or off a screen is typed right."""
CODE_LENGTH = 10
"""16 ** 10 = 1.1e12 codes: at the failed joins an address is allowed
(:class:`rummy.net.guard.FailedJoins`), finding one of a thousand open rooms by guessing
takes some 200 years (docs/protocol.md, "Limits")."""
OLD_CODE_LENGTH = 5
"""The codes of rooms created before codes grew to :data:`CODE_LENGTH`: a room resumed
from such a record keeps its code, and its players rejoin with it."""
CODE_GROUP = 5
"""Letters read, typed and shown together ("ACDEF HJKMN")."""
DEFAULT_TURN_TIMER = 30
"""Online declare tables always run a turn timer (the variant files say online tables use
30-45 seconds): the engine's Timeout plays a missed turn and three in a row drop the seat."""
TURN_SECONDS = (30, 45, 60, 90, 120)
"""The clocks a host picks from for a variant without a turn timer of its own (classic and
contract rummy, where laying melds takes longer than a draw and a discard)."""
TURN_SECONDS_RANGE = (15, 300)
"""The clocks the server accepts in ``create``."""
DEFAULT_MAX_TURNS = MAX_TURNS
"""Turns (all seats together) after which the server ends a deal without a winner: a deal
between bots, or people who only pass, can go on for ever in contract rummy. Deals of
Dummy Rummy between medium bots take 15 to 90 turns, a few several hundred."""
RECORD_FORMAT = "rummy-table/1"
"""The format of a room's record in the store: it was named when rooms were called tables,
and the records already written carry it, so it stays."""
_NUMBERED = re.compile(r" \(\d+\)$")
"""The number :meth:`Room._unique` puts after a name."""


def _clock(seconds: Any) -> int:
    """A room's turn clock as asked for (None: the default); ProtocolError out of range."""
    if seconds is None:
        return DEFAULT_TURN_TIMER
    low, high = TURN_SECONDS_RANGE
    if not isinstance(seconds, int) or isinstance(seconds, bool) or not low <= seconds <= high:
        raise ProtocolError("bad_request", f"turn_seconds is a whole number from {low} to"
                            f" {high}")
    return seconds


def new_code() -> str:
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))


def normal_code(code: Any) -> str:
    """A room code as typed or pasted (any case, spaces or hyphens between its groups) in
    its stored form.

    >>> normal_code(" acdef-hjkmn "), normal_code("ACDEF HJKMN"), normal_code(None)
    ('ACDEFHJKMN', 'ACDEFHJKMN', '')
    """
    return "".join(code.split()).replace("-", "").upper() if isinstance(code, str) else ""


def show_code(code: str) -> str:
    """A room code as people read it, in groups of :data:`CODE_GROUP` letters.

    >>> show_code("ACDEFHJKMN"), show_code("ACDEF")
    ('ACDEF HJKMN', 'ACDEF')
    """
    return " ".join(code[i:i + CODE_GROUP] for i in range(0, len(code), CODE_GROUP))


def is_code(text: str) -> bool:
    """Whether ``text`` is a room code in its stored form (an old short one too)."""
    return len(text) in (OLD_CODE_LENGTH, CODE_LENGTH) and all(c in CODE_LETTERS for c in text)


def hash_token(token: str) -> str:
    """Records keep only a token's hash: a leaked database seats nobody."""
    return hashlib.sha256(token.encode()).hexdigest()


@functools.lru_cache(maxsize=32)
def _base_variant(variant_id: str) -> Variant:
    """A shipped variant, read once (reading its YAML costs far more than a deal)."""
    return load_variant(variant_id)


def new_match(variant_id: str, options: dict[str, Any], players: int, seed: Seed,
              ceremony: bool = False) -> Session:
    """The room's match. Its turn cap is the server's (configurable, and its Stalemate is
    logged and sent as a move of its own), not the session's."""
    variant = _base_variant(variant_id)
    if options:
        variant = variant.with_options(options)
    return Session(variant_id, options, players, seed, variant, max_turns=0,
                   ceremony=ceremony)


@dataclass
class Seat:
    """A place at the table: a person (with the hash of their token) or a bot."""

    name: str
    token_hash: str | None = None
    bot: str | None = None
    ready: bool = False
    join_no: int = 0
    missed: int = 0
    """Turns in a row the server played for this seat (families without Timeout)."""

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "token_hash": self.token_hash, "bot": self.bot,
                "ready": self.ready, "join_no": self.join_no}


@dataclass
class Step:
    """What one action did: its events for the deal it was played in, and, when it ended
    that deal, the finished deal's last state (the table shows its result)."""

    action: Action
    events: tuple[Event, ...]
    finished: GameState | None = None
    new_deal: bool = False
    place: int = 0
    """The match seat that played it (or for which the clock played it)."""
    reveal: Reveal | None = None
    """The finished deal's seed and cards, made public (with ``finished``)."""


@dataclass
class Room:
    code: str
    variant_ref: str
    options: dict[str, Any]
    players: int
    deals: int | None
    bot_level: str
    seats: list[Seat] = field(default_factory=list)
    seed: Seed | None = None
    """The match's secret key (a number only where a test picks the deals): never sent."""
    game: Session | None = None
    finished: GameState | None = None
    """The last finished deal, while the table shows its result (the room is over)."""
    bots: dict[int, Bot] = field(default_factory=dict)
    seq: int = 0
    """Actions played in this room, all deals together (each message carries it)."""
    turn_seconds: int = DEFAULT_TURN_TIMER
    """The seconds each person's turn has: the variant's turn timer where it has one, else
    what the host picked."""
    ceremony: bool = False
    """Each deal's toss and dealer ceremony is played, every seat picking (its creator's
    choice: docs/protocol.md, "The toss and the dealer"); else the picks are made at once."""
    public: bool = False
    """Its creator listed it: the server's ``list`` shows it while it waits for players
    (docs/protocol.md, "Public tables"); a private room is found by its code alone."""

    @classmethod
    def create(cls, code: str, variant: Any, options: Any, players: int,
               deals: int | None, bot_level: str, turn_seconds: Any = None,
               public: Any = False, ceremony: Any = False) -> Room:
        """A new room in the lobby; ProtocolError for a bad variant, options, count,
        clock or ``public``. ``turn_seconds`` is the clock of a variant without a turn
        timer option."""
        if not isinstance(public, bool):
            raise ProtocolError("bad_request", "public is true or false")
        if not isinstance(ceremony, bool):
            raise ProtocolError("bad_request", "ceremony is true or false")
        if not isinstance(variant, str) or variant not in list_variant_ids():
            raise ProtocolError("bad_request", f"no variant {variant!r:.40} (variants:"
                                f" {', '.join(list_variant_ids())})")
        if not isinstance(options, dict):
            raise ProtocolError("bad_request", "options is an object of option: value")
        options = dict(options)
        try:
            base = _base_variant(variant)
            offered = {option.key for option in base.options}
            if "turn_timer" in offered and not options.get("turn_timer"):
                options["turn_timer"] = DEFAULT_TURN_TIMER
            rules = base.with_options(options)
            make_bot(bot_level)
        except (VariantError, ValueError) as err:
            raise ProtocolError("bad_request", " ".join(str(err).split())) from None
        if not rules.min_players <= players <= rules.max_players:
            raise ProtocolError("bad_request", f"{variant} seats {rules.min_players} to"
                                f" {rules.max_players} players")
        clock = _clock(options["turn_timer"] if "turn_timer" in offered else turn_seconds)
        return cls(code, variant, options, players, deals, bot_level, turn_seconds=clock,
                   public=public, ceremony=ceremony)

    # -- the lobby

    @property
    def started(self) -> bool:
        return self.game is not None

    def add_player(self, name: str) -> tuple[int, str]:
        """Seat a person (in join order); returns their join number and secret token."""
        if self.started:
            raise ProtocolError("already_started", "this table has started")
        if len(self.seats) >= self.players:
            raise ProtocolError("table_full", f"all {self.players} seats are taken")
        token = secrets.token_urlsafe(18)
        self.seats.append(Seat(self._unique(name), hash_token(token), join_no=len(self.seats)))
        return len(self.seats) - 1, token

    def _unique(self, name: str) -> str:
        """``name``, or with a number after it when it looks like the name of a seat here
        ("Asha", then "asha (2)"; :func:`rummy.net.names.look_alike`): the table names
        every other seat, and two drawn alike could not be told apart."""
        taken = {look_alike(seat.name) for seat in self.seats}
        if look_alike(name) not in taken:
            return name
        name = _NUMBERED.sub("", name)  # "Asha (2)" taken: "Asha (3)", not "Asha (2) (2)"
        number = 2
        unique = name
        while look_alike(unique) in taken:
            suffix = f" ({number})"
            unique = name[:NAME_LENGTH - len(suffix)].rstrip() + suffix
            number += 1
        return unique

    def seat_for_token(self, token: Any) -> int | None:
        """The place (join number before the start, match seat after) holding ``token``."""
        if not isinstance(token, str) or len(token) > 100:
            return None
        wanted = hash_token(token)
        for place, seat in enumerate(self.seats):
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, wanted):
                return place
        return None

    def place_of(self, join_no: int) -> int:
        return next(p for p, s in enumerate(self.seats) if s.join_no == join_no)

    def start(self, seed: Seed) -> None:
        """Fill the empty seats with bots and deal; joiner ``i`` sits ``i`` places after the
        engine's first player."""
        game = new_match(self.variant_ref, self.options, self.players, seed, self.ceremony)
        while len(self.seats) < self.players:
            n = len(self.seats)
            self.seats.append(Seat(f"{self.bot_level.capitalize()} {n + 1}", bot=self.bot_level,
                                   ready=True, join_no=n))
        first = game.state.first_player
        placed: list[Seat | None] = [None] * self.players
        for seat in self.seats:
            placed[(first + seat.join_no) % self.players] = seat
        self.seats = [s for s in placed if s is not None]
        self.seed, self.game = seed, game
        self._make_bots()
        self._dealt()

    def _make_bots(self) -> None:
        assert self.seed is not None
        # a bot's seed is drawn from the key, and tells nothing of it
        bots = derived_number(self.seed, "bots")
        self.bots = {place: make_bot(s.bot, seed=bots * 31 + place)
                     for place, s in enumerate(self.seats) if s.bot is not None}

    def _dealt(self) -> None:
        """A deal has just been dealt: commit to its seed and cards."""
        assert self.game is not None
        state = self.game.state
        self.commitment = commitment(state.seed, family_of(state.variant).layout(state))
        self._deal_start, self._deal_seq, self._deal_actions = state, self.seq, []

    # -- playing

    @property
    def over(self) -> bool:
        game = self.game
        if game is None:
            return False
        return game.match.over or (self.deals is not None and game.match.deal_no >= self.deals)

    @property
    def state(self) -> GameState:
        """The deal the table shows: the current one, or the last one once the room is over."""
        assert self.game is not None
        return self.finished if self.finished is not None else self.game.state

    @property
    def deal_no(self) -> int:
        assert self.game is not None
        match = self.game.match
        # a match that ended deals no more; one stopped at ``deals`` has dealt the next
        return match.deal_no - (1 if self.finished is not None and not match.over else 0)

    def deal_seat(self, place: int) -> int | None:
        """The deal seat of match seat ``place`` (None when it is out of the match)."""
        assert self.game is not None
        seats = self.game.match.seats
        return seats.index(place) if place in seats else None

    def place_to_move(self) -> int | None:
        """The match seat whose move it is (None when the room is over)."""
        if self.game is None or self.over:
            return None
        return self.game.match.seats[self.game.state.turn]

    def view(self, place: int) -> PlayerView | None:
        seat = self._shown_seat(place)
        return None if seat is None else view_for(self.state, seat)

    def _shown_seat(self, place: int) -> int | None:
        assert self.game is not None
        if self.finished is not None:
            seats = self.game.match.seats if self.game.match.over else self._last_seats
            return seats.index(place) if place in seats else None
        return self.deal_seat(place)

    def legal(self, place: int) -> list[Action]:
        """What ``place`` may play now, as sent to its client (the clock's Timeout is the
        server's alone)."""
        if self.game is None or self.over:
            return []
        seat = self.deal_seat(place)
        if seat is None:
            return []
        return [a for a in self.game.legal_actions(seat)
                if not isinstance(a, (Timeout, Stalemate))]

    def act(self, place: int, action: Action, *, clock: bool = False) -> Step:
        """Check ``action`` (for match seat ``place``) with the engine and play it.

        Raises ProtocolError for a move out of turn, an illegal one or a clock-only one."""
        game = self.game
        if game is None:
            raise ProtocolError("illegal", "the game has not started")
        if self.over:
            raise ProtocolError("game_over", "this table's game is over")
        seat = self.deal_seat(place)
        if seat is None:
            raise ProtocolError("not_your_turn", "you are out of this match")
        if action.seat != seat:
            raise ProtocolError("illegal", f"you play seat {seat}, not seat {action.seat}")
        if isinstance(action, Timeout) and not clock:
            raise ProtocolError("illegal", "only the turn timer plays a timeout")
        if isinstance(action, Stalemate) and not clock:
            raise ProtocolError("illegal", "only the server ends a deal without a winner")
        before, deal_no, seats = game.state, game.match.deal_no, game.match.seats
        try:  # the engine decides; some moves are allowed out of turn (asking to drop)
            events = game.act(action)
        except IllegalMoveError as err:
            code = "illegal" if seat == before.turn else "not_your_turn"
            raise ProtocolError(code, str(err)) from None
        self.seq += 1
        self._deal_actions.append(action)
        if not clock:
            self.seats[place].missed = 0
        if game.match.deal_no == deal_no and not game.match.over:
            return Step(action, events, place=place)
        finished = game.ended  # the deal this action ended, as it ended
        assert finished is not None and self._deal_start is not None
        self._last_seats = seats
        self.revealed = Reveal.of(self._deal_start, self._deal_actions, deal=deal_no,
                                  first_seq=self._deal_seq)
        if game.match.deal_no != deal_no:  # the next deal's opening events are not this one's
            events = events[:len(events) - len(game.state.history)]
        if self.over:
            self.finished = finished
            return Step(action, events, finished, place=place, reveal=self.revealed)
        self._dealt()
        return Step(action, events, finished, new_deal=True, place=place,
                    reveal=self.revealed)

    def clock_action(self) -> Action:
        """What the turn timer plays for the seat to move: the engine's Timeout where the
        family has one, else draw from the closed deck and discard the card drawn."""
        assert self.game is not None
        state = self.game.state
        seat = state.turn
        legal = self.game.legal_actions(seat)
        for action in legal:
            if isinstance(action, Timeout):
                return action
        if state.phase is Phase.DRAW:
            wanted: Action = Draw(seat, DrawSource.CLOSED)
        else:
            drawn = state.drawn
            wanted = Discard(seat, drawn) if drawn is not None else legal[0]
        if wanted in legal:
            return wanted
        discards = [a for a in legal if isinstance(a, (Discard, Draw))]
        return (discards or legal)[0]

    def stalemate_due(self, max_turns: int) -> Stalemate | None:
        """The Stalemate that ends the current deal once it has lasted ``max_turns`` turns
        (:func:`rummy.model.state.stalemate_due`); None when none is due."""
        if self.game is None or self.over:
            return None
        return stalemate_due(self.game.state, max_turns)

    # -- the record

    def meta(self) -> dict[str, Any]:
        """Everything but the actions: what the store keeps beside them."""
        return {"format": RECORD_FORMAT, "code": self.code, "variant": self.variant_ref,
                "options": self.options, "players": self.players, "deals": self.deals,
                "bot_level": self.bot_level,
                "seed": self.seed if self.seed is None else _seed_json(self.seed),
                "seats": [s.to_json() for s in self.seats], "turn_seconds": self.turn_seconds,
                "public": self.public, "ceremony": self.ceremony}

    @classmethod
    def from_record(cls, meta: dict[str, Any], actions: list[dict[str, Any]]) -> Room:
        """Rebuild a room by replaying its actions; ValueError for a damaged record."""
        if meta.get("format") != RECORD_FORMAT:
            raise ValueError(f"not a table record (format {RECORD_FORMAT!r} expected)")
        room = cls(meta["code"], meta["variant"], dict(meta["options"]), int(meta["players"]),
                    meta["deals"], meta["bot_level"],
                    turn_seconds=int(meta.get("turn_seconds", DEFAULT_TURN_TIMER)),
                    public=meta.get("public") is True,
                    ceremony=meta.get("ceremony") is True)
        room.seats = [Seat(s["name"], s["token_hash"], s["bot"], bool(s["ready"]),
                            int(s["join_no"])) for s in meta["seats"]]
        seed = meta["seed"]
        if seed is None:
            return room
        room.seed = seed_from_text(seed)
        room.game = new_match(room.variant_ref, room.options, room.players, room.seed,
                              room.ceremony)
        room._make_bots()
        room._dealt()
        from rummy.model.actions import action_from_json
        for number, data in enumerate(actions, 1):
            action = action_from_json(data)
            place = room.game.match.seats[action.seat]
            try:
                room.act(place, action, clock=isinstance(action, (Timeout, Stalemate)))
            except ProtocolError as err:
                raise ValueError(f"action {number} ({action}) does not replay: {err}") from None
        return room

    _last_seats: tuple[int, ...] = ()
    """The deal seats of the last finished deal."""
    commitment: str = ""
    """The current deal's fairness commitment (sent to every seat when it is dealt)."""
    revealed: Reveal | None = None
    """The last finished deal, made public."""
    _deal_start: GameState | None = None
    _deal_seq: int = 0
    _deal_actions: list[Action] = field(default_factory=list)


def _seed_json(seed: Seed) -> int | str:
    """A seed as the store keeps it: a number as it is, a key in hex."""
    return seed if isinstance(seed, int) else seed_text(seed)
