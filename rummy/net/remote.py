"""A remote table behind the table scene's driver interface.

:class:`RemoteDriver` satisfies the table's driver protocol
(:class:`rummy.ui.table.driver_protocol.Driver`, as the local
:class:`rummy.ui.table.driver.TableDriver` does; mypy checks it where the lobby hands it to
the table), but the server deals, checks and plays the
bots: ``act`` sends the move and its events come back from the server, already redacted
for this seat. Every call returns at once; messages are taken from the
:class:`~rummy.net.client.NetClient`'s queue when the scene polls.
"""

from __future__ import annotations

import contextlib
from collections import Counter, deque
from collections.abc import Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy.ai.hint import Hint, hint
from rummy.model.actions import Action, Discard, Finish, LayDown, LayMeld, LayOff, Timeout
from rummy.model.events import Event
from rummy.model.fairness import Verdict
from rummy.model.state import Phase
from rummy.model.table_melds import MeldRules, lay_off_ends, misfit, new_meld
from rummy.model.variant_type import Variant
from rummy.model.view import PlayerView

from .client import SERVER_STOPPED, NetClient
from .mirror import Mirror
from .proof import DealProof, proofs_dir
from .proof import save as save_proof


@dataclass(frozen=True)
class RemoteMatch:
    """The match as the server reports it (the fields of MatchState the table reads)."""

    variant: Variant
    players: int
    deal_no: int
    seats: tuple[int, ...]
    totals: tuple[int, ...]
    sheet: tuple[tuple[int | None, ...], ...]
    """Every deal's score change per seat (the message's ``table``: docs/protocol.md)."""
    out: tuple[bool, ...]
    winner: int | None
    over: bool


@dataclass(frozen=True)
class RemoteState:
    turn: int
    result: Any


class RemoteGame:
    """What the scene reads of ``driver.game``: the variant, players and whose turn."""

    def __init__(self, driver: RemoteDriver) -> None:
        self._driver = driver

    @property
    def variant(self) -> Variant:
        assert self._driver.mirror.variant is not None
        return self._driver.mirror.variant

    @property
    def players(self) -> int:
        view = self._driver.view
        return view.players

    @property
    def state(self) -> RemoteState:
        view = self._driver.view
        return RemoteState(view.turn, view.result)


