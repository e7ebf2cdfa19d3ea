"""Families 2 and 3 (table melds, contract): the round's state, the deal, and the steps
both share (draw, discard, lay a meld, lay off, the stock running out).

A :class:`MeldState` is frozen; the rules of each family live in
:mod:`rummy.model.families.classic` and :mod:`rummy.model.families.contract`. Randomness
comes only from the seed, one named stream a choice (``"deal"``, ``"dealer"``,
``"flip/{n}"``: :func:`rummy.model.randomness.stream`).
Deck order: the last card of ``closed_deck`` (the stock) and of ``open_deck`` (the discard
pile) is the top one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TypeVar

from rummy.model.table_melds import MeldRules, TableMeld
from rummy.model.variant_type import Variant

from ..actions import DrawSource, IllegalMoveError
from ..cards import Card, make_deck, shuffled
from ..events import (
    STUCK_TURNOVERS,
    CardDiscarded,
    CardDrawn,
    CardLaidOff,
    CardsDealt,
    DeckReshuffled,
    DiscardFlipped,
    Event,
    MeldLaid,
    OpenCardTurned,
    TurnBegan,
    turnovers_since_laid,
)
from ..randomness import Seed, stream
from ..scoring import DealResult
from ..view_parts import SeenDeal
from . import DealState, Phase

_T = TypeVar("_T")


@dataclass(frozen=True, kw_only=True)
class MeldState(DealState):
    """One round of the classic or contract family: the fields of every deal, and its own.

    ``melds`` lie face up on the table, in the order laid. ``taken`` are the cards taken
    from the discard pile this turn (they may not be discarded again this turn).
    ``laid_at[s]`` is the turn number (``turns_done[s]`` then) of seat ``s``'s first lay, or
    -1: in the classic family it tells "rummy" (everything laid in the going-out turn); in
    the contract family it is when the seat laid down its contract.
    """

    round_no: int
    melds: tuple[TableMeld, ...]
    laid_at: tuple[int, ...]
    taken: tuple[Card, ...]
    result: DealResult | None = None

    @property
    def rules(self) -> MeldRules:
        return MeldRules.of(self.variant)

    @property
    def contract(self) -> tuple[int, int] | None:
        """(sets, runs) of this round's contract (contract family), else None."""
        contracts = self.variant.params.round_contracts
        if not contracts:
            return None
        return contracts[self.round_no % len(contracts)]

    def laid_down(self, seat: int) -> bool:
        return self.laid_at[seat] >= 0


def check_turn(state: MeldState, seat: int) -> None:
    """IllegalMoveError unless it is ``seat``'s turn in a round still going."""
    if state.is_over:
        raise IllegalMoveError("the round is over")
    if not 0 <= seat < state.players:
        raise IllegalMoveError("there is no such seat")
    if seat != state.turn:
        raise IllegalMoveError("not your turn")


def check_stalemate(state: MeldState) -> None:
    """IllegalMoveError unless a :class:`~rummy.model.actions.Stalemate` may end the round
    now: between turns, before the seat to move draws (``check_turn`` passed)."""
    if state.phase is not Phase.DRAW:
        raise IllegalMoveError("a deal ends without a winner only before a turn's draw")


def stalemate_reason(state: MeldState) -> str:
    """What the round's result says when a Stalemate ended it (docs/rules.md, "A deal that
    does not end")."""
    if turnovers_since_laid(state.history) >= STUCK_TURNOVERS:
        return f"the stock went round {STUCK_TURNOVERS} times with nothing laid"
    return f"nobody went out in {sum(state.turns_done)} turns"


def check_players(variant: Variant, players: int) -> None:
    problem = variant.seating_problem(players)
    if problem is not None:
        raise ValueError(problem)


def deal(variant: Variant, players: int, seed: Seed, first: int, dealer: int | None,
         round_no: int, prelude: Sequence[Event] = ()) -> MeldState:
    """Shuffle, deal each seat its hand (``first`` first), turn the first discard."""
    check_players(variant, players)
    size = variant.deal_size(players)
    deck = shuffled(make_deck(variant.packs, variant.printed_jokers),
                    stream(seed, "deal"))
    dealt = size * players
    if dealt + 1 > len(deck):
        raise ValueError(f"{players} hands of {size} do not fit in the deck")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(deck[:dealt]):
        hands[(first + i) % players].append(card)
    hand_tuples = tuple(tuple(h) for h in hands)
    open_card = deck[dealt]
    events: list[Event] = [*prelude, CardsDealt(first, tuple(len(h) for h in hands), hand_tuples),
                           OpenCardTurned(open_card), TurnBegan(first)]
    zeros = (0,) * players
    return MeldState(
        variant=variant, players=players, seed=seed, phase=Phase.DRAW, turn=first,
        first_player=first, dealer=dealer, round_no=round_no, hands=hand_tuples,
        closed_deck=tuple(deck[dealt + 1:]), open_deck=(open_card,), melds=(),
        turns_done=zeros, laid_at=(-1,) * players, taken=(), drawn=None, reshuffles=0,
        history=tuple(events),
    )


