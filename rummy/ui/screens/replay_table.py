"""A replay at the table: a finished deal or match played again with every hand face up.

``ReplayTableScene(app, game, entry=None)`` steps through ``game`` (a
lone deal or match :class:`~rummy.session.Session`, as the Replays screen
loads it) with :class:`~rummy.store.stepper.ReplayStepper`, and paints each position with
the table's own pieces (:class:`~rummy.ui.table.board.Board`, the family's table parts, the
result panel): seat 1's hand where the player's hand is, every other seat's hand face up
over its fan of backs (each seat's :class:`~rummy.model.view.PlayerView`, together every
hand), and at the end of each deal the result panel with every hand grouped.

Controls, as buttons on the table's button row and as keys: Space plays or pauses,
Right / Left step one action forward / back, Home / End jump to the start / end, + and -
change the speed (actions per second, :data:`~rummy.store.stepper.SPEEDS`), Esc closes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from rummy.model import Card, PlayerView
from rummy.model.events import DealScored
from rummy.model.match import MatchState
from rummy.model.state import GameState
from rummy.model.view import view_for
from rummy.store.stepper import SPEEDS, ReplayStepper
from rummy.ui.palette import INK
from rummy.ui.scene import Scene
from rummy.ui.table.anim import Flights
from rummy.ui.table.board import Board
from rummy.ui.table.ceremony import Ceremony
from rummy.ui.table.dialogs import ResultPanel, Standing
from rummy.ui.table.layout import SeatSpot, TableLayout, card_height
from rummy.ui.table.panels import TableButton, draw_button
from rummy.ui.table.parts_base import FamilyParts
from rummy.ui.table.sprites import CardArt, TextCache
from rummy.ui.table.still_board import show_view, still_board
from rummy.ui.table.strokes import SurfacePen

if TYPE_CHECKING:
    from rummy.session import Session
    from rummy.store.replays import ReplayEntry
    from rummy.ui.scene import Host

CONTROLS = (("back", "◀ Step"), ("play", "Play"), ("forward", "Step ▶"),
            ("slower", "Slower"), ("faster", "Faster"), ("close", "Close"))
"""The replay's buttons, left to right, with their labels."""
KEYS = {pygame.K_SPACE: "play", pygame.K_RIGHT: "forward", pygame.K_LEFT: "back",
        pygame.K_PLUS: "faster", pygame.K_EQUALS: "faster", pygame.K_KP_PLUS: "faster",
        pygame.K_MINUS: "slower", pygame.K_KP_MINUS: "slower", pygame.K_ESCAPE: "close",
        pygame.K_HOME: "start", pygame.K_END: "end"}


