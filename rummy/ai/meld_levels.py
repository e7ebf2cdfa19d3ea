"""Easy, medium and hard for the families whose melds lie on the table (classic, contract).

All three build on the greedy meld bot of :mod:`rummy.ai.meld_bots` (lay down as soon as
possible, the meld worth most first, every lay-off, discard the card whose loss leaves the
least deadwood):

- ``medium`` is that greedy player.
- ``easy`` plays like it but loosely: it never takes from the discard pile unless it has
  to, and now and then throws a random unmelded card instead of the best one (never a card
  of a meld in its best arrangement, nor, once it is down, a card it could lay off).
- ``hard`` takes the top discard only when the card can be laid off or ends up in a meld
  (never just to swap a high card for a low one, which wastes a draw from the stock: going
  out first wins). In the classic family it keeps its melds in hand until it can go out
  (melds on the table are places for the others to lay off, and with ``lay_at_end`` the
  melds held are laid for it if another player goes out; going out in one turn is rummy,
  doubled) or the stock has run out once, and of its best discards keeps the hand that
  looks best after the next draw (:mod:`rummy.ai.meld_outlook`). In the contract family it
  does not throw a card that another player could lay off on the table or that fits what
  the next player took from the discard pile. Until it has laid down, it keeps the cards
  that bring its contract closest (:func:`contract_need`: how many cards it still lacks)
  and only then counts points, so it does not break a pair to throw a high card, and it
  takes a discard that brings the contract closer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence

from rummy.model.actions import Action, Discard, Draw, DrawSource, FlipDiscard, LayMeld
from rummy.model.cards import Card, Rank
from rummy.model.events import turnovers
from rummy.model.solver_melds import best_arrangement, card_points
from rummy.model.table_melds import MeldRules
from rummy.model.view import PlayerView

from .meld_bots import (
    GreedyBot,
    each_discard,
    fits_table,
    is_down,
    loose_discards,
    taken_cards,
)
from .meld_outlook import best_outlook
from .tracking import known_holdings, near

__all__ = ["MELD_LEVELS", "MeldEasyBot", "MeldHardBot", "MeldMediumBot"]

EASY_SLOPPY_CHANCE = 0.35
"""How often easy throws a random unmelded card."""
HARD_FEED_POINTS = 6
"""Deadwood points hard will keep rather than feed a card another player can use
(contract family; in the classic family, where points left in hand are the score, it
measured better not to)."""


class MeldMediumBot(GreedyBot):
    """The greedy meld player."""

    name = "medium"


class MeldEasyBot(GreedyBot):
    """Loose greedy play; see the module docstring."""

    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.rng = random.Random(f"easy-meld-bot/{seed}")

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        draws = [a for a in legal if isinstance(a, Draw)]
        stock = next((a for a in draws if a.source is DrawSource.CLOSED), None)
        if stock is not None:
            return stock
        action = super().choose(view, legal)
        if isinstance(action, Discard) and self.rng.random() < EASY_SLOPPY_CHANCE:
            loose = loose_discards(view, (a for a in legal if isinstance(a, Discard)),
                                   view.melding.taken)
            if loose:
                return self.rng.choice(loose)
        return action


class MeldHardBot(GreedyBot):
    """Greedy meld play that draws with purpose and does not feed; see the module
    docstring."""

    name = "hard"
    feed_points = HARD_FEED_POINTS
    hold_melds = 1

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        draws = [a for a in legal if isinstance(a, Draw)]
        flips = [a for a in legal if isinstance(a, FlipDiscard)]
        if draws or flips:
            deep = self._deep_draw(view, draws)
            if deep is not None:
                return deep
            stock = next((a for a in draws if a.source is DrawSource.CLOSED), None)
            top = next((a for a in draws if a.source is DrawSource.OPEN and a.count == 1),
                       None)
            if top is not None and view.open_top is not None and (
                    (stock is None and not flips) or fits_table(view, view.open_top)):
                return top
            if top is not None and view.open_top is not None and self._top_melds(
                    view, view.open_top):
                return top
            if stock is not None:
                return stock
            return flips[0] if flips else draws[0]
        if self.holds_melds(view):
            held = [a for a in legal if not isinstance(a, LayMeld)]
            legal = held or legal
        return super().choose(view, legal)

    def _discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard:
        greedy = super()._discard(view, discards)
        if not view.rules.lays_down_contracts:
            outlook, searched = best_outlook(view, discards,
                                             lambda cards: self._deadwood(view, cards))
            self.solver_calls += searched
            return outlook or greedy
        return self._safe_discard(view, discards) or greedy

    def holds_melds(self, view: PlayerView) -> bool:
        """Whether it keeps its melds in hand this turn. Melds held in hand still count at
        the end (with ``lay_at_end`` they are laid for it then), and melds on the table
        are places for the others to lay off: it lays them only to go out (which, from a
        hand that laid nothing before, is rummy: doubled). Once the stock has run out and
        been made again, waiting has had its chance: the melds go down, as places for its
        own cards to go and for the others' (two hard players each holding half of the
        cards the other waits for would otherwise wait for ever)."""
        return bool(self.hold_melds) and not view.rules.lays_down_contracts \
            and view.variant.classic.lay_at_end and not turnovers(view.history) \
            and not self._can_go_out(view)

    def _can_go_out(self, view: PlayerView) -> bool:
        """Whether laying every meld of the best arrangement (and laying off the rest on
        the table) leaves at most one card: the hand can go out this turn."""
        self.solver_calls += 1
        arr = best_arrangement(view.variant, view.hand)
        return len([c for c in arr.ungrouped if not fits_table(view, c)]) <= 1

    def _deep_draw(self, view: PlayerView, draws: Sequence[Draw]) -> Draw | None:
        """With draw choice: a discard under the top worth digging for, with every card
        above it. It must join a meld with the hand (what digging is for) and leave less
        deadwood than the hand now and than the top card alone; the least deadwood wins,
        the fewest cards on a tie."""
        deeper = sorted((a for a in draws if a.source is DrawSource.OPEN and a.count > 1),
                        key=lambda a: a.count)
        if not deeper:
            return None
        floor = self._deadwood(view, view.hand)
        if view.open_top is not None:
            floor = min(floor, self._best_discard(view, (*view.hand, view.open_top),
                                                  view.hand)[0])
        best: tuple[int, Draw] | None = None
        for draw in deeper:
            taken = taken_cards(view, draw)
            self.solver_calls += 1
            arr = best_arrangement(view.variant, (*view.hand, *taken))
            if not any(c is taken[0] for g in arr.groups for c in g):
                continue
            after, _ = self._best_discard(view, (*view.hand, *taken), view.hand)
            if after < floor and (best is None or after < best[0]):
                best = after, draw
        return None if best is None else best[1]

    def _top_melds(self, view: PlayerView, top: Card) -> bool:
        """The top discard joins a meld in the best arrangement with it (and lowers the
        deadwood), or can be laid off on the table; before laying down a contract, it
        brings the contract closer."""
        if fits_table(view, top):
            return True
        if _before_contract(view):
            assert view.melding.contract is not None
            rules = MeldRules.of(view.variant)
            now = contract_need(rules, view.melding.contract, view.hand)
            cards = [*view.hand, top]
            after = min(contract_need(rules, view.melding.contract,
                                      [c for c in cards if c is not x]) for x in view.hand)
            if after < now:
                return True
        now = self._deadwood(view, view.hand)
        self.solver_calls += 1
        arr = best_arrangement(view.variant, (*view.hand, top))
        if not any(c is top for g in arr.groups for c in g):
            return False
        after, _ = self._best_discard(view, (*view.hand, top), view.hand)
        return after < now

    def _safe_discard(self, view: PlayerView, discards: Sequence[Discard]) -> Discard | None:
        """The discard leaving the least deadwood plus a penalty for feeding."""
        holdings = known_holdings(view)
        n = view.players
        nxt = (view.seat + 1) % n
        took = holdings[nxt].took if nxt in holdings else ()
        penalty = self.feed_points if view.rules.lays_down_contracts else 0
        contract = view.melding.contract if _before_contract(view) else None
        rules = MeldRules.of(view.variant)
        best: tuple[int, int, int, Discard] | None = None
        actions = {a.card: a for a in discards}
        for card, rest in each_discard(view.hand, actions):
            feeds = fits_table(view, card) or sum(near(card, c) for c in took) >= 2
            need = contract_need(rules, contract, rest) if contract is not None else 0
            key = (need, self._deadwood(view, rest) + (penalty if feeds else 0),
                   -card_points(view.variant, card))
            if best is None or key < best[:3]:
                best = (*key, actions[card])
        return None if best is None else best[3]


MELD_LEVELS: dict[str, type[GreedyBot]] = {
    "easy": MeldEasyBot, "medium": MeldMediumBot, "hard": MeldHardBot,
}
"""Level name -> its bot for the classic and contract families."""


def _before_contract(view: PlayerView) -> bool:
    """Contract family, and this seat has not laid its contract down yet."""
    return (view.rules.lays_down_contracts and view.melding.contract is not None
            and not is_down(view))


_Window = tuple[int, object, int, tuple[int, ...]]
"""A run window of a hand: the places it lacks, its suit, its lowest place, and the ranks
of the hand's cards it takes."""