class RemoteDriver:
    """One deal of a remote table, as this seat plays and sees it."""

    def __init__(self, client: NetClient, mirror: Mirror | None = None,
                 held: Sequence[dict[str, Any]] = ()) -> None:
        self.client = client
        self.mirror = mirror or Mirror()
        self.pending: deque[Event] = deque()
        self.game = RemoteGame(self)
        self.opponents: dict[int, str] = {}
        self.connection = client.status
        self._held: list[dict[str, Any]] = []
        self._sent = False
        self._pool: ThreadPoolExecutor | None = None
        self.deal_no: int | None = None
        self.hosting = False
        """This game runs the table's server: the table goes on after the host leaves it,
        but only while the game stays open (``HostedServers``)."""
        self.stopped = False
        """The server closed the connection on purpose (its host stopped it) and the
        client is retrying it, rather than a connection lost."""
        self._proof_files: dict[int, Path] = {}
        self.host_game = False
        """The server runs inside the host's desktop game (its ``welcome`` says so): when
        it stops, that game has closed."""
        self.joined_late = False
        """The seat was rejoined: its first state's history was played before (see
        ``TableDriver.joined_late``)."""
        for msg in held:
            self._take(msg)

    # -- messages

    def pump(self) -> None:
        """Take in what has arrived (called from the frame; never waits)."""
        for msg in self.client.poll():
            self._take(msg)

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.host_game = msg.get("hosted") is True
            return
        if kind == "_status":
            self.connection = msg["status"]
            self.stopped = msg.get("error") == SERVER_STOPPED
            if self.connection == "connected" and self.mirror.view is not None:
                # back after a lost connection: the view held is old until the seat's
                # new state arrives (moves may have been made meanwhile, by the clock too)
                self._sent = True
            return
        deal = msg.get("deal")
        if self._held or (deal is not None and self.deal_no is not None
                          and deal > self.deal_no):
            self._held.append(msg)  # the next deal waits for next_deal()
            return
        seen = 0
        if kind == "state" and self.mirror.view is not None and deal == self.deal_no:
            seen = len(self.mirror.view.history)  # back after a lost connection: only news
        checked = len(self.mirror.proofs.checked)
        events = self.mirror.apply(msg)[seen:]
        if len(self.mirror.proofs.checked) > checked:
            self._keep_proof(self.mirror.proofs.checked[-1])
        if kind in ("state", "error") or (kind == "update" and msg.get("by") == self.mirror.place):
            self._sent = False  # the answer to this seat's move or rejoin (others' may cross)
        if kind == "state" and self.deal_no is None:
            self.deal_no = msg["deal"]
        self.pending.extend(events)

    def _keep_proof(self, proof: DealProof) -> None:
        """Save a revealed deal's proof where ``python -m rummy verify`` finds it; a disk
        that refuses costs the file, not the game."""
        with contextlib.suppress(OSError):
            self._proof_files[proof.deal] = save_proof(proof, proofs_dir())

    def next_event(self) -> Event | None:
        self.pump()
        return self.pending.popleft() if self.pending else None

    # -- what the scene reads

    @property
    def ready(self) -> bool:
        """The first view has arrived."""
        self.pump()
        return self.mirror.view is not None

    @property
    def view(self) -> PlayerView:
        view = self.mirror.view
        assert view is not None, "no view yet: wait until ready"
        return view

    @property
    def variant(self) -> Variant:
        return self.game.variant

    @property
    def local(self) -> None:
        """The server keeps this game's record: nothing is played here."""
        return None

    @property
    def human(self) -> int | None:
        return self.mirror.place

    @property
    def human_seat(self) -> int | None:
        return None if self.mirror.view is None else self.mirror.view.seat

    @property
    def viewer(self) -> int:
        return self.human_seat or 0

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(self.mirror.match.get("seats", ()))

    @property
    def match(self) -> RemoteMatch:
        m = self.mirror.match
        assert self.mirror.variant is not None
        return RemoteMatch(self.mirror.variant, len(self.mirror.seats), m["deal_no"],
                           tuple(m["seats"]), tuple(m["totals"]),
                           tuple(tuple(row) for row in m["table"]), tuple(m["out"]),
                           m["winner"], m["over"])

    @property
    def over(self) -> bool:
        return self.mirror.view is not None and self.mirror.view.result is not None

    @property
    def match_over(self) -> bool:
        return self.over and bool(self.mirror.match.get("over")) or self.mirror.over


    @property
    def fairness(self) -> Verdict | None:
        """The verdict on this deal's shuffle, once the server has revealed it (the round
        panel shows it; docs/protocol.md, "Fair deals")."""
        return None if self.deal_no is None else self.mirror.proofs.verdicts.get(self.deal_no)

    @property
    def proof_file(self) -> Path | None:
        """Where this deal's proof was saved (``python -m rummy verify`` checks it)."""
        return self._proof_files.get(self.deal_no) if self.deal_no is not None else None

    def match_names(self) -> list[str]:
        return ["You" if s["place"] == self.mirror.place else s["name"]
                for s in self.mirror.seats]

    def deal_values(self, per_match_seat: Sequence[int]) -> list[int]:
        return [per_match_seat[s] for s in self.seats]

    def turn_seconds(self, seat: int) -> float | None:
        """The seconds deal seat ``seat`` has left to move, by the server's clock, which
        plays the turn when they run out (whatever the variant's own timer: online, every
        human turn is timed). None when it is not that seat's turn by the server's latest
        word (its events are still being shown) or no clock runs (a bot's turn)."""
        seats = self.seats
        place = seats[seat] if 0 <= seat < len(seats) else None
        return self.mirror.clock_left() if place is not None and self.mirror.turn == place \
            else None

    def waiting_text(self, now_left: float | None = None) -> str | None:
        """"waiting for Asha (away, 42s)" while the seat to move is away."""
        turn = self.mirror.turn
        seat = next((s for s in self.mirror.seats if s["place"] == turn), None)
        if seat is None or seat["connected"] or turn == self.mirror.place:
            return None
        left = self.mirror.clock if now_left is None else now_left
        # seconds, as the seat's badge counts them ("away": the badge's word too)
        clock = "" if left is None else f", {max(0, int(left + 0.99))}s"  # rounded up
        return f"waiting for {seat['name']} (away{clock})"

    # -- acting

    def legal(self, seat: int | None = None) -> list[Action]:
        if self._sent or (seat is not None and seat != self.human_seat):
            return []
        return list(self.mirror.legal)

    def check(self, action: Action) -> str | None:
        """``None`` when the server will take ``action``, else why not (from the legal
        moves the server sent; the server checks again)."""
        if self._sent:
            return "wait a moment"
        if self.connection != "connected":  # a move made now would cross the seat's new view
            return "the connection is lost: wait until it is back"
        if not self.mirror.legal:
            return "not your turn"
        if isinstance(action, Timeout):
            return "the server keeps the clock"
        if action in self.mirror.legal:
            return None
        if not self.mirror.my_turn:
            return "not your turn"
        if self._listed_otherwise(action):
            return None  # the server's engine takes it (or says why not)
        if isinstance(action, Finish) and Finish(action.seat, action.card) in self.mirror.legal:
            assert action.groups is not None
            rest = list(self.view.hand)
            rest.remove(action.card)
            shown = Counter(c for g in action.groups for c in g)
            return None if shown == Counter(rest) else "group every other card of your hand"
        return self._why_not(action)

    def _why_not(self, action: Action) -> str:
        """The engine's words for the usual refusals, as far as the seat's view tells them
        (the server has the rest; it checks every move again)."""
        view = self.view
        if view.phase is Phase.DRAW and isinstance(action, (Discard, Finish, LayMeld, LayOff,
                                                            LayDown)):
            return "draw a card first"
        rules = MeldRules.of(view.variant)
        if isinstance(action, LayMeld) and new_meld(rules, action.cards) is None:
            return "those cards are not a run or a set"
        if isinstance(action, LayOff) and 0 <= action.meld < len(view.melding.melds) and \
                not lay_off_ends(rules, view.melding.melds[action.meld], action.card):
            return misfit(rules, view.melding.melds[action.meld])
        return "that move is not allowed now"

    def _listed_otherwise(self, action: Action) -> bool:
        """The engine lists a meld, a lay-off and a contract's lay-down in one form each
        (one order, one copy of a two-pack card, one grouping of the contract) but takes
        any valid form: a lay-off of the other copy of a listed card, a new meld whose
        cards make one (in any order), a lay-down while one is listed (its slots said
        what each holds); the server's engine judges the rest and its refusal is shown."""
        legal = self.mirror.legal
        if isinstance(action, LayOff):
            return any(isinstance(a, LayOff) and (a.meld, a.end, a.card.face) == (
                action.meld, action.end, action.card.face) for a in legal)
        if isinstance(action, LayMeld):
            return any(isinstance(a, LayMeld) for a in legal) and new_meld(
                MeldRules.of(self.view.variant), action.cards) is not None
        return isinstance(action, LayDown) and any(isinstance(a, LayDown) for a in legal)

    def act(self, action: Action) -> str | None:
        """Send ``action``; its events arrive from the server. The reason if refused."""
        reason = self.check(action)
        if reason is not None:
            return reason
        data = action.to_json()
        del data["seat"]
        self.client.send({"type": "action", "action": data})
        self._sent = True
        return None

    def poll_bot(self, dt: float, pace: float) -> bool:
        """The server plays the bots; this only takes in what arrived."""
        before = len(self.pending)
        self.pump()
        return len(self.pending) > before

    def submit_hint(self) -> Future[Hint] | None:
        if self.mirror.view is None or not self.mirror.legal:
            return None
        if self._pool is None:
            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rummy-hint")
        return self._pool.submit(hint, self.view, list(self.mirror.legal))

    def next_deal(self) -> RemoteDriver:
        """The driver of the next deal (its messages were held back until now)."""
        held, self._held = self._held, []
        nxt = RemoteDriver(self.client, self.mirror)
        for msg in held:
            nxt._take(msg)
        nxt.pump()
        return nxt

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self.client.close()
