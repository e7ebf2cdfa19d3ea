"""The one narrow interface the table's pieces share: :class:`Table`.

The table scene (:class:`~.scene.TableScene`) is built of small objects: the pointer
(:class:`~.pointer.Pointer`, the mouse), the controls (:class:`~.controls.Controls`:
buttons, keys, dialogs, what is said on the felt), the painter
(:class:`~.frame_painter.FramePainter`) and the family's parts (a
:class:`~.parts_base.FamilyParts`, its own behaviour as hooks). Each piece is given the
scene as a ``Table`` and reads or asks only what this protocol lists, so a piece can be
read, and tested, without the rest of the scene; a piece that needs another is handed it
(the pointer plays through the controls, the painter shows the pointer's drag).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from rummy.ui.scene import Host

    from .anim import Flights
    from .board import Board
    from .ceremony import Ceremony
    from .dialogs import DeclareDialog, ResultPanel
    from .driver_protocol import Driver
    from .event_player import EventPlayer
    from .gone import ServerGonePanel
    from .hand import HandModel
    from .online import ConnectionNotes
    from .parts_base import FamilyParts
    from .record_keeper import TableKeeper
    from .sprites import CardArt, TextCache


class Table(Protocol):
    """What the table's pieces may read and ask of the table they are part of."""

    app: Host
    board: Board
    """What is on the felt, and where."""
    hand: HandModel
    """The player's hand as the player arranged it."""
    driver: Driver
    """The game behind the table (local or online)."""
    parts: FamilyParts
    """The rule family's own pieces of the table."""
    flights: Flights
    ceremony: Ceremony
    """The toss and the dealer's pick, over the felt while seats pick."""
    player: EventPlayer
    art: CardArt
    text: TextCache
    keeper: TableKeeper
    online: ConnectionNotes | None
    """An online table's connection notes (None offline)."""
    dialog: DeclareDialog | None
    result: ResultPanel | None
    gone: ServerGonePanel | None
    auto_next: bool
    """The result panel moves on by itself."""
    result_wait: float

    @property
    def seat(self) -> int | None:
        """The human's seat in this deal (None in a demo, or once the human is out)."""
    @property
    def spectator(self) -> bool:
        """Nobody at this table is played by the mouse."""
    @property
    def idle(self) -> bool:
        """No event waiting to be shown and no card in the air."""

    def next_deal(self) -> None:
        """Move on from the result panel."""
    def leave(self) -> None:
        """Back to the menu (or Play online)."""
    def gone_answer(self, answer: str) -> None:
        """The server-gone panel's answer ("wait" or "leave")."""
    def build_dialogs(self) -> None:
        """Lay the dialogs and panels out again for the table's size."""


__all__ = ["Table"]