def contract_need(rules: MeldRules, contract: tuple[int, int], cards: Sequence[Card]) -> int:
    """How many cards ``cards`` still lack to hold the contract (``sets``, ``runs``): the
    fewest places left empty over the ways to pick its sets (by rank) and runs (a window
    of ``run_min`` places in a suit, or a run still to be begun from nothing), jokers
    filling any place. Every rank is tried for the sets, the best few windows for the
    runs (:func:`_run_windows`), so it is an estimate when many tie (one card over, now
    and then, in ``tests/test_contract_need.py``'s check against every pick).

    >>> from rummy.model.cards import parse_cards
    >>> rules = MeldRules(4, 3, None, False, True, True)
    >>> contract_need(rules, (2, 0), parse_cards("5S 5H KD KC 2S 9H"))
    2
    >>> contract_need(rules, (1, 1), parse_cards("5S 5H 5D 6C 7C 9C JK"))
    0

    Three runs where the hand's best windows are all in two suits: the third is begun in
    a third suit (here 8D, three places short), not counted as wholly missing.

    >>> contract_need(rules, (0, 3), parse_cards("AH 2H 3H 5H 6C 7C 8C 9C 8D 2S JK JK"))
    2
    """
    sets, runs = contract
    jokers = sum(1 for c in cards if c.rank is None)
    naturals = [c for c in cards if c.rank is not None and c.suit is not None]
    by_rank: Counter[int] = Counter(int(c.rank) for c in naturals if c.rank is not None)
    held: dict[object, set[int]] = {}
    for c in naturals:
        assert c.rank is not None
        for p in rules.positions(c.rank):
            held.setdefault(c.suit, set()).add(p)
    # Where the ace is high and low, a suit's lowest and highest windows share no place
    # but may both take its ace: one card, unless the hand holds two.
    aces: Counter[object] = Counter(c.suit for c in naturals if c.rank == Rank.ACE)
    windows = _run_windows(rules, held, runs)
    best = sets * rules.set_min + runs * rules.run_min
    for chosen in _apart(windows, runs, rules.run_min):
        # The runs not picked are begun from nothing.
        missing = rules.run_min * (runs - len(chosen)) + sum(w[0] for w in chosen)
        in_runs = Counter(rank for w in chosen for rank in w[3])
        for suit in {w[1] for w in chosen}:
            if aces[suit] < sum(1 for w in chosen if w[1] == suit and 1 in w[3]):
                missing += 1  # the second window lacks the ace after all
                in_runs[1] -= 1
        if sets:
            # Each set is its own rank, so the cheapest ranks make the sets (a rank the
            # hand lacks costs a whole set).
            costs = sorted(max(rules.set_min - max(by_rank[r] - in_runs[r], 0), 0)
                           for r in by_rank)
            missing += sum((costs + [rules.set_min] * sets)[:sets])
        best = min(best, max(missing - jokers, 0))
        if not best:
            break
    return best


