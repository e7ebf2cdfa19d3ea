"""What the table keeps: the autosave, the statistics, the replays, and the player's
preferences it plays by.

:class:`TableKeeper` watches the table once a frame. It saves the driver's
:class:`~rummy.session.Session` (the whole match: every action played, of every deal; the
keeper plays nothing itself) with the hand's groups whenever an action was played or the
hand was rearranged (:class:`~rummy.store.saves.SaveSlot`). A save takes about 15 ms
(two fsyncs), nearly a frame, so :class:`SaveWriter` writes on a thread of its own and keeps
only the newest save waiting: a burst of changes costs one or two writes, and every write is
still atomic. When a deal ends, its statistics are recorded (one transaction) and its replay
kept; when the match ends, the save is discarded (the game is over, nothing to continue).

A demo (every seat a bot) is not the player's game: nothing is saved or recorded. An
online table's game (``keep=False, online=True``) is not saved or kept as a replay (its
server keeps the record), but each deal the player saw played counts in the statistics,
against the opponent level "online".
"""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from rummy.model.match import deal_seed
from rummy.model.rules import family_of
from rummy.session import Session
from rummy.store.records import fingerprint
from rummy.store.replays import ReplayShelf
from rummy.store.saves import SaveSlot, groups_to_codes
from rummy.store.settings import Settings
from rummy.store.stats import Statistics, deal_outcome, result_outcome

if TYPE_CHECKING:
    from rummy.model.cards import Card
    from rummy.ui.game_config import GameConfig
    from rummy.ui.scene import Host, Scene

    from .driver import TableDriver
    from .driver_protocol import Driver
    from .hand import HandModel

LEFT_SAVED = "Game saved: Continue picks it up where you left it."
"""What leaving the table says (Esc, or closing the window)."""
CLOSING_PAUSE_MS = 700
"""How long the window shows that the game was saved before it closes."""

Job = tuple[dict[str, Any], str, list[list[str]], dict[str, Any]]


class SaveWriter:
    """Writes saves to ``slot`` on a background thread (``background=False``: at once, in
    the caller's thread, for tests). Only the newest waiting save is written."""

    def __init__(self, slot: SaveSlot, background: bool = True) -> None:
        self.slot = slot
        self.background = background
        self.error = ""
        """The last write's failure, in words ("" when it worked)."""
        self.writes = 0
        self._pending: Job | None = None
        self._busy = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    def put(self, record: dict[str, Any], sha: str, hand: list[list[str]],
            table: dict[str, Any]) -> None:
        job = (record, sha, hand, table)
        if not self.background:
            self._write(job)
            return
        with self._cond:
            self._pending = job  # an older waiting save is simply replaced
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="rummy-save",
                                                daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _write(self, job: Job) -> None:
        try:
            self.slot.write_record(*job)
            self.error = ""
            self.writes += 1
        except OSError as exc:  # the previous save stays; the player is told
            self.error = f"Could not save the game: {exc}"

    def _run(self) -> None:
        while True:
            with self._cond:
                while self._pending is None:
                    self._cond.wait()
                job, self._pending = self._pending, None
                self._busy = True
            try:
                self._write(job)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def flush(self, timeout: float = 5.0) -> bool:
        """Wait until every save put so far is on disk; False if that took too long."""
        end = time.monotonic() + timeout
        with self._cond:
            while self._pending is not None or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def discard(self) -> None:
        """Drop any waiting save and remove the file (the game is over)."""
        with self._cond:
            self._pending = None
        self.flush()
        with contextlib.suppress(OSError):
            self.slot.discard()


def table_preferences(app: Host) -> Settings:
    """The Settings screen's choices the table plays by."""
    return app.settings


def sort_hand(hand: HandModel, order: str) -> None:
    """Sort (S, and the Sort button) in the order the player chose: by suit or by rank."""
    if order == "rank":
        hand.sort_by_rank()
    else:
        hand.sort()


def config_data(config: GameConfig) -> dict[str, Any]:
    """The menu's choices as plain data for the save (Continue rebuilds the config)."""
    return {"variant_id": config.variant_id, "options": dict(config.options),
            "players": config.players, "opponents": list(config.opponents),
            "seed": config.seed, "human_seat": config.human_seat,
            "ceremony": config.ceremony}


ONLINE = "online"
"""The opponent level an online table's deals count under (people, and bots in the seats
nobody took)."""


