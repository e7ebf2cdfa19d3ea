"""Family 1, declare (Indian 13-card rummy): the deal as a state machine.

A :class:`DeclareState` is frozen; :func:`apply` returns a new state and the events that
led to it, and never changes its argument. Everything random comes from the seed, one
named stream a choice (``"deal"``, ``"reshuffle/{n}"``:
:func:`rummy.model.randomness.stream`), so a deal is fully determined by its variant,
player count, seed and actions. The state, the toss and the deal live in
:mod:`rummy.model.families.declare_deal`.

Turn: draw (closed or open deck), then discard a card or put one on the finish slot
(declare). Before drawing a seat may drop; at any time a seat still in the deal may ask to
drop at the start of its next turn (:class:`DropAtTurn`), or stop asking. When the turn
timer is on, a ``Timeout`` plays the turn automatically. See docs/rules.md, "Declare".
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import TypeVar

from ..actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    DropAtTurn,
    Finish,
    IllegalMoveError,
    Timeout,
)
from ..cards import Card, shuffled
from ..events import (
    CardDiscarded,
    CardDrawn,
    CardFinished,
    DealScored,
    DeckReshuffled,
    Declared,
    DropAtTurnSet,
    Event,
    PlayerDropped,
    TurnBegan,
    TurnMissed,
)
from ..melds import check_declaration
from ..randomness import stream
from ..scoring import DealResult, SeatScore, ShownHand, arrange, drop_penalty, score_loser, settle
from ..solver import best_arrangement
from . import Phase, SeatStatus
from .declare_deal import (
    DeclareState,
    Groups,
    after_picks,
    leaders_of,
    start_deal,
    world_from_view,
)
from .toss import check_pick, legal_picks, play_pick, refuse_pick

__all__ = ["apply", "check_action", "legal_actions", "start_deal", "world_from_view"]

_T = TypeVar("_T")

# ---------------------------------------------------------------- legality


def legal_actions(state: DeclareState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now.

    A seat waiting for its turn may only ask to drop at its turn, or stop asking (where
    dropping is allowed). Finish is listed once per card, with ``groups=None`` (the
    engine's best arrangement); :func:`apply` also takes a Finish with the player's own
    groups.
    """
    if state.is_over or not 0 <= seat < state.players or state.status[seat].is_out:
        return []
    if state.spread is not None:
        return legal_picks(state.spread, seat)
    variant = state.variant
    if seat != state.turn:
        return [DropAtTurn(seat, not _asked(state, seat))] if variant.declare.allow_drop else []
    actions: list[Action] = []
    if state.phase is Phase.DRAW:
        if state.closed_deck:
            actions.append(Draw(seat, DrawSource.CLOSED))
        if state.open_deck:
            actions.append(Draw(seat, DrawSource.OPEN))
        if variant.declare.allow_drop:
            actions.append(Drop(seat))
    else:
        hand = state.hands[seat]
        actions.extend(Discard(seat, c) for c in hand)
        actions.extend(Finish(seat, c, None) for c in hand)
    if variant.declare.turn_timer > 0:
        actions.append(Timeout(seat))
    return actions


def check_action(state: DeclareState, action: Action) -> None:
    """Raise IllegalMoveError with a short reason if ``action`` is not allowed now."""
    seat = action.seat
    if state.is_over:
        raise IllegalMoveError("the deal is over")
    if not 0 <= seat < state.players:
        raise IllegalMoveError("there is no such seat")
    if state.status[seat].is_out:
        raise IllegalMoveError("you are out of this deal")
    if state.spread is not None:
        check_pick(state.spread, action)
        return
    refuse_pick(action)
    if isinstance(action, DropAtTurn):
        if not state.variant.declare.allow_drop:
            raise IllegalMoveError("this table does not allow dropping")
        if action.on == _asked(state, seat):
            raise IllegalMoveError("you already asked to drop at your turn" if action.on
                                   else "you have not asked to drop at your turn")
        return
    if seat != state.turn:
        raise IllegalMoveError("not your turn")
    drawing = state.phase is Phase.DRAW
    if isinstance(action, Draw):
        if not drawing:
            raise IllegalMoveError("you already drew")
        pile = state.closed_deck if action.source is DrawSource.CLOSED else state.open_deck
        if not pile:
            raise IllegalMoveError(f"the {action.source.value} deck is empty")
    elif isinstance(action, (Discard, Finish)):
        if drawing:
            raise IllegalMoveError("draw a card first")
        if action.card not in state.hands[seat]:
            raise IllegalMoveError("that card is not in your hand")
        if isinstance(action, Finish) and action.groups is not None:
            rest = Counter(_without(state.hands[seat], action.card))
            shown = [c for g in action.groups for c in g]
            if any(not g for g in action.groups) or Counter(shown) != rest:
                raise IllegalMoveError(
                    "your groups must hold every other card of your hand, each once")
    elif isinstance(action, Drop):
        if not state.variant.declare.allow_drop:
            raise IllegalMoveError("this table does not allow dropping")
        if not drawing:
            raise IllegalMoveError("you can only drop before drawing")
    elif isinstance(action, Timeout):
        if state.variant.declare.turn_timer <= 0:
            raise IllegalMoveError("this table has no turn timer")
    else:  # pragma: no cover - every Action type is handled above
        raise IllegalMoveError("not an action of this game")


