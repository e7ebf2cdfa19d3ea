"""What one seat may see: :func:`view_for` strips every secret from a state.

Bots and the UI get a :class:`PlayerView`, never the state. A view holds the seat's own
hand and its card drawn this turn, public facts about every seat (card counts, status,
penalties, any show), the open deck's top card and size, the closed deck's size (never its
order or contents), the wild joker, whose turn it is and the phase, the history redacted
for that seat, and the result once the deal is over (then every hand is shown in it).
What only one family has is in the view's typed ``part``, read through :attr:`PlayerView.melding`
(the melds on the table, in the classic and contract families) or :attr:`PlayerView.declare`;
either raises :class:`WrongFamilyError` for a view of another family.

>>> from rummy.model.variant import load_variant
>>> from rummy.model.state import start_deal
>>> state = start_deal(load_variant("indian_13"), players=2, seed=1)
>>> view = view_for(state, 0)
>>> len(view.hand), view.seats[1].hand_size, view.closed_size + view.open_size
(13, 13, 79)
>>> view.declare.drop_at_turn
False
>>> view.melding  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
rummy.model.variant_parts.WrongFamilyError: view.melding: indian_13 (declare family) has no melds...
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from rummy.model.variant_type import Variant

from .cards import Card, Rank
from .events import CardPicked, DeckSpread, Event, redact_for, seen_by, to_jsonable
from .families import Phase
from .rules import RuleFamily, family_of
from .scoring import DealResult
from .state import GameState
from .variant_parts import WrongFamilyError
from .view_parts import DeclareView, MeldTableView, SeatView, ViewPart


@dataclass(frozen=True)
class SpreadView:
    """A deck spread face down for picking, as every seat sees it: how many cards, who
    picks, and only the cards already picked (turned face up for everyone)."""

    purpose: str
    """``"toss"`` (each picker picks a card) or ``"joker"`` (the dealer picks the wild
    joker from the rest of the closed deck)."""
    size: int
    pickers: tuple[int, ...]
    """The seats picking this round, in order."""
    picker: int | None
    """The seat to pick now."""
    turned: tuple[tuple[int, int, Card], ...]
    """``(seat, position, card)`` of every card picked from this spread so far, in order."""


@dataclass(frozen=True)
class PlayerView:
    """Everything seat ``seat`` may know about the deal, and nothing more."""

    seat: int
    variant: Variant
    players: int
    phase: Phase
    turn: int
    first_player: int
    dealer: int | None
    hand: tuple[Card, ...]
    drawn: Card | None
    """The card this seat drew this turn (``None`` before drawing or on others' turns)."""
    seats: tuple[SeatView, ...]
    open_top: Card | None
    open_size: int
    closed_size: int
    wild_joker: Card | None
    """The cut wild joker; ``None`` when the deal cuts none (always in the table and
    contract families, whose only wild cards are printed jokers)."""
    wild_rank: Rank | None
    history: tuple[Event, ...]
    result: DealResult | None
    part: ViewPart
    """The family's own part: read it through :attr:`melding` or :attr:`declare`."""
    spread: SpreadView | None = None
    """The deck spread face down while seats pick (the ``PICK`` phase), else None."""

    def __post_init__(self) -> None:
        if not isinstance(self.part, part_type(self.variant)):
            raise ValueError(f"a {self.family} view cannot hold a {type(self.part).__name__}")

    @property
    def melding(self) -> MeldTableView:
        """The melds on the table and the rest of the classic and contract families' part
        (as ``variant.melding`` is their rules); :class:`WrongFamilyError` in the declare
        family."""
        if not isinstance(self.part, MeldTableView):
            raise WrongFamilyError(f"view.melding: {self.variant.id} ({self.family} family)"
                                   " has no melds on the table")
        return self.part

    @property
    def declare(self) -> DeclareView:
        """The declare family's part; :class:`WrongFamilyError` in the other families."""
        if not isinstance(self.part, DeclareView):
            raise WrongFamilyError(f"view.declare: {self.variant.id} ({self.family} family)"
                                   " has no declaration")
        return self.part

    @property
    def family(self) -> str:
        """The rule family's name (``declare``, ``classic``, ``contract``), for records and
        messages; code asks :attr:`rules` or :attr:`melds_on_table` instead."""
        return self.variant.family

    @property
    def rules(self) -> RuleFamily:
        """The rules of this deal's family."""
        return family_of(self.variant)

    @property
    def melds_on_table(self) -> bool:
        """Melds lie face up on the table in this family (classic and contract rummy)."""
        return self.variant.shape.melds_on_table

    @property
    def taken(self) -> tuple[Card, ...]:
        """The cards this seat took from the discard pile this turn (they may not be
        discarded again this turn; none where melds do not lie on the table)."""
        return self.melding.taken if self.melds_on_table else ()

    @property
    def cards_on_table(self) -> tuple[Card, ...]:
        """Every card of the melds face up on the table (none where melds do not lie on
        the table)."""
        if not self.melds_on_table:
            return ()
        return tuple(card for meld in self.melding.melds for card in meld.cards)

    @property
    def my_turn(self) -> bool:
        return self.turn == self.seat and self.phase is not Phase.OVER

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data (the variant by its id). The family's part is
        flattened in: its fields sit beside the shared ones (docs/protocol.md)."""
        data: dict[str, Any] = {"variant": self.variant.id}
        for f in fields(self):
            if f.name not in data and f.name not in ("history", "part"):
                data[f.name] = to_jsonable(getattr(self, f.name))
        for f in fields(self.part):
            data[f.name] = to_jsonable(getattr(self.part, f.name))
        data["history"] = [e.to_json() for e in self.history]
        return data


def part_type(variant: Variant) -> type[ViewPart]:
    """The class of the family's part of a view of ``variant``."""
    return family_of(variant).view_part_type


def view_for(state: GameState, seat: int) -> PlayerView:
    """The deal as ``seat`` sees it: the shared fields here, the seats' public facts, the
    wild joker and the family's own part from the family."""
    if not 0 <= seat < state.players:
        raise ValueError(f"there is no seat {seat}")
    rules = family_of(state.variant)
    wild_joker, wild_rank = rules.wild(state)
    return PlayerView(
        seat=seat, variant=state.variant, players=state.players, phase=state.phase,
        turn=state.turn, first_player=state.first_player, dealer=state.dealer,
        hand=state.hands[seat], drawn=state.drawn if seat == state.turn else None,
        seats=rules.seat_views(state),
        open_top=state.open_deck[-1] if state.open_deck else None,
        open_size=len(state.open_deck), closed_size=len(state.closed_deck),
        wild_joker=wild_joker, wild_rank=wild_rank,
        history=tuple(redact_for(e, seat) for e in state.history if seen_by(e, seat)),
        result=state.result, part=rules.view_part(state, seat), spread=spread_view(state),
    )


def spread_view(state: GameState) -> SpreadView | None:
    """The spread on the table as any seat sees it: the cards picked from it come from the
    public :class:`CardPicked` events since it was laid out, never from the spread."""
    spread = state.spread
    if spread is None:
        return None
    turned: list[tuple[int, int, Card]] = []
    for event in reversed(state.history):
        if isinstance(event, DeckSpread):
            break
        if isinstance(event, CardPicked):
            turned.append((event.seat, event.position, event.card))
    return SpreadView(spread.purpose, len(spread.cards), spread.pickers, spread.picker,
                      tuple(reversed(turned)))


__all__ = ["PlayerView", "SpreadView", "part_type", "view_for"]
