"""The toss and the dealer's pick at the table, before the deal's cards fly.

A deck spread face down (:class:`~rummy.model.events.DeckSpread`) is laid across the
middle of the felt; the seat to pick clicks a card of it (the click becomes a
:class:`~rummy.model.actions.Pick` through the table's driver, checked by the engine like
any move) and a bot picks after the table's usual pause. Each picked card turns over where
it lies; a toss's cards then stand at their seats' places for a moment, and the outcome
("Asha deals · Hard 2 plays first") is said in large letters over them. The deal's next
event waits for all this (:meth:`Ceremony.hold`), so the outcome is never written under
the flying cards. Indian rummy's toss has no picking: its open cards are shown the same way.

Everything here follows the engine's events and the seat's view: the spread's face-down
cards are never known to the table (docs/rules.md, "The toss and the dealer").
"""

from __future__ import annotations

from collections.abc import Callable

from pygame import Rect

from rummy.model import Card
from rummy.model.actions import Action, Pick
from rummy.model.events import CardPicked, DeckSpread, TossMade, TossWon
from rummy.model.view import PlayerView
from rummy.ui.palette import GOLD, INK

from .anim import Flight, Flights
from .board import Board
from .event_player import EventPlayer
from .layout import card_height
from .sprites import CardArt, TextCache
from .strokes import Pen

SHOW_SECONDS = 1.6
"""How long each seat's toss card, and then the toss's outcome, stay before the deal
goes on (at animation speed 1)."""
FLIP_SECONDS = 0.35
BANNER_BACK = (20, 40, 28)


