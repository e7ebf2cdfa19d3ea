"""What the server sends, built per seat: each message holds only what that seat may see.

Views come from :func:`rummy.model.view.view_for` for the seat's own deal seat, events go
through :func:`rummy.model.events.redact_for` for that seat; nothing else about a hand or
the closed deck is ever put in a message. ``docs/protocol.md`` describes every type.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rummy.model.events import redact_for, seen_by
from rummy.model.state import GameState
from rummy.model.view import PlayerView, view_for

from . import PROTOCOL_VERSION
from .codec import view_json
from .listing import room_row
from .protocol import ProtocolError
from .room import Room, Step


def welcome(hosted: bool = False) -> dict[str, Any]:
    """The first message; ``hosted`` when the server runs inside a player's desktop game
    (it stops when that game closes: the others' tables say so)."""
    message: dict[str, Any] = {"type": "welcome", "server": "rummy",
                               "protocol": PROTOCOL_VERSION}
    if hosted:
        message["hosted"] = True
    return message


def tables(listed: list[Room], more: bool) -> dict[str, Any]:
    """The answer to ``list``: the public tables open to join (see ``listing``)."""
    return table_rows([room_row(t) for t in listed], more)


def table_rows(rows: list[dict[str, Any]], more: bool) -> dict[str, Any]:
    """The answer to ``list`` from rows already made (a service's, from every process)."""
    return {"type": "tables", "tables": rows, "more": more}


def redirect(url: str, code: str | None) -> dict[str, Any]:
    """The message asked for is another process's to answer: send it again at ``url``
    (a service's process's own address, never one a client gave; docs/protocol.md,
    "Several processes")."""
    return {"type": "redirect", "url": url, "code": code}


def error(err: ProtocolError) -> dict[str, Any]:
    return {"type": "error", "code": err.code, "message": err.message}


def room_info(room: Room) -> dict[str, Any]:
    return {"code": room.code, "variant": room.variant_ref, "options": room.options,
            "players": room.players, "deals": room.deals, "bots": room.bot_level,
            "turn_seconds": room.turn_seconds}


def joined(room: Room, join_no: int, token: str | None) -> dict[str, Any]:
    """Sent to the one client that took (or took back) a seat; only it gets the token."""
    message = {"type": "joined", "join_no": join_no, **room_info(room)}
    if token is not None:
        message["token"] = token
    return message


def lobby(room: Room, online: set[int]) -> dict[str, Any]:
    seats = [{"join_no": s.join_no, "name": s.name, "ready": s.ready or s.join_no == 0,
              "connected": place in online} for place, s in enumerate(room.seats)]
    return {"type": "lobby", **room_info(room), "seats": seats}


def _seat_list(room: Room, online: set[int]) -> list[dict[str, Any]]:
    return [{"place": place, "name": s.name, "bot": s.bot,
             "connected": s.bot is not None or place in online, "missed": s.missed}
            for place, s in enumerate(room.seats)]


def seats(room: Room, online: set[int], clock: float | None) -> dict[str, Any]:
    """Who is at the table and connected (sent when that changes)."""
    return {"type": "seats", "seats": _seat_list(room, online), "turn": room.place_to_move(),
            "clock": clock}


def _match(room: Room) -> dict[str, Any]:
    assert room.game is not None
    m = room.game.match
    # The score sheet goes out as "table", its name in the protocol since clients first read
    # it (docs/protocol.md, "state"): a client of any version finds it there.
    return {"deal_no": room.deal_no, "seats": list(m.seats), "totals": list(m.totals),
            "table": [list(row) for row in m.sheet], "out": list(m.out), "winner": m.winner,
            "over": m.over}


def _view_json(view: PlayerView | None, history: bool) -> dict[str, Any] | None:
    return None if view is None else view_json(view, history)


def state(room: Room, place: int, clock: float | None,
          online: set[int] | None = None) -> dict[str, Any]:
    """The whole table as ``place`` sees it: on start, on reconnecting, at each new deal.
    ``online``: the places whose players are connected (the receiver at least)."""
    return {"type": "state", **room_info(room), "seq": room.seq, "deal": room.deal_no,
            "place": place, "seat": room.deal_seat(place),
            "seats": _seat_list(room, {place} | (online or set())),
            "turn": room.place_to_move(), "clock": clock,
            "view": _view_json(room.view(place), history=True),
            "legal": [a.to_json() for a in room.legal(place)],
            "match": _match(room), "over": room.over, **_proof(room)}


def _proof(room: Room) -> dict[str, Any]:
    """The fairness commitment of the deal a ``state`` shows, and its reveal once that
    deal is over (the table's last). docs/protocol.md, "Fair deals"."""
    proof: dict[str, Any] = {"commitment": room.commitment}
    if room.finished is not None and room.revealed is not None:
        proof["reveal"] = room.revealed.to_json()
    return proof


def bare_state(room: Room, step: Step) -> GameState:
    """The deal an update shows, without its history: the views built from it skip
    redacting the whole history for every seat (the events go beside the view). Made once
    per action for all the seats."""
    return replace(step.finished if step.finished is not None else room.state, history=())


def update(room: Room, place: int, step: Step, clock: float | None,
           bare: GameState | None = None) -> dict[str, Any]:
    """One action's events as ``place`` sees them, its view after them, and its legal moves.

    When the action ended a deal, the view and the events are of that finished deal (its
    result shows every hand); a ``state`` message with the next deal follows."""
    bare = bare_state(room, step) if bare is None else bare
    if step.finished is not None:
        seats_then = room._last_seats
        seat = seats_then.index(place) if place in seats_then else None
        deal = room.deal_no if room.over else room.deal_no - 1
    else:
        seat = room.deal_seat(place)
        deal = room.deal_no
    view = None if seat is None else view_for(bare, seat)
    # A seat's own request (to drop at its turn) reaches no one else.
    events = [] if seat is None else [redact_for(e, seat).to_json() for e in step.events
                                      if seen_by(e, seat)]
    message = {"type": "update", "seq": room.seq, "deal": deal, "by": step.place,
               "events": events,
               "view": _view_json(view, history=False),
               "legal": [] if step.new_deal else [a.to_json() for a in room.legal(place)],
               "turn": None if step.new_deal else room.place_to_move(), "clock": clock,
               "over": room.over}
    if step.reveal is not None:  # the deal is over: its seed and cards are public now
        message["reveal"] = step.reveal.to_json()
    return message


def over(room: Room) -> dict[str, Any]:
    """The room's game has ended (its match, or the deals the creator asked for)."""
    return {"type": "over", "seq": room.seq, "match": _match(room)}
