"""Actions a seat may take. Frozen, with a text form and a JSON form for records.

>>> a = Discard(1, parse_card("KC"))
>>> str(a)
'1: discard KC'
>>> action_from_json(a.to_json()) == a
True
>>> str(Finish(0, parse_card("5H"), None))
'0: finish 5H'
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any, NamedTuple

from .cards import Card, parse_card


class IllegalMoveError(ValueError):
    """An action that the rules do not allow now. ``str()`` is a short reason for a player."""


class DrawSource(enum.Enum):
    """Where a card is drawn from."""

    CLOSED = "closed"
    """The top of the face-down closed deck."""
    OPEN = "open"
    """The top of the face-up open deck."""


class Piles(NamedTuple):
    """What a rule family calls its face-down and face-up piles, for what players read
    (docs/rules.md): Indian rummy's closed and open decks are classic rummy's stock and
    discard pile.

    >>> STOCK.name(DrawSource.OPEN)
    'discard pile'
    """

    closed: str
    open: str

    def name(self, source: DrawSource) -> str:
        return self.closed if source is DrawSource.CLOSED else self.open


DECKS = Piles("closed deck", "open deck")
"""The declare family's words (Indian rummy)."""
STOCK = Piles("stock", "discard pile")
"""The words of the families whose melds lie on the table (classic, contract)."""


@dataclass(frozen=True)
class Draw:
    """Draw the top card of the closed or open deck: the first move of a turn.

    ``count`` > 1 (classic family with ``allow_draw_choice``) takes that many cards from the
    top of the open deck (the discard pile): the chosen card and every card above it.
    """

    seat: int
    source: DrawSource
    count: int = 1

    def __str__(self) -> str:
        more = f" x{self.count}" if self.count != 1 else ""
        return f"{self.seat}: draw {self.source.value}{more}"

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": "draw", "seat": self.seat, "source": self.source.value}
        if self.count != 1:
            data["count"] = self.count
        return data


@dataclass(frozen=True)
class Discard:
    """Put a card face up on the open deck: ends the turn."""

    seat: int
    card: Card

    def __str__(self) -> str:
        return f"{self.seat}: discard {self.card.code}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "seat": self.seat, "card": self.card.code}


@dataclass(frozen=True)
class Finish:
    """Put ``card`` face down on the finish slot and declare.

    ``groups`` is the declarer's arrangement of the other cards (every one of them, each in
    exactly one group). ``None`` declares with the engine's best arrangement of the hand.
    """

    seat: int
    card: Card
    groups: tuple[tuple[Card, ...], ...] | None = None

    def __str__(self) -> str:
        text = f"{self.seat}: finish {self.card.code}"
        if self.groups is not None:
            text += " | " + " | ".join(" ".join(c.code for c in g) for g in self.groups)
        return text

    def to_json(self) -> dict[str, Any]:
        groups = None if self.groups is None else [[c.code for c in g] for g in self.groups]
        return {"type": "finish", "seat": self.seat, "card": self.card.code, "groups": groups}


@dataclass(frozen=True)
class Drop:
    """Leave the deal before drawing, for the drop penalty."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: drop"

    def to_json(self) -> dict[str, Any]:
        return {"type": "drop", "seat": self.seat}


@dataclass(frozen=True)
class DropAtTurn:
    """Ask (``on``) or stop asking to drop at the start of this seat's next turn, before
    drawing, for the usual drop points; any seat still in the deal may send it at any time
    (docs/rules.md, "Declare: dropping")."""

    seat: int
    on: bool = True

    def __str__(self) -> str:
        return f"{self.seat}: {'drop' if self.on else 'do not drop'} at my turn"

    def to_json(self) -> dict[str, Any]:
        return {"type": "drop_at_turn", "seat": self.seat, "on": self.on}


@dataclass(frozen=True)
class Timeout:
    """The turn timer ran out: the turn is auto-played (draw closed, discard the drawn card)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: timeout"

    def to_json(self) -> dict[str, Any]:
        return {"type": "timeout", "seat": self.seat}


@dataclass(frozen=True)
class LayMeld:
    """Lay a new meld (run or set) from the hand onto the table (classic family)."""

    seat: int
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.seat}: meld " + " ".join(c.code for c in self.cards)

    def to_json(self) -> dict[str, Any]:
        return {"type": "meld", "seat": self.seat, "cards": [c.code for c in self.cards]}


