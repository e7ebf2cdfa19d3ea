"""Family 3, contract rummy (source 002 "Dummy Rummy"): one round as a state machine.

Turn: draw (top of the stock or the face-up discard), then optionally lay down the round's
contract (:class:`LayDown`: exactly its sets and runs, each may be longer than the
minimum), or, on a later turn after laying down, lay cards off on any laid-down meld
(:class:`LayOff`), then discard. A player wins the round only by playing every card onto
melds: never on a discard, and a discard must leave at least one card in hand; and only in
a turn begun by drawing from the stock. The first dealer is chosen by a draw (highest card,
ace low); the player left of the dealer starts. See docs/rules.md, "Contract rummy".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations

from rummy.model.table_melds import (
    MeldKind,
    MeldRules,
    TableMeld,
    lay_off,
    lay_off_ends,
    make_meld,
    meld_kinds,
    misfit,
)
from rummy.model.variant_type import Variant

from ..actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    IllegalMoveError,
    LayDown,
    LayOff,
    Pick,
    Stalemate,
)
from ..cards import Card, make_deck, shuffled
from ..events import (
    CardLaidOff,
    DealScored,
    DeckReshuffled,
    Event,
    MeldLaid,
    TossWon,
)
from ..randomness import Seed, stream
from ..scoring import ShownHand, round_result
from . import Phase
from .melding import (
    MeldState,
    check_players,
    check_stalemate,
    check_turn,
    deal,
    discard,
    draw,
    drew_from_stock,
    end_turn,
    hand_value,
    lay_cards,
    put,
    stalemate_reason,
    world_from_view,
)
from .toss import Spread, check_pick, legal_picks, play_pick, refuse_pick, spread_for_toss, toss

__all__ = ["MeldState", "apply", "check_action", "choose_dealer", "find_contract",
           "legal_actions", "start_deal", "world_from_view"]


def highest_aces_low(cards: list[Card]) -> list[int]:
    """Source 002's rule for the first dealer: the highest card, aces low (suits do not
    count, so equal ranks tie and pick again)."""
    best = max(int(c.rank or 0) for c in cards)
    return [i for i, c in enumerate(cards) if int(c.rank or 0) == best]


def choose_dealer(players: int, seed: Seed) -> tuple[int, tuple[Event, ...]]:
    """Source 002: every player draws a card; the highest is dealer, aces low. Seats that
    tie draw again among themselves. The dealer the toss finds when the picks are made for
    the players (Quick start), from the ``"dealer"`` stream."""
    dealer, events = toss(players, make_deck(1, 0), stream(seed, "dealer"), highest_aces_low)
    return dealer, (*events, TossWon((dealer + 1) % players, dealer))


def start_deal(variant: Variant, players: int, seed: Seed, *, dealer: int | None = None,
               round_no: int = 0) -> MeldState:
    """Round ``round_no`` (0 = round 1): the player left of the dealer is dealt first and
    plays first. Without a dealer (the first round) the round starts in the ``PICK`` phase:
    a deck spread face down, each seat to pick a card, the highest deals
    (:mod:`rummy.model.families.toss`)."""
    if dealer is not None:
        dealer %= players
        return deal(variant, players, seed, (dealer + 1) % players, dealer, round_no)
    check_players(variant, players)
    spread, laid = spread_for_toss(seed, "dealer", 1, players)
    deck = shuffled(make_deck(variant.packs, variant.printed_jokers), stream(seed, "deal"))
    zeros = (0,) * players
    return MeldState(
        variant=variant, players=players, seed=seed, phase=Phase.PICK, turn=0,
        first_player=0, dealer=None, round_no=round_no, hands=((),) * players,
        closed_deck=tuple(reversed(deck)), open_deck=(), melds=(), turns_done=zeros,
        laid_at=(-1,) * players, taken=(), drawn=None, reshuffles=0, history=(laid,),
        spread=spread,
    )


def _dealer_found(state: MeldState, spread: Spread, last: Pick, winner: int | None,
                  events: list[Event]) -> MeldState:
    """The toss is decided: the winner deals, the player on its left is dealt first."""
    assert winner is not None
    first = (winner + 1) % state.players
    events.append(TossWon(first, winner))
    dealt = deal(state.variant, state.players, state.seed, first, winner, state.round_no)
    events.extend(dealt.history)
    return replace(dealt, history=state.history)


# ---------------------------------------------------------------- legality


def legal_actions(state: MeldState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now. A lay-down is listed once, with the contract
    found by :func:`find_contract`; :func:`apply` takes any valid one."""
    if state.is_over or seat != state.turn:
        return []
    if state.spread is not None:
        return legal_picks(state.spread, seat)
    if state.phase is Phase.DRAW:
        actions: list[Action] = []
        if state.closed_deck:
            actions.append(Draw(seat, DrawSource.CLOSED))
        if state.open_deck:
            actions.append(Draw(seat, DrawSource.OPEN))
        return actions
    hand = state.hands[seat]
    actions = [Discard(seat, c) for c in hand if len(hand) >= 2]
    if not state.laid_down(seat):
        groups = find_contract(state.rules, state.contract or (0, 0), hand)
        if groups is not None and _left_ok(state, len(hand) - sum(map(len, groups))):
            actions.append(LayDown(seat, groups))
    elif _may_lay_off(state, seat):
        seen: set[str] = set()
        for card in hand:
            if card.face in seen:
                continue
            seen.add(card.face)
            actions.extend(LayOff(seat, card, i, end) for i, meld in enumerate(state.melds)
                           for end in lay_off_ends(state.rules, meld, card)
                           if _off_problem(state, seat, card, i, end) is None)
    return actions


