"""Drop targets: every place on the table a card can be dropped, as an object.

A target knows its area and what a drop there does (as PySolFC's stacks know which cards
they accept): :meth:`DropTarget.action_for` names the engine action (a discard on the open
deck, a meld on the new meld zone, a lay-off on a meld...), which the table checks against
the engine before anything moves; :meth:`DropTarget.drop` carries the drop out through the
small :class:`TableOps` interface. The pointer code finds the target under the cursor and
asks it; it never asks which target it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from pygame import Rect

from rummy.model import Action, Card, Discard, Finish, LayMeld, LayOff


class TableOps(Protocol):
    """What a drop may do at the table."""

    def allowed(self, action: Action) -> bool:
        """Whether the engine allows ``action`` now; if not, the table says why."""
        ...

    def try_act(self, action: Action) -> bool:
        """Play ``action`` if the engine allows it now, else say why; True if played."""
        ...

    def open_declare(self, card: Card) -> None:
        """Ask the player to confirm a declaration with ``card`` on the finish slot."""
        ...

    def stage(self, slot: int, cards: Sequence[Card]) -> None:
        """Put ``cards`` in lay-down slot ``slot`` (contract rummy)."""
        ...


class DropTarget:
    """A place on the table that takes dropped cards. ``name`` keys its highlight."""

    name: str = ""

    def __init__(self, rect: Rect) -> None:
        self.rect = rect

    def hit(self, card: Rect, pos: tuple[int, int]) -> float:
        """How surely a card dragged to ``card`` with the cursor at ``pos`` is meant for
        this target: 2 the cursor is on it, 0-1 how much of it the card covers."""
        if self.rect.inflate(16, 16).collidepoint(pos):
            return 2.0
        if not card.colliderect(self.rect):
            return 0.0
        c = card.clip(self.rect)
        return (c.width * c.height) / max(1, self.rect.width * self.rect.height)

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        """The engine action a drop of ``cards`` here makes (None: none)."""
        return None

    def accepts(self, seat: int, cards: Sequence[Card], check: Callable[[Action], str | None]
                ) -> bool:
        """Whether a drop of ``cards`` here would be taken (lights the target while
        dragging); ``check`` is the engine's check (None when legal)."""
        action = self.action_for(seat, cards)
        return action is not None and check(action) is None

    def drop(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> None:
        """Carry out a drop of ``cards`` here (the cursor at ``pos``)."""
        action = self.action_for(seat, cards)
        if action is not None:
            ops.try_act(action)


class OpenDeck(DropTarget):
    """The open deck (discard pile): a single card dropped here is discarded."""

    name = "open"

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        return Discard(seat, cards[0]) if len(cards) == 1 else None


class FinishSlot(DropTarget):
    """The finish slot (Indian rummy): a card here declares, after the player confirms."""

    name = "finish"

    def __init__(self, rect: Rect, groups_without: Callable[[Card], tuple[tuple[Card, ...], ...]]
                 ) -> None:
        super().__init__(rect)
        self.groups_without = groups_without

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        if len(cards) != 1:
            return None
        return Finish(seat, cards[0], self.groups_without(cards[0]))

    def drop(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> None:
        action = self.action_for(seat, cards)
        if action is not None and ops.allowed(action):
            ops.open_declare(cards[0])


class NewMeld(DropTarget):
    """The new meld zone: the cards dropped here are laid as a new meld."""

    name = "new"

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        return LayMeld(seat, tuple(cards)) if cards else None


class MeldOnTable(DropTarget):
    """A meld on the table: a single card dropped on it is laid off there. Where the card
    fits both ends of a run (a joker), the half of the run it is dropped on decides."""

    def __init__(self, rect: Rect, index: int) -> None:
        super().__init__(rect)
        self.index = index
        self.name = f"meld:{index}"
        self.fits: tuple[str | None, ...] = ()
        """The ends the dragged card was found to fit (``None``: a set's one place)."""

    def hit(self, card: Rect, pos: tuple[int, int]) -> float:
        # Melds sit close together: only the cursor decides which one is meant.
        return 2.0 if self.rect.inflate(10, 10).collidepoint(pos) else 0.0

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        return LayOff(seat, cards[0], self.index) if len(cards) == 1 else None

    def accepts(self, seat: int, cards: Sequence[Card], check: Callable[[Action], str | None]
                ) -> bool:
        self.fits = () if len(cards) != 1 else tuple(
            end for end in ("low", "high", None)
            if check(LayOff(seat, cards[0], self.index, end)) is None)
        return bool(self.fits)

    def drop(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> None:
        if len(cards) != 1:
            return
        near, far = ("low", "high") if pos is not None and pos[0] < self.rect.centerx else (
            "high", "low")
        end = next((e for e in (near, far, None) if e in self.fits), None)
        ops.try_act(LayOff(seat, cards[0], self.index, end))  # refused: the table says why


class LayDownSlot(DropTarget):
    """One lay-down slot of the round's contract (contract rummy): cards dropped here are
    staged in it until the whole contract is laid down at once."""

    def __init__(self, rect: Rect, index: int) -> None:
        super().__init__(rect)
        self.index = index
        self.name = f"slot:{index}"

    def hit(self, card: Rect, pos: tuple[int, int]) -> float:
        return 2.0 if self.rect.inflate(12, 12).collidepoint(pos) else 0.0

    def accepts(self, seat: int, cards: Sequence[Card], check: Callable[[Action], str | None]
                ) -> bool:
        return bool(cards)

    def drop(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> None:
        ops.stage(self.index, cards)


def target_under(targets: Sequence[DropTarget], card: Rect, pos: tuple[int, int]
                 ) -> DropTarget | None:
    """The target a card dragged to ``card`` (cursor at ``pos``) is dropped on: the one the
    cursor points at, else the one the card covers most (at least 40% of it)."""
    best: tuple[float, DropTarget] | None = None
    for target in targets:
        score = target.hit(card, pos)
        if score > 0.4 and (best is None or score > best[0]):
            best = (score, target)
    return None if best is None else best[1]
