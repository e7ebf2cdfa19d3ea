"""A game in progress: a deal's state plus the log of actions that led to it.

A deal is fully determined by its variant (with options), player count, seed and actions,
so that is all a record holds; loading replays it. Undo replays the log minus its last
action. Bots, the UI and (later) network peers all go through :meth:`Game.act`.

>>> game = Game.new("indian_13", players=2, seed=5)
>>> seat = game.state.turn
>>> from rummy.model.actions import Draw, DrawSource
>>> [type(e).__name__ for e in game.act(Draw(seat, DrawSource.CLOSED))]
['CardDrawn']
>>> Game.from_record(game.to_record()).state == game.state
True
>>> game.undo() == Draw(seat, DrawSource.CLOSED), game.actions
(True, [])
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any, TypeGuard, TypeVar

from rummy.model.actions import Action, action_from_json
from rummy.model.events import Event
from rummy.model.state import GameState, apply, check_action, legal_actions, start_deal
from rummy.model.variant import Variant, load_variant
from rummy.model.view import PlayerView, view_for

FORMAT = "rummy-deal/1"
"""The ``format`` field of a saved deal; a record with any other value is refused."""


class Session:
    """What a deal and a match being played share: the variant (with the options the
    player chose), the players and the seed, the seat-level questions (legal actions,
    views, checks) asked of the current deal, and saving and loading their records.
    :class:`Game` plays one deal, :class:`MatchGame` a whole match; the table, the command
    line, the server and the saves all go through these two."""

    what = "game"
    """What a record of this holds, in messages."""

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: int,
                 variant: Variant) -> None:
        self.variant_ref = variant_ref
        self.options = dict(options)
        self.players = players
        self.seed = seed
        self.variant = variant

    @classmethod
    def new(cls: type[_S], variant_id_or_path: str | Path, players: int, seed: int,
            options: Mapping[str, Any] | None = None) -> _S:
        """A new one. Raises ValueError (VariantError) for a bad variant, options or count."""
        variant = _variant(variant_id_or_path, options)
        return cls(str(variant_id_or_path), options or {}, players, seed, variant)

    @property
    def state(self) -> GameState:
        """The deal being played."""
        raise NotImplementedError

    def act(self, action: Action) -> tuple[Event, ...]:
        raise NotImplementedError

    def to_record(self) -> dict[str, Any]:
        raise NotImplementedError

    def check(self, action: Action) -> None:
        """Raise IllegalMoveError (with a reason to show) if ``action`` is not allowed now."""
        check_action(self.state, action)

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self.state, seat)

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_record(cls: type[_S], record: Any) -> _S:
        raise NotImplementedError

    @classmethod
    def load(cls: type[_S], path: str | Path) -> _S:
        """Read a saved record; ValueError for a file that is not a valid one."""
        text = Path(path).read_text(encoding="utf-8")
        try:
            record = json.loads(text)
        except ValueError as err:
            raise ValueError(f"{path}: not a saved {cls.what} (bad JSON: {err})") from err
        try:
            return cls.from_record(record)
        except ValueError as err:
            raise ValueError(f"{path}: {err}") from err

    @classmethod
    def _start(cls: type[_S], record: Any, fmt: str) -> _S:
        """A new session from a record's header (format, variant, options, players, seed);
        ValueError saying what is wrong."""
        what = cls.what
        if not isinstance(record, dict):
            raise ValueError(f"a saved {what} is a JSON object")
        if record.get("format") != fmt:
            raise ValueError(f"not a saved {what}: format is {record.get('format')!r},"
                             f" expected {fmt!r}")
        ref, options = record.get("variant"), record.get("options") or {}
        players, seed = record.get("players"), record.get("seed")
        if not isinstance(ref, str) or not isinstance(options, dict):
            raise ValueError(f"a saved {what} names its variant and its options")
        if not _is_int(players) or not _is_int(seed):
            raise ValueError(f"a saved {what}'s players and seed are whole numbers")
        try:
            return cls.new(ref, players, seed, options)
        except (ValueError, TypeError) as err:
            raise ValueError(f"cannot start the saved {what}: {err}") from err


_S = TypeVar("_S", bound=Session)


class Game(Session):
    """One deal being played: ``state`` and the ``actions`` applied since the deal."""

    what = "deal"

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: int,
                 variant: Variant) -> None:
        super().__init__(variant_ref, options, players, seed, variant)
        self.actions: list[Action] = []
        self._state: GameState = start_deal(variant, players, seed)

    @property
    def state(self) -> GameState:
        return self._state

    @state.setter
    def state(self, state: GameState) -> None:
        self._state = state

    # -- playing

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` and log it; IllegalMoveError leaves the game unchanged."""
        self.state, events = apply(self.state, action)
        self.actions.append(action)
        return events

    def undo(self) -> Action | None:
        """Take back the last action (replaying the rest); ``None`` when there is none."""
        if not self.actions:
            return None
        last = self.actions[-1]
        self.state = _replay(self.variant, self.players, self.seed, self.actions[:-1])
        self.actions.pop()
        return last

    # -- records

    def to_record(self) -> dict[str, Any]:
        """The deal as JSON-ready data: enough to replay it exactly."""
        return {
            "format": FORMAT,
            "variant": self.variant_ref,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "actions": [a.to_json() for a in self.actions],
        }

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """Rebuild a game by replaying a record from :meth:`to_record`.

        Raises ValueError saying what is wrong for anything that is not a record this game
        wrote, or whose actions are not legal in order; never returns a partial game.
        """
        game = cls._start(record, FORMAT)
        raw = record.get("actions")
        if not isinstance(raw, list):
            raise ValueError("a saved deal lists its actions")
        actions: list[Action] = []
        for number, data in enumerate(raw, 1):
            try:
                action = action_from_json(data)
            except (ValueError, TypeError, AttributeError) as err:
                raise ValueError(f"action {number} cannot be read: {err}") from err
            actions.append(action)
        try:
            game.state = _replay(game.variant, game.players, game.seed, actions)
        except _ReplayError as err:
            raise ValueError(str(err)) from err
        game.actions = actions
        return game


