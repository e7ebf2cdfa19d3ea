"""A game in progress: a match (a lone deal is a match cut to its first deal) plus the log
of every deal's actions that led to it.

A match is fully determined by its variant (with options), player count, seed and actions,
so that is all a record holds; loading replays it. :meth:`Session.act` is the one way a
move is played, by bots, the table, the terminal and the server alike; it also ends a deal
that has gone on too long (:func:`rummy.model.state.stalemate_due`). Undo replays the
current deal's log minus its last action.

>>> game = Session.lone_deal("indian_13", players=2, seed=5)
>>> seat = game.state.turn
>>> from rummy.model.actions import Draw, DrawSource
>>> [type(e).__name__ for e in game.act(Draw(seat, DrawSource.CLOSED))]
['CardDrawn']
>>> Session.from_record(game.to_record()).state == game.state
True
>>> game.undo() == Draw(seat, DrawSource.CLOSED), game.actions
(True, [])
>>> m = Session.new("dummy_rummy", players=2, seed=3)
>>> _ = m.act(Draw(m.state.turn, DrawSource.CLOSED))
>>> Session.from_record(m.to_record()).match == m.match
True
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeGuard

from rummy.model.actions import Action, IllegalMoveError, action_from_json
from rummy.model.events import Event
from rummy.model.match import MatchState, finish_deal, start_match
from rummy.model.randomness import Seed, seed_from_text, seed_text
from rummy.model.state import (
    MAX_TURNS,
    GameState,
    apply,
    check_action,
    legal_actions,
    stalemate_due,
)
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, view_for

FORMAT = "rummy-game/2"
"""The ``format`` field of a record written now: a match or a lone deal (``lone``)."""
DEAL_FORMAT = "rummy-deal/1"
"""A lone deal as records were written before (``actions``); still read."""
MATCH_FORMAT = "rummy-match/1"
"""A match as records were written before (``deals``); still read."""
FORMATS = (FORMAT, DEAL_FORMAT, MATCH_FORMAT)


@dataclass(frozen=True)
class Position:
    """The game after ``index`` actions: the deal (and, in a match, the match), and the
    step that led here."""

    index: int
    state: GameState
    match: MatchState | None
    action: Action | None
    events: tuple[Event, ...]


class Session:
    """A match being played: :class:`~rummy.model.match.MatchState` plus every deal's
    actions. ``lone``: only its first deal is played (a deal on its own: a simulation's,
    or a replay of one deal of a match); the match is never scored. The table, the command
    line, the server, the simulations and the saves all go through this one class.

    ``max_turns``: the turn cap :meth:`act` enforces (0: none; the server and the
    simulations keep their own)."""

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: Seed,
                 variant: Variant, *, lone: bool = False, max_turns: int = MAX_TURNS,
                 ceremony: bool = False) -> None:
        self.variant_ref = variant_ref
        self.options = dict(options)
        self.players = players
        self.seed = seed
        self.variant = variant
        self.lone = lone
        self.max_turns = max_turns
        self.ceremony = ceremony
        """Each deal starts with its toss and dealer ceremony, the seats picking; off (Quick
        start, and every record written before) the picks are made for them."""
        self.match: MatchState = start_match(variant, players, seed, ceremony=ceremony)
        self.deals: list[list[Action]] = [[]]
        """Every deal's actions; the last is the current deal's."""
        self.ends: list[GameState] = []
        """Every finished deal's last state (the table shows it until the next deal)."""
        self.prepared = False
        """A deal was set up by hand (:attr:`state` assigned): the record does not replay
        it, so it is not saved."""
        self._dealt = self.match  # the match as the current deal was dealt: undo's start

    @classmethod
    def new(cls, variant_id_or_path: str | Path, players: int, seed: Seed,
            options: Mapping[str, Any] | None = None, *, lone: bool = False,
            max_turns: int = MAX_TURNS, ceremony: bool = False) -> Session:
        """A new match (``lone``: one deal; ``ceremony``: the seats pick each toss).
        Raises ValueError (VariantError) for a bad variant, options or count."""
        variant = _variant(variant_id_or_path, options)
        return cls(str(variant_id_or_path), options or {}, players, seed, variant,
                   lone=lone, max_turns=max_turns, ceremony=ceremony)

    @classmethod
    def lone_deal(cls, variant_id_or_path: str | Path, players: int, seed: Seed,
                  options: Mapping[str, Any] | None = None,
                  max_turns: int = MAX_TURNS) -> Session:
        """A new deal played on its own (:meth:`new` with ``lone``)."""
        return cls.new(variant_id_or_path, players, seed, options, lone=True,
                       max_turns=max_turns)

    # -- where it stands

    @property
    def state(self) -> GameState:
        """The current deal (once the match is over, its last deal as it ended)."""
        return self.match.state

    @state.setter
    def state(self, state: GameState) -> None:
        """Set the current deal up by hand (tests, scenarios); see :attr:`prepared`."""
        self.match = replace(self.match, state=state)
        if not self.deals[-1]:
            self._dealt = self.match
        self.prepared = True

    @property
    def actions(self) -> list[Action]:
        """The current deal's actions (a lone deal's: all of them)."""
        return self.deals[-1]

    @property
    def played(self) -> int:
        """Actions played in all, every deal together."""
        return sum(len(deal) for deal in self.deals)

    @property
    def over(self) -> bool:
        """Nothing more to play: the match is over (a lone deal: the deal is)."""
        return self.state.is_over if self.lone else self.match.over

    @property
    def ended(self) -> GameState | None:
        """The last finished deal as it ended (None before any deal ended)."""
        return self.ends[-1] if self.ends else None

    def as_match(self) -> Session:
        """This session played on as a whole match: a lone deal becomes the first deal of
        its match (deal 0 is dealt from the match's own seed, so nothing is replayed).
        Returns this session."""
        if self.lone:
            self.lone = False
            if self.state.is_over:
                self.ends.pop()
                self._end_deal(self.state)
        return self

    # -- playing

    def check(self, action: Action) -> None:
        """Raise IllegalMoveError (with a reason to show) if ``action`` is not allowed now."""
        check_action(self.state, action)

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.over else legal_actions(self.state, seat)

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` to the current deal (its seat is a deal seat) and log it; a
        deal that has now lasted :attr:`max_turns` turns ends without a winner (the
        Stalemate is logged after it). A finished deal is scored and the next one dealt:
        its opening events follow. IllegalMoveError leaves the session unchanged."""
        events = self._play(action)
        due = None if self.over or not self.max_turns else stalemate_due(
            self.state, self.max_turns)
        if due is not None:
            events += self._play(due)
        return events

    def _play(self, action: Action) -> tuple[Event, ...]:
        """One action as it is logged: no cap of turns (a record replays exactly)."""
        if not self.lone and self.match.over:
            raise IllegalMoveError("the match is over")
        state, events = apply(self.state, action)
        self.deals[-1].append(action)
        if not state.is_over:
            self.match = replace(self.match, state=state)
            return events
        return events + self._end_deal(state)

    def _end_deal(self, state: GameState) -> tuple[Event, ...]:
        """The current deal ended in ``state``: keep it, score it and deal the next."""
        self.ends.append(state)
        if self.lone:
            self.match = replace(self.match, state=state)
            return ()
        number = self.match.deal_no
        self.match, opening = finish_deal(replace(self.match, state=state))
        if self.match.deal_no != number:
            self.deals.append([])
            self._dealt = self.match
        return opening

    def undo(self) -> Action | None:
        """Take back the current deal's last action (playing the rest again from the deal,
        as a record is played); ``None`` when there is none."""
        deal = self.deals[-1]
        if not deal:
            return None
        if self.state.is_over:  # the last deal of the match (or a lone one) is ended again
            self.ends.pop()
        kept, taken = deal[:-1], deal[-1]
        deal.clear()
        self.match = self._dealt
        for action in kept:  # none of them ended the deal: only the last one could
            self._play(action)
        return taken

    def positions(self) -> Iterator[Position]:
        """The game again from its deal, one position per action, played as a record is
        loaded (:meth:`_play`); the first is the deal as dealt."""
        again = Session(self.variant_ref, self.options, self.players, self.seed, self.variant,
                        lone=self.lone, max_turns=0, ceremony=self.ceremony)
        yield again._position(0, None, again.state.history)
        number = 0
        for deal in self.deals:
            for action in deal:
                number += 1
                yield again._position(number, action, again._play(action))

    def _position(self, index: int, action: Action | None,
                  events: tuple[Event, ...]) -> Position:
        return Position(index, self.state, None if self.lone else self.match, action, events)

    # -- records

    def to_record(self) -> dict[str, Any]:
        """The session as JSON-ready data: enough to replay it exactly (``ceremony`` is
        written only when on: a record without it deals as Quick start, as every record
        before it did)."""
        record: dict[str, Any] = {
            "format": FORMAT, "variant": self.variant_ref, "options": dict(self.options),
            "players": self.players, "lone": self.lone,
            "seed": self.seed if isinstance(self.seed, int) else seed_text(self.seed),
            "deals": [[a.to_json() for a in deal] for deal in self.deals],
        }
        if self.ceremony:
            record["ceremony"] = True
        return record

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_record(cls, record: Any) -> Session:
        """Rebuild a session by replaying a record from :meth:`to_record`, or one written
        before (``rummy-deal/1``: a lone deal's ``actions``; ``rummy-match/1``: a match's
        ``deals``).

        Raises ValueError saying what is wrong for anything that is not such a record, or
        whose actions are not legal in order; never returns a partial session.
        """
        session, deals = _start(record)
        for number, deal in enumerate(deals, 1):
            if not isinstance(deal, list):
                raise ValueError(f"deal {number} is not a list of actions")
            if number > len(session.deals):
                raise ValueError(f"deal {number} is recorded but deal {number - 1} never ended")
            where = "action" if session.lone else f"deal {number}, action"
            for index, data in enumerate(deal, 1):
                try:
                    action = action_from_json(data)
                except (ValueError, TypeError, KeyError, AttributeError) as err:
                    raise ValueError(f"{where} {index} cannot be read: {err}") from err
                try:
                    session._play(action)
                except ValueError as err:
                    raise ValueError(f"{where} {index} ({action}) is not legal: {err}") from err
        return session

    @classmethod
    def load(cls, path: str | Path) -> Session:
        """Read a saved record; ValueError for a file that is not a valid one."""
        text = Path(path).read_text(encoding="utf-8")
        try:
            record = json.loads(text)
        except ValueError as err:
            raise ValueError(f"{path}: not a saved game (bad JSON: {err})") from err
        try:
            return cls.from_record(record)
        except ValueError as err:
            raise ValueError(f"{path}: {err}") from err


def _start(record: Any) -> tuple[Session, list[Any]]:
    """A new session from a record's header (format, variant, options, players, seed) and
    its deals' raw actions; ValueError saying what is wrong."""
    if not isinstance(record, dict):
        raise ValueError("a saved game is a JSON object")
    fmt = record.get("format")
    if fmt not in FORMATS:
        raise ValueError(f"not a saved game: format is {fmt!r}, expected one of"
                         f" {', '.join(map(repr, FORMATS))}")
    ref, options = record.get("variant"), record.get("options") or {}
    players, seed = record.get("players"), record.get("seed")
    ceremony = record.get("ceremony", False)
    if not isinstance(ceremony, bool):
        raise ValueError("a saved game's 'ceremony' is true or false")
    if not isinstance(ref, str) or not isinstance(options, dict):
        raise ValueError("a saved game names its variant and its options")
    try:  # a number, or the hex key of a table played online
        seed = seed_from_text(seed)
    except ValueError:
        seed = None
    if not _is_int(players) or seed is None:
        raise ValueError("a saved game's players and seed are whole numbers (or the seed"
                         " a key in hex)")
    if fmt == DEAL_FORMAT:
        lone, deals = True, record.get("actions")
        if not isinstance(deals, list):
            raise ValueError("a saved deal lists its actions")
        deals = [deals]
    else:
        lone, deals = record.get("lone", False), record.get("deals")
        if not isinstance(lone, bool) or (fmt == MATCH_FORMAT and lone):
            raise ValueError("a saved game's 'lone' is true or false")
        if not isinstance(deals, list) or (lone and len(deals) != 1):
            raise ValueError("a saved game lists its deals (a lone deal, one)")
    try:
        return Session.new(ref, players, seed, options, lone=lone, ceremony=ceremony), deals
    except (ValueError, TypeError) as err:
        raise ValueError(f"cannot start the saved game: {err}") from err


def _variant(ref: str | Path, options: Mapping[str, Any] | None) -> Variant:
    """The variant ``ref`` (an id or a path) with the player's options applied."""
    variant = load_variant(ref)
    return variant.with_options(dict(options)) if options else variant


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)
