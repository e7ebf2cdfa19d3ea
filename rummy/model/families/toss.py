"""The toss: every seat draws a card face up, and the card the rule puts first decides.

Indian rummy (the highest card starts, or the lowest deals: docs/rules.md) and contract
rummy (the highest card deals, aces low) play it the same way; only the rule that ranks
the cards differs. Seats whose cards tie at the top draw again among themselves, from the
rest of the deck, a new deck when it runs short.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from ..cards import Card, shuffled
from ..events import Event, TossMade


def toss(players: int, faces: Sequence[Card], rng: random.Random,
         leaders: Callable[[list[Card]], Sequence[int]]) -> tuple[int, tuple[Event, ...]]:
    """``(winner, events)``: the seat whose card ``leaders`` puts first (it returns the
    indexes of the winning cards among those drawn), and a ``TossMade`` per round drawn."""
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
