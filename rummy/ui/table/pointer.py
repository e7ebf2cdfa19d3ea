"""The mouse on the table: pressing, dragging and dropping cards, and clicking with
cards selected.

A press on a hand card or on a deck starts a :class:`~.drag.Drag`; motion moves the card
with the cursor (and opens a gap where it would land in the hand); a release turns into an
action that the engine checks before anything happens. An illegal drop says the engine's
reason and the card glides back to its place. Cards dropped on a target and cards selected
then clicked on it take the same path (:meth:`Pointer.play`): the target under the pointer
says what they make there (:mod:`.targets`).

:class:`Pointer` is one of the table's pieces (see :mod:`.context`): it reads and asks the
rest of the table through the :class:`~.context.Table` it is given, and plays through
the table's :class:`~.controls.Controls`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rummy.model import Action, Card, Discard, Draw, DrawSource

from .anim import Flight
from .drag import Drag, hand_place
from .targets import DropTarget, target_at, target_under

if TYPE_CHECKING:
    from .board import Board
    from .context import Table
    from .controls import Controls
    from .hand import HandModel

NOWHERE = "drop it where the table lights up, or back in your hand"
"""Said when a card was dropped where nothing takes it."""


class Pointer:
    """The table's mouse: the drag under way and the targets it may go to."""

    def __init__(self, table: Table, controls: Controls) -> None:
        self.table = table
        self.controls = controls
        """What a press, a drop or a click plays through."""
        self.drag: Drag | None = None
        self.mouse: tuple[int, int] | None = None
        """Where the pointer last moved (from the events)."""
        self.targets: list[DropTarget] = []
        """Every drop target of the current drag; ``legal_targets``: those that take it."""
        self.legal_targets: list[DropTarget] = []

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def hand(self) -> HandModel:
        return self.table.hand

    def motion(self, pos: tuple[int, int]) -> None:
        self.mouse = pos
        for button in self.board.buttons.values():
            button.hover = button.rect.collidepoint(pos)
        d = self.drag
        if d is None:
            self.board.hover_card = self.board.card_at(pos) if self.can_touch() else None
            return
        d.move(pos)
        lay = self.board.lay
        if d.kind == "hand" and d.card is not None:
            sprite = self.board.sprites[d.card]
            sprite.x, sprite.y = d.card_pos
            sprite.lift = 0.0
            in_hand = pos[1] >= lay.label_y - 10
            target = None if in_hand else target_under(
                self.legal_targets, d.card_rect(lay.hand_w, lay.hand_h), pos)
            self.board.lit = {t.name: (2 if t is target else 1) for t in self.legal_targets}
            if in_hand and d.moved and len(d.cards) == 1:
                self.board.layout_hand(groups=self._preview(d))
            elif d.moved and len(d.cards) == 1:
                # Out over the table: the hand closes up behind the card (no gap with its
                # group's label left over it).
                self.board.layout_hand(groups=[[c for c in g if c != d.card]
                                               for g in self.hand.groups])
            else:
                self.board.layout_hand()

    def can_touch(self) -> bool:
        return not self.table.spectator and self.table.dialog is None and self.table.result is None

    def press(self, pos: tuple[int, int]) -> None:
        if self.table.gone is not None:  # over everything: the table cannot go on meanwhile
            answer = self.table.gone.click(pos)
            if answer is not None:
                self.table.gone_answer(answer)
            return
        if self.table.result is not None:
            answer = self.table.result.click(pos)
            if answer == "next":
                self.table.next_deal()
            elif answer == "menu":
                self.table.leave()
            elif answer == "review":
                self.controls.open_review()
            return
        if self.table.dialog is not None:
            answer = self.table.dialog.click(pos)
            if answer is not None:
                self.controls.dialog_answer(answer)
            return
        if self.table.spectator:
            return
        for name, button in self.board.buttons.items():
            if button.rect.collidepoint(pos):
                self.controls.press_button(name)
                return
        lay = self.board.lay
        card = self.board.card_at(pos)
        if card is not None:
            sprite = self.board.sprites[card]
            sx, sy = sprite.pos
            chosen = self.hand.selected
            cards = tuple(c for c in self.hand.cards if c in chosen) \
                if card in chosen and len(chosen) > 1 else (card,)
            self.drag = Drag("hand", card, (pos[0] - sx, pos[1] - sy), pos, pos, cards=cards)
            sprite.dragging = True
            sprite.x, sprite.y = sx, sy
            self.legal_targets = self.targets_for(cards)
            return
        depth = self.board.discard_depth_at(pos)
        if lay.closed_deck.collidepoint(pos) and self.board.closed_size > 0:
            self.drag = Drag("closed", None, (pos[0] - lay.closed_deck.x,
                                              pos[1] - lay.closed_deck.y), pos, pos)
        elif lay.closed_deck.collidepoint(pos) and "flip" in self.board.buttons:
            self.controls.press_button("flip")  # the empty stock: turn the discard pile over
        elif depth and self.board.open_pile:
            fan = self.board.discard_fan()
            x, y = fan[len(fan) - depth] if depth <= len(fan) else lay.open_deck.topleft
            pile = self.board.open_cards if len(fan) > 1 else self.board.open_pile
            self.drag = Drag("open", pile[-depth], (pos[0] - x, pos[1] - y), pos, pos,
                             count=depth)
            self.board.open_lifted = True
        elif self.click(pos, None) or self.controls.unstage_at(pos):
            self.board.layout_hand()
            self.controls.refresh_buttons()
        else:
            self._explain(pos)

    def _explain(self, pos: tuple[int, int]) -> None:
        """A target clicked with nothing selected says what it takes (the finish slot
        clicked alone did nothing and said nothing)."""
        if self.table.seat is None or self.hand.selected:
            return
        target = target_at(self.board.parts.targets(self.board.lay, self.hand), pos)
        words = target.why_not(()) if target is not None else ""
        if words:
            self.controls.say(words[:1].upper() + words[1:])

    def click(self, pos: tuple[int, int], plain: Action | None) -> bool:
        """A click at ``pos`` with cards selected: the target under the pointer is handed
        them, as if they had been dragged there (:meth:`play`). True when it was.

        ``plain`` is what the click does with nothing selected (a deck's draw): where the
        engine takes that and not what the selection would make there, the click is the
        plain one (a card left selected while arranging the hand must not stop a draw)."""
        seat = self.table.seat
        selected = tuple(self.controls.selected_cards())
        if seat is None or not selected:
            return False
        target = target_at(self.board.parts.targets(self.board.lay, self.hand), pos)
        if target is None:
            return False
        check = self.table.driver.check
        action = target.action_for(seat, selected)
        if plain is not None and check(plain) is None and (
                action is None or check(action) is not None):
            return False
        self.play(target, selected, pos)
        return True

    def play(self, target: DropTarget, cards: Sequence[Card], pos: tuple[int, int]) -> None:
        """``cards`` brought to ``target``, dropped there or selected and clicked there:
        one path for both. The target says what they make; the engine checks it; a
        refusal is said and nothing moves."""
        seat = self.table.seat
        if seat is None:
            return
        if not self.table.idle:
            self.controls.refuse("wait a moment")
            return
        check = self.table.driver.check
        target.accepts(seat, cards, check)  # (a meld finds the ends it fits)
        if not target.take(self.controls, seat, cards, pos):
            # The turn's own reason first (not your turn, draw first), then the target's.
            self.controls.refuse(check(Discard(seat, cards[0])) or target.why_not(cards)
                                 or NOWHERE)

    def targets_for(self, cards: tuple[Card, ...]) -> list[DropTarget]:
        """The targets a drop of ``cards`` would be taken by now (they light up)."""
        seat = self.table.seat
        self.targets = self.board.parts.targets(self.board.lay, self.hand)
        if seat is None or not self.table.idle:
            return []
        return [t for t in self.targets if t.accepts(seat, cards, self.table.driver.check)]

    def _preview(self, d: Drag) -> list[list[Card]]:
        assert d.card is not None
        groups = [[c for c in g if c != d.card] for g in self.hand.groups]
        groups = [g for g in groups if g]
        lay = self.board.lay
        g, i, new = hand_place(lay, groups, d.card_pos[0] + lay.hand_w // 2)
        if new:
            groups.insert(g, [d.card])
        else:
            groups[g].insert(i, d.card)
        return groups

    def release(self, pos: tuple[int, int]) -> None:
        d, self.drag = self.drag, None
        self.board.lit = {}
        self.board.open_lifted = False
        if d is None:
            return
        d.move(pos)
        if d.kind == "hand":
            self._release_card(d, pos)
        else:
            self._release_deck(d, pos)
        self.board.layout_hand()
        self.controls.refresh_buttons()

    def _release_card(self, d: Drag, pos: tuple[int, int]) -> None:
        assert d.card is not None
        card, seat, lay = d.card, self.table.seat, self.board.lay
        sprite = self.board.sprites[card]
        sprite.dragging = False
        if not d.moved:
            self.hand.toggle(card)
            return
        if pos[1] >= lay.label_y - 10:
            if len(d.cards) == 1:
                self.hand.groups = self._preview(d)
            return
        if seat is None:
            return
        target = target_under(self.targets, d.card_rect(lay.hand_w, lay.hand_h), pos)
        if target is None:  # (the felt, a seat: the card went back in silence)
            reason = None if self.legal_targets else self.table.driver.check(Discard(seat, card))
            self.controls.refuse(reason or NOWHERE)
            return
        self.play(target, d.cards, pos)

    def _release_deck(self, d: Drag, pos: tuple[int, int]) -> None:
        seat, lay = self.table.seat, self.board.lay
        source = DrawSource.CLOSED if d.kind == "closed" else DrawSource.OPEN
        if seat is not None and not d.moved and self.click(pos, Draw(seat, source, d.count)):
            return  # the deck clicked with cards selected: a discard
        home = (lay.closed_deck if d.kind == "closed" else lay.open_deck).topleft
        into_hand = d.moved and pos[1] >= lay.label_y - 10
        if seat is None or (d.moved and not into_hand):
            self._glide_home(d, home)
            if seat is not None and d.moved:  # (on a meld zone, the other pile: in silence)
                why = self.table.driver.check(Draw(seat, source, d.count))  # ("you already drew")
                self.controls.refuse(why or "draw it into your hand first")
            return
        action = Draw(seat, source, d.count)
        reason = self.table.driver.check(action) or (None if self.table.idle else "wait a moment")
        if reason is not None:
            self.controls.refuse(reason)
            if d.moved:
                self._glide_home(d, home)
            return
        if d.moved:
            groups = [list(g) for g in self.hand.groups if g]
            self.table.player.draw_place = hand_place(lay, groups, d.card_pos[0] + lay.hand_w // 2)
            self.table.player.draw_from = d.card_pos
        self.controls.act(action)

    def _glide_home(self, d: Drag, home: tuple[int, int]) -> None:
        if d.moved:
            self.table.flights.add(Flight(d.card if d.kind == "open" else None, d.card_pos, home,
                                    0.25, self.board.lay.pile_w))

    def cancel_drag(self) -> None:
        if self.drag is not None and self.drag.card in self.board.sprites:
            self.board.sprites[self.drag.card].dragging = False
        self.drag = None
        self.board.lit = {}
        self.board.open_lifted = False
