"""The moves in words, so a newcomer can follow the table: a short log on the felt of the
last few moves ("Medium 2 took 2♦ from the open deck", "Asha laid 7♣ 8♣ 9♣"), and at
each seat its last move for a few seconds.

Built from the events the table animates, which are the events this seat may see (offline
the driver's queue, online the server's updates): a card another seat drew from the
closed deck stays unnamed. The piles are named as the family names them (the closed deck
or the stock, docs/rules.md).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from rummy.model import Card
from rummy.model.actions import DrawSource, Piles
from rummy.model.events import (
    CardDiscarded,
    CardDrawn,
    CardFinished,
    CardLaidOff,
    DeckReshuffled,
    Declared,
    DiscardFlipped,
    Event,
    MeldLaid,
    PlayerDropped,
    TurnMissed,
)
from rummy.ui.palette import DIM, INK
from rummy.ui.table.sprites import TextCache
from rummy.ui.widgets import ellipsize, wrap

LOG_LINES = 5
"""How many moves the log on the felt shows."""
SEAT_SECONDS = 4.0
"""How long a seat shows its last move."""

NOBODY = -1
"""The seat of a move nobody made (the deck made again)."""


@dataclass(frozen=True)
class Move:
    """A move in words: ``line`` for the log (with the seat's name), ``short`` for the
    seat's own panel (without it)."""

    seat: int
    line: str
    short: str


def _labels(cards: tuple[Card, ...]) -> str:
    return " ".join(c.label for c in cards)


def move_of(event: Event, name: Callable[[int], str], piles: Piles,
            missed: tuple[int, int] | None = None) -> Move | None:
    """``event`` as a move in words, or None for what is not a seat's move (the deal, a
    turn beginning, the score). ``missed``: the family's (missed turns that drop a seat,
    its points), for a missed turn's count."""
    if isinstance(event, (DeckReshuffled, DiscardFlipped)):
        text = event.told(piles)
        return Move(NOBODY, text[0].upper() + text[1:], "")
    words = _words(event, piles, missed)
    if words is None:
        return None
    seat, short, long = words
    return Move(seat, f"{name(seat)} {long}", short)


def _words(event: Event, piles: Piles, missed: tuple[int, int] | None
           ) -> tuple[int, str, str] | None:
    """(seat, the move for its panel, the move for the log) of a seat's move."""
    if isinstance(event, CardDrawn):
        pile = piles.name(event.source)
        if event.source is DrawSource.OPEN and event.card is not None:
            # A pick from the open deck is public: say which card went where (the badge has
            # room for the card alone: "took" is said only of the open deck's cards).
            return event.seat, f"took {event.card.label}", \
                f"took {event.card.label} from the {pile}"
        what = "" if event.card is None else f" {event.card.label}"
        return event.seat, f"drew{what} · {pile}", f"drew{what} from the {pile}"
    if isinstance(event, CardDiscarded):
        said = f"discarded {event.card.label}"
        return event.seat, said, said
    if isinstance(event, CardFinished):
        what = "a card" if event.card is None else event.card.label
        return event.seat, "put a card to finish", f"put {what} on the finish slot"
    if isinstance(event, Declared):
        if event.valid:
            return event.seat, "declared: valid show", "declared a valid show"
        return event.seat, "declared: wrong show", f"declared a wrong show ({event.reason})"
    if isinstance(event, PlayerDropped):
        how = "was dropped after missed turns" if event.auto else "dropped"
        return event.seat, f"dropped ({event.penalty})", f"{how} ({event.penalty} points)"
    if isinstance(event, TurnMissed):
        if missed is None:
            return event.seat, "missed a turn", "missed a turn: the clock played it"
        used = f"missed turn {event.streak} of {missed[0]}"
        return event.seat, used, f"{used}: the clock played it"
    if isinstance(event, MeldLaid):
        cards = _labels(event.meld.cards)
        return event.seat, f"laid {cards}", f"laid {cards}"
    if isinstance(event, CardLaidOff):
        onto = _labels(tuple(c for c in event.meld.cards if c != event.card))
        return event.seat, f"laid off {event.card.label}", \
            f"laid {event.card.label} off onto {onto}"
    return None


class MoveLog:
    """The last few moves, and each seat's last move while it is fresh."""

    def __init__(self, piles: Piles, lines: int = LOG_LINES,
                 missed: tuple[int, int] | None = None) -> None:
        self.piles = piles
        self.missed = missed
        """The family's (missed turns that drop a seat, its points); see :func:`move_of`."""
        self.lines: deque[str] = deque(maxlen=lines)
        self.fresh: dict[int, tuple[str, float]] = {}
        """Seat -> (its last move, seconds it still shows)."""

    def note(self, event: Event, name: Callable[[int], str]) -> Move | None:
        """Add ``event``'s move, if it is one."""
        move = move_of(event, name, self.piles, self.missed)
        if move is None:
            return None
        self.lines.append(move.line)
        if move.seat != NOBODY:
            self.fresh[move.seat] = (move.short, SEAT_SECONDS)
        return move

    def recall(self, event: Event, name: Callable[[int], str]) -> None:
        """Add ``event``'s move to the log alone: a move seen before the table opened
        (Continue, a rejoined seat), not fresh at its seat any more."""
        move = move_of(event, name, self.piles, self.missed)
        if move is not None:
            self.lines.append(move.line)

    def update(self, dt: float) -> None:
        self.fresh = {seat: (text, left - dt) for seat, (text, left) in self.fresh.items()
                      if left > dt}

    def last_move(self, seat: int) -> str | None:
        """``seat``'s last move while it still shows, else None."""
        shown = self.fresh.get(seat)
        return None if shown is None else shown[0]

    def key(self) -> tuple[object, ...]:
        """What painting the log and the seats' moves depends on (the still layer's key)."""
        return tuple(self.lines), tuple(sorted((s, t) for s, (t, _) in self.fresh.items()))

    def draw(self, surface: pygame.Surface, text: TextCache, area: pygame.Rect,
             size: int) -> None:
        """The log in ``area``, the newest move last and brightest; a long move goes on
        over a second row (indented); as many rows as fit, the newest kept."""
        if not self.lines or area.width <= 0:
            return
        step = size + 5
        font = text.res.font(size)
        indent = size
        rows: list[tuple[str, int, bool]] = []
        for i, line in enumerate(self.lines):
            newest = i == len(self.lines) - 1
            first, *rest = wrap(font, line, area.width) or [""]
            rows.append((first, 0, newest))
            more = " ".join(rest)
            if more:
                rows.append((ellipsize(font, more, area.width - indent), indent, newest))
        rows = rows[-max(0, area.height // step):] if area.height >= step else []
        y = area.bottom - step * len(rows)
        for row, x, newest in rows:
            surface.blit(text.get(row, size, INK if newest else DIM), (area.x + x, y))
            y += step