class Ceremony:
    """The spread deck, the picked cards, each seat's toss card and what the toss decided,
    drawn over the felt as the frame's moving part."""

    def __init__(self, board: Board, art: CardArt, text: TextCache, flights: Flights,
                 speed: float = 1.0) -> None:
        self.board = board
        self.art = art
        self.text = text
        self.flights = flights
        self.speed = speed
        self.size = 0
        """Cards in the spread (0: no spread on the table)."""
        self.purpose = ""
        self.pickers: tuple[int, ...] = ()
        self.picked = 0
        """How many of this round's pickers have picked."""
        self.turned: dict[int, Card] = {}
        """Position -> the card picked there, face up."""
        self.seat_cards: dict[int, Card] = {}
        """Each seat's toss card, shown at its place."""
        self.banner = ""

    # -- the engine's events

    def register(self, player: EventPlayer) -> None:
        """Animate the ceremony's events (replacing the table's plain words for the toss)."""
        player.register(DeckSpread, self._spread)
        player.register(CardPicked, self._picked)
        player.register(TossMade, self._toss)
        player.register(TossWon, self._won)

    def _spread(self, event: DeckSpread) -> None:
        self.size, self.purpose, self.pickers, self.picked = (
            event.size, event.purpose, event.pickers, 0)
        self.turned = {}
        if event.purpose == "joker":
            self.banner = f"{self._does(event.pickers[0], 'pick', 'picks')} the wild joker"
        else:
            self.banner = "Each player picks a card for the toss"

    def _picked(self, event: CardPicked) -> None:
        self.picked += 1
        rect = self.card_rect(event.position)

        def land() -> None:
            self.turned[event.position] = event.card
            if event.purpose == "joker":  # the spread is gathered; the joker goes under the deck
                self.hold(SHOW_SECONDS / 2, self._clear)
        self.flights.add(Flight(event.card, rect.topleft, rect.topleft, FLIP_SECONDS / self.speed,
                                rect.width, flip=True, on_land=land))

    def _toss(self, event: TossMade) -> None:
        self.seat_cards = dict(event.cards)
        if event.tied:
            names = " and ".join(self._name(s) for s in event.tied)
            self.banner = f"{names} tie: they pick again"
            self.pickers, self.picked = event.tied, 0
        self.hold(SHOW_SECONDS, lambda: None)

    def _won(self, event: TossWon) -> None:
        starts = f"{self._does(event.first_player, 'play', 'plays')} first"
        self.banner = starts if event.dealer is None else (
            f"{self._does(event.dealer, 'deal', 'deals')} · {starts}")
        self.hold(SHOW_SECONDS, self._clear)

    def _clear(self) -> None:
        self.size, self.turned, self.seat_cards, self.banner = 0, {}, {}, ""

    def hold(self, seconds: float, then: Callable[[], None]) -> None:
        """Keep the next event waiting ``seconds`` (a flight of nothing, off the felt: the
        table starts the next event once every flight has landed), then call ``then``."""
        far = (-10_000.0, -10_000.0)
        self.flights.add(Flight(None, far, far, seconds / self.speed, 1, on_land=then))

    def follow(self, view: PlayerView) -> None:
        """Agree with the view once the events are shown (a table opened in the middle of
        the ceremony has not played them)."""
        spread = view.spread
        if spread is None:
            return
        self.size, self.purpose, self.pickers = spread.size, spread.purpose, spread.pickers
        self.picked = 0 if spread.picker is None else spread.pickers.index(spread.picker)
        self.turned = {position: card for _, position, card in spread.turned}
        if not self.banner:
            self.banner = ("Each player picks a card for the toss" if spread.purpose != "joker"
                           else f"{self._does(spread.pickers[0], 'pick', 'picks')} the wild joker")

    # -- where things are

    @property
    def picker(self) -> int | None:
        return self.pickers[self.picked] if self.size and self.picked < len(self.pickers) \
            else None

    def _card_w(self) -> int:
        return max(28, self.board.lay.pile_w * 2 // 3)

    def card_rect(self, position: int) -> Rect:
        """Where card ``position`` of the spread lies: one row across the felt, each card
        overlapping the one before it."""
        lay = self.board.lay
        w = self._card_w()
        h = card_height(w)
        left, right = lay.hand_area.left + 10, lay.hand_area.right - 10
        step = min(w + 4, (right - left - w) / max(1, self.size - 1))
        x0 = (left + right) / 2 - (step * (self.size - 1) + w) / 2
        return Rect(round(x0 + position * step), lay.open_deck.centery - h // 2, w, h)

    def grip(self, position: int) -> tuple[int, int]:
        """A point of card ``position`` that the next card does not cover (where a person
        clicks it)."""
        rect = self.card_rect(position)
        return rect.left + 3, rect.centery

    def position_at(self, pos: tuple[int, int]) -> int | None:
        """The spread's card under ``pos`` (the one on top where cards overlap)."""
        for position in reversed(range(self.size)):
            if self.card_rect(position).collidepoint(pos):
                return position
        return None

    def press(self, pos: tuple[int, int], seat: int | None, act: Callable[[Action], bool]
              ) -> bool:
        """A click on the spread: the seat's pick of the card under it (the engine refuses a
        card already turned, or a pick out of turn, with its reason). True when the click
        was the spread's."""
        if not self.size or seat is None:
            return False
        position = self.position_at(pos)
        if position is None:
            return False
        act(Pick(seat, position))
        return True

    def _name(self, seat: int) -> str:
        names = self.board.names
        return names[seat] if 0 <= seat < len(names) else f"Seat {seat + 1}"

    def _does(self, seat: int, you: str, other: str) -> str:
        """``seat``'s name with the verb that agrees with it: "You deal", "Hard 2 deals"."""
        name = self._name(seat)
        return f"{name} {you if name == 'You' else other}"

    def _seat_spot(self, seat: int, w: int, h: int) -> tuple[int, int]:
        lay = self.board.lay
        spot = lay.seats.get(seat)
        if spot is None:  # the viewer's own place: over the hand and its buttons
            top = min([lay.hand_area.top, *(r.top for r in lay.buttons.values())])
            return lay.hand_area.centerx - w // 2, top - h - 12
        return spot.panel.centerx - w // 2, spot.panel.bottom + 8

    # -- painting

    @property
    def showing(self) -> bool:
        return bool(self.size or self.seat_cards or self.banner)

    def draw(self, out: Pen, my_pick: bool) -> None:
        """The spread, the turned cards, the seats' cards and the banner (``my_pick``: the
        viewer is to pick now: the spread is lit)."""
        if not self.showing:
            return
        lay = self.board.lay
        if self.size:
            for position in range(self.size):
                rect = self.card_rect(position)
                card = self.turned.get(position)
                out.blit(self.art.face(card, rect.width), rect.topleft)
            whole = self.card_rect(0).union(self.card_rect(self.size - 1))
            if my_pick:
                out.rect(GOLD, whole.inflate(12, 12), width=3, border_radius=8)
        for seat, card in self.seat_cards.items():
            w = lay.pile_w
            img = self.art.face(card, w)
            out.blit(img, self._seat_spot(seat, w, img.get_height()))
        words = self.banner
        if my_pick and self.size:
            words = "Your pick: click any card of the spread"
        if words:
            t = self.text.get(words, lay.font_big, GOLD if my_pick else INK)
            top = (self.card_rect(0).top if self.size else lay.open_deck.top) - 16
            box = t.get_rect(midbottom=(lay.size[0] // 2, top)).inflate(28, 14)
            out.rect(BANNER_BACK, box, border_radius=10)
            out.blit(t, t.get_rect(center=box.center).topleft)

