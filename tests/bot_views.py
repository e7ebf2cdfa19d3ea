"""Views of a declare deal for the bot tests: a given hand, cut and open card, and the
moves legal in each phase.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

from rummy.model.actions import Action, Discard, Draw, DrawSource, Drop, Finish
from rummy.model.cards import parse_card, parse_cards
from rummy.model.families import Phase
from rummy.model.state import start_deal
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView, view_for

VALID_PLUS_KD = "AS 2S 3S 4S 5H 6H 7H 8D 8C 8S 9C 10C JC KD"  # a valid 13 once KD goes
LOOSE_HAND = "AS 2S 3S 9C 10C JC 5H 6H 4D 8S KD QH 6C"  # count 49: 5H 6H 4D 8S KD QH 6C


def make_view(variant: Variant, hand: str, *, cut: str, open_top: str | None = None,
              drawn: str | None = None, turns_done: int = 1) -> PlayerView:
    """A view of a real deal with the hand, cut, open card and turns done replaced."""
    state = start_deal(variant, players=2, seed=1)
    view = view_for(state, state.turn)
    cards = parse_cards(hand)
    cut_card = parse_card(cut)
    wild = cut_card.rank if cut_card.rank is not None else variant.declare.printed_joker_cut_rank
    seats = tuple(dataclasses.replace(s, turns_done=turns_done) for s in view.seats)
    return dataclasses.replace(
        view, hand=cards, wild_joker=cut_card, wild_rank=wild, seats=seats,
        open_top=parse_card(open_top) if open_top else None,
        phase=Phase.DISCARD if drawn else Phase.DRAW,
        drawn=next(c for c in cards if c.face == drawn) if drawn else None,
    )


def draw_legal(view: PlayerView) -> list[Action]:
    return [Draw(view.seat, DrawSource.CLOSED), Draw(view.seat, DrawSource.OPEN),
            Drop(view.seat)]


def discard_legal(view: PlayerView) -> list[Action]:
    legal: list[Action] = [Discard(view.seat, c) for c in view.hand]
    return legal + [Finish(view.seat, c, None) for c in view.hand]


def reachable(value: Any, seen: set[int] | None = None) -> Iterator[Any]:
    """Every object a view holds, each once: through dataclass fields (but not the
    variant's rules, which hold nothing of the deal), sequences, sets and dict values."""
    seen = set() if seen is None else seen
    if id(value) in seen:
        return
    seen.add(id(value))
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            if f.name != "variant":
                yield from reachable(getattr(value, f.name), seen)
    elif isinstance(value, (tuple, list, set, frozenset)):
        for item in value:
            yield from reachable(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from reachable(item, seen)
