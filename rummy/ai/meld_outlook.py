"""Hard's discard in the classic family (classic rummy): the hand whose next turn looks best.

Of the discards that leave the least deadwood now (the best ``CANDIDATES``), hard keeps
the hand that does best, on average, after its next draw: for each card it has not seen
(the whole pack less its hand, the discard pile, the cards other seats took from it and
the melds on the table, each face weighed by its copies left), the deadwood of the hand
with that card once its worst loose card goes. A card that gives the hand more ways to
meld is kept even at a point or two more now: going out first is what wins a deal.
Measured in ``benchmarks/bench_bots.py`` (the README gives the figures).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from rummy.model.actions import Discard
from rummy.model.cards import Card, make_deck
from rummy.model.solver_melds import card_points, left_after_each
from rummy.model.view import PlayerView

from .meld_bots import each_discard
from .tracking import live_counts

CANDIDATES = 4
"""How many of the least-deadwood discards are looked at further (each costs a count of
the hand with each face still unseen: :func:`~rummy.model.solver_melds.left_after_each`)."""


def unseen(view: PlayerView) -> tuple[Counter[str], dict[str, Card]]:
    """Per face, the copies this seat has not seen (possible draws), and a card of each."""
    counts = live_counts(view)
    for meld in view.melding.melds:
        for card in meld.cards:
            if counts[card.face] > 0:
                counts[card.face] -= 1
    faces: dict[str, Card] = {}
    for card in make_deck(view.variant.packs, view.variant.printed_jokers):
        faces.setdefault(card.face, card)
    return +counts, faces


def next_turn(view: PlayerView, rest: Sequence[Card], draws: Counter[str],
              faces: dict[str, Card]) -> tuple[float, int]:
    """The deadwood ``rest`` may expect after the next draw and discard (see above), and
    the arrangements searched to tell (none on one deck: the hands' bits answer)."""
    answers, searched = left_after_each(view.variant, rest, [faces[face] for face in draws])
    weighed = sum(copies * (points - worst)
                  for copies, (points, worst) in zip(draws.values(), answers, strict=True))
    total = sum(draws.values())
    return (weighed / total if total else 0.0), searched


def ranked_discards(view: PlayerView, discards: Sequence[Discard],
                    deadwood: Callable[[Sequence[Card]], int]
                    ) -> list[tuple[int, int, Discard, list[Card]]]:
    """Each discard (once per face) as (deadwood left, minus the card's points, the
    discard, the cards kept), the least deadwood first and the highest card on a tie;
    ``deadwood`` is the bot's own count of a hand."""
    actions = {action.card: action for action in discards}
    ranked = [(deadwood(rest), -card_points(view.variant, card), actions[card], rest)
              for card, rest in each_discard(view.hand, actions)]
    ranked.sort(key=lambda r: r[:2])
    return ranked


def best_outlook(view: PlayerView, discards: Sequence[Discard],
                 deadwood: Callable[[Sequence[Card]], int]) -> tuple[Discard | None, int]:
    """The discard whose hand has the least deadwood now plus expected after the next
    draw, and the arrangements searched for the look-ahead (a bot counts them as work:
    with several decks they are most of its time); ``deadwood`` is the bot's own count
    of a hand."""
    ranked = ranked_discards(view, discards, deadwood)
    if len(ranked) <= 1:
        return (ranked[0][2] if ranked else None), 0
    draws, faces = unseen(view)
    best: tuple[tuple[float, int], Discard] | None = None
    searched = 0
    for now, minus_points, action, rest in ranked[:CANDIDATES]:
        expected, searches = next_turn(view, rest, draws, faces)
        searched += searches
        key = (now + expected, minus_points)
        if best is None or key < best[0]:
            best = key, action
    return (None if best is None else best[1]), searched
