"""What the player asks of the table with buttons and keys, and how the table answers:
the buttons enabled from the engine's legal actions, the keys (S, G, D, H and the
family's own), drop with its confirmation, the declaration dialog, hints, staging a
contract, and the messages said on the felt.

:class:`Controls` is one of the table's pieces (see :mod:`.context`): it reads and asks
the rest of the table only through the :class:`~.context.Table` it is given. It is also
what a drop target may do (:class:`~.targets.TableOps`) and what the family's parts may
ask (:class:`~.parts_base.TableHost`). Every action goes through the engine's check first
(:meth:`Controls.allowed`).
"""

from __future__ import annotations

import contextlib
from collections.abc import Sequence
from concurrent.futures import Future
from typing import TYPE_CHECKING

import pygame

from rummy.model import Action, Card, Discard, Drop, Finish, LayOff
from rummy.ui.palette import INK, RED

from .dialogs import DeclareDialog
from .layout import card_height
from .record_keeper import sort_hand

if TYPE_CHECKING:
    from rummy.ai.hint import Hint

    from .board import Board
    from .context import Table
    from .driver_protocol import Driver
    from .hand import HandModel
    from .parts_base import FamilyParts


CONFIRM_SECONDS = 3.0
"""How long a move that asks first (drop, leaving an online table) waits for the second
press."""

REFUSAL_SECONDS = 4.0
"""A refusal's reason stays at least this long, and then until the player's next action
(gone after 1.5 s, it was often not read; issue 28)."""


