"""Random and greedy bots for the families whose melds lie on the table (classic, contract).

They see only the seat's :class:`~rummy.model.view.PlayerView` and the legal actions.

- :class:`RandomBot` draws at random and, when it may lay something, usually does (a
  random lay), else discards at random: enough to finish rounds and reach the rare rules.
- :class:`GreedyBot` takes the top discard only when it lowers its best deadwood, lays down
  its contract as soon as it can, lays the meld worth most and every lay-off it can, and
  discards the card whose loss leaves the least deadwood (in the contract family, once
  down, the deadwood is what cannot be laid off: it keeps the cards that take it out).
  In a deal going in circles (the stock made again twice) it now and then throws another
  loose card instead, so that the cards the others wait for move round.

:data:`rummy.ai.MELD_BOTS` lists them as the melding families' bots (the families name it
as their bots), beside the declare family's of the same names, and
:class:`rummy.ai.EveryFamily` plays each variant with its family's one, so that one name
plays every variant.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    FlipDiscard,
    LayDown,
    LayMeld,
    LayOff,
)
from rummy.model.cards import Card
from rummy.model.events import turnovers
from rummy.model.solver_melds import best_arrangement, card_points, points_left
from rummy.model.table_melds import MeldRules, TableMeld, lay_off
from rummy.model.view import PlayerView

LAY_CHANCE = 0.8
"""How often the random bot lays something when it may."""
CIRCLE_TURNOVERS = 2
"""Stock turnovers after which a deal is going in circles: the discard pile comes back
in the same order (turned over unshuffled, `docs/rules.md`), each player draws a card it
cannot use and throws it back, and every hand waits for a card another hand keeps."""
CIRCLE_CHANCE = 0.3
"""How often, in a deal going in circles, a greedy bot throws one of its other loose
cards instead of the best discard, so that the cards others wait for move round."""

_LAYS = (LayMeld, LayDown, LayOff)


class RandomBot:
    """Seeded random play for the classic and contract families."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(f"random-table-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        draws = [a for a in legal if isinstance(a, (Draw, FlipDiscard))]
        if draws:
            return self.rng.choice(draws)
        lays = [a for a in legal if isinstance(a, _LAYS)]
        discards = [a for a in legal if isinstance(a, Discard)]
        if lays and (not discards or self.rng.random() < LAY_CHANCE):
            return self.rng.choice(lays)
        return self.rng.choice(discards or list(legal))


