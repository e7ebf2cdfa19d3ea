"""Classic family, the end of a round: lay down what leaves the lowest value in a hand.

When a player goes out (or, with ``deck_exhaust: end_round``, when the stock runs out) and
``lay_at_end`` is on, the game lays down for every other player the new melds from its
hand and the lay-offs onto the melds on the table that leave the least value in it, all
considered together: a card may go into a new meld or onto a table meld, whichever leaves
less (docs/rules.md, "Classic rummy: the end of a round"). Laying the run 3♠ 4♠ 5♠ is worse
than laying the threes and 5♠ then 4♠ off onto 6♠ 7♠ 8♠ on the table:

>>> from rummy.model.cards import parse_cards
>>> from rummy.model.table_melds import MeldRules, lay_run
>>> from rummy.model.variant import load_variant
>>> v = load_variant("super_rummy")
>>> run = lay_run(MeldRules.of(v), parse_cards("6S 7S 8S"), owner=1)
>>> plan = best_lay(v, parse_cards("3S 3D 3C 4S 5S"), (run,), seat=0)
>>> plan.left, [str(step) for step in plan.steps]
(0, ['meld 3♠ 3♦ 3♣', 'lay off 5♠ on meld 0', 'lay off 4♠ on meld 0'])

How it works. Every end position is some new melds from the hand plus, on each table
meld, the cards laid off onto it (for a run, an unbroken stretch at either end). The
search takes the first card left in the hand (in a fixed order) and tries every fate it
can have: it stays in hand; it joins a new meld made of cards still in hand; it goes onto
a table meld together with the cards between it and that meld's end (which must then go
there too). The rest of the hand is searched the same way, memoised on the cards left and
the melds as they now lie, and a branch stops once it leaves 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from rummy.model.table_melds import MeldKind, MeldRules, TableMeld, lay_off, meld_options
from rummy.model.variant_type import Variant

from ..cards import Card

__all__ = ["LayPlan", "LayStep", "best_lay"]


@dataclass(frozen=True)
class LayStep:
    """Lay ``cards`` as a new meld (``meld`` is -1), or lay the one card off onto table meld
    number ``meld``."""

    cards: tuple[Card, ...]
    meld: int = -1

    def __str__(self) -> str:
        faces = " ".join(c.label for c in self.cards)
        return f"meld {faces}" if self.meld < 0 else f"lay off {faces} on meld {self.meld}"


@dataclass(frozen=True)
class LayPlan:
    """The steps to take, in order, and the hand value they leave."""

    steps: tuple[LayStep, ...]
    left: int


def best_lay(variant: Variant, hand: Sequence[Card], melds: Sequence[TableMeld],
             seat: int) -> LayPlan:
    """The lays that leave the lowest value in ``hand``, given the table's ``melds``.

    The plan lays its new melds first, then its lay-offs (which name the table's melds by
    their index; the new melds take the numbers after them). Among plans that leave the
    same value the search keeps the first it finds, so a position always gets the same
    plan.
    """
    from .melding import hand_value

    rules = MeldRules.of(variant)
    cards = tuple(sorted(hand, key=lambda c: (-hand_value(variant, [c]), c.sort_key())))
    values = [hand_value(variant, [c]) for c in cards]
    full = (1 << len(cards)) - 1

    def mask_of(chosen: Sequence[Card]) -> int:
        mask = 0
        for card in chosen:
            mask |= 1 << _index(cards, card)
        return mask

    # Every new meld the hand can make, once per choice of physical cards (identical cards
    # of several decks are not interchangeable here: the search removes cards by index),
    # listed under each card it holds.
    by_card: list[list[tuple[int, tuple[Card, ...]]]] = [[] for _ in cards]
    seen: set[int] = set()
    for faces in meld_options(rules, cards):
        for meld_cards in product(*([c for c in cards if c.face == f.face] for f in faces)):
            used = mask_of(meld_cards)
            if used.bit_count() == len(meld_cards) and used not in seen:
                seen.add(used)
                for i in range(len(cards)):
                    if used >> i & 1:
                        by_card[i].append((used, meld_cards))

    chain_memo: dict[tuple[int, int, int, int], list[tuple[int, tuple[Card, ...]]]] = {}

    def chains(index: int, meld: TableMeld, first: int) -> list[tuple[int, tuple[Card, ...]]]:
        """The ways to lay card ``first`` off onto ``meld`` with any cards of the hand."""
        key = (index, meld.start, len(meld.cards), first)
        found = chain_memo.get(key)
        if found is None:
            others = cards[:first] + cards[first + 1:]
            found = chain_memo[key] = [(mask_of(chain), chain)
                                       for chain in _chains(rules, meld, cards[first], others)]
        return found

    memo: dict[tuple[int, tuple[tuple[int, int], ...]], tuple[int, tuple[LayStep, ...]]] = {}

    def search(left: int, table: tuple[TableMeld, ...]) -> tuple[int, tuple[LayStep, ...]]:
        # A meld's cards matter only by where it stands and how long it is.
        key = (left, tuple((m.start, len(m.cards)) for m in table))
        found = memo.get(key)
        if found is None:
            found = memo[key] = fates(left, table)
        return found

    def fates(left: int, table: tuple[TableMeld, ...]) -> tuple[int, tuple[LayStep, ...]]:
        if not left:
            return 0, ()
        first = (left & -left).bit_length() - 1
        rest = left & ~(1 << first)
        value, steps = search(rest, table)
        best = (value + values[first], steps)
        if best[0] == 0 or dead >> first & 1:
            return best
        for used, meld_cards in by_card[first]:
            if used & left != used:
                continue
            value, steps = search(left & ~used, table)
            if value < best[0]:
                best = (value, (LayStep(meld_cards), *steps))
                if value == 0:
                    return best
        for index, meld in enumerate(table):
            for used, chain in chains(index, meld, first):
                if used & left != used:
                    continue
                grown = meld
                for link in chain:
                    laid = lay_off(rules, grown, link)
                    assert laid is not None
                    grown = laid
                after = table[:index] + (grown,) + table[index + 1:]
                value, steps = search(left & ~used, after)
                if value < best[0]:
                    lays = tuple(LayStep((link,), index) for link in chain)
                    best = (value, (*lays, *steps))
                    if value == 0:
                        return best
        return best

    # A card that fits no meld of the whole hand and no table meld, whatever else is laid
    # first, stays in hand: no need to branch on it.
    dead = 0
    for i in range(len(cards)):
        if not by_card[i] and not any(chains(m, meld, i) for m, meld in enumerate(melds)):
            dead |= 1 << i

    left, steps = search(full, tuple(melds))
    return LayPlan(_melds_first(steps), left)


def _index(cards: tuple[Card, ...], card: Card) -> int:
    return next(i for i, c in enumerate(cards) if c == card)


def _chains(rules: MeldRules, meld: TableMeld, card: Card,
            others: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every way to lay ``card`` off onto ``meld``: the cards to lay, in order, ending with
    ``card``. A set takes the card alone; a run needs the cards between the card and its
    nearer end first (any suit that fits, when runs may mix suits)."""
    if lay_off(rules, meld, card) is not None:
        return [(card,)]
    if meld.kind is not MeldKind.RUN or card.rank is None:
        return []
    low, high = meld.start, meld.start + len(meld.cards) - 1
    out: list[tuple[Card, ...]] = []
    for pos in rules.positions(card.rank):
        if pos < low:
            between = range(low - 1, pos, -1)
        elif pos > high:
            between = range(high + 1, pos)
        else:
            continue
        paths: list[tuple[tuple[Card, ...], TableMeld]] = [((), meld)]
        for step in between:
            longer: list[tuple[tuple[Card, ...], TableMeld]] = []
            for path, grown in paths:
                seen: set[str] = set()
                for other in others:
                    if other in path or other.face in seen or other.rank is None:
                        continue
                    if step not in rules.positions(other.rank):
                        continue
                    laid = lay_off(rules, grown, other)
                    if laid is not None:
                        seen.add(other.face)
                        longer.append(((*path, other), laid))
            paths = longer
        out.extend((*path, card) for path, grown in paths
                   if lay_off(rules, grown, card) is not None)
    return out


def _melds_first(steps: Sequence[LayStep]) -> tuple[LayStep, ...]:
    """The steps with the new melds first: lay-offs only name melds already on the table,
    so the order between the two kinds does not change what is possible."""
    made = [s for s in steps if s.meld < 0]
    offs = [s for s in steps if s.meld >= 0]
    return tuple(made) + tuple(offs)

