"""Which cards a seat may not know at each point of a table, worked out independently of
the server: replay the table's record with the engine and follow every card.

A card is hidden from a seat while it lies in another seat's hand (or among its dead cards,
or face down on the finish slot) or in the closed deck, unless the rules have shown it
face up before in this deal (the toss, the open deck, the cut joker, melds, shows). Once a
deal is over every hand is shown; only the closed deck stays hidden.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from rummy.model.actions import action_from_json
from rummy.model.cards import Card, CardError, parse_card
from rummy.model.events import Declared, TossMade
from rummy.model.families.declare_deal import DeclareState
from rummy.model.families.melding import MeldState
from rummy.model.randomness import seed_from_text
from rummy.model.state import GameState
from rummy.session import Session

Key = tuple[int, int]
"""(deal number, actions played at the table)."""


def _face_up(state: GameState) -> set[Card]:
    """Cards the rules show face up in ``state`` or showed earlier in its history."""
    seen = set(state.open_deck)
    for event in state.history:
        if isinstance(event, TossMade):
            seen.update(card for _, card in event.cards)
        elif isinstance(event, Declared):
            seen.update(c for group in event.groups for c in group)
    if isinstance(state, MeldState):
        seen.update(c for meld in state.melds for c in meld.cards)
    elif isinstance(state, DeclareState):
        if state.wild_joker is not None:
            seen.add(state.wild_joker)
        for shown in state.shows:
            if shown:
                seen.update(c for group in shown for c in group)
    return seen


def _hidden(state: GameState, seat: int, public: set[Card]) -> set[Card]:
    secret = set(state.closed_deck)
    if not state.is_over:
        for other, hand in enumerate(state.hands):
            if other != seat:
                secret.update(hand)
        if isinstance(state, DeclareState):
            for other, dead in enumerate(state.dead):
                if other != seat:
                    secret.update(dead)
            if state.finish_slot is not None and state.turn != seat:
                secret.add(state.finish_slot)
    return secret - public


class Secrets:
    """For each (deal, seq): per match seat, the cards it may not know then."""

    def __init__(self, meta: dict[str, Any], actions: list[dict[str, Any]]) -> None:
        game = Session.new(meta["variant"], meta["players"], seed_from_text(meta["seed"]),
                           meta["options"])
        self.by_key: dict[Key, dict[int, set[Card]]] = {}
        public: set[Card] = set()
        self._note((0, 0), game, game.state, public)
        for seq, data in enumerate(actions, 1):
            deal, seats, before = game.match.deal_no, game.match.seats, game.state
            game.act(action_from_json(data))
            if game.match.deal_no != deal or game.match.over:
                from rummy.model.state import apply
                finished, _ = apply(before, action_from_json(data))
                public |= _face_up(finished)
                self._note((deal, seq), game, finished, public, seats)
                public = set()
            self._note((game.match.deal_no, seq), game, game.state, public)

    def _note(self, key: Key, game: Session, state: GameState, public: set[Card],
              seats: tuple[int, ...] | None = None) -> None:
        public |= _face_up(state)
        seats = game.match.seats if seats is None else seats
        self.by_key[key] = {place: _hidden(state, seats.index(place), public)
                            for place in seats}


def cards_in(message: Any) -> Iterator[Card]:
    """Every card code anywhere in a JSON message."""
    if isinstance(message, dict):
        for value in message.values():
            yield from cards_in(value)
    elif isinstance(message, list):
        for value in message:
            yield from cards_in(value)
    elif isinstance(message, str):
        for word in message.split():  # a reveal's layout lines hold codes between words
            if len(word) <= 6:
                with contextlib.suppress(CardError, ValueError):
                    yield parse_card(word)


def leaks(secrets: Secrets, place: int, received: list[dict[str, Any]]) -> list[str]:
    """Every hidden card found in the messages one seat received, with where."""
    found: list[str] = []
    key: Key | None = None
    checked = 0
    for number, msg in enumerate(received):
        if "seq" in msg and "deal" in msg:
            key = (msg["deal"], msg["seq"])
        if key is None:
            continue
        hidden = secrets.by_key[key].get(place, set())
        checked += 1
        reveal = msg.get("reveal")
        if reveal is not None:  # a deal's closed deck is made public once the deal is over
            view = msg.get("view") or {}
            over = msg["type"] == "update" and view.get("result") is not None or msg["over"]
            if not (over and reveal["deal"] == msg["deal"]):
                found.append(f"message {number} reveals deal {reveal['deal']} before its end")
        for card in cards_in({k: v for k, v in msg.items() if k != "reveal"}):
            if card in hidden:
                found.append(f"message {number} ({msg['type']}, deal {key[0]}, action"
                             f" {key[1]}) shows {card.code}")
    assert checked, "no message of the game was checked"
    return found