def _off_problem(state: MeldState, seat: int, card: Card, index: int,
                 end: str | None = None) -> str | None:
    """Why ``card`` may not go on meld ``index`` (at a run's ``end``) now, or None."""
    grown = lay_off(state.rules, state.melds[index], card, end)
    if grown is None:
        return misfit(state.rules, state.melds[index], end)
    left = list(state.hands[seat])
    left.remove(card)
    if len(left) <= 1 and not drew_from_stock(state):
        return "you may go out only in a turn begun from the stock: keep two cards"
    if len(left) == 1:
        # Source 002: the player "must be able to play both their cards": the last card
        # must then fit a meld too, or the turn could not end.
        melds = put(state.melds, index, grown)
        if not any(lay_off(state.rules, m, left[0]) is not None for m in melds):
            # (The words a play-tester found hard to read were "keep two cards or none: a
            # discard must leave one".)
            return ("then your last card fits no meld, and nobody goes out on a discard:"
                    " keep two cards")
    return None


def check_action(state: MeldState, action: Action) -> None:
    """Raise IllegalMoveError with a short reason if ``action`` is not allowed now."""
    seat = action.seat
    check_turn(state, seat)
    if state.spread is not None:
        check_pick(state.spread, action)
        return
    refuse_pick(action)
    drawing = state.phase is Phase.DRAW
    hand = state.hands[seat]
    if isinstance(action, Draw):
        if not drawing:
            raise IllegalMoveError("you already drew")
        if action.count != 1:
            raise IllegalMoveError("take one card")
        pile = state.closed_deck if action.source is DrawSource.CLOSED else state.open_deck
        if not pile:
            raise IllegalMoveError("that pile is empty")
        return
    if isinstance(action, Stalemate):
        check_stalemate(state)
        return
    if drawing:
        raise IllegalMoveError("draw a card first")
    if isinstance(action, Discard):
        if action.card not in hand:
            raise IllegalMoveError("that card is not in your hand")
        if len(hand) < 2:
            raise IllegalMoveError("nobody wins on a discard: keep at least one card")
    elif isinstance(action, LayDown):
        if state.laid_down(seat):
            raise IllegalMoveError("you have already laid down this round")
        laid = [c for g in action.groups for c in g]
        if len(set(laid)) != len(laid) or any(c not in hand for c in laid):
            raise IllegalMoveError("those cards are not all in your hand")
        if contract_melds(state.rules, state.contract or (0, 0), action.groups, seat) is None:
            sets, runs = state.contract or (0, 0)
            raise IllegalMoveError(f"lay down exactly the contract: {sets} set(s) and"
                                   f" {runs} run(s)")
        if not _left_ok(state, len(hand) - len(laid)):
            if len(hand) == len(laid):
                raise IllegalMoveError("you may go out only in a turn begun from the stock:"
                                       " keep two cards")
            raise IllegalMoveError("that leaves one card, and nobody goes out on a discard:"
                                   " keep two cards")
    elif isinstance(action, LayOff):
        if not state.laid_down(seat):
            raise IllegalMoveError("lay down your contract first")
        if not _may_lay_off(state, seat):
            raise IllegalMoveError("you may lay off from your next turn")
        if action.card not in hand:
            raise IllegalMoveError("that card is not in your hand")
        if not 0 <= action.meld < len(state.melds):
            raise IllegalMoveError("there is no such meld")
        problem = _off_problem(state, seat, action.card, action.meld, action.end)
        if problem:
            raise IllegalMoveError(problem)
    else:
        raise IllegalMoveError("not an action of this game")