class TableKeeper:
    """The table's autosave, statistics and replays (see the module docstring).

    The record saved is the driver's session's: a prepared deal (its state set by hand)
    is not one to keep."""

    def __init__(self, app: Host, config: GameConfig, slot: SaveSlot | None = None,
                 keep: bool = True, online: bool = False) -> None:
        self.app = app
        self.config = config
        self.prefs = table_preferences(app)
        self.enabled = keep and config.human_seat is not None
        self.online = online and config.human_seat is not None
        """Count this online table's deals in the statistics (nothing else is kept)."""
        self._live_deal: int | None = None
        """The online deal seen while it was being played: one that had already ended
        when the table opened (a rejoin after it) was counted when it was seen to end."""
        self.slot = slot if slot is not None else SaveSlot()
        self.writer = SaveWriter(self.slot, background=not app.inline_work)
        self.session: Session | None = None
        """The match being kept: the driver's session."""
        self.sha = ""
        self.seconds = 0.0
        """Time played in this deal (carried over by a save)."""
        self.match_seconds = 0.0
        self.message = ""
        self._driver: TableDriver | None = None
        self._seen = 0
        self._hand: list[list[str]] | None = None
        self._clock = time.monotonic()
        self._stats: Statistics | None = None
        self._shelf: ReplayShelf | None = None
        self.turn_left: float | None = None
        """The turn timer's seconds left when last saved (None: no timer running)."""
        self._second: int | None = None

    # -- once a frame

    def update(self, table_driver: Driver, hand: HandModel,
               turn_left: float | None = None, aside: Sequence[Sequence[Card]] = ()) -> None:
        """Follow the driver: new actions (the session's record grew); any change is
        saved, and the turn timer's every second (``turn_left``), so Continue keeps the
        clock. Cards set ``aside`` on the felt are saved as groups after the hand's."""
        now = time.monotonic()
        self.seconds += now - self._clock
        self.match_seconds += now - self._clock
        self._clock = now
        if self.online:
            self._count_online(table_driver)
        if not self.enabled:
            return
        driver = table_driver.local  # (None online: the server keeps the record)
        if driver is None:
            return
        changed = False
        if driver is not self._driver:
            self._follow(driver)
            changed = True
        session = self.session
        if session is None:
            return
        fresh = session.played != self._seen
        self._seen = session.played
        if session.prepared:  # set up by hand since (tests, scenarios): keep nothing
            self._stop()
            return
        changed = changed or fresh
        if fresh and driver.over:
            self._deal_over(driver, session)
            if session.match.over:
                self.writer.discard()
                return
        codes = groups_to_codes([*hand.groups, *aside])
        if codes != self._hand:
            self._hand = codes
            changed = True
        second = None if turn_left is None else int(turn_left)
        if second != self._second:
            self._second, self.turn_left = second, turn_left
            changed = True
        if changed and not session.match.over:
            self.save()

    def _follow(self, driver: TableDriver) -> None:
        """A new deal (or the first): keep the record of its match."""
        self._driver = driver
        session = driver.game
        self._seen = session.played
        if session.prepared:
            self._stop()  # a prepared deal (tests, scenarios): not a record to keep
            return
        if session is not self.session:
            if self.session is not None:  # the next match (Continue keeps its save's clock)
                self.seconds = self.match_seconds = 0.0
            self.session, self.sha = session, fingerprint(session)

    def _stop(self) -> None:
        self.enabled = False
        self.session = None

    def save(self) -> None:
        """Put the game as it stands now in the save (on the writer's thread)."""
        if not self.enabled or self.session is None or self._hand is None:
            return
        table = {"config": config_data(self.config), "seconds": round(self.seconds, 1),
                 "match_seconds": round(self.match_seconds, 1)}
        if self.turn_left is not None:
            table["turn_left"] = round(self.turn_left, 1)
        self.writer.put(self.session.to_record(), self.sha, self._hand, table)

    def restore_clock(self, table: Mapping[str, Any]) -> None:
        """Carry on counting time played, and the turn timer, from a save's table data."""
        for key in ("seconds", "match_seconds", "turn_left"):
            value = table.get(key)
            if isinstance(value, int | float) and value >= 0:
                setattr(self, key, float(value))

    # -- the end of a deal

    def _deal_over(self, driver: TableDriver, session: Session) -> None:
        """Statistics (one transaction) and the replay of the deal just finished."""
        seat = driver.human_seat
        names = driver.match_names()
        if seat is not None:
            won, points, lower = deal_outcome(driver.state, seat)
            others = [driver.opponents[s] for s in driver.seats if s != driver.human]
            match_won = None
            if session.match.over and not _one_deal(driver):
                match_won = session.match.winner == driver.human
            stats = self._open_stats()
            if stats is not None:
                stats.record_deal(self.config.variant_id, others, won=won, points=points,
                                  seconds=self.seconds, lower_is_better=lower,
                                  match_won=match_won, match_seconds=self.match_seconds)
                self.message = stats.message
        self.seconds = 0.0
        shelf = self._open_shelf()
        result = driver.state.result
        winner = None if result is None else result.winner
        deal_names = [names[s] for s in driver.seats]
        said = "no winner" if winner is None else f"{deal_names[winner]} won"
        with contextlib.suppress(OSError):
            if session.match.deal_no == 0 and session.match.over:
                shelf.add(_deal_game(driver, session), deal_names, said)  # a one-deal match
                return
            if family_of(driver.game.variant).deals_replay_alone:
                shelf.add(_deal_game(driver, session), deal_names,
                          f"{said} deal {driver.deal_no + 1}")
            else:  # a round dealt from where the match stands: kept as the match so far
                shelf.add(session, names, f"{said} round {driver.deal_no + 1}",
                          deal=driver.deal_no)
            if session.match.over:
                champion = session.match.winner
                words = "no winner" if champion is None else f"{names[champion]} won"
                shelf.add(session, names, f"{words} the match")

    def _count_online(self, driver: Driver) -> None:
        """An online deal's statistics, once, when it is seen to end."""
        deal = driver.deal_no
        if not driver.over:
            self._live_deal = deal
            return
        if self._live_deal != deal:
            return
        self._live_deal = None
        seat = driver.human_seat
        if seat is None:  # out of the match: nothing of this player's to count
            return
        won, points, lower = result_outcome(driver.view.result, driver.variant, seat)
        match_won = None
        if driver.match_over and not _one_deal(driver):
            match_won = driver.match.winner == driver.human
        stats = self._open_stats()
        if stats is not None:
            stats.record_deal(self.config.variant_id, [ONLINE], won=won, points=points,
                              seconds=self.seconds, lower_is_better=lower,
                              match_won=match_won, match_seconds=self.match_seconds)
            self.message = stats.message
        self.seconds = 0.0

    def _open_stats(self) -> Statistics | None:
        if self._stats is None:
            self._stats = Statistics(self.slot.dir)
        return self._stats

    def _open_shelf(self) -> ReplayShelf:
        if self._shelf is None:
            self._shelf = ReplayShelf(self.slot.dir)
        return self._shelf

    # -- leaving

    def leave(self) -> None:
        """Esc or Menu: the save is on disk before the table goes; the title says so."""
        if self.enabled and self.session is not None and not self.session.match.over:
            self.save()
            self.writer.flush()
            self.app.notice = LEFT_SAVED if not self.writer.error else self.writer.error
        self.close()

    def closing(self, scene: Scene) -> None:
        """The window is closing: save first, and say so on the last frame shown."""
        self.leave()
        if self.app.notice != LEFT_SAVED:
            return
        surface = pygame.display.get_surface()
        if surface is None:
            return
        say = getattr(scene, "say", None)
        if callable(say):
            say(LEFT_SAVED)
        with contextlib.suppress(pygame.error):
            scene.draw(surface)
            pygame.display.flip()
            pygame.time.wait(CLOSING_PAUSE_MS)

    def close(self) -> None:
        if self._stats is not None:
            self._stats.close()
            self._stats = None


def _one_deal(driver: Driver) -> bool:
    """A game of one deal: a deal in the statistics, not a match of one."""
    variant = driver.variant
    return family_of(variant).terms(variant).deals == 1


def _deal_game(driver: TableDriver, session: Session) -> Session:
    """The deal just finished as a lone deal whose record replays it on its own (every
    action, including those played before a Continue)."""
    number = driver.deal_no
    deal = Session(session.variant_ref, session.options, len(driver.seats),
                   deal_seed(session.seed, number), session.variant, lone=True,
                   ceremony=session.ceremony)
    deal.deals = [list(driver.actions)]
    deal.match = replace(deal.match, state=driver.state)
    deal.ends = [driver.state]
    return deal
