"""Family 1, declare: the deal's state, the toss and the deal.

:class:`DeclareState` holds everything about one deal, hidden cards included; the rules
that step it are in :mod:`rummy.model.families.declare`. Randomness comes only from the
seed, one named stream a choice (``"toss"``, ``"deal"``, ``"cut"``:
:func:`rummy.model.randomness.stream`).

Deck order: the last card of ``closed_deck`` and of ``open_deck`` is the top one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from rummy.model.variant_fields import Toss
from rummy.model.variant_type import Variant

from ..actions import Pick
from ..cards import Card, Rank, make_deck, shuffled, toss_key
from ..events import (
    CardsDealt,
    DeckReshuffled,
    Event,
    OpenCardTurned,
    TossWon,
    TurnBegan,
    WildJokerCut,
)
from ..randomness import Seed, stream
from ..scoring import DealResult
from ..solver import wild_rank_for
from ..view_parts import SeenDeal
from . import DealState, Phase, SeatStatus
from .toss import JOKER, Spread, spread_for_joker, spread_for_toss
from .toss import toss as draw_cards

Groups = tuple[tuple[Card, ...], ...]


@dataclass(frozen=True, kw_only=True)
class DeclareState(DealState):
    """One deal of the declare family: the fields of every deal, and its own.

    ``dead[s]`` holds the cards seat ``s`` took out of play (a dropped hand, a wrong show).
    """

    wild_joker: Card | None
    wild_rank: Rank | None
    finish_slot: Card | None
    dead: tuple[tuple[Card, ...], ...]
    status: tuple[SeatStatus, ...]
    penalties: tuple[int, ...]
    missed: tuple[int, ...]
    shows: tuple[Groups | None, ...]
    result: DealResult | None = None
    drop_at_turn: tuple[bool, ...] = ()
    """Per seat: asked to drop at the start of its next turn (empty: nobody has)."""

    @property
    def active_seats(self) -> tuple[int, ...]:
        """Seats still in the deal, in seat order."""
        return tuple(s for s in range(self.players) if self.status[s] is SeatStatus.PLAYING)


# ---------------------------------------------------------------- toss and deal


def toss_leaders(rule: Toss, cards: Sequence[Card]) -> tuple[int, ...]:
    """Indexes of the cards that win a toss round: the highest, or for ``lowest_deals`` the
    lowest (rank with the ace high, then suit). More than one index means a tie.

    Source 004's example, verbatim: six players get A♣, A♠, A♦, A♥, 10♣, 10♠; A♠ moves first.

    >>> from rummy.model.cards import parse_cards
    >>> toss_leaders(Toss.HIGHEST_FIRST, parse_cards("A♣ A♠ A♦ A♥ 10♣ 10♠"))
    (1,)
    """
    keys = [toss_key(c) for c in cards]
    best = max(keys) if rule is Toss.HIGHEST_FIRST else min(keys)
    return tuple(i for i, k in enumerate(keys) if k == best)


def toss(variant: Variant, players: int, seed: Seed) -> tuple[int, int | None, tuple[Event, ...]]:
    """Play the toss: ``(first_player, dealer, events)``.

    Cards come from a separately shuffled deck without printed jokers. Seats that tie with
    identical faces toss again among themselves. With ``lowest_deals`` the lowest card
    deals and the next seat (the receiver) is dealt first and moves first.
    """
    rule = variant.declare.toss
    winner, events = draw_cards(players, make_deck(variant.packs, 0), stream(seed, "toss"),
                                lambda cards: toss_leaders(rule, cards))
    if rule is Toss.HIGHEST_FIRST:
        first, dealer = winner, None
    else:
        dealer = winner
        first = (dealer + 1) % players
    return first, dealer, (*events, TossWon(first, dealer))


def start_deal(variant: Variant, players: int, seed: Seed) -> DeclareState:
    """A new deal. Indian rummy's toss gives every seat an open card, then the deal is dealt
    (shuffle, ``hand_size`` each, first player first, the open card, the wild joker's cut).
    The two-player table's toss is picked: the deal starts in the ``PICK`` phase, its deck
    spread face down for each seat to pick a card (:mod:`rummy.model.families.toss`).
    Raises ValueError for a player count the variant does not allow."""
    _check_players(variant, players)
    deck = shuffled(make_deck(variant.packs, variant.printed_jokers), stream(seed, "deal"))
    if variant.hand_size * players + 2 > len(deck):
        raise ValueError(f"{players} hands of {variant.hand_size} do not fit in the deck")
    if not variant.declare.toss.picked:
        first, dealer, toss_events = toss(variant, players, seed)
        events: list[Event] = []
        state = after_picks(_waiting(variant, players, seed, deck, toss_events), None, None,
                            first, events, dealer=dealer)
        return replace(state, history=state.history + tuple(events))
    spread, laid = spread_for_toss(seed, "toss", variant.packs, players)
    return replace(_waiting(variant, players, seed, deck, (laid,)), spread=spread)


def _waiting(variant: Variant, players: int, seed: Seed, deck: list[Card],
             history: tuple[Event, ...]) -> DeclareState:
    """The deal before its cards are dealt: the shuffled deck face down (its first card on
    top), every hand empty, the toss's events so far."""
    zeros = (0,) * players
    return DeclareState(
        variant=variant, players=players, seed=seed, phase=Phase.PICK, turn=0,
        first_player=0, dealer=None, hands=((),) * players, closed_deck=tuple(reversed(deck)),
        open_deck=(), wild_joker=None, wild_rank=None, finish_slot=None,
        dead=((),) * players, status=(SeatStatus.PLAYING,) * players, penalties=zeros,
        turns_done=zeros, missed=zeros, shows=(None,) * players, drawn=None, reshuffles=0,
        history=history, drop_at_turn=(False,) * players,
    )


def leaders_of(variant: Variant) -> Callable[[list[Card]], tuple[int, ...]]:
    """The variant's rule for the toss's winning card."""
    rule = variant.declare.toss
    return lambda cards: toss_leaders(rule, cards)


def after_picks(state: DeclareState, spread: Spread | None, last: Pick | None,
                winner: int | None, events: list[Event], *, dealer: int | None = None
                ) -> DeclareState:
    """The deal's next step once the toss is decided or the joker picked (``winner``: the
    toss's, None after the joker's pick). A picked toss's winner deals (the lower card,
    docs/rules.md) and the other seat receives: dealt first, moves first. Then the hands,
    the open card and the wild joker: cut from the seed's ``"cut"`` stream, or picked by the
    dealer from the rest of the closed deck spread face down (the two-player table)."""
    variant = state.variant
    if spread is not None and spread.purpose == JOKER:
        assert last is not None and state.dealer is not None
        wild = spread.cards[last.position]
        rest = [c for i, c in enumerate(spread.cards) if i != last.position]
        return _cut(state, wild, rest, events)
    assert winner is not None
    if spread is not None:  # a picked toss: the lower card deals, the receiver moves first
        dealer = winner
        first = (dealer + 1) % state.players
    else:
        first = winner
    if spread is not None:
        events.append(TossWon(first, dealer))
    deck = list(reversed(state.closed_deck))
    dealt = variant.hand_size * state.players
    hands: list[list[Card]] = [[] for _ in range(state.players)]
    for i, card in enumerate(deck[:dealt]):
        hands[(first + i) % state.players].append(card)
    open_card, closed = deck[dealt], deck[dealt + 1:]
    hand_tuples = tuple(tuple(h) for h in hands)
    events += [CardsDealt(first, tuple(len(h) for h in hands), hand_tuples),
               OpenCardTurned(open_card)]
    state = replace(state, first_player=first, dealer=dealer, hands=hand_tuples,
                    open_deck=(open_card,), closed_deck=tuple(reversed(closed)))
    if not variant.declare.wild_joker_cut:
        return _begin(state, events)
    if spread is None:  # Indian rummy: the joker is cut at random
        wild = closed.pop(stream(state.seed, "cut").randrange(len(closed)))
        return _cut(state, wild, closed, events)
    assert dealer is not None
    joker, laid = spread_for_joker(closed, dealer)
    events.append(laid)
    return replace(state, spread=joker, turn=dealer)


def _cut(state: DeclareState, wild: Card, closed_from_top: Sequence[Card],
         events: list[Event]) -> DeclareState:
    """The wild joker lies face up under the closed deck; the first player's turn begins."""
    rank = _wild_rank(state.variant, wild)
    events.append(WildJokerCut(wild, rank, state.dealer))
    state = replace(state, wild_joker=wild, wild_rank=rank,
                    closed_deck=tuple(reversed(closed_from_top)))
    return _begin(state, events)


def _begin(state: DeclareState, events: list[Event]) -> DeclareState:
    events.append(TurnBegan(state.first_player))
    return replace(state, phase=Phase.DRAW, turn=state.first_player)


def deal_from_cards(
    variant: Variant,
    hands: Sequence[Sequence[Card]],
    open_deck: Sequence[Card],
    wild_joker: Card | None = None,
    *,
    closed_top: Sequence[Card] = (),
    first_player: int = 0,
    dealer: int | None = None,
    seed: Seed = 0,
    prelude: Sequence[Event] = (),
) -> DeclareState:
    """A deal starting from given cards: the first player to move is about to draw.

    ``hands[s]`` is seat ``s``'s hand; ``open_deck`` lists the open deck bottom first (its
    last card is face up on top); ``wild_joker`` is the cut card (required exactly when the
    variant cuts one); ``closed_top`` lists the next cards of the closed deck in the order
    they will be drawn. Every card of the deck not placed is shuffled (from ``seed``) under
    ``closed_top``. Used by :func:`start_deal`, by scenarios and by tests; raises
    ValueError when the cards do not make a deal of this variant.
    """
    players = len(hands)
    _check_players(variant, players)
    if not 0 <= first_player < players:
        raise ValueError(f"first player {first_player} is not a seat")
    for seat, hand in enumerate(hands):
        if len(hand) != variant.hand_size:
            raise ValueError(f"seat {seat} holds {len(hand)} cards, not {variant.hand_size}")
    if not open_deck:
        raise ValueError("the open deck needs a card")
    if (wild_joker is None) == variant.declare.wild_joker_cut:
        raise ValueError("give the wild joker exactly when the variant cuts one")
    deck = make_deck(variant.packs, variant.printed_jokers)
    placed = [c for h in hands for c in h] + list(open_deck) + list(closed_top)
    placed += [] if wild_joker is None else [wild_joker]
    known = set(deck)
    for card, n in Counter(placed).items():
        if card not in known:
            raise ValueError(f"{card.code} is not a card of this variant's deck")
        if n > 1:
            raise ValueError(f"{card.code} is placed {n} times")
    taken = set(placed)  # built once: asked for every card of the deck
    rest = shuffled([c for c in deck if c not in taken], stream(seed, "rest"))
    wild_rank = _wild_rank(variant, wild_joker)
    hand_tuples = tuple(tuple(h) for h in hands)
    events: list[Event] = list(prelude)
    events.append(CardsDealt(first_player, tuple(len(h) for h in hands), hand_tuples))
    events.append(OpenCardTurned(open_deck[-1]))
    if wild_joker is not None:
        events.append(WildJokerCut(wild_joker, wild_rank, dealer))
    events.append(TurnBegan(first_player))
    zeros = (0,) * players
    return DeclareState(
        variant=variant, players=players, seed=seed, phase=Phase.DRAW, turn=first_player,
        first_player=first_player, dealer=dealer, hands=hand_tuples,
        closed_deck=tuple(rest) + tuple(reversed(closed_top)), open_deck=tuple(open_deck),
        wild_joker=wild_joker, wild_rank=wild_rank, finish_slot=None,
        dead=((),) * players, status=(SeatStatus.PLAYING,) * players, penalties=zeros,
        turns_done=zeros, missed=zeros, shows=(None,) * players, drawn=None, reshuffles=0,
        history=tuple(events), drop_at_turn=(False,) * players,
    )


def _check_players(variant: Variant, players: int) -> None:
    if not variant.min_players <= players <= variant.max_players:
        raise ValueError(f"{variant.name} is for {variant.min_players}-{variant.max_players}"
                         f" players, not {players}")


def _wild_rank(variant: Variant, cut: Card | None) -> Rank | None:
    return wild_rank_for(variant, cut)


def world_from_view(view: SeenDeal, hands: Sequence[Sequence[Card]],
                    open_deck: Sequence[Card], closed_deck: Sequence[Card], seed: Seed,
                    dead: Sequence[Sequence[Card]] = ()) -> DeclareState:
    """A deal as seat ``view.seat`` sees it, with the cards it cannot see placed as given:
    ``hands`` (its own as in the view), the whole open deck and the closed deck (bottom
    first, the top last) and the cards out of play per seat (``dead``). Built from the
    view alone, so a bot may play it on (a sampled world: docs/architecture.md, "The bots").
    ``seed`` feeds the reshuffles to come."""
    players = view.players
    mine = view.seat == view.turn
    # Only this seat's own drop request is known; another's is private to it.
    drop = tuple(s == view.seat and view.declare.drop_at_turn for s in range(players))
    return DeclareState(
        variant=view.variant, players=players, seed=seed, phase=view.phase, turn=view.turn,
        first_player=view.first_player, dealer=view.dealer,
        hands=tuple(tuple(h) for h in hands), closed_deck=tuple(closed_deck),
        open_deck=tuple(open_deck), turns_done=tuple(s.turns_done for s in view.seats),
        drawn=view.drawn if mine else None,
        reshuffles=sum(isinstance(e, DeckReshuffled) for e in view.history),
        history=view.history, wild_joker=view.wild_joker, wild_rank=view.wild_rank,
        finish_slot=None, dead=tuple(tuple(d) for d in dead) or ((),) * players,
        status=tuple(s.status for s in view.seats),
        penalties=tuple(s.penalty for s in view.seats),
        missed=tuple(s.missed_turns for s in view.seats),
        shows=tuple(s.shown for s in view.seats), drop_at_turn=drop,
    )
