"""Engine events become motion on the board: one event at a time, cards in flight.

:meth:`EventPlayer.start` begins an event's animation (flights whose landing updates the
board) and plays its sound; the table starts the next event once the flights have landed.
Nothing here changes the game: the events have already happened in the engine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rummy.model import Card
from rummy.model.actions import DrawSource
from rummy.model.events import (
    CardDiscarded,
    CardDrawn,
    CardFinished,
    CardsDealt,
    DealScored,
    DeckReshuffled,
    Declared,
    DropAtTurnSet,
    Event,
    OpenCardTurned,
    PlayerDropped,
    TossMade,
    TossWon,
    TurnBegan,
    TurnMissed,
    WildJokerCut,
)
from rummy.model.rules import family_of

from .anim import Flight, Flights
from .board import Board
from .drag import Place
from .turn_clock import missed_words


class EventPlayer:
    def __init__(self, board: Board, flights: Flights, play_sound: Callable[[str], None],
                 say: Callable[[str, bool], None], speed: float = 1.0) -> None:
        self.board = board
        self.flights = flights
        self.sound = play_sound
        self.say = say
        self.speed = speed
        self.draw_place: Place | None = None
        """Where the player dropped a card drawn by dragging (else its natural place)."""
        self.draw_from: tuple[int, int] | None = None
        self.on_turn: Callable[[int], None] | None = None
        self.on_result: Callable[[DealScored], None] | None = None
        self.handlers: dict[type, Callable[[Any], None]] = self._core_handlers()

    def t(self, seconds: float) -> float:
        return seconds / self.speed

    def name(self, seat: int) -> str:
        return self.board.names[seat]

    def does(self, seat: int, you: str, other: str) -> str:
        """``seat``'s name with the verb that agrees with it: "You lay", "Hard 2 lays"."""
        name = self.name(seat)
        return f"{name} {you if name == 'You' else other}"

    def register(self, kind: type, handler: Callable[[Any], None]) -> None:
        """Animate events of type ``kind`` with ``handler`` (a family's table parts add
        theirs; every event type has one, which a test checks)."""
        self.handlers[kind] = handler

    def start(self, event: Event) -> None:
        """Begin ``event``'s animation."""
        handler = self.handlers.get(type(event))
        if handler is None:
            raise KeyError(f"no animation for {type(event).__name__}")
        self.board.moves.note(event, self.name)
        handler(event)

    def _core_handlers(self) -> dict[type, Callable[[Any], None]]:
        return {
            TossMade: self._toss, TossWon: self._toss_won, CardsDealt: self._deal,
            OpenCardTurned: self._open_turned, WildJokerCut: self._wild_cut,
            TurnBegan: self._turn, CardDrawn: self._drawn, CardDiscarded: self._discarded,
            CardFinished: self._finished, Declared: self._declared,
            PlayerDropped: self._dropped, DropAtTurnSet: self._drop_at_turn,
            TurnMissed: self._missed,
            DeckReshuffled: self._reshuffled, DealScored: self._scored,
        }

    def _toss(self, event: TossMade) -> None:
        """The toss cards are named by :class:`TossWon`, which follows."""

    def _toss_won(self, event: TossWon) -> None:
        self.say(f"{self.does(event.first_player, 'play', 'plays')} first", False)

    def _open_turned(self, event: OpenCardTurned) -> None:
        b = self.board
        self._fly(event.card, b.lay.closed_deck.topleft, b.lay.open_deck.topleft,
                  b.lay.pile_w, flip=True, land=lambda: self._open_push(event.card))
        b.closed_size -= 1

    def _wild_cut(self, event: WildJokerCut) -> None:
        b = self.board
        card = event.card

        def land() -> None:
            b.wild = card
        self._fly(card, b.lay.closed_deck.topleft, b.lay.wild_joker.move(
            (b.lay.wild_joker.width - b.lay.pile_w) // 2, 0).topleft, b.lay.pile_w,
            flip=True, land=land)
        b.closed_size -= 1
        if event.wild_rank is not None:
            self.say(f"{event.wild_rank.text}s are wild", False)

    def _turn(self, event: TurnBegan) -> None:
        b = self.board
        ended, b.turn = b.turn, event.seat
        if ended == b.viewer != event.seat and b.hand.selected:
            # The player's turn is over: what was selected for it (a hint's card the
            # player did not play) is not carried into the next one (two play-testers).
            b.hand.selected.clear()
        if self.on_turn is not None:
            self.on_turn(event.seat)

    def _discarded(self, event: CardDiscarded) -> None:
        self._leave_hand(event.seat, event.card, self.board.lay.open_deck.topleft, True,
                         lambda: self._open_push(event.card))
        self.sound("discard")

    def _finished(self, event: CardFinished) -> None:
        b = self.board

        def finished() -> None:
            b.finish_taken = True
        self._leave_hand(event.seat, event.card, b.lay.finish_slot.topleft, False, finished)

    def _declared(self, event: Declared) -> None:
        if event.valid:
            self.say(f"{self.name(event.seat)}: valid show!", False)
            self.sound("declare_ok")
        else:
            self.say(f"{self.name(event.seat)}: wrong show ({event.reason})", True)
            self.sound("declare_bad")
            self.board.finish_taken = False

    def _dropped(self, event: PlayerDropped) -> None:
        b = self.board
        how = self.does(event.seat, "are dropped", "is dropped") if event.auto else \
            self.does(event.seat, "drop", "drops")
        self.say(f"{how} ({event.penalty} pts)", True)
        b.sizes[event.seat] = 0
        b.out[event.seat] = True
        b.points[event.seat] += event.penalty  # on top of the match total

    def _drop_at_turn(self, event: DropAtTurnSet) -> None:
        if event.seat != self.board.viewer:
            return  # another seat's request is its own (the engine keeps it from views)
        self.say("You will drop at the start of your turn" if event.on
                 else "You will play your turn", event.on)

    def _missed(self, event: TurnMissed) -> None:
        variant = self.board.hand.variant
        allowed = family_of(variant).missed_turns(variant)
        self.say(missed_words(event, self.name(event.seat), allowed), True)

    def _reshuffled(self, event: DeckReshuffled) -> None:
        self.say("The open deck is shuffled into a new closed deck", False)
        self.sound("shuffle")
        self.board.closed_size = event.size
        self.board.open_pile = self.board.open_pile[-1:]

    def _scored(self, event: DealScored) -> None:
        if self.on_result is not None:
            self.on_result(event)

    # -- pieces

    def _open_push(self, card: Card) -> None:
        b = self.board
        b.open_pile.append(card)
        if b.parts.takes_discards():  # the discards on offer follow the pile as cards land
            b.open_cards = (b.open_cards + [card])[-b.open_depth:]

    def _fly(self, card: Card | None, start: tuple[float, float], end: tuple[float, float],
             width: int, end_width: int | None = None, flip: bool = False, delay: float = 0.0,
             land: Callable[[], None] | None = None, duration: float = 0.45) -> Flight:
        return self.flights.add(Flight(card, start, end, self.t(duration), width, end_width,
                                       flip=flip, delay=delay, on_land=land))

    def _deal(self, event: CardsDealt) -> None:
        b = self.board
        self.sound("shuffle")
        b.sizes = [0] * b.players
        me = b.viewer
        mine = event.hands[me] or ()
        b.hidden = set(b.hand.cards)
        b.closed_size += sum(event.sizes)
        n = max(event.sizes) if event.sizes else 0
        step = self.t(0.045)
        order = [(event.first_player + i) % b.players for i in range(b.players)]
        k = 0
        for i in range(n):
            for seat in order:
                if i >= event.sizes[seat]:
                    continue
                delay = k * step
                k += 1
                if seat == me and i < len(mine):
                    card = mine[i]
                    self._fly(None, b.lay.closed_deck.topleft, b.slot_of(card), b.lay.pile_w,
                              b.lay.hand_w, delay=delay, duration=0.35,
                              land=self._unhide_deal(card))
                else:
                    self._fly(None, b.lay.closed_deck.topleft, b.fan_end(seat),
                              b.lay.back_w, delay=delay, duration=0.35,
                              land=self._grow(seat))
        if k:
            self.sound("deal")

    def _unhide_deal(self, card: Card) -> Callable[[], None]:
        def land() -> None:
            self.board.hidden.discard(card)
            self.board.sizes[self.board.viewer] += 1
            self.board.closed_size -= 1
        return land

    def _grow(self, seat: int) -> Callable[[], None]:
        def land() -> None:
            self.board.sizes[seat] += 1
            self.board.closed_size -= 1
        return land

    def _drawn(self, event: CardDrawn) -> None:
        b = self.board
        lay = b.lay
        if event.source is DrawSource.OPEN:
            start = lay.open_deck.topleft
            if b.open_pile:
                b.open_pile.pop()
            if b.open_cards:  # the card leaves the fan as it takes off, not when it lands
                b.open_cards.pop()
        else:
            start = lay.closed_deck.topleft
            b.closed_size -= 1
        if self.draw_from is not None:
            start, self.draw_from = self.draw_from, None
        self.sound("draw")
        if event.seat == b.viewer and event.card is not None:
            card = event.card
            if card not in b.hand:
                place, self.draw_place = self.draw_place, None
                if place is None:
                    b.hand.insert_natural(card)
                else:
                    g, i, new = place
                    if new or g >= len(b.hand.groups):
                        b.hand.groups.insert(min(g, len(b.hand.groups)), [card])
                    else:
                        b.hand.groups[g].insert(i, card)
            b.hidden.add(card)
            b.layout_hand()
            b.sizes[event.seat] += 1

            def land() -> None:
                b.hidden.discard(card)
                sprite = b.sprites.get(card)
                if sprite is not None:
                    sprite.jump()
            self._fly(card, start, b.slot_of(card), lay.pile_w, lay.hand_w, land=land)
            return
        face = event.card if event.source is DrawSource.OPEN else None

        def grow() -> None:
            b.sizes[event.seat] += 1
        self._fly(face, start, b.fan_end(event.seat), lay.pile_w, lay.back_w, land=grow)

    def _leave_hand(self, seat: int, card: Card | None, end: tuple[int, int], face_up: bool,
                    land: Callable[[], None]) -> None:
        shown = card if face_up or seat == self.board.viewer else None
        self.leave_hand(seat, card, end, land, shown=shown)

    def leave_hand(self, seat: int, card: Card | None, end: tuple[int, int],
                   land: Callable[[], None], end_width: int | None = None, delay: float = 0.0,
                   shown: Card | None | bool = True) -> None:
        """``card`` flies out of ``seat``'s hand to ``end`` (face up unless ``shown`` says
        otherwise) and ``land`` runs when it lands."""
        b = self.board
        lay = b.lay
        if seat == b.viewer and card is not None and card in b.sprites:
            sprite = b.sprites.pop(card)
            start: tuple[float, float] = sprite.pos
            width = lay.hand_w
            if card in b.hand:
                gi, ci = b.hand.locate(card)
                del b.hand.groups[gi][ci]
                b.hand.groups = [g for g in b.hand.groups if g] or [[]]
                b.hand.selected.discard(card)
            b.layout_hand()
        else:
            start = b.fan_end(seat) if seat != b.viewer else lay.hand_area.midtop
            width = lay.back_w
        b.sizes[seat] = max(0, b.sizes[seat] - 1)
        face = card if shown is True else (shown or None)
        self._fly(face, start, end, width, end_width or lay.pile_w, land=land, delay=delay)