def _apart(windows: Sequence[_Window], most: int, run_min: int, start: int = 0,
           chosen: tuple[_Window, ...] = ()) -> Iterator[tuple[_Window, ...]]:
    """Every pick of at most ``most`` of ``windows`` (from ``start`` on) no two of which
    share places in a suit, ``chosen`` first."""
    yield chosen
    if len(chosen) == most:
        return
    for i in range(start, len(windows)):
        w = windows[i]
        if any(c[1] == w[1] and abs(c[2] - w[2]) < run_min for c in chosen):
            continue  # two runs of a suit may not share places
        yield from _apart(windows, most, run_min, i + 1, (*chosen, w))


def _run_windows(rules: MeldRules, held: dict[object, set[int]], runs: int
                 ) -> list[_Window]:
    """The windows a contract's runs are picked from, fewest places lacking first: the
    ``runs + 4`` best of all, and in every suit its best and the best that does not share
    a place with that one, so that the best windows all lying in one or two suits (which
    may not share places) never leave the other runs without a candidate."""
    by_suit: dict[object, list[_Window]] = {}
    for suit, places in held.items():
        for low in range(rules.lowest, rules.highest - rules.run_min + 2):
            ranks = tuple(1 if p == 14 else p for p in range(low, low + rules.run_min)
                          if p in places)
            if ranks:
                by_suit.setdefault(suit, []).append(
                    (rules.run_min - len(ranks), suit, low, ranks))
    chosen: list[_Window] = []
    everything: list[_Window] = []
    for suit_windows in by_suit.values():
        suit_windows.sort(key=lambda w: w[0])
        everything += suit_windows
        top = suit_windows[0]
        chosen.append(top)
        apart = next((w for w in suit_windows if abs(w[2] - top[2]) >= rules.run_min), None)
        if apart is not None and runs > 1:
            chosen.append(apart)
    everything.sort(key=lambda w: w[0])
    for window in everything[:runs + 4]:
        if window not in chosen:
            chosen.append(window)
    chosen.sort(key=lambda w: w[0])
    return chosen
