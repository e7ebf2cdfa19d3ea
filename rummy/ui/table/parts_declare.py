"""The declare family's table parts (Indian rummy), which are also the base every other
family's parts build on: :class:`TableParts` (the open deck, the finish slot, drop), with
:class:`TableHost` (what parts may ask of the scene) and :data:`LIT_MARGIN`.

Apart from the meld families' parts (:mod:`.parts_melds`, :mod:`.parts_contract`) so that
each family reads on its own; :mod:`.parts` registers them all by family name.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import pygame

from rummy.model import Action, Card, Discard, Draw, Drop, Finish, PlayerView, Variant
from rummy.model.actions import DropAtTurn

from .hand import HandModel
from .hud import GLOW_REACH
from .layout import BUTTON_LABELS, TableLayout
from .meld_area import MeldLayout
from .sprites import CardArt, TextCache
from .strokes import MARGIN
from .targets import DropTarget, FinishSlot, OpenDeck

LIT_MARGIN = GLOW_REACH + MARGIN
"""How far past a target's rectangle its light paints."""


class TableHost(Protocol):
    """What the parts may ask of the table scene."""

    hand: HandModel

    @property
    def seat(self) -> int | None: ...
    def try_act(self, action: Action, wait: bool = True) -> bool: ...
    def say(self, text: str, bad: bool = False, seconds: float = 2.5) -> None: ...
    def selected_cards(self) -> list[Card]: ...


def widest_letters(name: str, size: int) -> int:
    """A name's width if every letter were as wide as the widest (about a font size): the
    measure until a board's fonts give the real one."""
    return len(name) * size


class TableParts:
    """The declare family's table (Indian rummy): open deck, finish slot, drop."""

    meld_area = False
    """The table keeps room for melds laid face up (the layout asks)."""
    finish_slot = True
    """The finish slot is painted beside the decks (a declaration is made on it)."""
    labels_every_group = True
    """Every group in hand is labelled, an invalid one too (it tells the player what a
    declaration would read); where only runs and sets count, invalid groups go unlabelled."""
    buttons: tuple[str, ...] = ("sort", "group", "hint", "discard", "finish", "drop",
                                "dropturn")
    """The family's buttons, left to right."""
    keys: dict[str, str] = {"s": "sort", "g": "group", "d": "discard", "h": "hint"}

    open_label = "open deck"
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

    def buttons_at(self, variant: Variant) -> tuple[str, ...]:
        """The buttons this table shows: the drop buttons only where dropping is allowed
        (two greyed buttons that never work would only puzzle)."""
        if variant.declare.allow_drop:
            return self.buttons
        return tuple(b for b in self.buttons if b not in ("drop", "dropturn"))

    def count_of(self, hand: HandModel) -> int:
        """The figure written beside the hand: here the count of the hand as the player
        has arranged it."""
        return hand.count()

    def aside(self) -> list[list[Card]]:
        """The player's cards set out of the hand on the felt, by group (contract rummy's
        staged slots): a save keeps them as groups of the hand."""
        return []

    def count_words(self, count: int) -> str:
        """What the hand's count costs, in words, beside the hand."""
        cap = self.variant.declare.count_cap
        # A loser never scores more than the cap: say what the count would cost.
        if count > cap:
            return f"count {count} (costs {cap})"
        return f"count {count}"

    # -- what the pointer may drop on

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        return [OpenDeck(lay.open_deck), FinishSlot(lay.finish_slot, hand.groups_without)]

    # -- buttons

    def enabled(self, seat: int | None, legal: set[Action], one: Card | None,
                selected: list[Card]) -> dict[str, bool]:
        return {
            "discard": one is not None and seat is not None and Discard(seat, one) in legal,
            "finish": one is not None and seat is not None and Finish(seat, one, None) in legal,
            "drop": seat is not None and Drop(seat) in legal,
            "dropturn": seat is not None and (DropAtTurn(seat, True) in legal
                                              or DropAtTurn(seat, False) in legal),
        }

    def button_label(self, name: str, view: PlayerView | None) -> str | None:
        """A label that depends on the deal (None: the button's usual one)."""
        if name == "dropturn" and view is not None and view.declare.drop_at_turn:
            return BUTTON_LABELS["keepturn"]
        return None

    def why_not(self, name: str, host: Any) -> str:
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

    def press(self, name: str, host: Any) -> bool:
        """Carry out a button of this family; False when it is not one."""
        if name == "dropturn" and host.seat is not None:
            # While others play: ask to drop when this seat's turn comes, or stop asking.
            # (Taken while the table still moves the others' cards: it moves none, and
            # the few seconds of a bot's turn were often over before "wait a moment" was;
            # a play-tester.)
            host.try_act(DropAtTurn(host.seat, not host.driver.view.declare.drop_at_turn),
                         wait=False)
            return True
        return False

    def status(self, view: PlayerView, legal: set[Action]) -> str:
        if any(isinstance(a, Draw) for a in legal):
            return "Your turn: draw a card"
        return "Discard a card, or drop one on the finish slot to declare"

    # -- the felt

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


__all__ = ["LIT_MARGIN", "TableHost", "TableParts"]
