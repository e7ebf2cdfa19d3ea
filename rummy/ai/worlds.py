"""Sampled worlds: whole deals that agree with everything one seat knows.

The expert (:mod:`rummy.ai.expert`) cannot see the other hands or the closed deck, so it
plays its candidate moves on in *worlds*: deals in which the cards it has not seen are
dealt at random among the places it cannot see into. A world agrees with the seat's view:

- its own hand, the drawn card, the wild joker, the melds on the table and the whole open
  deck (rebuilt from the history, see :func:`rummy.ai.tracking.open_deck_cards`) are as seen;
- each other seat holds the open-deck cards it is known to have taken and kept
  (:func:`rummy.ai.tracking.known_holdings`), topped up at random to its hand size;
- the closed deck is the rest, in a random order, of the size the view shows; once the
  open deck has been made into a new closed deck, it is made of the cards the seat saw go
  into it (:func:`rummy.ai.tracking.stock_of`), in the order they were turned over where
  they were not shuffled, and the cards of it that another seat drew are in its hand.

The world is built by the rule family from the view and these cards alone
(:meth:`rummy.model.rules.RuleFamily.world`); the state of the real deal is never read.
This is the one bot module that drives the engine (:func:`play_on`), and only on worlds it
dealt itself: ``tests/test_bots.py`` holds every other to the view alone.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Protocol

from rummy.model.actions import Action
from rummy.model.cards import Card, Rank, make_deck
from rummy.model.melds import is_joker
from rummy.model.state import GameState, Phase, apply, legal_actions, stalemate_due
from rummy.model.view import PlayerView, view_for

from .tracking import known_holdings, near, open_deck_cards, stock_of

__all__ = ["LEAF_WORK", "Leaf", "World", "deal_points", "open_deck_of", "play_on",
           "read_hand", "sample_world", "unseen_cards", "work_of"]

World = GameState
"""A sampled deal (see the module docstring): a state the bot dealt itself."""


LEAF_WORK = 20
"""Work a leaf estimate counts for (a few arrangement searches and deficiency counts)."""

Leaf = Callable[[GameState, int], float]
"""A family's estimate of a seat's points for the deal from a world where a playout stops
short of its end (the declare family's: :func:`rummy.ai.race.race_points`; the melding
families': :func:`rummy.ai.meld_race.meld_race_points`)."""


class Chooser(Protocol):
    """A bot that plays a seat in a world (:class:`rummy.ai.Bot`)."""

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        """One action out of ``legal``."""
        ...


def open_deck_of(view: PlayerView) -> list[Card]:
    """The whole open deck, bottom first, as the history shows it; made to agree with the
    view's top card and size (a card the history cannot name is left out)."""
    pile = open_deck_cards(view)
    if view.open_top is None or view.open_size == 0:
        return []
    if not pile or pile[-1] != view.open_top:
        pile = [view.open_top]
    return pile[-view.open_size:]


def _table_cards(view: PlayerView) -> list[Card]:
    return list(view.cards_on_table)


def unseen_cards(view: PlayerView, pile: Sequence[Card]
                 ) -> tuple[list[Card], dict[int, list[Card]]]:
    """The cards of the deck the seat has not seen anywhere (deck order), and per other
    seat the cards it is known to hold (open-deck cards it took and has neither thrown nor
    laid on the table since)."""
    on_table = set(_table_cards(view))
    known: dict[int, list[Card]] = {}
    for seat, holding in known_holdings(view).items():
        if seat != view.seat and not view.seats[seat].status.is_out:
            held = [c for c in holding.took if c not in on_table][:view.seats[seat].hand_size]
            if held:
                known[seat] = held
    seen = set(view.hand) | set(pile) | on_table
    if view.wild_joker is not None:
        seen.add(view.wild_joker)
    for held in known.values():
        seen.update(held)
    deck = make_deck(view.variant.packs, view.variant.printed_jokers)
    return [c for c in deck if c not in seen], known


def sample_world(view: PlayerView, rng: random.Random, seed: int,
                 reading: float = 0.0) -> World:
    """One world that agrees with ``view`` (see the module docstring), dealt by ``rng``;
    ``seed`` is the world's own seed (for its reshuffles). With ``reading`` above 0 the
    other seats' hands are read from their discards (:func:`read_hand`)."""
    pile = open_deck_of(view)
    pool, known = unseen_cards(view, pile)
    stock = _stock_cards(view, pool, known, rng)
    rng.shuffle(pool)
    threw = ({s: h.threw for s, h in known_holdings(view).items()} if reading else {})
    hands: list[list[Card]] = []
    for seat in range(view.players):
        if seat == view.seat:
            hands.append(list(view.hand))
            continue
        hand = list(known.get(seat, ()))
        need = max(0, view.seats[seat].hand_size - len(hand))
        if threw.get(seat):
            hand.extend(read_hand(pool, need, threw[seat], view.wild_rank, rng, reading))
        else:
            hand.extend(pool[:need])
            del pool[:need]
        hands.append(hand)
    if stock is None:
        closed, rest = pool[:view.closed_size], pool[view.closed_size:]
    else:
        closed, rest = stock, pool
    # Cards left over lie out of play (a dropped hand): they go to the first seat out.
    dead: list[list[Card]] = [[] for _ in range(view.players)]
    out = [s for s in range(view.players) if view.seats[s].status.is_out]
    if rest and out:
        dead[out[0]] = rest
    return view.rules.world(view, hands, pile, closed, seed, dead)


def read_hand(pool: list[Card], need: int, threw: Sequence[Card], wild: Rank | None,
              rng: random.Random, reading: float) -> list[Card]:
    """``need`` cards taken out of ``pool`` for a seat that threw ``threw``. A player lets
    go of the cards that belong least with its hand, so a card that would have joined one
    it threw (:func:`~rummy.ai.tracking.near`: 2 for a suit neighbour, 1 for a gap or the
    same rank) is taken to be less likely in its hand, by ``exp(-reading)`` a unit of
    nearness; a joker is as likely as ever. Weighted sampling without replacement: each
    card gets the key ``u ** (1 / weight)`` and the ``need`` highest keys are taken.

    Measured, it changes nothing the expert can use: ``benchmarks/bench_expert_variants.py
    reading`` (docs/benchmarks.md#bots), so the expert's worlds do not read (0)."""
    keyed: list[tuple[float, int]] = []
    for i, card in enumerate(pool):
        closeness = 0 if is_joker(card, wild) else sum(near(card, t) for t in threw)
        keyed.append((rng.random() ** (1.0 / math.exp(-reading * closeness)), i))
    keyed.sort(reverse=True)
    chosen = sorted(i for _, i in keyed[:need])
    hand = [pool[i] for i in chosen]
    for i in reversed(chosen):
        del pool[i]
    return hand


def _stock_cards(view: PlayerView, pool: list[Card], known: dict[int, list[Card]],
                 rng: random.Random) -> list[Card] | None:
    """The closed deck of a world where the open deck has been made into it
    (:func:`~rummy.ai.tracking.stock_of`), taken out of ``pool``; the cards of it another
    seat drew and has not shown since go to ``known`` (to the seat that drew them where the
    order tells, else each to one of the other seats at random). ``None``, with nothing
    changed, where the history does not tell or disagrees with what else the seat knows:
    the closed deck is then dealt from the pool."""
    stock = stock_of(view)
    if stock is None:
        return None
    unseen = set(pool)
    room = {s: view.seats[s].hand_size - len(known.get(s, ())) for s in range(view.players)
            if s != view.seat and not view.seats[s].status.is_out}
    if stock.ordered:
        closed = list(stock.cards)
        drawn = {s: [c for c in cards if c in unseen] for s, cards in stock.drawn.items()}
        if not unseen.issuperset(closed) or any(
                len(cards) > room.get(s, 0) for s, cards in drawn.items() if cards):
            return None
        for s, cards in drawn.items():
            if cards:
                known.setdefault(s, []).extend(cards)
        taken = set(closed).union(*drawn.values())
    else:
        candidates = [c for c in stock.cards if c in unseen]
        if not view.closed_size <= len(candidates) <= view.closed_size + sum(room.values()):
            return None
        rng.shuffle(candidates)
        closed, owed = candidates[:view.closed_size], candidates[view.closed_size:]
        for card in owed:
            s = rng.choice([s for s, left in room.items() if left > 0])
            known.setdefault(s, []).append(card)
            room[s] -= 1
        taken = set(candidates)
    pool[:] = [c for c in pool if c not in taken]
    return closed


def deal_points(world: World, seat: int) -> float:
    """The seat's points for a finished deal, from its side: what it is charged, less what
    it collects when it goes out (where the winner collects nothing, the others' points
    count for it all the same: a move that makes them pay more is the better one)."""
    result = world.result
    if result is None:
        return 0.0
    points = float(result.points[seat])
    if result.winner == seat:
        points -= result.collected
    return points


def play_on(world: World, action: Action, seat: int, bots: Sequence[Chooser],
            limit: int, depth: int | None = None, leaf: Leaf | None = None
            ) -> tuple[float, int]:
    """``action`` in ``world``, then ``bots[s]`` playing seat ``s`` (each from its own
    view of the world) to the deal's end, or until ``limit`` work is done, or (with a
    ``leaf`` estimate) until ``depth`` moves are played and a turn is over: the seat's
    points (:func:`deal_points` at the end; ``leaf``'s estimate where it stops short, or
    even without one) and the work done (see :func:`work_of`; a leaf counts
    :data:`LEAF_WORK`)."""
    state, _ = apply(world, action)
    moves = 0
    while not state.is_over and work_of(moves, bots) < limit:
        if (leaf is not None and depth is not None and moves >= depth
                and state.phase is Phase.DRAW):
            break
        stop = stalemate_due(state)
        if stop is not None:
            state, _ = apply(state, stop)
            break
        mover = state.turn
        legal = legal_actions(state, mover)
        if not legal:
            break
        state, _ = apply(state, bots[mover].choose(view_for(state, mover), legal))
        moves += 1
    if state.is_over or leaf is None:
        return deal_points(state, seat), work_of(moves, bots)
    return leaf(state, seat), work_of(moves, bots) + LEAF_WORK


def work_of(moves: int, bots: Sequence[Chooser]) -> int:
    """The work of a playout: its moves plus the hand arrangements its bots searched
    (their ``solver_calls``), which is where a move's time goes: counted, never timed, so
    a budget of work replays alike on any machine."""
    return moves + sum(getattr(bot, "solver_calls", 0) for bot in bots)
