"""The declare family's table parts (Indian rummy): :class:`DeclareParts`, the open deck,
the finish slot and drop; the base every family's parts share is :mod:`.parts_base`.
"""

from __future__ import annotations

from rummy.model import Action, Card, Discard, Draw, Drop, Finish, PlayerView, Variant
from rummy.model.actions import DropAtTurn
from rummy.model.grouping import count_reason

from .hand import HandModel
from .layout import BUTTON_LABELS, TableLayout
from .parts_base import FamilyParts, TableHost
from .targets import ClosedDeck, DropTarget, FinishSlot, OpenDeck


class DeclareParts(FamilyParts):
    """The declare family's table (Indian rummy): open deck, finish slot, drop."""

    meld_area = False
    finish_slot = True
    labels_every_group = True
    buttons: tuple[str, ...] = ("sort", "group", "hint", "discard", "finish", "drop",
                                "dropturn")
    keys: dict[str, str] = {"s": "sort", "g": "group", "d": "discard", "h": "hint"}
    open_label = "open deck"

    def buttons_at(self, variant: Variant) -> tuple[str, ...]:
        """The buttons this table shows: the drop buttons only where dropping is allowed
        (two greyed buttons that never work would only puzzle)."""
        if variant.declare.allow_drop:
            return self.buttons
        return tuple(b for b in self.buttons if b not in ("drop", "dropturn"))

    def count_words(self, count: int) -> str:
        """What the hand's count costs, in words, beside the hand."""
        cap = self.variant.declare.count_cap
        # A loser never scores more than the cap: say what the count would cost.
        if count > cap:
            return f"count {count} (costs {cap})"
        return f"count {count}"

    def count_reason(self, hand: HandModel) -> str:
        return count_reason(self.variant, hand.groups, hand.cut)

    def targets(self, lay: TableLayout, hand: HandModel) -> list[DropTarget]:
        return [ClosedDeck(lay.closed_deck), OpenDeck(lay.open_deck),
                FinishSlot(lay.finish_slot, hand.groups_without)]

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

    def press(self, name: str, host: TableHost) -> bool:
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


__all__ = ["DeclareParts"]
