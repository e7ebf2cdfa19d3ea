"""The table as it is shown right now, which may trail the engine while events animate.

:class:`Board` holds what is on the felt (the open pile, the closed deck's size, each
seat's card count, the wild joker, the finish card, the player's hand sprites) and paints
it (the painting itself is :mod:`.board_paint`'s). Events change it a step at a time as
their cards land; once the queue has drained, :meth:`Board.sync` lays everything out again
from the :class:`PlayerView`.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pygame

from rummy.model import Card, PlayerView
from rummy.model.families import SeatStatus
from rummy.model.families.classic import DRAW_CHOICE_DEPTH
from rummy.model.rules import family_of
from rummy.ui.palette import INK
from rummy.ui.table.sprites import CardArt, CardSprite, TextCache

from .board_paint import BoardPainting, felt_surface
from .hand import HandModel
from .layers import Layer, Lights, changed_lights, lights_of
from .layout import TableLayout, card_height, compute_layout
from .move_log import MoveLog
from .panels import PanelCache, TableButton, fan_end
from .parts_base import LIT_MARGIN, FamilyParts
from .parts_declare import DeclareParts
from .strokes import merge_areas

StillKey = tuple[tuple[object, ...], Lights]
"""What the still part is painted from: (all but the lit targets, the lit targets)."""


class Board(BoardPainting):
    def __init__(self, art: CardArt, text: TextCache, hand: HandModel, names: list[str],
                 players: int, viewer: int, interactive: bool,
                 parts: FamilyParts | None = None) -> None:
        self.parts = parts if parts is not None else DeclareParts(hand.variant)
        """The family's pieces of the table (targets, buttons, what it paints)."""
        self.art = art
        self.text = text
        self.parts.name_width = lambda name, size: text.res.font(size, True).size(name)[0]
        self.parts.seated = interactive
        self.hand = hand
        self.names = names
        self.players = players
        self.viewer = viewer
        self.interactive = interactive
        self.lay: TableLayout = self._layout((1280, 720))
        self.felt = pygame.Surface((1, 1))
        self.panels = PanelCache()
        self.sprites: dict[Card, CardSprite] = {}
        self.hidden: set[Card] = set()
        self.open_pile: list[Card] = []
        self.open_cards: list[Card] = []
        """The discards the player may take from, top last (with draw choice, up to 5)."""
        self.closed_size = 0
        self.sizes = [0] * players
        self.points = [0] * players
        self.out = [False] * players
        self.wild: Card | None = None
        self.finish_taken = False
        self.open_lifted = False
        self.parked: dict[Card, tuple[int, int]] = {}
        """Hand cards held somewhere else for now (the card on the finish slot while the
        player confirms the declaration)."""
        """The player is dragging the open deck's top card away."""
        self.turn = -1
        self.timer: float | None = None
        self.count = 0
        self.count_reason = ""
        """Why the count stands where it does (the family's words)."""
        self.labels: list[tuple[str, str, int]] = []
        self.buttons: dict[str, TableButton] = {}
        self.lit: dict[str, int] = {}
        self._still = Layer()
        """The still part of the table, painted ahead."""
        self.hover_card: Card | None = None
        self.message = ""
        self.message_color = INK
        self.status_line = ""
        self.match_line = ""
        """Where the match stands ("Pool 101 · deal 3"), top left; empty for one deal."""
        self.gone: list[str] = []
        """The seats out of the match (a pool), shown under the match line."""
        family = family_of(hand.variant)
        self.moves = MoveLog(family.piles, missed=family.missed_turns(hand.variant))
        """The last few moves in words, and each seat's last move while fresh."""

    # -- layout

    def _layout(self, size: tuple[int, int]) -> TableLayout:
        return compute_layout(size, self.players, self.viewer, self.parts.meld_area,
                              self.parts.buttons)

    def resize(self, size: tuple[int, int]) -> None:
        self.lay = self._layout(size)
        self.parts.layout(self.lay, self.names)
        self.felt = felt_surface(self.lay.size)
        self.art.clear()
        for name, rect in self.lay.buttons.items():
            old = self.buttons.get(name)
            self.buttons[name] = TableButton(name, rect, old.enabled if old else False)
        self.layout_hand(jump=True)

    def sync(self, view: PlayerView) -> None:
        """Everything again from the engine's view: the end of an animation queue."""
        self.open_pile = self.open_pile if (self.open_pile and view.open_top is not None and
                                            self.open_pile[-1] == view.open_top) else (
            [] if view.open_top is None else [view.open_top])
        self.closed_size = view.closed_size
        self.sizes = [s.hand_size for s in view.seats]
        self.out = [s.status is not SeatStatus.PLAYING for s in view.seats]
        self.points = [s.penalty for s in view.seats]
        self.wild = view.wild_joker
        self.turn = view.turn
        self.open_cards = self.parts.open_cards(view)
        self.hidden.clear()
        self.hand.sync(view.hand)
        self.parts.sync(view, self.names, self.lay)
        self.layout_hand()

    def layout_hand(self, jump: bool = False, groups: list[list[Card]] | None = None) -> None:
        """Point every hand sprite at its place (``groups``: a preview while dragging)."""
        groups = self.hand.groups if groups is None else groups
        # A parked card has left the hand for now (the finish card behind the declaration
        # dialog): no gap where it was, and the labels read the groups without it.
        groups = [[c for c in g if c not in self.parked] for g in groups]
        positions = self.lay.hand_positions([len(g) for g in groups])
        live = set(self.parked)
        for card, pos in self.parked.items():
            sprite = self.sprites.get(card)
            if sprite is not None:
                sprite.set_target(pos)
        for g, row in zip(groups, positions, strict=True):
            for card, pos in zip(g, row, strict=True):
                live.add(card)
                sprite = self.sprites.get(card)
                if sprite is None:
                    sprite = self.sprites[card] = CardSprite(card, self.lay.closed_deck.topleft)
                    if jump:
                        sprite.set_target(pos)
                        sprite.jump()
                sprite.set_target(pos)
                if jump and not sprite.dragging:
                    sprite.jump()
        for card in list(self.sprites):
            if card not in live and card not in self.hand:
                del self.sprites[card]
        self.labels = []
        for g, row in zip(groups, positions, strict=True):
            if not row:
                continue
            reading = self.hand.reading(g)
            if not (self.parts.labels_every_group or reading.valid):
                continue
            x0, x1 = row[0][0], row[-1][0] + self.lay.hand_w
            self.labels.append((reading.label, reading.key, (x0 + x1) // 2))
        self.count = self.parts.count_of(self.hand)
        # (no hand yet while seats pick for the toss: nothing to explain)
        self.count_reason = self.parts.count_reason(self.hand) if len(self.hand) else ""

    def slot_of(self, card: Card) -> tuple[int, int]:
        sprite = self.sprites.get(card)
        return (round(sprite.tx), round(sprite.ty)) if sprite else self.lay.hand_area.center

    def fan_end(self, seat: int) -> tuple[int, int]:
        spot = self.lay.seats.get(seat)
        if spot is None:
            return self.lay.hand_area.midtop
        return fan_end(self.lay, spot, self.sizes[seat] + 1)

    # -- hits

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The topmost hand card under ``pos``."""
        w, h = self.lay.hand_w, card_height(self.lay.hand_w)
        for card in reversed(self.hand.cards):
            sprite = self.sprites.get(card)
            if sprite is None or card in self.hidden:
                continue
            x, y = sprite.pos
            if pygame.Rect(x, y, w, h).collidepoint(pos):
                return card
        return None

    def update(self, dt: float, dragging: Card | None) -> None:
        self.moves.update(dt)
        lift = card_height(self.lay.hand_w)
        for card, sprite in self.sprites.items():
            if card == dragging:
                sprite.target_lift = 0.0
            elif card in self.hand.selected:
                sprite.target_lift = lift * 0.16
            elif card == self.hover_card:
                sprite.target_lift = lift * 0.07
            else:
                sprite.target_lift = 0.0
            sprite.update(dt)

    # -- painting

    def still_key(self) -> StillKey:
        """Everything the still part of the table (felt, seats, piles, melds, the player's
        name and count) is painted from, the lit targets apart: it is repainted only when
        this changes, and only around the targets whose light changed when only that did."""
        second = None if self.timer is None else int(self.timer + 0.99)
        rest = (self.lay, self.felt, tuple(self.names), tuple(self.sizes), tuple(self.points),
                tuple(self.out), self.turn, second, self.match_line, tuple(self.gone),
                self.wild, self.closed_size, tuple(self.open_pile), tuple(self.open_cards),
                self.open_lifted, self.finish_taken, self.count, self.count_reason,
                self.status_line, self.parts.paint_key(self.lay), self.moves.key())
        return rest, lights_of(self.lit)

    def still_changes(self, old: StillKey, new: StillKey) -> list[pygame.Rect] | None:
        """Where the still part painted from ``new`` differs from ``old``; None: anywhere
        (something besides the lit targets changed, or a target has no known place)."""
        return self.light_areas(dict(old[1]), dict(new[1])) if old[0] == new[0] else None

    def light_areas(self, was: dict[str, int], now: dict[str, int]
                    ) -> list[pygame.Rect] | None:
        """Where the still part lit as ``now`` differs from it lit as ``was``."""
        areas = []
        for name in changed_lights(was, now):
            rect = self.lit_area(name)
            if rect is None:
                return None
            areas.append(rect.inflate(LIT_MARGIN * 2, LIT_MARGIN * 2))
        return merge_areas(areas, pygame.Rect((0, 0), self.lay.size))

    def lit_area(self, name: str) -> pygame.Rect | None:
        """The rectangle of the target whose light is keyed ``name`` (its glow reaches
        :data:`~.panels.GLOW_REACH` past it)."""
        if name == "open":
            return self.lay.open_deck
        if name == "finish":
            return self.lay.finish_slot
        return self.parts.lit_area(name)

    def still(self) -> pygame.Surface:
        """The still part of the table as it is now, painted into its layer (again only
        where it changed since the layer was last painted)."""
        rest, lights = self.still_key()
        return self._still.painted(self.lay.size, rest, lights, self._draw_still,
                                   self.light_areas)

    @contextlib.contextmanager
    def fresh_layers(self) -> Iterator[None]:
        """Paint from scratch for a while, the layers painted ahead set aside and kept
        for the frames after it (a whole frame to compare a frame with)."""
        with self._still.set_aside(), self.parts.layers_set_aside():
            yield

    def draw(self, surface: pygame.Surface, dragging: Card | None) -> None:
        """The whole table: the still layer, then the moving part over it."""
        surface.blit(self.still(), (0, 0))
        self.draw_moving(surface, dragging)

    @property
    def open_depth(self) -> int:
        """How many discards are on offer: the top five with draw choice, else the top."""
        return DRAW_CHOICE_DEPTH if self.hand.variant.params.draw_choice else 1

    def discard_fan(self) -> list[tuple[int, int]]:
        """Where each discard the player may take from lies (with draw choice, the top five
        fanned downwards, the top card lowest); one place without draw choice."""
        lay = self.lay
        n = len(self.open_cards) if self.hand.variant.params.draw_choice else 1
        step = int(lay.pile_h * 0.2)
        top = lay.open_deck.y - step * (max(1, n) - 1) // 2
        return [(lay.open_deck.x, top + i * step) for i in range(max(1, n))]

    def discard_depth_at(self, pos: tuple[int, int]) -> int:
        """How many discards a press at ``pos`` takes (the card under it and all above it);
        0 when it is not on the discard pile."""
        fan = self.discard_fan()
        if len(fan) <= 1 or len(self.open_cards) <= 1:
            return 1 if self.lay.open_deck.collidepoint(pos) and self.open_pile else 0
        w, h = self.lay.pile_w, self.lay.pile_h
        for i in range(len(fan) - 1, -1, -1):
            x, y = fan[i]
            if pygame.Rect(x, y, w, h).collidepoint(pos):
                return len(fan) - i
        return 0