# ---------------------------------------------------------------- apply


def apply(state: DeclareState, action: Action) -> tuple[DeclareState, tuple[Event, ...]]:
    """The state after ``action`` and the events on the way. Raises IllegalMoveError."""
    check_action(state, action)
    if state.spread is not None:
        return play_pick(state, action, leaders_of(state.variant), after_picks)
    events: list[Event] = []
    if isinstance(action, Draw):
        state = _draw(state, action.seat, action.source, events)
    elif isinstance(action, Discard):
        state = _discard(state, action.seat, action.card, events, timed_out=False)
        state = _next_turn(state, action.seat, events)
    elif isinstance(action, Finish):
        state = _finish(state, action, events)
    elif isinstance(action, Drop):
        penalty = drop_penalty(state.variant, state.turns_done[action.seat])
        state = _drop(state, action.seat, penalty, SeatStatus.DROPPED, events)
    elif isinstance(action, DropAtTurn):
        events.append(DropAtTurnSet(action.seat, action.on))
        state = replace(state, drop_at_turn=_put(_requests(state), action.seat, action.on))
    else:
        state = _timeout(state, action.seat, events)
    state = _refill_closed_deck(state, events)
    return replace(state, history=state.history + tuple(events)), tuple(events)


def _draw(state: DeclareState, seat: int, source: DrawSource,
          events: list[Event]) -> DeclareState:
    if source is DrawSource.CLOSED:
        card, closed, open_ = state.closed_deck[-1], state.closed_deck[:-1], state.open_deck
    else:
        card, closed, open_ = state.open_deck[-1], state.closed_deck, state.open_deck[:-1]
    events.append(CardDrawn(seat, source, card))
    return replace(
        state, phase=Phase.DISCARD, closed_deck=closed, open_deck=open_, drawn=card,
        hands=_put(state.hands, seat, state.hands[seat] + (card,)),
    )


def _discard(state: DeclareState, seat: int, card: Card, events: list[Event],
             timed_out: bool) -> DeclareState:
    """Discard ``card`` and complete the turn (the caller passes the turn on)."""
    events.append(CardDiscarded(seat, card))
    return replace(
        state, hands=_put(state.hands, seat, _without(state.hands[seat], card)),
        open_deck=state.open_deck + (card,), drawn=None,
        turns_done=_put(state.turns_done, seat, state.turns_done[seat] + 1),
        missed=_put(state.missed, seat, state.missed[seat] + 1 if timed_out else 0),
    )


def _finish(state: DeclareState, action: Finish, events: list[Event]) -> DeclareState:
    seat, card, variant, cut = action.seat, action.card, state.variant, state.wild_joker
    rest = _without(state.hands[seat], card)
    events.append(CardFinished(seat, card))
    if action.groups is not None:
        groups: Groups = tuple(tuple(g) for g in action.groups)
        valid, reason = check_declaration(variant, groups, cut)
    else:
        best = best_arrangement(variant, rest, cut=cut)
        groups = tuple(tuple(g) for g in best.groups)
        if best.ungrouped:
            groups += (tuple(best.ungrouped),)
        valid, reason = (True, "") if best.valid else check_declaration(variant, groups, cut)
    events.append(Declared(seat, valid, "" if valid else reason, groups))
    state = replace(
        state, hands=_put(state.hands, seat, rest), finish_slot=card, drawn=None,
        shows=_put(state.shows, seat, groups),
        turns_done=_put(state.turns_done, seat, state.turns_done[seat] + 1),
        missed=_put(state.missed, seat, 0),
    )
    if valid:
        return _end(state, _score_valid_show(state, seat, groups, card), events)
    state = replace(state, finish_slot=None)
    out = _take_out(state, seat, SeatStatus.WRONG_SHOW, variant.declare.wrong_show_penalty, card)
    return _after_leaving(out, seat, events)


def _asked(state: DeclareState, seat: int) -> bool:
    return bool(state.drop_at_turn) and state.drop_at_turn[seat]


def _requests(state: DeclareState) -> tuple[bool, ...]:
    return state.drop_at_turn or (False,) * state.players


def _drop(state: DeclareState, seat: int, penalty: int, status: SeatStatus,
          events: list[Event], at_turn: bool = False) -> DeclareState:
    events.append(PlayerDropped(seat, penalty, auto=status is SeatStatus.TIMED_OUT,
                                at_turn=at_turn))
    state = replace(state, drop_at_turn=_put(_requests(state), seat, False))
    return _after_leaving(_take_out(state, seat, status, penalty), seat, events)


