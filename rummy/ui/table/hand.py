"""The player's hand as the table shows it: an order and groups that are the UI's own.

The engine's hand is a set of cards; how the player arranges it (order, groups, selection)
lives here and stays stable across draws and discards. Nothing here decides a rule: group
labels and the count come from :mod:`rummy.model.grouping`, for every family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from rummy.model import Card, Rank, Variant, wild_rank_for
from rummy.model.grouping import GroupReading, hand_count, read_group


def sort_key(card: Card, wild_rank: object) -> tuple[int, int, int, int]:
    """By suit, then rank; wild jokers (printed jokers and the wild rank) last."""
    wild = card.is_printed_joker or (wild_rank is not None and card.rank == wild_rank)
    return (1 if wild else 0, *card.sort_key())


class HandModel:
    """Ordered groups of cards plus a selection."""

    def __init__(self, variant: Variant, cut: Card | None) -> None:
        self.variant = variant
        self.cut = cut
        self.groups: list[list[Card]] = []
        self.selected: set[Card] = set()
        self._readings: dict[tuple[Card, ...], GroupReading] = {}
        self._counts: dict[tuple[tuple[Card, ...], ...], int] = {}
        self.aside: set[Card] = set()
        """Cards of the hand put somewhere else for now (staged in a lay-down slot)."""

    # -- reading

    @property
    def cards(self) -> list[Card]:
        return [c for g in self.groups for c in g]

    def __len__(self) -> int:
        return sum(len(g) for g in self.groups)

    def __contains__(self, card: object) -> bool:
        return any(card in g for g in self.groups)

    def locate(self, card: Card) -> tuple[int, int]:
        for gi, g in enumerate(self.groups):
            if card in g:
                return gi, g.index(card)
        raise KeyError(card)

    def reading(self, group: Sequence[Card]) -> GroupReading:
        """How ``group`` reads (pure sequence, run, set, invalid...); remembered, since the
        table asks again at every mouse motion of a drag."""
        key = tuple(group)
        reading = self._readings.get(key)
        if reading is None:
            if len(self._readings) > 512:
                self._readings.clear()
            reading = self._readings[key] = read_group(self.variant, group, self.cut)
        return reading

    def count(self, without: Card | None = None) -> int:
        """The count of the hand as arranged (invalid groups count in full)."""
        groups = tuple(g for g in (tuple(c for c in g if c != without) for g in self.groups)
                       if g)
        count = self._counts.get(groups)
        if count is None:
            if len(self._counts) > 256:
                self._counts.clear()
            count = self._counts[groups] = hand_count(self.variant, groups, self.cut)
        return count

    def groups_without(self, card: Card) -> tuple[tuple[Card, ...], ...]:
        """The arrangement to declare with after ``card`` goes to the finish slot."""
        out = (tuple(c for c in g if c != card) for g in self.groups)
        return tuple(g for g in out if g)

    # -- keeping in step with the engine

    def sync(self, hand: Iterable[Card]) -> None:
        """Match the engine's hand: drop cards gone, add new ones at their natural place."""
        self.aside &= set(hand)
        target = [c for c in hand if c not in self.aside]
        keep = set(target)
        self.groups = [[c for c in g if c in keep] for g in self.groups]
        self.groups = [g for g in self.groups if g]
        self.selected &= keep
        have = set(self.cards)
        fresh = [c for c in target if c not in have]
        if not self.groups:
            self.groups = [[]]
            fresh = sorted(fresh, key=self._key)
            self.groups[0].extend(fresh)
            self._split_by_suit()
            return
        for card in fresh:
            self.insert_natural(card)

    def natural_place(self, card: Card) -> tuple[int, int, bool]:
        """Where a new card would naturally go: (group, index, whether it starts a group
        of its own there). In order of preference:

        - beside cards of its suit within two ranks (a run in the making), in rank order;
        - into the group of its rank (a set in the making);
        - into the group of its suit, at any distance;
        - a wild card with the other wild cards;
        - else a group of its own, in rank order when the hand is arranged by rank, else
          at the end: joined to a group it does not fit, it would change that group's
          reading.

        A group that is a meld as it stands is passed over when the card would make it none.

        "Of its suit" and "of its rank" ignore wild cards; a group of one card reads as
        the hand is arranged (see :meth:`_makes`)."""
        groups = self.groups
        if self._wild(card):
            for gi, g in enumerate(groups):
                if g and all(self._wild(c) for c in g):
                    return gi, self._index(g, card), False
            return len(groups), 0, True
        makes, by_rank = self._makes()
        near: tuple[int, int] | None = None  # (gap, group) of the nearest suit group
        same_rank: int | None = None
        for gi, (make, g) in enumerate(zip(makes, groups, strict=True)):
            if make == ("suit", card.suit):
                gap = min(abs(int(c.rank or 0) - int(card.rank or 0))
                          for c in g if not self._wild(c))
                if near is None or gap < near[0]:
                    near = (gap, gi)
            elif make == ("rank", card.rank) and same_rank is None:
                same_rank = gi
        for choice in (near[1] if near and near[0] <= 2 else None, same_rank,
                       near[1] if near else None):
            if choice is not None and not self._spoils(groups[choice], card):
                return choice, self._index(groups[choice], card), False
        if by_rank:
            for gi, (kind, rank) in enumerate(makes):
                if kind == "wild" or (kind == "rank" and isinstance(rank, Rank)
                                      and int(rank) > int(card.rank or 0)):
                    return gi, 0, True
        return len(groups), 0, True

    def _spoils(self, group: list[Card], card: Card) -> bool:
        """Whether ``card`` would turn ``group``, a meld as it stands, into no meld (5♠
        drawn into A♠ 2♠ 3♠: a finished sequence read "Invalid" after a click on the deck,
        a play-tester found)."""
        if not self.reading(group).valid:
            return False
        grown = list(group)
        grown.insert(self._index(group, card), card)
        return not self.reading(grown).valid

    def _makes(self) -> tuple[list[tuple[str, object]], bool]:
        """Each group's make: ("suit", suit), ("rank", rank), ("wild", None) or ("mixed",
        None), read off its natural cards; and whether the hand is arranged by rank (more
        of its groups of several cards are of one rank than of one suit). A group of one
        card is of its rank in a hand arranged by rank, else of its suit."""
        naturals = [[c for c in g if not self._wild(c)] for g in self.groups]
        several = [n for n in naturals if len(n) > 1]
        by_rank = (sum(_one_rank(n) for n in several)
                   > sum(_one_suit(n) and not _one_rank(n) for n in several))
        makes: list[tuple[str, object]] = []
        for n in naturals:
            if not n:
                makes.append(("wild", None))
            elif _one_rank(n) and (len(n) > 1 or by_rank):
                makes.append(("rank", n[0].rank))
            elif _one_suit(n):
                makes.append(("suit", n[0].suit))
            else:
                makes.append(("mixed", None))
        return makes, by_rank

    def _index(self, group: list[Card], card: Card) -> int:
        return sum(1 for c in group if self._key(c) < self._key(card))

    def insert_natural(self, card: Card) -> None:
        self.groups = [g for g in self.groups if g]
        gi, pos, new = self.natural_place(card)
        if new:
            self.groups.insert(gi, [card])
        else:
            self.groups[gi].insert(pos, card)

    # -- the player's changes

    def sort(self) -> None:
        """Sort by suit then rank, wild jokers last: one group per suit, jokers apart."""
        self.groups = self._split(sorted(self.cards, key=self._key), lambda c: c.suit)

    def _split_by_suit(self) -> None:
        cards = self.groups[0] if len(self.groups) == 1 else self.cards
        self.groups = self._split(cards, lambda c: c.suit)

    def _split(self, cards: list[Card], tag_of: Callable[[Card], object]) -> list[list[Card]]:
        """``cards`` cut into a group wherever ``tag_of`` changes (wild jokers apart)."""
        groups: list[list[Card]] = []
        last: object = object()
        for c in cards:
            tag = "wild" if self._wild(c) else tag_of(c)
            if tag != last:
                groups.append([])
                last = tag
            groups[-1].append(c)
        return groups or [[]]

    def group_selected(self) -> bool:
        """The selected cards (in hand order) become one new group at the end."""
        chosen = [c for c in self.cards if c in self.selected]
        if not chosen:
            return False
        rest = [[c for c in g if c not in self.selected] for g in self.groups]
        self.groups = [g for g in rest if g] + [chosen]
        self.selected.clear()
        return True

    def set_aside(self, cards: Iterable[Card]) -> None:
        """Take ``cards`` out of the arrangement (they are staged elsewhere)."""
        cards = set(cards)
        self.aside |= cards
        self.selected -= cards
        self.groups = [[c for c in g if c not in cards] for g in self.groups]
        self.groups = [g for g in self.groups if g] or [[]]

    def take_back(self, card: Card) -> None:
        """A card set aside returns to its natural place."""
        if card in self.aside:
            self.aside.discard(card)
            self.insert_natural(card)

    def sort_by_rank(self) -> None:
        """By rank, then suit (sets side by side), wild jokers last: one group per rank."""
        cards = sorted(self.cards, key=lambda c: (self._key(c)[0], int(c.rank or 99),
                                                  self._key(c)[1:]))
        self.groups = self._split(cards, lambda c: c.rank)

    def toggle(self, card: Card) -> None:
        self.selected ^= {card}

    def move(self, card: Card, group: int, index: int, new_group: bool = False) -> None:
        """Move ``card`` to ``index`` of ``group`` (or a new group before ``group``)."""
        gi, ci = self.locate(card)
        if new_group:
            self.groups.insert(group, [card])
            if group <= gi:
                gi += 1
            del self.groups[gi][ci]
        else:
            if gi == group and ci < index:
                index -= 1
            del self.groups[gi][ci]
            self.groups[group].insert(max(0, min(index, len(self.groups[group]))), card)
        self.groups = [g for g in self.groups if g] or [[]]

    def with_groups(self, groups: Iterable[Iterable[Card]]) -> list[list[Card]]:
        """The arrangement with ``groups`` first; the other cards stay in the player's own
        groups, in their order."""
        have = set(self.cards)
        new = [[c for c in g if c in have] for g in groups]
        placed = {c for g in new for c in g}
        rest = [[c for c in g if c not in placed] for g in self.groups]
        return [g for g in new if g] + [g for g in rest if g] or [[]]

    def set_groups(self, groups: Iterable[Iterable[Card]]) -> None:
        self.groups = self.with_groups(groups)

    def improves(self, groups: Iterable[Iterable[Card]]) -> bool:
        """Whether arranging ``groups`` first would count no more than the hand does now
        (a hint never makes the player's arrangement worse)."""
        return hand_count(self.variant, self.with_groups(groups), self.cut) <= self.count()

    # --

    def is_wild(self, card: Card) -> bool:
        """A printed joker or a card of the wild rank."""
        return self._wild(card)

    def _wild(self, card: Card) -> bool:
        wild = wild_rank_for(self.variant, self.cut)
        return card.is_printed_joker or (wild is not None and card.rank == wild)

    def _key(self, card: Card) -> tuple[int, int, int, int]:
        return sort_key(card, wild_rank_for(self.variant, self.cut))


def _one_rank(cards: list[Card]) -> bool:
    return all(c.rank == cards[0].rank for c in cards)


def _one_suit(cards: list[Card]) -> bool:
    return all(c.suit == cards[0].suit for c in cards)
