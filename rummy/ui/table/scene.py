"""The table scene: the felt, the decks, the seats, your hand, and the game flowing over it.

Frame by frame: pointer and keys become actions that the engine checks (an illegal one
glides back with the engine's reason); the engine's events are animated one by one; once
they have all landed the board is laid out again from the view; then, if a bot is to
move, its move is fetched from the worker thread it thought on.

Deals are played inside a match (the variant's ``match_format``; the engine's
:mod:`rummy.model.match` decides what follows a deal): after each deal the result panel
shows the match's standing; when the match is over, its winner, with Menu / New match.
If the human is knocked out of a pool, the others play the rest of the match out at a
faster pace while the human watches (Esc or Menu leaves at any time).

This module keeps the flow of matches and deals and the frame's update. The scene is
built of small pieces, each given the scene as the narrow :class:`~.context.Table`
interface: the buttons, keys and dialogs are a :class:`~.controls.Controls`, the mouse a
:class:`~.pointer.Pointer`, the painting a :class:`~.frame_painter.FramePainter`, and what
only one rule family's table has is a hook of that family's parts
(:class:`~.parts_base.FamilyParts`): the scene never asks which family it shows.
"""

from __future__ import annotations

from concurrent.futures import Future
from typing import TYPE_CHECKING, Any

import pygame

from rummy.model import Timeout
from rummy.model.events import DealScored
from rummy.model.rules import family_of
from rummy.session import Session
from rummy.ui.scene import Scene

from .anim import Flights
from .board import Board
from .ceremony import Ceremony
from .controls import Controls
from .dialogs import DeclareDialog, ResultPanel, Standing, contract_words
from .drag import Drag
from .driver import TableDriver
from .driver_protocol import Driver, MatchSoFar
from .event_player import EventPlayer
from .frame_painter import FramePainter
from .gone import ServerGonePanel
from .hand import HandModel
from .online import ConnectionNotes
from .parts import parts_for
from .pointer import Pointer
from .proof_note import ProofNote
from .record_keeper import TableKeeper
from .sprites import CardArt, TextCache
from .turn_clock import Ticker

if TYPE_CHECKING:
    from rummy.ai.hint import Hint
    from rummy.model import Action
    from rummy.ui.game_config import GameConfig
    from rummy.ui.scene import Host as App


