"""The toss and the dealer's pick: a deck spread face down, and seats picking cards of it.

Every family that tosses plays it here, with its own rule for the winning card
(docs/rules.md, "The toss and the dealer"):

- Indian rummy gives every seat a random face-up card (:func:`toss`): nobody picks;
- the two-player table and contract rummy spread a deck face down and each seat picks a
  card of it (:class:`Spread`, :func:`pick`), one after another in seat order; the
  two-player table's dealer then picks the wild joker from the rest of the closed deck,
  spread the same way.

Seats whose cards tie at the top pick (or draw) again among themselves, from the rest of
the spread, a new deck when it runs short. A pick names a position in the spread, never a
card, and the spread's order is dealt from the seed (its own stream, ``"toss"`` or
``"dealer"``) before anyone picks, so it is part of what a fair deal commits to
(docs/protocol.md, "Fair deals").

A deal started without the ceremony (Quick start) plays the same picks for the seats
(:func:`quick_pick`): the toss takes the spread's top card, which is how the game always
drew it, and the joker a position drawn from the ``"cut"`` stream; a seed deals the same
deal either way.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Protocol, TypeVar

from ..actions import Action, IllegalMoveError, Pick, Timeout
from ..cards import Card, make_deck, shuffled
from ..events import CardPicked, DeckSpread, Event, TossMade
from ..randomness import Seed, stream

TOSS = "toss"
"""A spread's purpose: every picker picks a card and the rule's card wins."""
JOKER = "joker"
"""A spread's purpose: the dealer picks the wild joker from the rest of the closed deck."""

Leaders = Callable[[list[Card]], Sequence[int]]
"""A family's rule for a toss: the indexes of the winning cards among those drawn (more
than one is a tie)."""


def toss(players: int, faces: Sequence[Card], rng: random.Random,
         leaders: Leaders) -> tuple[int, tuple[Event, ...]]:
    """Indian rummy's toss, nobody picking: ``(winner, events)``, the seat whose card
    ``leaders`` puts first, and a ``TossMade`` per round drawn."""
    deck = shuffled(faces, rng)
    contenders = list(range(players))
    events: list[Event] = []
    while True:
        if len(deck) < len(contenders):
            deck = shuffled(faces, rng)
        cards = [(seat, deck.pop()) for seat in contenders]
        first = [contenders[i] for i in leaders([card for _, card in cards])]
        tied = tuple(first) if len(first) > 1 else ()
        events.append(TossMade(len(events), tuple(cards), tied))
        if not tied:
            return first[0], tuple(events)
        contenders = first


@dataclass(frozen=True)
class Spread:
    """A deck spread face down across the table, and the picks made of it so far.

    ``cards`` lie left to right (position 0 first); no view ever holds them, only the
    picked ones, as :class:`CardPicked` events. A toss's spread is its own deck without
    printed jokers, ``packs`` packs, shuffled from the ``label`` stream (``refills`` times
    again when a tie left too few cards); a joker's spread is the rest of the closed deck,
    its top card first."""

    purpose: str
    cards: tuple[Card, ...]
    pickers: tuple[int, ...]
    """The seats picking this round, in the order they pick."""
    picked: tuple[tuple[int, int], ...] = ()
    """``(seat, position)`` of this round's picks so far."""
    gone: tuple[int, ...] = ()
    """Positions picked in earlier rounds of the toss: no longer in the spread."""
    round: int = 0
    label: str = TOSS
    packs: int = 1
    refills: int = 0

    @property
    def picker(self) -> int | None:
        """The seat to pick next (None once every picker has picked)."""
        return self.pickers[len(self.picked)] if len(self.picked) < len(self.pickers) else None

    def free(self) -> tuple[int, ...]:
        """The positions still face down and not yet picked."""
        taken = set(self.gone) | {position for _, position in self.picked}
        return tuple(p for p in range(len(self.cards)) if p not in taken)


def spread_for_toss(seed: Seed, label: str, packs: int, players: int
                    ) -> tuple[Spread, DeckSpread]:
    """The toss's spread, every seat to pick in seat order, and the event laying it out."""
    cards = tuple(shuffled(make_deck(packs, 0), stream(seed, label)))
    spread = Spread(TOSS, cards, tuple(range(players)), label=label, packs=packs)
    return spread, DeckSpread(TOSS, len(cards), spread.pickers)


def spread_for_joker(closed_from_top: Sequence[Card], dealer: int) -> tuple[Spread, DeckSpread]:
    """The rest of the closed deck spread for the dealer to pick the wild joker from."""
    spread = Spread(JOKER, tuple(closed_from_top), (dealer,), label="cut")
    return spread, DeckSpread(JOKER, len(spread.cards), spread.pickers)


def legal_picks(spread: Spread, seat: int) -> list[Action]:
    """The picks ``seat`` may make now (one per card still face down), and ``Timeout``:
    the pick made for the seat, as its turn clock or Quick start makes it."""
    if seat != spread.picker:
        return []
    return [*(Pick(seat, p) for p in spread.free()), Timeout(seat)]