def _left_ok(state: MeldState, left: int) -> bool:
    """Enough to discard and still hold one, or out (0 cards) in a turn begun from the
    stock (source 002's rule, docs/rules.md "Contract rummy: going out")."""
    return left >= 2 or (left == 0 and drew_from_stock(state))


def _may_lay_off(state: MeldState, seat: int) -> bool:
    return 0 <= state.laid_at[seat] < state.turns_done[seat]


def contract_melds(rules: MeldRules, contract: tuple[int, int],
                   groups: Sequence[Sequence[Card]], owner: int) -> list[TableMeld] | None:
    """The melds for ``groups`` when they are exactly the contract (a group that reads both
    ways counts as whichever the contract needs), else None."""
    sets, runs = contract
    if len(groups) != sets + runs:
        return None
    kinds = [meld_kinds(rules, g) for g in groups]
    for run_idx in combinations(range(len(groups)), runs):
        chosen = [MeldKind.RUN if i in run_idx else MeldKind.SET for i in range(len(groups))]
        if all(k in ks for k, ks in zip(chosen, kinds, strict=True)):
            melds = [make_meld(rules, k, g, owner) for k, g in zip(chosen, groups, strict=True)]
            return [m for m in melds if m is not None]
    return None


def find_contract(rules: MeldRules, contract: tuple[int, int],
                  hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...] | None:
    """Groups from ``hand`` that make the contract (as many cards as it finds room for), or
    None. Sets take every natural card of their rank; runs the longest stretch in a suit;
    jokers fill the minimum, then join the first meld."""
    sets, runs = contract
    naturals = [c for c in hand if c.rank is not None]
    jokers = [c for c in hand if c.rank is None]
    options: list[tuple[MeldKind, tuple[Card, ...]]] = []
    by_rank: dict[object, list[Card]] = {}
    for c in naturals:
        by_rank.setdefault(c.rank, []).append(c)
    for cards in by_rank.values():
        options.append((MeldKind.SET, tuple(cards)))
        if len(cards) > rules.set_min:  # leave one for a run
            for c in cards:
                options.append((MeldKind.SET, tuple(x for x in cards if x is not c)))
    for suit in dict.fromkeys(c.suit for c in naturals):  # the hand's order, never a set's
        at: dict[int, Card] = {}
        for c in naturals:
            if c.suit == suit and c.rank is not None:
                for p in rules.positions(c.rank):
                    at.setdefault(p, c)
        for start in sorted(at):
            for end in sorted(p for p in at if start < p <= start + 12):
                have = tuple(at[p] for p in range(start, end + 1) if p in at)
                if end - start + 1 - len(have) <= len(jokers):
                    options.append((MeldKind.RUN, have))

    def search(need_sets: int, need_runs: int, used: frozenset[Card], free: int,
               start: int) -> list[tuple[tuple[Card, ...], int]] | None:
        if need_sets == need_runs == 0:
            return []
        for index in range(start, len(options)):
            kind, cards = options[index]
            if (kind is MeldKind.SET and not need_sets) or (kind is MeldKind.RUN and
                                                            not need_runs):
                continue
            if used & set(cards):
                continue
            for extra in range(free + 1):
                meld = make_meld(rules, kind, (*cards, *jokers[:extra]))
                if meld is None:
                    continue
                rest = search(need_sets - (kind is MeldKind.SET),
                              need_runs - (kind is MeldKind.RUN), used | set(cards),
                              free - extra, index + 1)
                if rest is not None:
                    return [(cards, extra), *rest]
                break
        return None

    found = search(sets, runs, frozenset(), len(jokers), 0)
    if found is None:
        return None
    pool = list(jokers)
    groups = [list(cards) + [pool.pop() for _ in range(extra)] for cards, extra in found]
    for joker in list(pool):
        for group in groups:
            kinds = meld_kinds(rules, group)
            if any(make_meld(rules, k, [*group, joker]) for k in kinds):
                group.append(joker)
                pool.remove(joker)
                break
    out = tuple(tuple(g) for g in groups)
    return out if contract_melds(rules, contract, out, 0) is not None else None


