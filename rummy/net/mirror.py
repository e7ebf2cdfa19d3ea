"""A client's picture of its table, built from the server's messages alone (no I/O).

The server sends a ``state`` message (the whole view, history included) on start, on
reconnecting and at each new deal, then an ``update`` per action (its events, the view
without the history, the legal moves). :class:`Mirror` keeps the seat's
:class:`~rummy.model.view.PlayerView` whole by adding each update's events to the history,
so a bot or the table scene reads it exactly as it reads a local view.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from rummy.model.actions import Action, action_from_json
from rummy.model.events import Event
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView

from .codec import event_from_json, view_from_json
from .proof import DealProofs


class Mirror:
    """What one seat knows of its table, message by message."""

    def __init__(self) -> None:
        self.code: str | None = None
        self.token: str | None = None
        self.join_no: int | None = None
        """Which of the lobby's seats is this client's (from ``joined``)."""
        self.variant: Variant | None = None
        self.view: PlayerView | None = None
        self.legal: list[Action] = []
        self.place: int | None = None
        self.seq = -1
        self.deal = 0
        self.turn: int | None = None
        self.clock: float | None = None
        """The turn timer's seconds left for the seat to move, as the server last said."""
        self.clock_at = 0.0
        """When it said so (``time.monotonic``): the clock runs on between messages."""
        self.seats: list[dict[str, Any]] = []
        self.lobby: list[dict[str, Any]] = []
        self.match: dict[str, Any] = {}
        self.over = False
        self.info: dict[str, Any] = {}
        self.errors: list[dict[str, Any]] = []
        self.proofs = DealProofs()
        """Each deal's fairness commitment, the views sent during it, and its verdict once
        the server reveals it (docs/protocol.md, "Fair deals")."""

    @property
    def my_turn(self) -> bool:
        """This seat is to move (``legal`` may hold moves allowed out of turn too)."""
        return self.turn is not None and self.turn == self.place and bool(self.legal) \
            and not self.over

    def clock_left(self, now: float | None = None) -> float | None:
        """The seconds the seat to move has left now (None: no clock runs, as for a bot)."""
        if self.clock is None:
            return None
        now = time.monotonic() if now is None else now
        return max(0.0, self.clock - (now - self.clock_at))

    def _set_clock(self, turn: int | None, clock: float | None) -> None:
        self.turn, self.clock, self.clock_at = turn, clock, time.monotonic()

    def apply(self, msg: dict[str, Any]) -> list[Event]:
        """Take in one server message; returns the events it brought (already redacted by
        the server for this seat), in order."""
        kind = msg.get("type")
        if kind == "joined":
            self._room_info(msg)
            self.token = msg.get("token", self.token)
            self.join_no = msg.get("join_no", self.join_no)
        elif kind == "lobby":
            self._room_info(msg)
            self.lobby = list(msg["seats"])
        elif kind == "state":
            self._room_info(msg)
            self.proofs.take(msg, self.info)
            assert self.variant is not None
            self.place, self.seq, self.deal = msg["place"], msg["seq"], msg["deal"]
            self.seats, self.match, self.over = msg["seats"], msg["match"], msg["over"]
            self._set_clock(msg["turn"], msg["clock"])
            self.legal = [action_from_json(a) for a in msg["legal"]]
            self.view = (None if msg["view"] is None
                         else view_from_json(msg["view"], self.variant))
            return list(self.view.history) if self.view is not None else []
        elif kind == "update":
            return self._update(msg)
        elif kind == "seats":
            self.seats = msg["seats"]
            self._set_clock(msg["turn"], msg["clock"])
        elif kind == "over":
            self.over, self.match = True, msg["match"]
            self.legal = []
        elif kind == "error":
            self.errors.append(msg)
        return []

    def _update(self, msg: dict[str, Any]) -> list[Event]:
        assert self.variant is not None
        self.proofs.take(msg, self.info)
        events = [event_from_json(e) for e in msg["events"]]
        self.seq, self.deal = msg["seq"], msg["deal"]
        self._set_clock(msg["turn"], msg["clock"])
        self.over = msg["over"]
        self.legal = [action_from_json(a) for a in msg["legal"]]
        if msg["view"] is not None:
            history = self.view.history if self.view is not None else ()
            fresh = view_from_json(msg["view"], self.variant)
            self.view = replace(fresh, history=history + tuple(events))
        return events

    def _room_info(self, msg: dict[str, Any]) -> None:
        self.info = {k: msg[k] for k in ("code", "variant", "options", "players", "deals",
                                         "bots", "turn_seconds") if k in msg}
        self.code = msg.get("code", self.code)
        if self.variant is None and msg.get("variant") in list_variant_ids():
            # a shipped variant only: a server's word is never read as a file's path
            self.variant = load_variant(msg["variant"]).with_options(msg.get("options") or {})