class GreedyBot:
    """One move ahead on deadwood; see the module docstring."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.solver_calls = 0
        self.circle_rng = random.Random(f"meld-bot-circles/{seed}")

    def _deadwood(self, view: PlayerView, cards: Sequence[Card]) -> int:
        self.solver_calls += 1
        if view.rules.lays_down_contracts and is_down(view):
            # Laid down: no new melds this round, so what counts is what cannot be laid
            # off. Keeping the cards that can (a joker above all) is how a hand goes out.
            return _left_after_lay_offs(view, cards)
        return points_left(view.variant, cards, _limits(view))

    def _best_discard(self, view: PlayerView, cards: Sequence[Card],
                      allowed: Sequence[Card]) -> tuple[int, Card]:
        best: tuple[int, int, Card] | None = None
        for card, rest in each_discard(cards, allowed):
            key = (self._deadwood(view, rest), -card_points(view.variant, card), card)
            if best is None or key[:2] < best[:2]:
                best = key
        assert best is not None
        return best[0], best[2]

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        draws = [a for a in legal if isinstance(a, Draw)]
        flips = [a for a in legal if isinstance(a, FlipDiscard)]
        if draws or flips:
            return self._draw(view, draws, flips)
        for kind in (LayDown, LayMeld):
            lays = [a for a in legal if isinstance(a, kind)]
            if lays:
                return max(lays, key=lambda a: _laid_value(view, a))
        offs = [a for a in legal if isinstance(a, LayOff)]
        if offs:
            return max(offs, key=lambda a: card_points(view.variant, a.card))
        discards = [a for a in legal if isinstance(a, Discard)]
        if not discards:
            return legal[0]
        return self._break_circle(view, discards) or self._discard(view, discards)

    def _discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard:
        """The discard that leaves the least deadwood (the highest card on a tie)."""
        _, card = self._best_discard(view, view.hand, [a.card for a in discards])
        return next(a for a in discards if a.card == card)

    def _break_circle(self, view: PlayerView, discards: Sequence[Discard]) -> Discard | None:
        """Now and then, in a deal going in circles (see ``CIRCLE_TURNOVERS``), a loose
        card other than the one just drawn: a hand that only ever throws back what it drew
        keeps the deal turning for ever."""
        if (turnovers(view.history) < CIRCLE_TURNOVERS
                or self.circle_rng.random() >= CIRCLE_CHANCE):
            return None
        self.solver_calls += 1
        loose = loose_discards(view, discards, () if view.drawn is None else (view.drawn,))
        return self.circle_rng.choice(loose) if loose else None

    def _draw(self, view: PlayerView, draws: list[Draw], flips: list[FlipDiscard]) -> Action:
        stock = next((a for a in draws if a.source is DrawSource.CLOSED), None)
        top = next((a for a in draws if a.source is DrawSource.OPEN and a.count == 1), None)
        if top is not None and view.open_top is not None:
            if stock is None and not flips:
                return top
            # the discards it may take (the top one, or with draw choice any of the top
            # five and those above it), the fewest cards first: the one that lowers the
            # deadwood most
            now = self._deadwood(view, view.hand)
            best: tuple[int, Draw] | None = None
            for draw in sorted((a for a in draws if a.source is DrawSource.OPEN),
                               key=lambda a: a.count):
                taken = taken_cards(view, draw)
                after, _ = self._best_discard(view, (*view.hand, *taken), view.hand)
                if after < now and (best is None or after < best[0]):
                    best = after, draw
            if best is not None:
                return best[1]
        if stock is not None:
            return stock
        if flips:
            return flips[0]
        return draws[0]


def loose_discards(view: PlayerView, discards: Iterable[Discard],
                   keep: Iterable[Card] = ()) -> list[Discard]:
    """The discards a hand can spare: cards in no meld of its best arrangement and, once it
    is down, not ones it could lay off (it goes out on those), nor any of ``keep``."""
    melded = {id(c) for g in best_arrangement(view.variant, view.hand).groups for c in g}
    kept = set(keep)
    down = is_down(view)
    return [a for a in discards if id(a.card) not in melded and a.card not in kept
            and not (down and fits_table(view, a.card))]


def fits_table(view: PlayerView, card: Card) -> bool:
    """Whether ``card`` could be laid off on a meld on the table."""
    if not view.melding.melds:
        return False
    rules = MeldRules.of(view.variant)
    return any(lay_off(rules, meld, card) is not None for meld in view.melding.melds)


def taken_cards(view: PlayerView, draw: Draw) -> tuple[Card, ...]:
    """The cards a draw from the discard pile takes, the one chosen (the deepest) first:
    with draw choice, every card above it comes too (docs/rules.md, A turn)."""
    if draw.count > 1:
        return view.melding.open_cards[-draw.count:]  # top last: the chosen one first
    return () if view.open_top is None else (view.open_top,)


def _limits(view: PlayerView) -> tuple[int, int] | None:
    """Before laying down a contract, plan only the melds it asks for: melds of a kind it
    does not need, or more of them than it needs, do not help lay it down."""
    if view.melding.contract is None or is_down(view):
        return None
    return view.melding.contract


def each_discard(hand: Sequence[Card], allowed: Iterable[Card]
                 ) -> Iterator[tuple[Card, list[Card]]]:
    """Each card of ``allowed`` that ``hand`` could let go, once per face (two copies leave
    the same hand), with the cards that would stay."""
    seen: set[str] = set()
    for card in allowed:
        if card.face in seen:
            continue
        seen.add(card.face)
        rest = list(hand)
        rest.remove(card)
        yield card, rest


def is_down(view: PlayerView) -> bool:
    """Whether this seat has laid something down this round (contract: its contract)."""
    return bool(view.melding.laid_down and view.melding.laid_down[view.seat])


def _left_after_lay_offs(view: PlayerView, cards: Sequence[Card]) -> int:
    """Points of the cards left after laying off on the table every card that fits."""
    left = left_after_lay_offs(MeldRules.of(view.variant), view.melding.melds, cards)
    return sum(card_points(view.variant, c) for c in left)


def left_after_lay_offs(rules: MeldRules, melds: Sequence[TableMeld],
                        cards: Sequence[Card]) -> list[Card]:
    """The cards that stay in hand after laying off on ``melds`` every card that fits, one
    after another (a card laid off can make room for the next, 5 then 6 of a run)."""
    table = list(melds)
    left = list(cards)
    placed = True
    while placed and left:
        placed = False
        for card in left:
            for i, meld in enumerate(table):
                grown = lay_off(rules, meld, card)
                if grown is not None:
                    table[i] = grown
                    left.remove(card)
                    placed = True
                    break
            if placed:
                break
    return left


def _laid_value(view: PlayerView, action: Action) -> int:
    cards: tuple[Card, ...] = ()
    if isinstance(action, LayMeld):
        cards = action.cards
    elif isinstance(action, LayDown):
        cards = tuple(c for g in action.groups for c in g)
    return sum(card_points(view.variant, c) for c in cards)
