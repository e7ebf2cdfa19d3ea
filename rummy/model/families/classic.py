"""Family 2, classic rummy (source 001 "Super Rummy"): the round as a state machine.

Turn: draw (top of the stock, or the top of the discard pile; with ``allow_draw_choice``
any of the top 5 discards with every card above it), then any number of new melds
(:class:`LayMeld`) and lay-offs onto any meld on the table (:class:`LayOff`, the player
naming the meld), then a discard, which may not be a card taken from the discard pile this
turn. Going out empties the hand by laying or by discarding the last card (only a discard
with ``require_end_discard``), never before the seat's second turn. When the stock is
empty, ``deck_exhaust`` flips the discard pile (:class:`FlipDiscard`, shuffled or not) or
ends the round. See docs/rules.md, "Classic rummy".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from rummy.model.table_melds import lay_off, lay_off_ends, meld_options, misfit, new_meld
from rummy.model.variant_fields import DeckExhaust
from rummy.model.variant_type import Variant

from ..actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    FlipDiscard,
    IllegalMoveError,
    LayMeld,
    LayOff,
    Stalemate,
)
from ..cards import Card, shuffled
from ..events import CardLaidOff, DealScored, DiscardFlipped, Event, MeldLaid, OpenCardTurned
from ..randomness import Seed, stream
from ..scoring import DealResult, ShownHand, round_result
from . import Phase
from .lay_at_end import best_lay
from .melding import (
    MeldState,
    check_stalemate,
    check_turn,
    deal,
    discard,
    draw,
    end_turn,
    hand_value,
    lay_cards,
    put,
    stalemate_reason,
    this_turn,
    without,
    world_from_view,
)
from .toss import refuse_pick

__all__ = ["MeldState", "apply", "check_action", "legal_actions", "meld_options", "start_deal",
           "world_from_view"]

DRAW_CHOICE_DEPTH = 5
"""Source 001: with ``allow_draw_choice`` the top 5 cards of the discard pile are offered."""


def start_deal(variant: Variant, players: int, seed: Seed, *, first_player: int = 0,
               round_no: int = 0) -> MeldState:
    """A new round: ``first_player`` (the first seat to join, in round one) moves first."""
    return deal(variant, players, seed, first_player % players, None, round_no)


# ---------------------------------------------------------------- legality


def legal_actions(state: MeldState, seat: int) -> list[Action]:
    """Every action ``seat`` may take now (empty when it is not that seat's turn).

    New melds are listed once per distinct choice of faces (identical cards of several
    decks are interchangeable); :func:`apply` takes any valid meld.
    """
    if state.is_over or seat != state.turn:
        return []
    if state.phase is Phase.DRAW:
        actions: list[Action] = []
        if state.closed_deck:
            actions.append(Draw(seat, DrawSource.CLOSED))
        for count in range(1, min(_depth(state.variant), len(state.open_deck)) + 1):
            actions.append(Draw(seat, DrawSource.OPEN, count))
        if _can_flip(state):
            actions.append(FlipDiscard(seat))
        return actions
    hand = state.hands[seat]
    actions = [Discard(seat, c) for c in hand if _discard_problem(state, seat, c) is None]
    rules = state.rules
    for cards in meld_options(rules, hand):
        if _lay_problem(state, seat, _minus(hand, cards)) is None:
            actions.append(LayMeld(seat, cards))
    seen: set[str] = set()
    for card in hand:
        if card.face in seen:
            continue
        seen.add(card.face)
        if _lay_problem(state, seat, without(hand, card)) is not None:
            continue
        actions.extend(LayOff(seat, card, i, end) for i, meld in enumerate(state.melds)
                       for end in lay_off_ends(rules, meld, card))
    return actions


def check_action(state: MeldState, action: Action) -> None:
    """Raise IllegalMoveError with a short reason if ``action`` is not allowed now."""
    seat = action.seat
    check_turn(state, seat)
    refuse_pick(action)
    drawing = state.phase is Phase.DRAW
    hand = state.hands[seat]
    if isinstance(action, Draw):
        if not drawing:
            raise IllegalMoveError("you already drew")
        if action.source is DrawSource.CLOSED:
            if not state.closed_deck:
                raise IllegalMoveError("the stock is empty")
        else:
            if not 1 <= action.count <= _depth(state.variant):
                raise IllegalMoveError(f"you may take 1 to {_depth(state.variant)} discards")
            if action.count > len(state.open_deck):
                raise IllegalMoveError("the discard pile has fewer cards")
    elif isinstance(action, FlipDiscard):
        if not drawing:
            raise IllegalMoveError("you already drew")
        if not _can_flip(state):
            raise IllegalMoveError("the discard pile can be turned over only when the stock"
                                   " is empty")
    elif isinstance(action, Stalemate):
        check_stalemate(state)
    elif drawing:
        raise IllegalMoveError("draw a card first")
    elif isinstance(action, Discard):
        if action.card not in hand:
            raise IllegalMoveError("that card is not in your hand")
        problem = _discard_problem(state, seat, action.card)
        if problem:
            raise IllegalMoveError(problem)
    elif isinstance(action, LayMeld):
        if not _in_hand(hand, action.cards):
            raise IllegalMoveError("those cards are not all in your hand")
        if new_meld(state.rules, action.cards, seat) is None:
            raise IllegalMoveError("those cards are not a run or a set")
        problem = _lay_problem(state, seat, _minus(hand, action.cards))
        if problem:
            raise IllegalMoveError(problem)
    elif isinstance(action, LayOff):
        if action.card not in hand:
            raise IllegalMoveError("that card is not in your hand")
        if not 0 <= action.meld < len(state.melds):
            raise IllegalMoveError("there is no such meld")
        meld = state.melds[action.meld]
        if lay_off(state.rules, meld, action.card, action.end) is None:
            raise IllegalMoveError(misfit(state.rules, meld, action.end))
        problem = _lay_problem(state, seat, without(hand, action.card))
        if problem:
            raise IllegalMoveError(problem)
    else:
        raise IllegalMoveError("not an action of this game")


def _depth(variant: Variant) -> int:
    return DRAW_CHOICE_DEPTH if variant.classic.allow_draw_choice else 1


def _can_flip(state: MeldState) -> bool:
    return (not state.closed_deck and len(state.open_deck) >= 2
            and state.variant.classic.deck_exhaust is not DeckExhaust.END_ROUND)


def _discard_problem(state: MeldState, seat: int, card: Card) -> str | None:
    if card in state.taken:
        return "you cannot discard a card you just took from the discard pile"
    if len(state.hands[seat]) == 1 and state.turns_done[seat] == 0:
        return "nobody may go out before their second turn"
    return None


def _lay_problem(state: MeldState, seat: int, left: Sequence[Card]) -> str | None:
    """Why laying down to ``left`` would leave the turn unable to end, or None."""
    first_turn = state.turns_done[seat] == 0
    if not left:
        if first_turn:
            return "nobody may go out before their second turn"
        if state.variant.classic.require_end_discard:
            return "keep a card: this table requires a discard to go out"
        return None
    if not any(c not in state.taken for c in left):
        return "keep a card you may discard (not one just taken from the discard pile)"
    if first_turn and len(left) < 2:
        return "nobody may go out before their second turn: keep two cards"
    return None


def _in_hand(hand: Sequence[Card], cards: Sequence[Card]) -> bool:
    return len(set(cards)) == len(cards) and all(c in hand for c in cards)


def _minus(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...]:
    gone = set(cards)
    return tuple(c for c in hand if c not in gone)


# ---------------------------------------------------------------- apply


def apply(state: MeldState, action: Action) -> tuple[MeldState, tuple[Event, ...]]:
    """The state after ``action`` and the events on the way. Raises IllegalMoveError."""
    check_action(state, action)
    events: list[Event] = []
    seat = action.seat
    if isinstance(action, Draw):
        state = draw(state, seat, action.source is DrawSource.CLOSED, action.count, events)
    elif isinstance(action, FlipDiscard):
        state = _flip(state, events)
    elif isinstance(action, Stalemate):
        state = _end_without_winner(state, stalemate_reason(state), events)
    elif isinstance(action, Discard):
        state = discard(state, seat, action.card, events)
        if not state.hands[seat]:
            state = _finish_round(state, seat, events, on_discard=True)
        else:
            state = _next_turn(state, seat, events)
    elif isinstance(action, LayMeld):
        meld = new_meld(state.rules, action.cards, seat)
        assert meld is not None
        state = lay_cards(state, seat, action.cards)
        state = replace(state, melds=state.melds + (meld,))
        events.append(MeldLaid(seat, len(state.melds) - 1, meld))
        state = _maybe_out(state, seat, events)
    elif isinstance(action, LayOff):
        grown = lay_off(state.rules, state.melds[action.meld], action.card, action.end)
        assert grown is not None
        state = lay_cards(state, seat, (action.card,))
        state = replace(state, melds=put(state.melds, action.meld, grown))
        events.append(CardLaidOff(seat, action.card, action.meld, grown))
        state = _maybe_out(state, seat, events)
    return replace(state, history=state.history + tuple(events)), tuple(events)


def _maybe_out(state: MeldState, seat: int, events: list[Event]) -> MeldState:
    return _finish_round(state, seat, events) if not state.hands[seat] else state


def _next_turn(state: MeldState, seat: int, events: list[Event]) -> MeldState:
    state = end_turn(state, seat, events)
    if state.closed_deck:
        return state
    if state.variant.classic.deck_exhaust is DeckExhaust.END_ROUND:
        return _end_without_winner(state, "the stock ran out", events)
    if not state.open_deck:
        return _end_without_winner(state, "no card left to draw", events)
    return state


def _flip(state: MeldState, events: list[Event]) -> MeldState:
    """Turn the discard pile over as the new stock (its bottom card on top), shuffled for
    ``shuffle_discard``; the new stock's top card starts a new discard pile."""
    number = state.reshuffles + 1
    mixed = state.variant.classic.deck_exhaust is DeckExhaust.SHUFFLE_DISCARD
    if mixed:
        stock = tuple(shuffled(state.open_deck, stream(state.seed, f"flip/{number}")))
    else:
        stock = tuple(reversed(state.open_deck))
    events.append(DiscardFlipped(len(stock), mixed))
    events.append(OpenCardTurned(stock[-1]))
    return replace(state, closed_deck=stock[:-1], open_deck=stock[-1:], reshuffles=number)


# ---------------------------------------------------------------- the end of a round


def auto_lay(state: MeldState, seat: int, events: list[Event]) -> MeldState:
    """Lay for ``seat`` what leaves the lowest value in its hand: new melds from the hand
    and lay-offs onto every meld on the table, found together by
    :func:`~rummy.model.families.lay_at_end.best_lay` (docs/rules.md, "Classic rummy: the
    end of a round")."""
    plan = best_lay(state.variant, state.hands[seat], state.melds, seat)
    for step in plan.steps:
        if step.meld < 0:
            meld = new_meld(state.rules, step.cards, seat)
            assert meld is not None, "the plan lays only valid melds"
            state = lay_cards(state, seat, step.cards)
            state = replace(state, melds=state.melds + (meld,))
            events.append(MeldLaid(seat, len(state.melds) - 1, meld, auto=True))
        else:
            (card,) = step.cards
            grown = lay_off(state.rules, state.melds[step.meld], card)
            assert grown is not None, "the plan lays off only cards that fit"
            state = lay_cards(state, seat, (card,))
            state = replace(state, melds=put(state.melds, step.meld, grown))
            events.append(CardLaidOff(seat, card, step.meld, grown, auto=True))
    return state


def _lay_all(state: MeldState, seats: Sequence[int], events: list[Event]) -> MeldState:
    if state.variant.classic.lay_at_end:
        for seat in seats:
            state = auto_lay(state, seat, events)
    return state


def _is_rummy(state: MeldState, winner: int, on_discard: bool, events: list[Event]) -> bool:
    """Rummy: out in one turn from a hand that had laid nothing before, every card laid as
    new melds (no lay-off onto another player's meld), except the one discard when
    ``require_end_discard`` is on (docs/rules.md, "Classic rummy: rummy")."""
    if state.laid_at[winner] != state.turns_done[winner]:
        return False
    # The hand had laid nothing before this turn, so every meld of the winner's is one of
    # this turn's new melds: a card added to one of them is still laid as a new meld.
    if any(isinstance(e, CardLaidOff) and e.meld.owner != winner
           for e in this_turn(state, events)):
        return False
    return on_discard == state.variant.classic.require_end_discard


def _finish_round(state: MeldState, winner: int, events: list[Event],
                  on_discard: bool = False) -> MeldState:
    rummy = _is_rummy(state, winner, on_discard, events)
    others = [(winner + k) % state.players for k in range(1, state.players)]
    state = _lay_all(state, others, events)
    points = tuple(0 if s == winner else hand_value(state.variant, state.hands[s])
                   for s in range(state.players))
    collected = sum(points) * (2 if rummy else 1)
    changes = tuple(collected if s == winner else 0 for s in range(state.players))
    reason = "rummy" if rummy else "went out"
    return _end(state, round_result(winner, points, changes, reason, _shown(state),
                                    collected, rummy), events)


def _end_without_winner(state: MeldState, reason: str, events: list[Event]) -> MeldState:
    order = [(state.turn + k) % state.players for k in range(state.players)]
    state = _lay_all(state, order, events)
    points = tuple(hand_value(state.variant, h) for h in state.hands)
    return _end(state, round_result(None, points, tuple(-p for p in points), reason,
                                    _shown(state)), events)


def _shown(state: MeldState) -> tuple[ShownHand, ...]:
    return tuple(ShownHand(tuple(m.cards for m in state.melds if m.owner == s), state.hands[s])
                 for s in range(state.players))


def _end(state: MeldState, result: DealResult, events: list[Event]) -> MeldState:
    events.append(DealScored(result))
    return replace(state, phase=Phase.OVER, result=result, drawn=None, taken=())
