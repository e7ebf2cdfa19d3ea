"""Events: what happened, in order, for the UI to animate and the history to show.

Every event is frozen, reads as a sentence (``str``) and has a JSON form (``to_json``).
Some events show a card only its owner may see (the deal, a draw from the closed deck, the
card put face down on the finish slot); :func:`redact_for` returns the event as another
seat sees it, with those cards replaced by ``None``.

>>> from rummy.model.cards import parse_card
>>> e = CardDrawn(1, DrawSource.CLOSED, parse_card("7H"))
>>> str(e)
'seat 1 draws 7♥ from the closed deck'
>>> str(redact_for(e, 0))
'seat 1 draws from the closed deck'
>>> redact_for(e, 1) == e
True
>>> CardDiscarded(0, parse_card("KC")).to_json()
{'event': 'card_discarded', 'seat': 0, 'card': 'KC'}
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from rummy.model.table_melds import TableMeld

from .actions import DECKS, DrawSource, Piles
from .cards import Card, Rank
from .scoring import DealResult


def to_jsonable(value: Any) -> Any:
    """A JSON-ready copy of ``value``: cards as codes, enums as values, dataclasses as dicts.

    Generic on purpose: a new field of an event or a view is serialised without anyone
    having to remember it (the view leak test relies on this).
    """
    if isinstance(value, Card):
        return value.code
    if isinstance(value, enum.Enum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (tuple, list)):
        return [to_jsonable(v) for v in value]
    return value


class _Event:
    kind: ClassVar[str]

    def to_json(self) -> dict[str, Any]:
        body = to_jsonable(self)
        assert isinstance(body, dict)
        return {"event": self.kind, **body}

    def redacted_for(self, seat: int) -> Event:
        """The event as ``seat`` sees it; most events are public."""
        return self  # type: ignore[return-value]

    def seen_by(self, seat: int) -> bool:
        """Whether ``seat`` learns of this event at all; most events are public."""
        return True

    def told(self, piles: Piles) -> str:
        """The event in words, the piles named as the family names them (``str`` uses
        Indian rummy's closed and open decks)."""
        return str(self)


def _cards(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


@dataclass(frozen=True)
class TossMade(_Event):
    """One round of the toss: each listed seat got a face-up card.

    ``tied`` lists the seats that drew identical faces at the top (or bottom) and toss
    again; it is empty on the deciding round.
    """

    kind: ClassVar[str] = "toss_made"
    round: int
    cards: tuple[tuple[int, Card], ...]
    tied: tuple[int, ...] = ()

    def __str__(self) -> str:
        text = ", ".join(f"seat {s} {c.label}" for s, c in self.cards)
        if self.tied:
            text += f"; seats {', '.join(map(str, self.tied))} tied and toss again"
        return f"toss: {text}"


@dataclass(frozen=True)
class DeckSpread(_Event):
    """A deck was spread face down across the table for picking: ``pickers`` pick a card
    each, in that order (``purpose`` ``"toss"``), or the dealer picks the wild joker from
    the rest of the closed deck (``"joker"``). The cards stay hidden until picked."""

    kind: ClassVar[str] = "deck_spread"
    purpose: str
    size: int
    pickers: tuple[int, ...]

    def __str__(self) -> str:
        who = ", ".join(f"seat {s}" for s in self.pickers)
        what = "the wild joker" if self.purpose == "joker" else "a card each"
        return f"{self.size} cards spread face down: {who} to pick {what}"


@dataclass(frozen=True)
class CardPicked(_Event):
    """A seat picked the card at ``position`` (from 0, left to right) of the spread deck,
    and it was turned face up for everyone."""

    kind: ClassVar[str] = "card_picked"
    seat: int
    position: int
    card: Card
    purpose: str = "toss"

    def __str__(self) -> str:
        return f"seat {self.seat} picks card {self.position + 1}: {self.card.label}"


@dataclass(frozen=True)
class TossWon(_Event):
    """The toss decided who moves first (and who deals, when the toss picks a dealer)."""

    kind: ClassVar[str] = "toss_won"
    first_player: int
    dealer: int | None = None

    def __str__(self) -> str:
        dealer = "" if self.dealer is None else f"seat {self.dealer} deals; "
        return f"{dealer}seat {self.first_player} moves first"


@dataclass(frozen=True)
class CardsDealt(_Event):
    """Every seat got its hand. ``hands[s]`` is ``None`` where the viewer may not see it."""

    kind: ClassVar[str] = "cards_dealt"
    first_player: int
    sizes: tuple[int, ...]
    hands: tuple[tuple[Card, ...] | None, ...]

    def __str__(self) -> str:
        return f"{sum(self.sizes)} cards dealt, {self.sizes[0]} each"

    def redacted_for(self, seat: int) -> Event:
        hands = tuple(h if s == seat else None for s, h in enumerate(self.hands))
        return dataclasses.replace(self, hands=hands)


@dataclass(frozen=True)
class OpenCardTurned(_Event):
    """The first card of the open deck was turned face up."""

    kind: ClassVar[str] = "open_card_turned"
    card: Card

    def __str__(self) -> str:
        return self.told(DECKS)

    def told(self, piles: Piles) -> str:
        return f"{self.card.label} starts the {piles.open}"


@dataclass(frozen=True)
class WildJokerCut(_Event):
    """The wild joker was cut from the closed deck; it lies face up, out of play."""

    kind: ClassVar[str] = "wild_joker_cut"
    card: Card
    wild_rank: Rank | None
    by: int | None = None

    def __str__(self) -> str:
        who = "" if self.by is None else f"seat {self.by} cuts "
        wild = "" if self.wild_rank is None else f": every {self.wild_rank.text} is wild"
        return f"{who}wild joker {self.card.label}{wild}"


@dataclass(frozen=True)
class TurnBegan(_Event):
    """It is ``seat``'s turn."""

    kind: ClassVar[str] = "turn_began"
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} to play"


@dataclass(frozen=True)
class CardDrawn(_Event):
    """A seat drew a card. A closed-deck card is hidden from the other seats."""

    kind: ClassVar[str] = "card_drawn"
    seat: int
    source: DrawSource
    card: Card | None

    def __str__(self) -> str:
        return self.told(DECKS)

    def told(self, piles: Piles) -> str:
        what = "" if self.card is None else f" {self.card.label}"
        return f"seat {self.seat} draws{what} from the {piles.name(self.source)}"

    def redacted_for(self, seat: int) -> Event:
        if seat == self.seat or self.source is DrawSource.OPEN:
            return self
        return dataclasses.replace(self, card=None)


@dataclass(frozen=True)
class CardDiscarded(_Event):
    """A seat discarded a card face up onto the open deck."""

    kind: ClassVar[str] = "card_discarded"
    seat: int
    card: Card

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.card.label}"


