"""What every rule family's table parts share: :class:`FamilyParts`, the base each
family's parts build on (the pieces of the table only that family has, as hooks the scene
calls without asking which family it shows), with :class:`TableHost` (what parts may ask
of the scene) and :data:`LIT_MARGIN`.

Each family's own parts are a module of their own: :mod:`.parts_declare` (Indian rummy),
:mod:`.parts_melds` (classic rummy), :mod:`.parts_contract` (contract rummy);
:mod:`.parts` registers them by family name.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

import pygame

from rummy.model import Action, Card, Discard, PlayerView, Variant

from .hand import HandModel
from .layout import TableLayout
from .meld_area import MeldLayout
from .panels import GLOW_REACH
from .sprites import CardArt, TextCache
from .strokes import MARGIN
from .targets import DropTarget

if TYPE_CHECKING:
    from .driver_protocol import Driver

LIT_MARGIN = GLOW_REACH + MARGIN
"""How far past a target's rectangle its light paints."""


class TableHost(Protocol):
    """What the parts may ask of the table (its controls, :class:`~.controls.Controls`)."""

    @property
    def hand(self) -> HandModel: ...
    @property
    def driver(self) -> Driver: ...
    @property
    def seat(self) -> int | None: ...
    def try_act(self, action: Action, wait: bool = True) -> bool: ...
    def say(self, text: str, bad: bool = False, seconds: float = 2.5) -> None: ...
    def selected_cards(self) -> list[Card]: ...


def widest_letters(name: str, size: int) -> int:
    """A name's width if every letter were as wide as the widest (about a font size): the
    measure until a board's fonts give the real one."""
    return len(name) * size


class FamilyParts:
    """A family's pieces of the table. Each family's subclass sets what its table shows
    (the class attributes) and answers the methods that are its own (the buttons, the drop
    targets, the status line); the rest have the answers of a family without them."""

    meld_area: ClassVar[bool]
    """The table keeps room for melds laid face up (the layout asks)."""
    finish_slot: ClassVar[bool]
    """The finish slot is painted beside the decks (a declaration is made on it)."""
    labels_every_group: ClassVar[bool]
    """Every group in hand is labelled, an invalid one too (it tells the player what a
    declaration would read); where only runs and sets count, invalid groups go unlabelled."""
    buttons: tuple[str, ...]
    """The family's buttons, left to right."""
    keys: dict[str, str]
    """The family's keys: a letter -> the button it presses."""
    open_label: ClassVar[str]
    """The empty discard pile's label."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.name_width: Callable[[str, int], int] = widest_letters
        """How wide a name is written in bold at a font size: the board that paints these
        parts measures with its fonts (the meld tables size owners' name tags by it)."""
        self.seated = True
        """A person plays at this table (False for a replay or a demo, only watched: no
        zone to lay a new meld is shown then)."""
        self.buttons = self.buttons_at(variant)

    def open_cards(self, view: PlayerView) -> list[Card]:
        """The discards on offer shown fanned beside the pile (none here: only its top)."""
        return []

    def takes_discards(self) -> bool:
        """The discards on offer follow the pile as cards land on it."""
        return False

    def register_animations(self, player: Any, names: Callable[[], list[str]]) -> None:
        """Teach the table's event player the family's own events (none here)."""

    def stage(self, slot: int, cards: Sequence[Card]) -> bool:
        """Put ``cards`` in a lay-down slot; False where the family has none."""
        return False

    def staged_at(self, pos: tuple[int, int]) -> Card | None:
        """The staged card under ``pos`` (none here)."""
        return None

    @property
    def staged_cards(self) -> set[Card]:
        """The cards in the lay-down slots (none here)."""
        return set()

    def unstage(self, card: Card) -> bool:
        """Take a staged card out of its slot (none here)."""
        return False

    def count_of(self, hand: HandModel) -> int:
        """The figure written beside the hand: here the count of the hand as the player
        has arranged it."""
        return hand.count()

    def aside(self) -> list[list[Card]]:
        """The player's cards set out of the hand on the felt, by group (contract rummy's
        staged slots): a save keeps them as groups of the hand."""
        return []

    def why_not(self, name: str, host: TableHost) -> str:
        """Why button ``name`` is greyed out, when the table can say more than its status
        line does ("" otherwise): said when it or its key is pressed all the same.

        Discard (D) with no card or several selected said nothing (a play-tester)."""
        seat = host.seat
        if name != "discard" or seat is None:
            return ""
        selected = host.selected_cards()
        if len(selected) == 1:
            return host.driver.check(Discard(seat, selected[0])) or ""
        hand = host.driver.view.hand
        reason = host.driver.check(Discard(seat, hand[0])) if hand else None
        if reason:  # not this seat's turn, or it has not drawn: the engine's words
            return str(reason)
        if selected:
            return "select one card to discard"
        return "select the card to discard, then D (or drag it onto the discard pile)"

    def sync(self, view: PlayerView, names: Sequence[str], lay: TableLayout) -> None:
        """The family's pieces again from the engine's view."""

    def layout(self, lay: TableLayout, names: Sequence[str]) -> MeldLayout | None:
        """Lay the family's pieces out again (a resize, or a change on the table)."""
        return None

    def draw(self, surface: pygame.Surface, art: CardArt, text: TextCache, lay: TableLayout,
             lit: dict[str, int]) -> None:
        """Paint the family's pieces (under the hand)."""

    def paint_key(self, lay: TableLayout) -> tuple[object, ...]:
        """What the family's pieces are painted from, the lit targets apart (the table
        repaints them when it changes)."""
        return ()

    def lit_area(self, name: str) -> pygame.Rect | None:
        """The rectangle of the family's target whose light is keyed ``name`` (None: no
        such target here)."""
        return None

    def layers_set_aside(self) -> contextlib.AbstractContextManager[None]:
        """Paint from scratch for a while, what was painted ahead kept for after."""
        return contextlib.nullcontext()

    # -- what each family answers for itself

    def buttons_at(self, variant: Variant) -> tuple[str, ...]:
        """The buttons this table shows."""
        raise NotImplementedError

    def count_words(self, count: int) -> str:
        """What the hand's count costs, in words, beside the hand."""
        raise NotImplementedError

    def count_reason(self, hand: HandModel) -> str:
        """Why the count stands where it does, in one line over the player's name."""
        raise NotImplementedError

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        """Every place cards may go (the hand apart): dragged there, or selected and clicked
        there; the decks among them (clicked with nothing selected, they draw)."""
        raise NotImplementedError

    def enabled(self, seat: int | None, legal: set[Action], one: Card | None,
                selected: list[Card]) -> dict[str, bool]:
        """The family's buttons that the legal actions allow now."""
        raise NotImplementedError

    def button_label(self, name: str, view: PlayerView | None) -> str | None:
        """A label that depends on the deal (None: the button's usual one)."""
        return None

    def press(self, name: str, host: TableHost) -> bool:
        """Carry out a button of this family; False when it is not one."""
        return False

    def status(self, view: PlayerView, legal: set[Action]) -> str:
        """The line that says what to do now."""
        raise NotImplementedError


__all__ = ["LIT_MARGIN", "FamilyParts", "TableHost", "widest_letters"]