class _ReplayError(ValueError):
    pass


def _variant(ref: str | Path, options: Mapping[str, Any] | None) -> Variant:
    """The variant ``ref`` (an id or a path) with the player's options applied."""
    variant = load_variant(ref)
    return variant.with_options(dict(options)) if options else variant


def _replay(variant: Variant, players: int, seed: int, actions: list[Action]) -> GameState:
    state = start_deal(variant, players, seed)
    for number, action in enumerate(actions, 1):
        try:
            state, _ = apply(state, action)
        except ValueError as err:
            raise _ReplayError(f"action {number} ({action}) is not legal: {err}") from err
    return state


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


MATCH_FORMAT = "rummy-match/1"
"""The ``format`` field of a saved match."""


class MatchGame(Session):
    """A match being played: :class:`~rummy.model.match.MatchState` plus every deal's
    actions. The record (variant, options, players, seed, the actions of every deal)
    replays exactly.

    >>> m = MatchGame.new("dummy_rummy", players=2, seed=3)
    >>> from rummy.model.actions import Draw, DrawSource
    >>> _ = m.act(Draw(m.match.state.turn, DrawSource.CLOSED))
    >>> MatchGame.from_record(m.to_record()).match == m.match
    True
    """

    what = "match"

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: int,
                 variant: Variant) -> None:
        from rummy.model.match import start_match
        super().__init__(variant_ref, options, players, seed, variant)
        self.deals: list[list[Action]] = [[]]
        self.match = start_match(variant, players, seed)

    @property
    def state(self) -> GameState:
        """The current deal."""
        return self.match.state

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` to the current deal (its seat is a deal seat); a finished deal
        is scored and the next one dealt. IllegalMoveError leaves the match unchanged."""
        from rummy.model.match import apply_match
        before = self.match.deal_no
        self.match, events = apply_match(self.match, action)
        self.deals[-1].append(action)
        if self.match.deal_no != before:
            self.deals.append([])
        return events

    def legal_actions(self, seat: int) -> list[Action]:
        return [] if self.match.over else legal_actions(self.match.state, seat)

    def to_record(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT, "variant": self.variant_ref, "options": dict(self.options),
            "players": self.players, "seed": self.seed,
            "deals": [[a.to_json() for a in deal] for deal in self.deals],
        }

    @classmethod
    def from_record(cls, record: Any) -> MatchGame:
        """Rebuild a match by replaying a record from :meth:`to_record`; ValueError when it
        is not one or an action is not legal in order."""
        game = cls._start(record, MATCH_FORMAT)
        deals = record.get("deals")
        if not isinstance(deals, list):
            raise ValueError("a saved match lists its deals")
        for number, deal in enumerate(deals, 1):
            if not isinstance(deal, list):
                raise ValueError(f"deal {number} is not a list of actions")
            if number > len(game.deals):
                raise ValueError(f"deal {number} is recorded but deal {number - 1} never ended")
            for index, data in enumerate(deal, 1):
                try:
                    game.act(action_from_json(data))
                except (ValueError, TypeError, KeyError, AttributeError) as err:
                    raise ValueError(f"deal {number}, action {index}: {err}") from err
        return game
