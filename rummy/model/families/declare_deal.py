"""Family 1, declare: the deal's state, the toss and the deal.

:class:`DeclareState` holds everything about one deal, hidden cards included; the rules
that step it are in :mod:`rummy.model.families.declare`. Randomness comes only from the
seed, one named stream a choice (``"toss"``, ``"deal"``, ``"cut"``:
:func:`rummy.model.randomness.stream`).

Deck order: the last card of ``closed_deck`` and of ``open_deck`` is the top one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from rummy.model.variant_fields import Toss
from rummy.model.variant_type import Variant

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
from . import DealState, Phase, SeatStatus
from .toss import toss as draw_cards

if TYPE_CHECKING:  # the view imports the state: only for annotations
    from ..view import PlayerView

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
    """Toss, shuffle, deal ``hand_size`` each (first player first), turn the open card,
    cut the wild joker. Raises ValueError for a player count the variant does not allow."""
    _check_players(variant, players)
    first, dealer, toss_events = toss(variant, players, seed)
    deck = shuffled(make_deck(variant.packs, variant.printed_jokers), stream(seed, "deal"))
    dealt = variant.hand_size * players
    if dealt + 2 > len(deck):
        raise ValueError(f"{players} hands of {variant.hand_size} do not fit in the deck")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i, card in enumerate(deck[:dealt]):
        hands[(first + i) % players].append(card)
    open_card = deck[dealt]
    closed = deck[dealt + 1:]
    wild = None
    if variant.declare.wild_joker_cut:
        wild = closed.pop(stream(seed, "cut").randrange(len(closed)))
    return deal_from_cards(
        variant, hands, [open_card], wild, closed_top=closed, first_player=first,
        dealer=dealer, seed=seed, prelude=toss_events,
    )


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


def world_from_view(view: PlayerView, hands: Sequence[Sequence[Card]],
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