class TableScene(Scene):
    """See the package docstring for the constructor's arguments."""

    covers = True  # the felt fills the window

    def __init__(self, app: App, config: GameConfig, *, game: Session | None = None,
                 deals: int | None = None, quit_when_done: bool | None = None,
                 speed: float | None = None, driver: Driver | None = None) -> None:
        super().__init__(app)
        self.controls = Controls(self)
        self.pointer = Pointer(self, self.controls)
        self.painter = FramePainter(self, self.pointer)
        self.config = config
        self.variant_id = config.variant_id
        self.demo = config.human_seat is None
        self.prepared = driver
        """A driver made elsewhere: an online table's RemoteDriver, whose server deals,
        keeps the record and ends the match."""
        self.online = ConnectionNotes() if driver is not None else None
        self.keeper = TableKeeper(app, config,  # autosave, statistics, replays
                                  keep=driver is None, online=driver is not None)
        self.speed = speed if speed is not None else (
            (2.0 if self.demo else 1.0) * self.keeper.prefs.animation_speed)
        self.deals = deals if deals is not None else getattr(config, "deals", None)
        if quit_when_done is None:
            quit_when_done = bool(getattr(config, "quit_when_done", False))
        self.quit_when_done = quit_when_done
        self.deals_done = 0
        self.seed = config.seed
        self.art = CardArt(app.res)
        self.text = TextCache(app.res)
        self.flights = Flights()
        self.dialog: DeclareDialog | None = None
        self.result: ResultPanel | None = None
        self.gone: ServerGonePanel | None = None
        """Over everything while an online table's server is stopped (see ``gone``)."""
        self.result_wait = 0.0
        self.turn_left: float | None = None
        self.ticker = Ticker()
        """Ticks the player's own last seconds."""
        self.watching = False
        """The human is out of the match (a pool) and watches the others play it out."""
        self.auto_next = False
        """The result panel moves on by itself (a demo, a deal limit, watching)."""
        self.totals: list[int] = []
        """Each deal seat's match total when the deal began (then after it was scored)."""
        self.size = app.size
        self._start_match(game)
        if self.driver.joined_late:
            self.lay_out_at_once()
            kept = self.online.kept_hand(app.settings, self.driver, self.driver.view.hand
                                         ) if self.online is not None else None
            if kept:
                self.hand.groups = kept  # as the player left them

    def lay_out_at_once(self) -> None:
        """The deal's events so far were seen before this table opened (a saved game, a
        rejoined online seat): lay the board out from the view rather than play them all
        again while the clock runs. A deal already over still shows its result."""
        pending = self.driver.pending
        scored = [i for i, event in enumerate(pending) if isinstance(event, DealScored)]
        for _ in range(scored[-1] if scored else len(pending)):
            self.board.moves.recall(pending.popleft(), self.player.name)
        turn = self.driver.view.turn
        if turn is not None and turn >= 0:
            self._turn_began(turn)

    def rules_options(self) -> dict[str, Any]:
        return dict(self.config.options)  # F1: the rules this table plays

    # -- matches and deals

    @property
    def spectator(self) -> bool:
        """Nobody at this table is played by the mouse: a demo, or the human is out."""
        return self.demo or self.watching

    @property
    def play_speed(self) -> float:
        return self.speed * 3 if self.watching and not self.demo else self.speed

    def _start_match(self, game: Session | None = None) -> None:
        c = self.config
        seed = None if self.seed is None else self.seed + self.deals_done
        driver, self.prepared = self.prepared, None
        if driver is None:
            driver = TableDriver.new(c.variant_id, dict(c.options), c.players, c.opponents,
                                     seed, c.human_seat, game=game,
                                     inline=self.app.inline_work, ceremony=c.ceremony)
        self.watching = driver.human is not None and driver.human_seat is None
        self._start_deal(driver)

    def _start_deal(self, driver: Driver) -> None:
        self.driver: Driver = driver
        view = driver.view
        match = driver.match
        self.names = driver.match_names()
        """Every match seat's name (the board's ``names`` are the deal's seats)."""
        names = [self.names[seat] for seat in driver.seats]
        self.totals = driver.deal_values(match.totals)
        self.hand = HandModel(driver.variant, view.wild_joker)
        self.parts = parts_for(driver.variant)
        self.board = Board(self.art, self.text, self.hand, names, len(names),
                           driver.viewer, interactive=not self.spectator, parts=self.parts)
        self.board.points = list(self.totals)
        self.board.match_line, self.board.gone = self._match_hud(match)
        self.board.closed_size = view.closed_size + view.open_size + (view.wild_joker is not None)
        self.player = EventPlayer(self.board, self.flights, self.controls.sound, self.controls.say,
                                  self.play_speed)
        self.player.on_turn = self._turn_began
        self.player.on_result = self._deal_over
        self.parts.register_animations(self.player, lambda: self.board.names)
        # the toss and the dealer's pick, over the felt (its own module: .ceremony)
        self.ceremony = Ceremony(self.board, self.art, self.text, self.flights, self.play_speed)
        self.ceremony.register(self.player)
        self.flights.items.clear()
        self.result = None
        self.dialog = None
        self.pointer.drag = None
        self.turn_left = None
        self.hand.sync(view.hand)
        self.board.resize(self.size)
        self.board.hidden = set(self.hand.cards)
        self._dirty = True  # lay the board out from the view once the deal's events are shown
        self.controls.refresh_buttons()

    def _match_hud(self, match: MatchSoFar) -> tuple[str, list[str]]:
        """The felt's match line ("Pool 101 · deal 3") and the seats out of the match."""
        st = Standing.of(match, self.names)
        # (the driver's deal: once it has ended, the match has already dealt the next)
        deal_no = self.driver.deal_no if self.driver.deal_no is not None else match.deal_no
        number = deal_no + 1
        variant = self.driver.variant
        contract = family_of(variant).contract(variant, deal_no)
        if contract is not None and st.deals is not None:
            words = contract_words(variant, contract)
            line = f"Round {number} of {st.deals}: {words}"
        elif st.target is not None:
            line = f"Round {number} · first to {st.target} wins"
        elif st.limit is not None:
            line = f"Pool {st.limit} · deal {number}"
        elif st.deals is not None and st.deals > 1:
            line = f"Deal {number} of {st.deals}"
        else:
            line = ""
        gone = [f"{name}: out ({total})" for name, total, out
                in zip(st.names, st.totals, st.out, strict=True) if out]
        return line, gone

    def _deal_over(self, event: DealScored) -> None:
        r = event.result
        match = self.driver.match
        self.totals = self.driver.deal_values(match.totals)
        self.board.points = list(self.totals)
        self.deals_done += 1
        standing = Standing.of(match, self.names)
        one_deal = standing.deals == 1
        human = self.driver.human
        knocked_out = (human is not None and not self.watching and match.out[human]
                       and not match.over)
        # Online, leaving goes back to Play online (and the seat is kept while the match
        # goes on), not to the menu.
        back = "Leave table" if self.online is not None else "Menu"
        if match.over and self.online is not None:
            label = back  # the server's table is over: one button
        elif match.over:
            label = "New deal" if one_deal else "New match"
        else:
            label = "Watch the rest" if knocked_out else f"Next {standing.word}"
        self.auto_next = (self.demo or self.deals is not None or
                          (self.watching and not match.over))
        self.watching = self.watching or knocked_out
        self.result = ResultPanel(r, self.board.names, self.driver.variant,
                                  self.driver.view.wild_joker, self.spectator,
                                  None if one_deal else standing, label,
                                  viewer=self.seat, order=self.hand.cards, back_label=back,
                                  proof=self._proof_note(),
                                  review=self.controls.reviewable())
        self.build_dialogs()
        self.result_wait = 4.0 / self.play_speed
        self.turn_left = None
        self.board.timer = None

    def _proof_note(self) -> ProofNote | None:
        """The shuffle's verdict for the round panel, where the deal was a server's."""
        verdict = self.driver.fairness
        return None if verdict is None else ProofNote(verdict, self.driver.proof_file)

    def next_deal(self) -> None:
        if self.done and self.quit_when_done:
            self.app.quit()
            return
        if self.done and self.demo:
            self.result_wait = 1e9  # stay on the last result
            return
        if not self.driver.over:
            return
        if self.online is not None and self.driver.match_over:
            self.leave()  # the server's table is over (its match, or the deals it was for)
            return
        if self.driver.match.over:
            # A new match (after a one-deal game, a new deal) starts from 0.
            self.driver.close()
            self._start_match()
        else:
            self._start_deal(self.driver.next_deal())

    @property
    def done(self) -> bool:
        return self.deals is not None and self.deals_done >= self.deals

    # -- lifecycle

    def resize(self, size: tuple[int, int]) -> None:
        self.size = size
        self.flights.finish_all()
        self.board.resize(size)
        self.build_dialogs()

    def pause(self) -> None:
        self.pointer.cancel_drag()

    def build_dialogs(self) -> None:
        lay = self.board.lay
        cut = self.driver.view.wild_joker
        if self.dialog is not None:
            self.dialog.build(lay.size, self.art, self.text, self.driver.variant, cut,
                              lay.hand_w, lay.font_normal)
        if self.result is not None:
            self.result.build(lay.size, self.art, self.text, lay.font_normal)
        if self.gone is not None:
            self.gone.build(lay.size, self.text, lay.font_normal)

    @property
    def idle(self) -> bool:
        """No event waiting to be shown and no card in the air."""
        return not self.flights.busy and not self.driver.pending

    @property
    def seat(self) -> int | None:
        """The human's seat in this deal (None in a demo, or once the human is out)."""
        return self.driver.human_seat

    def update(self, dt: float) -> None:
        self.flights.update(dt)
        while not self.flights.busy:
            event = self.driver.next_event()
            if event is None:
                break
            self.player.start(event)
            self._dirty = True
        if self.idle and getattr(self, "_dirty", False):
            self._dirty = False
            self.board.sync(self.driver.view)
            self.ceremony.follow(self.driver.view)
            if self.result is None:  # during the deal: a drop's points count already
                self.board.points = [t + s.penalty for t, s in
                                     zip(self.totals, self.driver.view.seats, strict=True)]
            else:
                self.board.points = list(self.totals)
            if self.spectator:
                self.hand.sort()
                self.board.layout_hand()
            self.controls.refresh_buttons()
        self.controls.tick(dt)
        if self.result is not None:
            if self.auto_next:
                self.result_wait -= dt
                if self.result_wait <= 0:
                    self.next_deal()
        elif self.idle and self.dialog is None:
            self._tick_timer(dt)
            self.driver.poll_bot(dt, 0.55 / self.play_speed)
        self.controls.poll_hint()
        if self.dialog is not None:
            view = self.driver.view  # (built from the state: once a frame, not twice)
            if not view.my_turn or self.dialog.card not in view.hand:
                # The turn was played meanwhile (online, the server's clock): nothing to
                # declare.
                self.controls.dialog_answer("cancel")
                self.controls.say("Your time ran out: the clock played your turn", bad=True)
        if self.online is not None:
            self.online.follow(self.board, self.driver)
            self._follow_server()
            if self.idle and self.seat is not None and self.driver.view.hand:
                self.online.keep_hand(self.app.settings, self.driver, self.hand.groups)
            if self.idle and self.result is None and self.online.clock_news(self.driver):
                turn = self.driver.view.turn
                if turn is not None and turn >= 0:
                    self._turn_began(turn)  # the server's clock, as it now stands
            refused = self.online.refusal(self.driver)
            if refused:
                self.controls.refuse(refused)
                self._dirty = True
        mouse, drag = self.pointer.mouse, self.pointer.drag
        if drag is None and mouse is not None:
            # Cards slide under a still pointer (Sort, Group): lift the one under it now.
            self.board.hover_card = (self.board.card_at(mouse) if self.pointer.can_touch()
                                     else None)
        self.board.update(dt, drag.card if drag is not None and drag.kind == "hand" else None)
        self.keeper.update(self.driver, self.hand, self.turn_left, self.parts.aside())

    def _follow_server(self) -> None:
        """Open the server-gone panel when it is due; close it when the server is back."""
        assert self.online is not None
        due = self.online.server_gone(self.driver)
        if due and self.gone is None:
            self.gone = ServerGonePanel(bool(getattr(self.driver, "host_game", False)))
            self.pointer.cancel_drag()
            self.build_dialogs()
        elif not due and self.gone is not None:
            self.gone = None

    def gone_answer(self, answer: str) -> None:
        """Wait: the panel closes, the client goes on retrying. Leave table: back to Play
        online, the seat kept for Rejoin (the match is not over)."""
        if answer == "wait" and self.online is not None:
            self.online.wait_for_server()
            self.gone = None
        elif answer == "leave":
            self.leave()

    def _turn_began(self, seat: int) -> None:
        self.turn_left = self.driver.turn_seconds(seat)
        self.board.timer = self.turn_left

    def _tick_timer(self, dt: float) -> None:
        if self.turn_left is None:
            return
        self.turn_left -= dt
        self.board.timer = self.turn_left
        if self.ticker.due(self.turn_left, self.board.turn == self.seat):
            self.controls.sound("tick")  # the player's own last seconds
        if self.turn_left > 0:
            return
        # This deal's turn, from the seat's view: once a deal ends, the session has already
        # dealt the next one, and its turn is not this table's.
        turn = self.driver.view.turn
        if turn == self.seat and self.online is None:  # online, the server's clock plays it
            self.turn_left = None
            self.pointer.cancel_drag()
            self.driver.act(Timeout(turn))

    # -- input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONDOWN
                                            and event.button == 1):
            self.controls.next_action()
        if event.type == pygame.KEYDOWN:
            self.controls.key(event.key)
        elif event.type == pygame.MOUSEMOTION:
            self.pointer.motion(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.ceremony.press(event.pos, self.seat, self.controls.act):
                self.pointer.press(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.pointer.release(event.pos)

    def claims_key(self, key: int) -> bool:
        return self.controls.claims_key(key)

    def closing(self) -> None:
        self.keeper.closing(self)

    def leave(self) -> None:
        """Back to the menu (Esc, or Menu after a deal)."""
        self.keeper.leave()
        self.driver.close()
        if self in self.app.stack:
            self.app.pop()

    # -- painting (the painter's)

    def draw(self, surface: pygame.Surface) -> None:
        self.painter.draw(surface)

    def paint(self, surface: pygame.Surface, full: bool) -> list[pygame.Rect] | None:
        return self.painter.paint(surface, full)

    # -- the scene's own surface for the keeper, tools and tests (each piece's, forwarded)

    @property
    def drag(self) -> Drag | None:
        """The drag under way (the pointer's)."""
        return self.pointer.drag

    @property
    def hint_job(self) -> Future[Hint] | None:
        """The hint being worked out (the controls')."""
        return self.controls.hint_job

    def say(self, text: str, bad: bool = False, seconds: float = 2.5) -> None:
        """Say ``text`` on the felt (the controls'; the keeper's last words on closing)."""
        self.controls.say(text, bad, seconds)

    def try_act(self, action: Action, wait: bool = True) -> bool:
        """Play ``action`` if the engine allows it now, else say why (the controls')."""
        return self.controls.try_act(action, wait)

    def card_height(self) -> int:
        return self.controls.card_height()
