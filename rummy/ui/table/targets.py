"""Targets: every place on the table a card can go, as an object.

A target knows its area and what cards brought to it make (as PySolFC's stacks know which
cards they accept): :meth:`DropTarget.action_for` names the engine action (a discard on
the open deck, a meld on the new meld zone, a lay-off on a meld...), which the table
checks against the engine before anything moves; :meth:`DropTarget.take` carries it out
through the small :class:`TableOps` interface. A drop of dragged cards and a click with
cards selected are the same to a target: the pointer finds the target under the cursor
and hands it the cards (the dragged ones, or the selected ones); it never asks which
target it is.
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
    """A place on the table that takes cards, dropped there or selected and clicked there.
    ``name`` keys its highlight."""

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
        """The engine action ``cards`` brought here make (None: none)."""
        return None

    def why_not(self, cards: Sequence[Card]) -> str:
        """What to say when ``cards`` make nothing here (:meth:`take` returned False; ""
        leaves it to the table)."""
        return "those cards cannot go there" if cards else ""

    def accepts(self, seat: int, cards: Sequence[Card], check: Callable[[Action], str | None]
                ) -> bool:
        """Whether a drop of ``cards`` here would be taken (lights the target while
        dragging); ``check`` is the engine's check (None when legal)."""
        action = self.action_for(seat, cards)
        return action is not None and check(action) is None

    def take(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> bool:
        """Carry out ``cards`` dropped here, or selected and clicked here (the cursor at
        ``pos``): the engine checks the move first and the table says why when it refuses.
        False when these cards make nothing here (then :meth:`why_not` says so)."""
        action = self.action_for(seat, cards)
        if action is None:
            return False
        ops.try_act(action)
        return True


class ClosedDeck(DropTarget):
    """The closed deck: cards of the hand make nothing here. Drawing from it is the
    pointer's gesture (a press on it, clicked or dragged into the hand), which a card left
    selected does not stop."""

    name = "closed"

    def why_not(self, cards: Sequence[Card]) -> str:
        return ""  # (the table's own words: where to drop it)


class OpenDeck(DropTarget):
    """The open deck (discard pile): a single card brought here is discarded. Drawing
    from it is the pointer's gesture, as from the closed deck."""

    name = "open"

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        return Discard(seat, cards[0]) if len(cards) == 1 else None

    def why_not(self, cards: Sequence[Card]) -> str:
        return "select one card to discard"


class FinishSlot(DropTarget):
    """The finish slot (Indian rummy): a card brought here declares, after the player
    confirms."""

    name = "finish"

    def __init__(self, rect: Rect, groups_without: Callable[[Card], tuple[tuple[Card, ...], ...]]
                 ) -> None:
        super().__init__(rect)
        self.groups_without = groups_without

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        if len(cards) != 1:
            return None
        return Finish(seat, cards[0], self.groups_without(cards[0]))

    def why_not(self, cards: Sequence[Card]) -> str:
        return "select the one card to finish with" if cards else \
            "select the card to finish with, then click the finish slot"

    def take(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> bool:
        action = self.action_for(seat, cards)
        if action is None:
            return False
        if ops.allowed(action):
            ops.open_declare(cards[0])
        return True


class NewMeld(DropTarget):
    """The new meld zone: the cards brought here are laid as a new meld."""

    name = "new"

    def action_for(self, seat: int, cards: Sequence[Card]) -> Action | None:
        return LayMeld(seat, tuple(cards)) if cards else None

    def why_not(self, cards: Sequence[Card]) -> str:
        return "select the cards of a run or a set, then click here to lay them"


class MeldOnTable(DropTarget):
    """A meld on the table: a single card brought to it is laid off there. Where the card
    fits both ends of a run (a joker), the half of the run it is dropped on (or clicked)
    decides."""

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

    def why_not(self, cards: Sequence[Card]) -> str:
        return "lay off one card at a time" if cards else \
            "select a card, then click the meld to lay it off"

    def take(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> bool:
        if len(cards) != 1:
            return False
        near, far = ("low", "high") if pos is not None and pos[0] < self.rect.centerx else (
            "high", "low")
        end = next((e for e in (near, far, None) if e in self.fits), None)
        ops.try_act(LayOff(seat, cards[0], self.index, end))  # refused: the table says why
        return True


class LayDownSlot(DropTarget):
    """One lay-down slot of the round's contract (contract rummy): cards brought here are
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

    def why_not(self, cards: Sequence[Card]) -> str:
        return "select cards, then click the slot to put them in it"

    def take(self, ops: TableOps, seat: int, cards: Sequence[Card],
             pos: tuple[int, int] | None = None) -> bool:
        if not cards:
            return False
        ops.stage(self.index, cards)
        return True


def target_at(targets: Sequence[DropTarget], pos: tuple[int, int]) -> DropTarget | None:
    """The target a click at ``pos`` is meant for (the cursor on it), if any."""
    return target_under(targets, Rect(pos, (1, 1)), pos)


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