# ---------------------------------------------------------------- apply


def apply(state: MeldState, action: Action) -> tuple[MeldState, tuple[Event, ...]]:
    """The state after ``action`` and the events on the way. Raises IllegalMoveError."""
    check_action(state, action)
    if state.spread is not None:
        return play_pick(state, action, highest_aces_low, _dealer_found)
    events: list[Event] = []
    seat = action.seat
    if isinstance(action, Draw):
        state = draw(state, seat, action.source is DrawSource.CLOSED, 1, events)
        state = replace(state, taken=())  # contract rummy has no "not the card you took"
    elif isinstance(action, Stalemate):
        state = _end(state, None, stalemate_reason(state), events)
    elif isinstance(action, Discard):
        state = discard(state, seat, action.card, events)
        state = _refill(end_turn(state, seat, events), events)
    elif isinstance(action, LayDown):
        melds = contract_melds(state.rules, state.contract or (0, 0), action.groups, seat)
        assert melds is not None
        state = lay_cards(state, seat, [c for g in action.groups for c in g])
        for meld in melds:
            state = replace(state, melds=state.melds + (meld,))
            events.append(MeldLaid(seat, len(state.melds) - 1, meld))
    elif isinstance(action, LayOff):
        grown = lay_off(state.rules, state.melds[action.meld], action.card, action.end)
        assert grown is not None
        state = lay_cards(state, seat, (action.card,))
        state = replace(state, melds=put(state.melds, action.meld, grown))
        events.append(CardLaidOff(seat, action.card, action.meld, grown))
    if not state.is_over and state.phase is Phase.DISCARD and not state.hands[seat]:
        state = _end(state, seat, "went out", events)
    return replace(state, history=state.history + tuple(events)), tuple(events)


def _refill(state: MeldState, events: list[Event]) -> MeldState:
    """Stock exhausted (the sources are silent; as in the declare family): the discard pile
    but its top card is shuffled into a new stock. Nothing to shuffle: the round ends."""
    if state.closed_deck or state.is_over:
        return state
    if len(state.open_deck) < 2:
        return _end(state, None, "no card left to draw", events)
    number = state.reshuffles + 1
    cards = shuffled(state.open_deck[:-1], stream(state.seed, f"reshuffle/{number}"))
    events.append(DeckReshuffled(number, len(cards)))
    return replace(state, closed_deck=tuple(cards), open_deck=state.open_deck[-1:],
                   reshuffles=number)


def _end(state: MeldState, winner: int | None, reason: str, events: list[Event]) -> MeldState:
    points = tuple(hand_value(state.variant, h) for h in state.hands)
    shown = tuple(ShownHand(tuple(m.cards for m in state.melds if m.owner == s),
                            state.hands[s]) for s in range(state.players))
    result = round_result(winner, points, points, reason, shown)
    events.append(DealScored(result))
    return replace(state, phase=Phase.OVER, result=result, drawn=None, taken=())