@dataclass(frozen=True)
class CardFinished(_Event):
    """A seat put a card face down on the finish slot: a declaration follows."""

    kind: ClassVar[str] = "card_finished"
    seat: int
    card: Card | None

    def __str__(self) -> str:
        what = "a card" if self.card is None else self.card.label
        return f"seat {self.seat} puts {what} on the finish slot"

    def redacted_for(self, seat: int) -> Event:
        return self if seat == self.seat else dataclasses.replace(self, card=None)


@dataclass(frozen=True)
class Declared(_Event):
    """A seat showed its hand in ``groups``: a valid show, or a wrong one and why."""

    kind: ClassVar[str] = "declared"
    seat: int
    valid: bool
    reason: str
    groups: tuple[tuple[Card, ...], ...]

    def __str__(self) -> str:
        shown = " | ".join(_cards(g) for g in self.groups)
        verdict = "valid show" if self.valid else f"wrong show ({self.reason})"
        return f"seat {self.seat} declares: {verdict}: {shown}"


@dataclass(frozen=True)
class PlayerDropped(_Event):
    """A seat left the deal for ``penalty`` points (``auto`` after missed turns;
    ``at_turn`` as it had asked, at the start of its turn)."""

    kind: ClassVar[str] = "player_dropped"
    seat: int
    penalty: int
    auto: bool = False
    at_turn: bool = False

    def __str__(self) -> str:
        how = "is dropped after missed turns" if self.auto else "drops"
        when = " as it asked" if self.at_turn else ""
        return f"seat {self.seat} {how}{when}: {self.penalty} points"