def _timeout(state: DeclareState, seat: int, events: list[Event]) -> DeclareState:
    variant = state.variant
    streak = state.missed[seat] + 1
    events.append(TurnMissed(seat, streak))
    if state.phase is Phase.DRAW:
        source = DrawSource.CLOSED if state.closed_deck else DrawSource.OPEN
        state = _draw(state, seat, source, events)
    assert state.drawn is not None
    state = _discard(state, seat, state.drawn, events, timed_out=True)
    if 0 < variant.declare.missed_turns_to_drop <= streak:
        return _drop(state, seat, variant.declare.auto_drop_penalty, SeatStatus.TIMED_OUT, events)
    return _next_turn(state, seat, events)


def _take_out(state: DeclareState, seat: int, status: SeatStatus, penalty: int,
              *extra: Card) -> DeclareState:
    cards = state.hands[seat] + extra
    return replace(
        state, hands=_put(state.hands, seat, ()), dead=_put(state.dead, seat, cards),
        status=_put(state.status, seat, status), penalties=_put(state.penalties, seat, penalty),
        drawn=None if seat == state.turn else state.drawn,
    )


def _after_leaving(state: DeclareState, seat: int, events: list[Event]) -> DeclareState:
    """A seat left the deal: the last one left wins; otherwise play passes on if needed."""
    active = state.active_seats
    if len(active) == 1:
        winner = active[0]
        shown = arrange(state.variant, state.hands[winner], state.wild_joker)
        return _end(state, _score(state, winner, SeatScore(0, "last player left", shown)), events)
    if seat == state.turn:
        return _next_turn(state, seat, events)
    return state


def _next_turn(state: DeclareState, seat: int, events: list[Event]) -> DeclareState:
    if state.is_over:
        return state
    nxt = next(s % state.players for s in range(seat + 1, seat + 1 + state.players)
               if state.status[s % state.players] is SeatStatus.PLAYING)
    events.append(TurnBegan(nxt))
    state = replace(state, turn=nxt, phase=Phase.DRAW, drawn=None)
    if _asked(state, nxt):  # it takes effect now, before drawing, with the usual points
        penalty = drop_penalty(state.variant, state.turns_done[nxt])
        return _drop(state, nxt, penalty, SeatStatus.DROPPED, events, at_turn=True)
    return state


def _refill_closed_deck(state: DeclareState, events: list[Event]) -> DeclareState:
    """Closed deck exhausted: the open deck but its top card is shuffled into a new one."""
    if state.closed_deck or len(state.open_deck) < 2 or state.is_over:
        return state
    number = state.reshuffles + 1
    cards = shuffled(state.open_deck[:-1], stream(state.seed, f"reshuffle/{number}"))
    events.append(DeckReshuffled(number, len(cards)))
    return replace(state, closed_deck=tuple(cards), open_deck=state.open_deck[-1:],
                   reshuffles=number)


# ---------------------------------------------------------------- the end


def _score_valid_show(state: DeclareState, winner: int, groups: Groups,
                      finish_card: Card) -> DealResult:
    variant, cut = state.variant, state.wild_joker
    losers = {
        s: score_loser(variant, state.hands[s], cut, had_turn=state.turns_done[s] > 0)
        for s in state.active_seats if s != winner
    }
    return _score(state, winner, SeatScore(0, "valid declaration", ShownHand(groups)),
                  losers, finish_card)


def _score(state: DeclareState, winner: int, winner_score: SeatScore,
           losers: dict[int, SeatScore] | None = None,
           finish_card: Card | None = None) -> DealResult:
    scores = dict(losers or {})
    for seat in range(state.players):
        status = state.status[seat]
        if status.is_out:
            scores[seat] = SeatScore(state.penalties[seat], _out_reason(state, seat),
                                     _out_hand(state, seat))
    return settle(winner, winner_score, scores, finish_card)


def _out_reason(state: DeclareState, seat: int) -> str:
    status = state.status[seat]
    if status is SeatStatus.WRONG_SHOW:
        return "wrong show"
    if status is SeatStatus.TIMED_OUT:
        return "dropped after missed turns"
    return "dropped before a turn" if state.turns_done[seat] == 0 else "dropped"


def _out_hand(state: DeclareState, seat: int) -> ShownHand:
    shown = state.shows[seat]
    if state.status[seat] is SeatStatus.WRONG_SHOW and shown is not None:
        return ShownHand(shown)
    return arrange(state.variant, state.dead[seat], state.wild_joker)


def _end(state: DeclareState, result: DealResult, events: list[Event]) -> DeclareState:
    events.append(DealScored(result))
    return replace(state, phase=Phase.OVER, result=result, drawn=None)


# ---------------------------------------------------------------- tuples


def _put(items: tuple[_T, ...], index: int, value: _T) -> tuple[_T, ...]:
    return items[:index] + (value,) + items[index + 1:]


def _without(cards: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]