# ---------------------------------------------------------------- shared steps


def draw(state: MeldState, seat: int, from_stock: bool, count: int,
         events: list[Event]) -> MeldState:
    if from_stock:
        cards = state.closed_deck[-1:]
        closed, open_ = state.closed_deck[:-1], state.open_deck
        events.append(CardDrawn(seat, DrawSource.CLOSED, cards[0]))
        taken: tuple[Card, ...] = ()
    else:
        cards = state.open_deck[-count:]
        closed, open_ = state.closed_deck, state.open_deck[:-count]
        events.extend(CardDrawn(seat, DrawSource.OPEN, c) for c in reversed(cards))
        taken = cards
    return replace(state, phase=Phase.DISCARD, closed_deck=closed, open_deck=open_,
                   drawn=cards[-1], taken=taken,
                   hands=put(state.hands, seat, state.hands[seat] + tuple(cards)))


def discard(state: MeldState, seat: int, card: Card, events: list[Event]) -> MeldState:
    events.append(CardDiscarded(seat, card))
    return replace(state, hands=put(state.hands, seat, without(state.hands[seat], card)),
                   open_deck=state.open_deck + (card,))


def end_turn(state: MeldState, seat: int, events: list[Event]) -> MeldState:
    nxt = (seat + 1) % state.players
    events.append(TurnBegan(nxt))
    return replace(state, turn=nxt, phase=Phase.DRAW, drawn=None, taken=(),
                   turns_done=put(state.turns_done, seat, state.turns_done[seat] + 1))


def lay_cards(state: MeldState, seat: int, cards: Sequence[Card]) -> MeldState:
    """Take ``cards`` out of the seat's hand and note the seat's first lay."""
    hand = state.hands[seat]
    for card in cards:
        hand = without(hand, card)
    laid_at = state.laid_at
    if laid_at[seat] < 0:
        laid_at = put(laid_at, seat, state.turns_done[seat])
    drawn = state.drawn if state.drawn in hand else None
    taken = tuple(c for c in state.taken if c in hand)
    return replace(state, hands=put(state.hands, seat, hand), laid_at=laid_at, drawn=drawn,
                   taken=taken)


def this_turn(state: MeldState, pending: Sequence[Event] = ()) -> list[Event]:
    """The events of the turn under way, oldest first (``pending``: those of the action
    being applied, not yet in the history)."""
    out: list[Event] = []
    for event in reversed((*state.history, *pending)):
        if isinstance(event, TurnBegan):
            break
        out.append(event)
    return out[::-1]


def drew_from_stock(state: MeldState) -> bool:
    """Whether the seat to move began this turn by drawing from the stock."""
    return any(isinstance(e, CardDrawn) and e.source is DrawSource.CLOSED
               for e in this_turn(state))


# ---------------------------------------------------------------- tuples


def put(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return items[:index] + (value,) + items[index + 1:]


def without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def hand_value(variant: Variant, cards: Sequence[Card]) -> int:
    from ..solver_melds import card_points
    return sum(card_points(variant, c) for c in cards)


# ---------------------------------------------------------------- a sampled world


def world_from_view(view: SeenDeal, hands: Sequence[Sequence[Card]],
                    open_deck: Sequence[Card], closed_deck: Sequence[Card], seed: Seed,
                    dead: Sequence[Sequence[Card]] = ()) -> MeldState:
    """A round as seat ``view.seat`` sees it, with the cards it cannot see placed as given:
    ``hands`` (its own as in the view), the whole discard pile and the stock (bottom
    first, the top last). Built from the view alone, so a bot may play it on (a sampled
    world: docs/architecture.md, "The bots"); ``dead`` is unused (no card leaves a round).
    ``seed`` feeds the stock turnovers to come."""
    del dead
    mine = view.seat == view.turn
    table = view.melding
    return MeldState(
        variant=view.variant, players=view.players, seed=seed, phase=view.phase,
        turn=view.turn, first_player=view.first_player, dealer=view.dealer,
        hands=tuple(tuple(h) for h in hands), closed_deck=tuple(closed_deck),
        open_deck=tuple(open_deck), turns_done=tuple(s.turns_done for s in view.seats),
        drawn=view.drawn if mine else None,
        reshuffles=sum(isinstance(e, (DiscardFlipped, DeckReshuffled)) for e in view.history),
        history=view.history, round_no=table.round_no, melds=table.melds,
        laid_at=_laid_at(view.history, view.players), taken=table.taken if mine else (),
    )


def _laid_at(history: Sequence[Event], players: int) -> tuple[int, ...]:
    """Per seat, its turn number (turns done then) at its first lay, or -1: the history
    is public, so every seat knows it."""
    begun = [0] * players
    laid = [-1] * players
    for event in history:
        if isinstance(event, TurnBegan):
            begun[event.seat] += 1
        elif (isinstance(event, (MeldLaid, CardLaidOff)) and not event.auto
              and laid[event.seat] < 0):
            laid[event.seat] = max(begun[event.seat] - 1, 0)
    return tuple(laid)