@dataclass(frozen=True)
class DropAtTurnSet(_Event):
    """A seat asked (``on``) or stopped asking to drop at the start of its next turn. Only
    that seat learns of it: the others see the drop when it happens."""

    kind: ClassVar[str] = "drop_at_turn_set"
    seat: int
    on: bool

    def __str__(self) -> str:
        return f"seat {self.seat} {'will' if self.on else 'will not'} drop at its turn"

    def seen_by(self, seat: int) -> bool:
        return seat == self.seat


@dataclass(frozen=True)
class TurnMissed(_Event):
    """The turn timer ran out; the turn is played automatically. ``streak`` in a row."""

    kind: ClassVar[str] = "turn_missed"
    seat: int
    streak: int

    def __str__(self) -> str:
        return f"seat {self.seat} missed a turn ({self.streak} in a row)"


@dataclass(frozen=True)
class DeckReshuffled(_Event):
    """The closed deck ran out: the open deck but its top card became a new closed deck."""

    kind: ClassVar[str] = "deck_reshuffled"
    number: int
    size: int

    def __str__(self) -> str:
        return f"the open deck is shuffled into a new closed deck of {self.size} cards"


@dataclass(frozen=True)
class DealScored(_Event):
    """The deal is over: every hand is shown and scored."""

    kind: ClassVar[str] = "deal_scored"
    result: DealResult

    def __str__(self) -> str:
        return str(self.result)


@dataclass(frozen=True)
class MeldLaid(_Event):
    """A seat laid a new meld on the table; it is meld number ``index``. ``auto`` when the
    game laid it for the seat at the end of a round."""

    kind: ClassVar[str] = "meld_laid"
    seat: int
    index: int
    meld: TableMeld
    auto: bool = False

    def __str__(self) -> str:
        return f"seat {self.seat} lays {self.meld}"


@dataclass(frozen=True)
class CardLaidOff(_Event):
    """A seat added ``card`` to meld number ``index``, which is now ``meld``."""

    kind: ClassVar[str] = "card_laid_off"
    seat: int
    card: Card
    index: int
    meld: TableMeld
    auto: bool = False

    def __str__(self) -> str:
        return f"seat {self.seat} lays {self.card.label} off on meld {self.index}"


@dataclass(frozen=True)
class DiscardFlipped(_Event):
    """The stock ran out: the discard pile became the new stock (``shuffled`` or not)."""

    kind: ClassVar[str] = "discard_flipped"
    size: int
    shuffled: bool

    def __str__(self) -> str:
        how = "shuffled into" if self.shuffled else "turned over as"
        return f"the discard pile is {how} a new stock of {self.size} cards"


Event = (
    DeckSpread | CardPicked | TossMade | TossWon | CardsDealt | OpenCardTurned | WildJokerCut
    | TurnBegan | CardDrawn
    | CardDiscarded | CardFinished | Declared | PlayerDropped | DropAtTurnSet | TurnMissed
    | DeckReshuffled | DealScored | MeldLaid | CardLaidOff | DiscardFlipped
)


def redact_for(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` sees it: cards that seat may not see become ``None``. Check
    :func:`seen_by` first: some events are for one seat only."""
    return event.redacted_for(seat)


def seen_by(event: Event, seat: int) -> bool:
    """Whether ``seat`` learns of ``event`` at all (a seat's own drop request is private)."""
    return event.seen_by(seat)


STUCK_TURNOVERS = 4
"""Times the stock may be made again from the discard pile with no card laid on the table
in between before a classic or contract deal ends as a stalemate (docs/rules.md, "A deal
that does not end")."""


def turnovers(history: Sequence[Event], since_laid: bool = False) -> int:
    """How many times the deal's stock has been made again from the discard pile: in all,
    or since a card was last laid on the table (a meld or a lay-off)."""
    count = 0
    for event in reversed(history):
        if since_laid and isinstance(event, (MeldLaid, CardLaidOff)):
            break
        if isinstance(event, (DiscardFlipped, DeckReshuffled)):
            count += 1
    return count


def turnovers_since_laid(history: Sequence[Event]) -> int:
    """:func:`turnovers` since a card was last laid on the table, or since the deal began."""
    return turnovers(history, since_laid=True)