class Controls:
    """The table's buttons, keys and answers."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.hint_job: Future[Hint] | None = None
        self.armed: dict[str, float] = {}
        """Moves asked about (drop, leave) -> seconds left to press again."""
        self.message_left = 0.0
        self.refusal_on = False
        """A refusal's reason is on show and stays until the player's next action."""
        self.hint_said = ""
        """The hint on show, if any: the player's next move makes it stale."""

    # -- what the family's parts may read (TableHost)

    @property
    def seat(self) -> int | None:
        return self.table.seat

    @property
    def driver(self) -> Driver:
        return self.table.driver

    @property
    def hand(self) -> HandModel:
        return self.table.hand

    @property
    def board(self) -> Board:
        return self.table.board

    @property
    def parts(self) -> FamilyParts:
        return self.table.parts

    # -- feedback

    def say(self, text: str, bad: bool = False, seconds: float = 2.5) -> None:
        if bad:  # the engine's reasons ("not your turn") start a line, as the table's own do
            text = text[:1].upper() + text[1:]
        self.board.message = text
        self.board.message_color = RED if bad else INK
        self.message_left = seconds
        self.refusal_on = False

    def refuse(self, reason: str) -> None:
        """Say why a move was refused: the reason stays until the player's next action
        or :data:`REFUSAL_SECONDS`, whichever is later."""
        self.say(reason, bad=True, seconds=REFUSAL_SECONDS)
        self.refusal_on = True

    def next_action(self) -> None:
        """The player pressed a key or the mouse: a refusal shown long enough goes now,
        one shown for less goes when its time is up."""
        if self.refusal_on:
            self.refusal_on = False
            if self.message_left <= 0:
                self.board.message = ""

    def tick(self, dt: float) -> None:
        """Time passes for what was said and for the moves that asked first."""
        if self.armed:
            self.armed = {what: left - dt for what, left in self.armed.items() if left > dt}
            if not self.armed:
                self.refresh_buttons()  # (an armed button looks so until it lapses)
        if self.message_left > 0:
            self.message_left -= dt
            if self.message_left <= 0 and not self.refusal_on:
                self.board.message = ""

    def sound(self, name: str) -> None:
        with contextlib.suppress(Exception):  # a sound is never worth a crash
            self.table.app.res.play(name)

    def refresh_buttons(self) -> None:
        b = self.board.buttons
        seat = self.seat
        legal = set(self.driver.legal()) if seat is not None else set()
        view = self.driver.view
        mine = seat is not None and view.my_turn
        # While a deck is spread for picking, the ceremony's banner says what to do.
        picking = view.spread is not None
        self.board.status_line = self.parts.status(view, legal) if mine and not picking else ""
        enable = {
            "sort": len(self.hand) > 0,
            "group": bool(self.hand.selected),
            "hint": mine and self.hint_job is None,
        }
        enable.update(self.parts.enabled(seat, legal, self._single_selected(),
                                         self.selected_cards()))
        for name, button in b.items():
            button.enabled = enable.get(name, False)
            button.label = self.parts.button_label(name, view)
            button.armed = name in self.armed  # (the drop asked once: it looked the same)

    def selected_cards(self) -> list[Card]:
        """The selected cards, in hand order."""
        return [c for c in self.hand.cards if c in self.hand.selected]

    def _single_selected(self) -> Card | None:
        sel = [c for c in self.hand.cards if c in self.hand.selected]
        return sel[0] if len(sel) == 1 else None

    # -- keys and buttons

    def key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.table.dialog is not None:
                self.dialog_answer("cancel")
            else:
                self._escape()
            return
        if self.table.dialog is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.dialog_answer("confirm")
            return
        if self.table.result is not None:
            if key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_n):
                self.table.next_deal()
            return
        name = self.parts.keys.get(pygame.key.name(key))
        if name is not None and not self.table.spectator:
            self.press_button(name)

    def claims_key(self, key: int) -> bool:
        return not self.table.spectator and pygame.key.name(key) in self.parts.keys

    def press_button(self, name: str) -> None:
        """What a table button does (also the keyboard's S, G, D, H)."""
        button = self.board.buttons.get(name)
        if button is None or not button.enabled:
            why = (self.parts.why_not(name, self) if button is not None and self.seat is not None
                   else "")
            if why:
                self.refuse(why)
            return
        self.sound("click")
        seat = self.seat
        if name == "sort":
            sort_hand(self.hand, self.table.keeper.prefs.sort_by)
        elif name == "group":
            self.hand.group_selected()
        elif name == "hint":
            self.hint_job = self.driver.submit_hint()
        elif self.parts.press(name, self):
            pass
        elif seat is not None and self.table.idle:
            card = self._single_selected()
            if name == "drop":
                self._drop(seat)
            elif name == "discard" and card is not None:
                self.act(Discard(seat, card))
            elif name == "finish" and card is not None:
                self.open_declare(card)
        self.board.layout_hand()
        self.refresh_buttons()

    def _escape(self) -> None:
        """Esc leaves the table. Online, while the match goes on, the server's clock plays
        the seat's turns while it is away (and drops it after missed turns where the rules
        say so): the first press asks, a second within 3 s leaves (Rejoin takes the seat
        back)."""
        asking = ("Press Esc again to leave: the clock plays your turns while you are away"
                  + ("; the table goes on while this game stays open" if self.driver.hosting
                     else ""))
        if self.table.online is None or self.driver.match_over or self.seat is None or \
                self._pressed_again("leave", asking):
            self.table.leave()

    def _drop(self, seat: int) -> None:
        """Dropping costs points: the first press asks, a second within 3 s drops."""
        v = self.driver.variant
        first = self.driver.view.seats[seat].turns_done == 0
        cost = v.declare.first_drop_penalty if first else v.declare.middle_drop_penalty
        if not self.table.keeper.prefs.confirm_drop or self._pressed_again(
                "drop", f"Press Drop again to leave this deal for {cost} points"):
            self.act(Drop(seat))

    def _pressed_again(self, what: str, asking: str) -> bool:
        """A move that costs something asks first: True for the second press within
        ``CONFIRM_SECONDS``; the first says ``asking`` and waits."""
        if self.armed.pop(what, 0.0) > 0:
            return True
        self.armed[what] = CONFIRM_SECONDS
        self.say(asking, bad=True, seconds=CONFIRM_SECONDS)
        self.refresh_buttons()
        return False

    def act(self, action: Action) -> bool:
        reason = self.driver.act(action)
        if reason is not None:
            self.refuse(reason)
            return False
        if self.hint_said and self.board.message == self.hint_said:
            self.board.message = ""  # the move was made: what the hint said is past
        self.hint_said = ""
        return True

    # -- what a drop target may do (TableOps)

    def allowed(self, action: Action, wait: bool = True) -> bool:
        """Whether ``action`` may be played now (else it says why). ``wait``: not while
        the table still moves cards (``False`` for a move that moves none)."""
        reason = self.driver.check(action) or (None if self.table.idle or not wait
                                               else "wait a moment")
        if reason is not None:
            self.refuse(reason)
        return reason is None

    def try_act(self, action: Action, wait: bool = True) -> bool:
        return self.allowed(action, wait) and self.act(action)

    def stage(self, slot: int, cards: Sequence[Card]) -> None:
        if self.parts.stage(slot, cards):
            self.hand.set_aside(cards)
            self.parts.layout(self.board.lay, self.board.names)
            self.board.layout_hand()
            self.refresh_buttons()  # (Lay down may be ready now)

    def unstage_at(self, pos: tuple[int, int]) -> bool:
        """A click on a staged card takes it back to the hand."""
        card = self.parts.staged_at(pos)
        if card is None:
            return False
        self.take_back([card])
        return True

    def take_back(self, cards: Sequence[Card]) -> None:
        """Staged cards back to the hand (a contract's lay-down slots)."""
        for card in cards:
            self.parts.unstage(card)
            self.hand.take_back(card)
        self.parts.layout(self.board.lay, self.board.names)
        self.board.layout_hand()
        self.refresh_buttons()  # a slot short again: Lay down greys out at once

    # -- declaring

    def open_declare(self, card: Card) -> None:
        if not self.table.keeper.prefs.confirm_declare and self.seat is not None:
            self.act(Finish(self.seat, card, self.hand.groups_without(card)))
            return
        self.table.dialog = DeclareDialog(card, self.hand.groups_without(card))
        self.board.parked = {card: self.board.lay.finish_slot.topleft}
        self.board.layout_hand()
        self.table.build_dialogs()

    def dialog_answer(self, answer: str) -> None:
        dialog, self.table.dialog = self.table.dialog, None
        self.board.parked = {}
        if dialog is None or self.seat is None:
            return
        if answer == "confirm":
            self.act(Finish(self.seat, dialog.card, dialog.groups))
        self.board.layout_hand()
        self.refresh_buttons()

    # -- hints

    def poll_hint(self) -> None:
        job = self.hint_job
        if job is None or not job.done():
            return
        self.hint_job = None
        try:
            hint = job.result()
        except Exception:  # noqa: BLE001 - a failed hint is just no hint
            hint = None
        cards, groups, text = read_hint(hint)
        staged = [c for c in cards if c not in self.hand]
        in_slots = [c for c in staged if c in self.parts.staged_cards]
        if in_slots and hint is not None and isinstance(hint.action, Discard | LayOff):
            # A card to let go of that the player had put in a lay-down slot: back in the
            # hand, selected, so that D (or a drag) plays what the hint says.
            self.take_back(in_slots)
        before = [list(g) for g in self.hand.groups]
        # The arrangement to declare with is the hint itself, whatever the hand counts.
        if groups and (hint is not None and hint.declare or self.hand.improves(groups)):
            self.hand.set_groups(groups)
        if self.hand.groups != before:
            # (Regrouped without a word, the hand looked rearranged behind the player's
            # back; a play-tester.)
            text += " · your hand is grouped to show it"
        chosen = {c for c in cards if c in self.hand}
        if chosen:
            self.hand.selected = chosen
        if text:
            self.say(text, seconds=4.0)
            self.hint_said = text
        self.board.layout_hand()
        self.refresh_buttons()

    def card_height(self) -> int:
        return card_height(self.board.lay.hand_w)

    # -- the round panel's Review

    def reviewable(self) -> bool:
        """The deal just finished can be reviewed: the player played it here, offline
        (online, the record is the server's), from a deal the record replays."""
        local = self.driver.local
        return (self.table.online is None and local is not None
                and local.human_seat is not None and not local.game.prepared)

    def open_review(self) -> None:
        """The round panel's Review: the player's decisions in the deal just finished."""
        local = self.driver.local
        if local is None or local.human is None:
            return
        self.table.app.open("review", game=local.game, seat=local.human, deal=local.deal_no,
                            names=local.match_names())


def read_hint(hint: Hint | None) -> tuple[list[Card], list[list[Card]], str]:
    """(the cards the suggested move plays, to select; the groups to arrange the hand
    into; what to say) from a hint (the hard level's suggestion, worked out off the frame
    by the table's driver), or nothing when working it out failed."""
    if hint is None:
        return [], [], ""
    # Only the groups: the loose cards stay where the player had them.
    groups = [list(g) for g in hint.groups if g]
    return list(hint.cards), groups, f"Hint: {hint}"