def check_pick(spread: Spread, action: Action) -> None:
    """IllegalMoveError unless ``action`` is a pick ``spread`` allows now."""
    if not isinstance(action, (Pick, Timeout)):
        what = "the wild joker" if spread.purpose == JOKER else "a card for the toss"
        raise IllegalMoveError(f"first pick {what} from the cards spread face down")
    if action.seat != spread.picker:
        raise IllegalMoveError("it is not your pick")
    if isinstance(action, Pick):
        if not 0 <= action.position < len(spread.cards):
            raise IllegalMoveError(f"there is no card {action.position + 1} in the spread"
                                   f" (1 to {len(spread.cards)})")
        if action.position not in spread.free():
            raise IllegalMoveError("that card is already turned over: pick another")


def refuse_pick(action: Action) -> None:
    """IllegalMoveError for a pick when no deck is spread on the table."""
    if isinstance(action, Pick):
        raise IllegalMoveError("no cards are spread to pick from now")


def quick_pick(spread: Spread, seed: Seed) -> Pick:
    """The pick made for the seat to pick (Quick start, its turn clock, ``Timeout``): the
    toss takes the top card of the spread (the last position still free), the joker a
    position drawn from the ``"cut"`` stream."""
    seat, free = spread.picker, spread.free()
    assert seat is not None and free
    if spread.purpose == JOKER:
        return Pick(seat, free[stream(seed, spread.label).randrange(len(free))])
    return Pick(seat, free[-1])


def pick(spread: Spread, action: Pick, leaders: Leaders, seed: Seed
         ) -> tuple[Spread | None, list[Event], int | None]:
    """Play a checked pick: ``(spread, events, winner)``. The spread is None once the
    picking is over; ``winner`` is the toss's winner then (None for the joker's pick,
    whose card is ``spread.cards[action.position]``)."""
    card = spread.cards[action.position]
    events: list[Event] = [CardPicked(action.seat, action.position, card, spread.purpose)]
    spread = replace(spread, picked=spread.picked + ((action.seat, action.position),))
    if spread.picker is not None:
        return spread, events, None
    if spread.purpose == JOKER:
        return None, events, None
    drawn = [(seat, spread.cards[p]) for seat, p in spread.picked]
    first = [spread.pickers[i] for i in leaders([c for _, c in drawn])]
    tied = tuple(first) if len(first) > 1 else ()
    events.append(TossMade(spread.round, tuple(drawn), tied))
    if not tied:
        return None, events, first[0]
    again = replace(spread, pickers=tied, picked=(), round=spread.round + 1,
                    gone=spread.gone + tuple(p for _, p in spread.picked))
    if len(again.free()) < len(tied):  # too few cards left: a new deck, as a new spread
        again = refill(again, seed)
        events.append(DeckSpread(TOSS, len(again.cards), tied))
    return again, events, None


def refill(spread: Spread, seed: Seed) -> Spread:
    """``spread`` dealt again: the ``refills + 1``-th shuffle of its deck from its stream."""
    rng = stream(seed, spread.label)
    faces = make_deck(spread.packs, 0)
    cards = shuffled(faces, rng)
    for _ in range(spread.refills + 1):
        cards = shuffled(faces, rng)
    return replace(spread, cards=tuple(cards), gone=(), refills=spread.refills + 1)


class _Picking(Protocol):
    """What :func:`play_pick` needs of a deal's state (every family's is a ``DealState``)."""

    @property
    def seed(self) -> Seed: ...

    @property
    def spread(self) -> Spread | None: ...

    @property
    def history(self) -> tuple[Event, ...]: ...


_S = TypeVar("_S", bound=_Picking)

AfterPicks = Callable[[_S, Spread, Pick, "int | None", list[Event]], _S]
"""A family's next step once the picking is over: given the state (its spread gone), the
spread as it was, the last pick, the toss's winner (None for the joker's pick) and the
events so far (to add to), the state after it; its history is added to by the caller."""


def play_pick(state: _S, action: Action, leaders: Leaders,
              after: AfterPicks[_S]) -> tuple[_S, tuple[Event, ...]]:
    """Play a pick (or ``Timeout``: the pick made for the seat) of the spread on the table:
    the next seat to pick, or the family's ``after`` once the picking is over. Raises
    IllegalMoveError for a pick the spread does not allow."""
    spread = state.spread
    assert spread is not None
    check_pick(spread, action)
    chosen = action if isinstance(action, Pick) else quick_pick(spread, state.seed)
    rest, events, winner = pick(spread, chosen, leaders, state.seed)
    if rest is not None:
        assert rest.picker is not None
        state = replace(state, spread=rest, turn=rest.picker)  # type: ignore[type-var]
    else:
        state = after(replace(state, spread=None), spread, chosen, winner, events)  # type: ignore[type-var]
    return replace(state, history=state.history + tuple(events)), tuple(events)  # type: ignore[type-var]