@dataclass(frozen=True)
class LayDown:
    """Lay down the round's contract, every meld at once (contract family)."""

    seat: int
    groups: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        return f"{self.seat}: lay down " + " | ".join(
            " ".join(c.code for c in g) for g in self.groups)

    def to_json(self) -> dict[str, Any]:
        return {"type": "lay_down", "seat": self.seat,
                "groups": [[c.code for c in g] for g in self.groups]}


@dataclass(frozen=True)
class LayOff:
    """Add one card from the hand to meld number ``meld`` on the table (the player picks
    the meld when the card fits several), at the run's ``end`` ("low" or "high") when it
    fits both; ``None``: a set, or wherever the card fits (the high end first)."""

    seat: int
    card: Card
    meld: int
    end: str | None = None

    def __post_init__(self) -> None:
        if self.end not in (None, "low", "high"):
            raise ValueError(f"a run's end is low or high, not {self.end!r}")

    def __str__(self) -> str:
        at = f" at its {self.end} end" if self.end else ""
        return f"{self.seat}: lay off {self.card.code} on meld {self.meld}{at}"

    def to_json(self) -> dict[str, Any]:
        out = {"type": "lay_off", "seat": self.seat, "card": self.card.code, "meld": self.meld}
        if self.end is not None:
            out["end"] = self.end
        return out


@dataclass(frozen=True)
class FlipDiscard:
    """The stock is empty: turn the discard pile over as the new stock (classic family)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: flip the discard pile"

    def to_json(self) -> dict[str, Any]:
        return {"type": "flip", "seat": self.seat}


@dataclass(frozen=True)
class Stalemate:
    """The deal has gone on too long: it ends here without a winner, each seat scoring the
    cards left in its hand as when no card is left to draw (docs/rules.md, "A deal that
    does not end"). Played for the seat to move, before it draws; never offered among the
    legal actions (a server plays it after its cap of turns)."""

    seat: int

    def __str__(self) -> str:
        return f"{self.seat}: stalemate"

    def to_json(self) -> dict[str, Any]:
        return {"type": "stalemate", "seat": self.seat}


@dataclass(frozen=True)
class Pick:
    """Pick the card at ``position`` (from 0, left to right) of the deck spread face down
    on the table: a card of the toss, or the two-player table's wild joker. A pick names a
    place in the spread, never a card: the seat cannot know which card lies there
    (docs/rules.md, "The toss and the dealer")."""

    seat: int
    position: int

    def __str__(self) -> str:
        return f"{self.seat}: pick card {self.position + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick", "seat": self.seat, "position": self.position}


Action = (
    Draw | Discard | Finish | Drop | DropAtTurn | Timeout | LayMeld | LayDown | LayOff
    | FlipDiscard | Stalemate | Pick
)


def action_from_json(data: dict[str, Any]) -> Action:
    """Read an action written by ``to_json``; raises ValueError on anything else."""
    try:
        kind = data["type"]
        seat = int(data["seat"])
        if kind == "draw":
            return Draw(seat, DrawSource(data["source"]), int(data.get("count", 1)))
        if kind == "meld":
            return LayMeld(seat, tuple(parse_card(c) for c in data["cards"]))
        if kind == "lay_down":
            return LayDown(seat, tuple(tuple(parse_card(c) for c in g) for g in data["groups"]))
        if kind == "lay_off":
            end = data.get("end")
            if end is not None and not isinstance(end, str):
                raise ValueError(f"not an action: 'end' must be low or high in {data!r}")
            return LayOff(seat, parse_card(data["card"]), int(data["meld"]), end)
        if kind == "flip":
            return FlipDiscard(seat)
        if kind == "discard":
            return Discard(seat, parse_card(data["card"]))
        if kind == "finish":
            raw = data.get("groups")
            groups = None if raw is None else tuple(
                tuple(parse_card(c) for c in g) for g in raw
            )
            return Finish(seat, parse_card(data["card"]), groups)
        if kind == "drop":
            return Drop(seat)
        if kind == "drop_at_turn":
            on = data.get("on", True)
            if not isinstance(on, bool):
                raise ValueError(f"not an action: 'on' must be true or false in {data!r}")
            return DropAtTurn(seat, on)
        if kind == "timeout":
            return Timeout(seat)
        if kind == "stalemate":
            return Stalemate(seat)
        if kind == "pick":
            position = data["position"]
            if type(position) is not int or position < 0:
                raise ValueError(f"not an action: 'position' must be a whole number in {data!r}")
            return Pick(seat, position)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an action: {data!r}") from exc
    raise ValueError(f"not an action: unknown type {data.get('type')!r}")
