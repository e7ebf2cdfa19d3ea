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
from typing import Any, TypeGuard

from rummy.model.actions import Action, action_from_json
from rummy.model.events import Event
from rummy.model.state import GameState, apply, check_action, legal_actions, start_deal
from rummy.model.variant import Variant, load_variant
from rummy.model.view import PlayerView, view_for

FORMAT = "rummy-deal/1"
"""The ``format`` field of a saved deal; a record with any other value is refused."""


class Game:
    """One deal being played: ``state`` and the ``actions`` applied since the deal."""

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: int,
                 variant: Variant) -> None:
        self.variant_ref = variant_ref
        self.options = dict(options)
        self.players = players
        self.seed = seed
        self.variant = variant
        self.actions: list[Action] = []
        self.state: GameState = start_deal(variant, players, seed)

    @classmethod
    def new(cls, variant_id_or_path: str | Path, players: int, seed: int,
            options: Mapping[str, Any] | None = None) -> Game:
        """A new deal. Raises ValueError (VariantError) for a bad variant, options or count."""
        variant = _variant(variant_id_or_path, options)
        return cls(str(variant_id_or_path), options or {}, players, seed, variant)

    # -- playing

    def act(self, action: Action) -> tuple[Event, ...]:
        """Apply ``action`` and log it; IllegalMoveError leaves the game unchanged."""
        self.state, events = apply(self.state, action)
        self.actions.append(action)
        return events

    def check(self, action: Action) -> None:
        """Raise IllegalMoveError (with a reason to show) if ``action`` is not allowed now."""
        check_action(self.state, action)

    def legal_actions(self, seat: int) -> list[Action]:
        return legal_actions(self.state, seat)

    def view(self, seat: int) -> PlayerView:
        return view_for(self.state, seat)

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

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_record(cls, record: Any) -> Game:
        """Rebuild a game by replaying a record from :meth:`to_record`.

        Raises ValueError saying what is wrong for anything that is not a record this game
        wrote, or whose actions are not legal in order; never returns a partial game.
        """
        if not isinstance(record, dict):
            raise ValueError("a saved deal is a JSON object")
        if record.get("format") != FORMAT:
            raise ValueError(f"not a saved deal: format is {record.get('format')!r},"
                             f" expected {FORMAT!r}")
        ref, options = record.get("variant"), record.get("options") or {}
        players, seed, raw = record.get("players"), record.get("seed"), record.get("actions")
        if not isinstance(ref, str) or not isinstance(options, dict):
            raise ValueError("a saved deal names its variant and its options")
        if not _is_int(players) or not _is_int(seed):
            raise ValueError("a saved deal's players and seed are whole numbers")
        if not isinstance(raw, list):
            raise ValueError("a saved deal lists its actions")
        try:
            game = cls.new(ref, players, seed, options)
        except (ValueError, TypeError) as err:
            raise ValueError(f"cannot start the saved deal: {err}") from err
        actions: list[Action] = []
        for number, data in enumerate(raw, 1):
            try:
                action = action_from_json(data)
            except (ValueError, TypeError, AttributeError) as err:
                raise ValueError(f"action {number} cannot be read: {err}") from err
            actions.append(action)
        try:
            game.state = _replay(game.variant, players, seed, actions)
        except _ReplayError as err:
            raise ValueError(str(err)) from err
        game.actions = actions
        return game

    @classmethod
    def load(cls, path: str | Path) -> Game:
        """Read a saved deal; ValueError for a file that is not a valid saved deal."""
        text = Path(path).read_text(encoding="utf-8")
        try:
            record = json.loads(text)
        except ValueError as err:
            raise ValueError(f"{path}: not a saved deal (bad JSON: {err})") from err
        try:
            return cls.from_record(record)
        except ValueError as err:
            raise ValueError(f"{path}: {err}") from err


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


class MatchGame:
    """A match being played: :class:`~rummy.model.match.MatchState` plus every deal's
    actions. The record (variant, options, players, seed, the actions of every deal)
    replays exactly.

    >>> m = MatchGame.new("dummy_rummy", players=2, seed=3)
    >>> from rummy.model.actions import Draw, DrawSource
    >>> _ = m.act(Draw(m.match.state.turn, DrawSource.CLOSED))
    >>> MatchGame.from_record(m.to_record()).match == m.match
    True
    """

    def __init__(self, variant_ref: str, options: Mapping[str, Any], players: int, seed: int,
                 variant: Variant) -> None:
        from rummy.model.match import start_match
        self.variant_ref = variant_ref
        self.options = dict(options)
        self.players = players
        self.seed = seed
        self.variant = variant
        self.deals: list[list[Action]] = [[]]
        self.match = start_match(variant, players, seed)

    @classmethod
    def new(cls, variant_id_or_path: str | Path, players: int, seed: int,
            options: Mapping[str, Any] | None = None) -> MatchGame:
        variant = _variant(variant_id_or_path, options)
        return cls(str(variant_id_or_path), options or {}, players, seed, variant)

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

    def view(self, seat: int) -> PlayerView:
        return view_for(self.match.state, seat)

    def to_record(self) -> dict[str, Any]:
        return {
            "format": MATCH_FORMAT, "variant": self.variant_ref, "options": dict(self.options),
            "players": self.players, "seed": self.seed,
            "deals": [[a.to_json() for a in deal] for deal in self.deals],
        }

    def save(self, path: str | Path) -> None:
        Path(path).write_text(json.dumps(self.to_record(), indent=1) + "\n", encoding="utf-8")

    @classmethod
    def from_record(cls, record: Any) -> MatchGame:
        """Rebuild a match by replaying a record from :meth:`to_record`; ValueError when it
        is not one or an action is not legal in order."""
        if not isinstance(record, dict) or record.get("format") != MATCH_FORMAT:
            raise ValueError(f"not a saved match (format {MATCH_FORMAT!r} expected)")
        ref, options = record.get("variant"), record.get("options") or {}
        players, seed, deals = record.get("players"), record.get("seed"), record.get("deals")
        if not isinstance(ref, str) or not isinstance(options, dict):
            raise ValueError("a saved match names its variant and its options")
        if not _is_int(players) or not _is_int(seed) or not isinstance(deals, list):
            raise ValueError("a saved match has whole-number players and seed, and its deals")
        try:
            game = cls.new(ref, players, seed, options)
        except (ValueError, TypeError) as err:
            raise ValueError(f"cannot start the saved match: {err}") from err
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

    @classmethod
    def load(cls, path: str | Path) -> MatchGame:
        text = Path(path).read_text(encoding="utf-8")
        try:
            return cls.from_record(json.loads(text))
        except ValueError as err:
            raise ValueError(f"{path}: {err}") from err
