"""``RUMMY_EVENT_LOG=path``: every engine event of the desktop game as a JSON line.

For debugging and for the end-to-end test, which reads what really happened in the game
it drove with the mouse. The table scene creates one log per game and writes each event
the engine returns, in order::

    log = EventLog.from_env()          # disabled (every call a no-op) when the variable is unset
    for event in game.act(action):     # rummy.session.Session.act -> the engine's events
        log.write(seat, event)         # seat: who acted (None for the deal itself);
                                       # log.write(event) uses the event's own seat
    log.close()                        # optional: lines are flushed as they are written

Each line is the event's own ``to_json()`` (``{"event": "card_drawn", "seat": 0, ...}``,
with the full, unredacted cards) plus ``"actor"`` (the ``seat`` argument) and ``"t"``
(seconds since the log was opened). The file is appended to, never truncated, so a
test can follow it while the game runs. An unwritable path prints one warning on
stderr and the game carries on without a log.

>>> import json, tempfile, os
>>> from rummy.model.cards import parse_card
>>> from rummy.model.events import CardDiscarded
>>> path = os.path.join(tempfile.mkdtemp(), "events.jsonl")
>>> log = EventLog(path)
>>> log.write(0, CardDiscarded(0, parse_card("KC")))
>>> row = json.loads(open(path).read())
>>> row["event"], row["seat"], row["card"], row["actor"]
('card_discarded', 0, 'KC', 0)
>>> EventLog.from_env({}).enabled
False
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Mapping
from typing import IO, Any

ENV_VAR = "RUMMY_EVENT_LOG"


class EventLog:
    """Appends engine events to a file as JSON lines; a no-op without a path."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = path
        self._file: IO[str] | None = None
        self._start = time.monotonic()
        if path is not None:
            try:
                self._file = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open
            except OSError as exc:
                print(f"rummy: cannot write the event log {path}: {exc}", file=sys.stderr)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> EventLog:
        """The log named by ``RUMMY_EVENT_LOG`` (disabled when unset or empty)."""
        env = os.environ if environ is None else environ
        return cls(env.get(ENV_VAR) or None)

    @property
    def enabled(self) -> bool:
        return self._file is not None

    def write(self, seat: Any, event: Any = None) -> None:
        """Append ``event`` (anything with ``to_json()``, or a dict) as one line.

        ``write(event)`` alone is accepted too: the actor is then the event's own ``seat``.
        """
        if self._file is None:
            return
        if event is None:
            seat, event = getattr(seat, "seat", None), seat
        body = event.to_json() if hasattr(event, "to_json") else dict(event)
        row = {**body, "actor": seat, "t": round(time.monotonic() - self._start, 3)}
        self._file.write(json.dumps(row, default=str) + "\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None