class ReplayTableScene(Scene):
    """The table in replay mode (see the module docstring)."""

    def __init__(self, app: Host, game: Session, entry: ReplayEntry | None = None) -> None:
        super().__init__(app)
        self.stepper = ReplayStepper(game, entry.deal if entry is not None else None)
        self.stepper.speed = 2.0
        self.variant = game.variant
        self.variant_id = game.variant_ref
        self.game_options = dict(game.options)
        self.entry = entry
        players = game.players
        given = list(entry.players) if entry is not None else []
        self.names = [given[s] if s < len(given) else f"Seat {s + 1}" for s in range(players)]
        """Every seat's name: match seats for a match, the deal's seats for a deal."""
        self.art = CardArt(app.res)
        self.text = TextCache(app.res)
        self.size = app.size
        self.buttons: dict[str, TableButton] = {}
        self.result: ResultPanel | None = None
        self.board: Board | None = None
        self._deal_key: tuple[int, int] | None = None
        self.show()

    # -- what is shown

    def rules_options(self) -> dict[str, Any]:
        return self.game_options  # F1: the rules the replayed game was played by

    @property
    def parts(self) -> FamilyParts:
        assert self.board is not None
        return self.board.parts

    def deal_names(self, match: MatchState | None) -> list[str]:
        if match is None:
            return list(self.names[:len(self.stepper.state.hands)])
        return [self.names[s] if s < len(self.names) else f"Seat {s + 1}" for s in match.seats]

    def show(self) -> None:
        """Lay the table out for the stepper's position. Where a deal ends, the table
        stands as it was before the last action, under the deal's result: the position
        itself already holds the next deal of a match."""
        stepper = self.stepper
        shown = stepper.index - 1 if stepper.deal_over else stepper.index
        state, match, view = self._position(shown)
        key = (0 if match is None else match.deal_no, len(state.hands))
        if self.board is None or key != self._deal_key:
            self._deal_key = key
            self.board = still_board(self.art, self.text, self.variant,
                                     self.deal_names(match), view, self.size)
            self.board.match_line = self._match_line(match)
        board = self.board
        show_view(board, view)
        if match is not None:
            board.points = [match.totals[s] for s in match.seats]
        self.result = self._result_panel()
        self._place_buttons()

    def _position(self, index: int) -> tuple[GameState, MatchState | None, PlayerView]:
        """The state, match and seat 0's view at position ``index``."""
        position = self.stepper.at(index)
        return position.state, position.match, view_for(position.state, 0)

    def _match_line(self, match: MatchState | None) -> str:
        if match is None:
            return "Replay"
        if self.stepper.kind == "deal":  # one round of a match
            return f"Replay · round {match.deal_no + 1}"
        return f"Replay · deal {match.deal_no + 1}"

    def _result_panel(self) -> ResultPanel | None:
        """At the end of a deal: the result with every hand grouped."""
        stepper = self.stepper
        if not stepper.deal_over:
            return None
        scored = [e for e in stepper.events if isinstance(e, DealScored)]
        names = self.deal_names(self._position(stepper.index - 1)[1])
        standing = None
        if stepper.match is not None:
            standing = Standing.of(stepper.match, self.names)
            if standing.deals == 1:
                standing = None
        panel = ResultPanel(scored[-1].result, names, self.variant, self.board_cut(), True,
                            standing, "Watch again" if stepper.at_end else "Watch on",
                            back_label="Close")
        lay = self.lay
        # Above the replay's controls, which stay in reach (to step back, say).
        panel.build((lay.size[0], self._controls_row().y - 6), self.art, self.text,
                    lay.font_normal)
        return panel

    def board_cut(self) -> Card | None:
        return None if self.board is None else self.board.wild

    @property
    def lay(self) -> TableLayout:
        assert self.board is not None
        return self.board.lay

    def _controls_row(self) -> pygame.Rect:
        """The table's button row, where the replay's controls go."""
        lay = self.lay
        return next(iter(lay.buttons.values()), pygame.Rect(0, lay.label_y - 40, 0, 30))

    def _place_buttons(self) -> None:
        lay = self.lay
        row = self._controls_row()
        height, gap = row.height, 6
        widths = [max(80, int(len(label) * lay.font_normal * 0.62) + 20)
                  for _, label in CONTROLS]
        x = lay.size[0] - 10 - sum(widths) - gap * (len(widths) - 1)
        for (name, label), width in zip(CONTROLS, widths, strict=True):
            if name == "play":
                label = "Pause" if self.stepper.playing else "Play"
            old = self.buttons.get(name)
            button = TableButton(name, pygame.Rect(x, row.y, width, height), True,
                                 label=label)
            button.hover = bool(old and old.hover)
            self.buttons[name] = button
            x += width + gap
        self.buttons["back"].enabled = self.stepper.index > 0
        self.buttons["forward"].enabled = not self.stepper.at_end
        self.buttons["slower"].enabled = self.stepper.speed > SPEEDS[0]
        self.buttons["faster"].enabled = self.stepper.speed < SPEEDS[-1]

    # -- controls

    def press(self, name: str) -> None:
        stepper = self.stepper
        if name == "close":
            self.app.pop()
            return
        if name == "play":
            if stepper.at_end and not stepper.playing:
                stepper.seek(0)
            stepper.toggle()
        elif name == "forward":
            stepper.pause()
            stepper.forward()
        elif name == "back":
            stepper.pause()
            stepper.back()
        elif name == "start":
            stepper.seek(0)
        elif name == "end":
            stepper.seek(stepper.positions - 1)
        elif name in ("faster", "slower"):
            here = SPEEDS.index(stepper.speed) if stepper.speed in SPEEDS else 1
            step = 1 if name == "faster" else -1
            stepper.speed = SPEEDS[max(0, min(len(SPEEDS) - 1, here + step))]
        self.show()

    # -- the scene

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        if self.board is not None:
            self.board.resize(size)
            self.show()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in KEYS:
            self.press(KEYS[event.key])
        elif event.type == pygame.MOUSEMOTION:
            for button in self.buttons.values():
                button.hover = button.rect.collidepoint(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for name, button in self.buttons.items():
                if button.rect.collidepoint(event.pos):
                    if button.enabled:
                        self.press(name)
                    return
            if self.result is not None:
                answer = self.result.click(event.pos)
                if answer == "menu":
                    self.press("close")
                elif answer == "next":  # Watch on (the next deal), or Watch again
                    self.press("start" if self.stepper.at_end else "forward")
                    self.stepper.play()
                    self.show()

    def update(self, dt: float) -> None:
        if self.stepper.update(dt):
            self.show()
        elif self.buttons["play"].label != ("Pause" if self.stepper.playing else "Play"):
            self._place_buttons()  # playing stopped at the end
        if self.board is not None:
            self.board.update(dt, None)

    def look(self) -> object | None:
        """Paused with every card at rest: the position and the controls (frames are not
        painted again until these change or an event comes). Playing, or with cards
        still moving: None, every frame is painted."""
        board = self.board
        if board is None or self.stepper.playing:
            return None
        if not all(sprite.at_rest for sprite in board.sprites.values()):
            return None
        return (self.stepper.index, self.stepper.speed, self.result is not None,
                tuple(button.label for button in self.buttons.values()))

    def draw(self, surface: pygame.Surface) -> None:
        board = self.board
        if board is None:
            return
        board.draw(surface, None)
        views = self.stepper.views()
        self._draw_spread(surface, board, views[0])
        self._draw_hands(surface, views)
        lay = board.lay
        if self.result is not None:
            self.result.draw(surface, self.text)
        for button in self.buttons.values():
            draw_button(surface, self.text, button, lay.font_small)
        where = (f"{self.stepper.index} / {self.stepper.positions - 1}"
                 f" · {self.stepper.speed:g} actions/s")
        label = self.text.get(where, lay.font_small, INK)
        first = self.buttons[CONTROLS[0][0]].rect
        surface.blit(label, label.get_rect(midright=(first.x - 12, first.centery)))

    def _draw_spread(self, surface: pygame.Surface, board: Board, view: PlayerView) -> None:
        """A deck spread for the toss or the joker's pick, as it lay at this step: its
        cards face down but those picked so far, and what the picks are for."""
        if view.spread is None:
            return
        ceremony = Ceremony(board, self.art, self.text, Flights())
        ceremony.follow(view)
        ceremony.draw(SurfacePen(surface), my_pick=False)

    def _draw_hands(self, surface: pygame.Surface, views: list[PlayerView]) -> None:
        """Every other seat's hand face up, over its fan of backs, each card's corner
        (rank and suit) in sight."""
        lay = self.lay
        width = lay.back_w
        for seat, spot in lay.seats.items():
            if seat >= len(views):
                continue
            cards = sorted(views[seat].hand, key=lambda c: c.sort_key())
            for card, pos in zip(cards, face_up_spots(lay, spot, len(cards)), strict=True):
                surface.blit(self.art.face(card, width), pos)


def face_up_spots(lay: TableLayout, spot: SeatSpot, n: int) -> list[tuple[int, int]]:
    """Where a seat's ``n`` cards go face up (top-left corners, at the back width): rows
    under the seat's badge, each card showing its corner (rank over suit), as many to a
    row as the room beside the neighbouring seats allows. (They were fanned as the backs
    are, a few pixels apart, and only the corners' tops read.)"""
    if n <= 0:
        return []
    width = lay.back_w
    step = max(2, width * 2 // 5)  # the corner's rank and suit, and a little felt
    row_step = card_height(width) * 9 // 20
    if spot.vertical:
        room = spot.panel.width
    else:
        others = [s.panel.centerx for s in lay.seats.values()
                  if not s.vertical and s is not spot]
        gap = min((abs(x - spot.panel.centerx) for x in others), default=lay.size[0])
        room = max(spot.panel.width, min(gap - lay.back_w, width + step * (n - 1)))
    per_row = max(1, min(n, (room - width) // step + 1))
    rows = -(-n // per_row)
    per_row = -(-n // rows)  # rows as even as they go
    x0, y0 = spot.fan_origin
    out = []
    for i in range(n):
        row, col = divmod(i, per_row)
        in_row = min(per_row, n - row * per_row)
        left = spot.panel.centerx - (width + step * (in_row - 1)) // 2
        out.append((left + col * step, y0 + row * row_step))
    return out
