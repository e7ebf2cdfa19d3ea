"""Deal and match records as saves and replays keep them, read back through ``rummy.session``.

A record is what :meth:`rummy.session.Session.to_record` writes (or wrote before: the
``rummy-deal/1`` and ``rummy-match/1`` records of older saves and replays);
:func:`game_from_record` rebuilds it by replaying it, so saves and replays load through the
same code. :func:`fingerprint` ties a record to the exact text of its variant file: a save
made under other rules would replay into a different game (or fail half-way), so the loader
refuses it with a clear message.

>>> from rummy.session import Session
>>> game = Session.lone_deal("indian_13", players=2, seed=1)
>>> type(game_from_record(game.to_record())).__name__
'Session'
>>> len(fingerprint(game))
64
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from rummy.session import FORMATS, Session


def game_from_record(record: Any) -> Session:
    """A session replayed from its record; ValueError saying what is wrong."""
    if not isinstance(record, dict):
        raise ValueError("the game's record is not a JSON object")
    kind = record.get("format")
    if kind not in FORMATS:
        raise ValueError(f"the game's record has format {kind!r}, expected one of"
                         f" {', '.join(map(repr, FORMATS))}")
    return Session.from_record(record)


def fingerprint(game: Session) -> str:
    """SHA-256 of the variant file the game was started from ("" when it has no file)."""
    source = game.variant.source
    return file_fingerprint(Path(source)) if source else ""


def file_fingerprint(path: Path) -> str:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return ""


def variant_fingerprint(ref: str) -> str:
    """The fingerprint of the variant ``ref`` names now ("" when it cannot be found)."""
    from rummy.model.variant import load_variant

    try:
        source = load_variant(ref).source
    except ValueError:
        return ""
    return file_fingerprint(Path(source)) if source else ""
