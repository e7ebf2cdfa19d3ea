"""A seat's record of its online deals, to check each one when the server reveals it.

The server sends a deal's ``commitment`` in the ``state`` that opens it, and its
``reveal`` in the ``update`` that ends it (docs/protocol.md, "Fair deals"). Between the two,
:class:`DealProofs` keeps every view the seat was sent, as it came (JSON), so that
:func:`rummy.model.fairness.check_deal` can replay the revealed deal and compare. A checked
deal is a :class:`DealProof`: what ``python -m rummy verify`` reads back from a file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rummy.model.fairness import Reveal, Seen, Verdict, check_deal
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_type import Variant, VariantError
from rummy.store.files import data_dir

from .codec import DecodeError, view_from_json

PROOF_FORMAT = "rummy-deal-proof/1"
KEEP_FILES = 200
"""Proof files kept in the folder (the oldest go first)."""


@dataclass
class DealProof:
    """One deal as a seat saw it: the table's variant and options, the commitment sent when
    the deal started, every view sent during it (``[seq, whole, view JSON]``), and, once
    over, the server's reveal."""

    variant: str
    options: dict[str, Any]
    code: str
    deal: int
    commitment: str
    seen: list[tuple[int, bool, dict[str, Any]]] = field(default_factory=list)
    reveal: dict[str, Any] | None = None

    def check(self) -> Verdict:
        """The verdict on this deal (a reveal is needed)."""
        if self.reveal is None:
            return Verdict(False, "Shuffle NOT verified: the server revealed nothing", ())
        try:
            variant = _variant(self.variant, self.options)
            reveal = Reveal.from_json(self.reveal)
            seat, seen = self._seen(variant, reveal)
        except (ValueError, DecodeError, VariantError) as err:
            return Verdict(False, "Shuffle NOT verified: the reveal cannot be read",
                           (" ".join(str(err).split()),))
        return check_deal(variant, seat, self.commitment, reveal, seen)

    def _seen(self, variant: Variant, reveal: Reveal) -> tuple[int | None, list[Seen]]:
        seen, seats = [], set()
        for seq, whole, data in self.seen:
            view = view_from_json(data, variant)
            seen.append(Seen(seq - reveal.first_seq, view, whole))
            seats.add(view.seat)
        if len(seats) > 1:
            raise ValueError("the views kept are of more than one seat")
        return (seats.pop() if seats else None), seen

    def to_json(self) -> dict[str, Any]:
        return {"format": PROOF_FORMAT, "variant": self.variant, "options": self.options,
                "code": self.code, "deal": self.deal, "commitment": self.commitment,
                "seen": [list(item) for item in self.seen], "reveal": self.reveal}

    @classmethod
    def from_json(cls, data: Any) -> DealProof:
        """A proof as :meth:`to_json` wrote it; ValueError saying what is wrong."""
        if not isinstance(data, dict) or data.get("format") != PROOF_FORMAT:
            raise ValueError(f"not a deal proof (format {PROOF_FORMAT!r} expected)")
        variant, code, commitment = (data.get(k) for k in ("variant", "code", "commitment"))
        if not (isinstance(variant, str) and isinstance(code, str)
                and isinstance(commitment, str)):
            raise ValueError("a deal proof names its variant, code and commitment")
        options, deal, seen = data.get("options"), data.get("deal"), data.get("seen")
        if not isinstance(options, dict) or type(deal) is not int:
            raise ValueError("a deal proof has its table's options and its deal number")
        if not isinstance(seen, list) or not all(
                isinstance(item, list) and len(item) == 3 and type(item[0]) is int
                and isinstance(item[1], bool) and isinstance(item[2], dict) for item in seen):
            raise ValueError("a deal proof lists the views seen as [seq, whole, view]")
        reveal = data.get("reveal")
        if reveal is not None and not isinstance(reveal, dict):
            raise ValueError("a deal proof's reveal is an object")
        return cls(variant, options, code, deal, commitment, [(s, w, v) for s, w, v in seen],
                   reveal)


class DealProofs:
    """The deals of one table as one seat follows them, message by message."""

    def __init__(self) -> None:
        self.current: DealProof | None = None
        self.verdicts: dict[int, Verdict] = {}
        """Deal number -> its verdict, once revealed."""
        self.checked: list[DealProof] = []
        """The deals revealed, in order (the client saves them)."""

    def take(self, msg: dict[str, Any], info: dict[str, Any]) -> Verdict | None:
        """Keep what ``msg`` (a ``state`` or ``update``) tells; the verdict when it
        reveals a deal. ``info``: the table's fields (variant, options, code)."""
        deal, view, commitment = msg.get("deal"), msg.get("view"), msg.get("commitment")
        if type(deal) is not int:
            return None
        current = self.current
        if isinstance(commitment, str) and (current is None or current.deal != deal):
            current = self.current = DealProof(
                str(info.get("variant")), dict(info.get("options") or {}),
                str(info.get("code")), deal, commitment)
        if current is None or current.deal != deal:
            return None  # a deal whose start this seat never saw: nothing to hold it to
        if isinstance(view, dict) and type(msg.get("seq")) is int:
            current.seen.append((msg["seq"], msg.get("type") == "state", view))
        reveal = msg.get("reveal")
        if not isinstance(reveal, dict) or deal in self.verdicts:
            return None
        current.reveal = reveal
        verdict = self.verdicts[deal] = current.check()
        self.checked.append(current)
        return verdict


def proofs_dir() -> Path:
    """Where the desktop game keeps the proofs of its online deals."""
    return data_dir() / "online-deals"


def save(proof: DealProof, folder: Path) -> Path:
    """Write ``proof`` to ``folder`` (made when missing), keeping the newest files only."""
    folder.mkdir(parents=True, exist_ok=True)
    safe = "".join(c for c in proof.code if c.isalnum())[:16] or "table"
    path = folder / f"{safe}-deal{proof.deal + 1}.json"
    path.write_text(json.dumps(proof.to_json()) + "\n", encoding="utf-8")
    files = sorted(folder.glob("*-deal*.json"), key=lambda p: p.stat().st_mtime)
    for old in files[:-KEEP_FILES]:
        old.unlink(missing_ok=True)
    return path


def load(path: Path) -> DealProof:
    """A proof file; ValueError (or OSError) saying what is wrong."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as err:
        raise ValueError(f"{path.name} is not a JSON file: {err}") from None
    return DealProof.from_json(data)


def _variant(variant_id: str, options: dict[str, Any]) -> Variant:
    """A shipped variant only: a name from a server or a file is never read as a path."""
    if variant_id not in list_variant_ids():
        raise ValueError(f"no variant {variant_id!r:.40}")
    return load_variant(variant_id).with_options(options)
