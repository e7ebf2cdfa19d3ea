"""A deal's fairness proof: the commitment a server makes when a deal starts, what it
reveals when the deal is over, and the check a seat makes with them (docs/protocol.md,
"Fair deals").

When a deal starts, every seat is sent :func:`commitment`: the SHA-256 of the deal's seed
(a secret key online) and of where every card lies (:meth:`RuleFamily.layout`). Nobody
can compute the seed or the cards from it. When the deal is over, the server reveals a
:class:`Reveal`: the seed, the layout, and the deal's actions. :func:`check_deal` then
proves, from the engine alone, that

1. the seed and the layout are the ones committed to before any card moved;
2. the layout is the one the seed deals (the server did not arrange the cards);
3. replayed from that deal with the revealed actions, the engine shows this seat exactly
   the cards it was shown, message after message: the deck did not change during the deal.

>>> from rummy.model.actions import Draw, DrawSource
>>> from rummy.model.state import apply, start_deal
>>> from rummy.model.variant import load_variant
>>> from rummy.model.view import view_for
>>> variant, key = load_variant("indian_13"), bytes(range(32))
>>> dealt = start_deal(variant, 2, key)
>>> promise = commitment(key, family_of(variant).layout(dealt))
>>> after, _ = apply(dealt, Draw(dealt.turn, DrawSource.CLOSED))
>>> seen = [Seen(0, view_for(dealt, 0)), Seen(1, view_for(after, 0))]
>>> reveal = Reveal.of(dealt, [Draw(dealt.turn, DrawSource.CLOSED)], deal=0, first_seq=0)
>>> check_deal(variant, 0, promise, reveal, seen).ok
True
>>> check_deal(variant, 0, "0" * 64, reveal, seen).headline
'Shuffle NOT verified: the revealed deck is not the one committed to'
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from rummy.model.variant_type import Variant

from .actions import Action, IllegalMoveError, action_from_json
from .randomness import Seed, seed_from_text, seed_text
from .rules import family_of
from .state import GameState, apply
from .view import PlayerView, view_for

PROOF_FORMAT = "rummy-deal/1"
"""The first line of the committed text (docs/protocol.md)."""


def commitment_text(seed: Seed, layout: Sequence[str]) -> str:
    """The text whose SHA-256 is the commitment: the format, the seed, the layout lines,
    each line ended by a newline."""
    return "".join(f"{line}\n" for line in (PROOF_FORMAT, seed_text(seed), *layout))


def commitment(seed: Seed, layout: Sequence[str]) -> str:
    """The SHA-256, in hex, of :func:`commitment_text`."""
    return hashlib.sha256(commitment_text(seed, layout).encode()).hexdigest()


@dataclass(frozen=True)
class Reveal:
    """What the server makes public once a deal is over: enough to deal it again and play
    it through."""

    deal: int
    """The deal's number in the match (from 0)."""
    seed: Seed
    players: int
    """Seats dealt in (fewer than the table's once a pool has knocked seats out)."""
    dealt_as: dict[str, int]
    """The match's position the deal was dealt at (:meth:`RuleFamily.deal_args`)."""
    layout: tuple[str, ...]
    first_seq: int
    """The table's action count when the deal was dealt: the view a seat got with
    ``seq`` shows the deal after ``seq - first_seq`` of :attr:`actions`."""
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, dealt: GameState, actions: Sequence[Action], *, deal: int,
           first_seq: int) -> Reveal:
        """The reveal of the deal dealt as ``dealt`` and played with ``actions``."""
        family = family_of(dealt.variant)
        return cls(deal, dealt.seed, dealt.players, family.deal_args(dealt),
                   tuple(family.layout(dealt)), first_seq, tuple(actions))

    def to_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "seed": seed_text(self.seed), "players": self.players,
                "dealt_as": dict(self.dealt_as), "layout": list(self.layout),
                "first_seq": self.first_seq, "actions": [a.to_json() for a in self.actions]}

    @classmethod
    def from_json(cls, data: Any) -> Reveal:
        """The reveal in a message or a saved record; ValueError when it is malformed."""
        if not isinstance(data, dict):
            raise ValueError("a reveal is an object")
        try:
            dealt_as = data["dealt_as"]
            if not (isinstance(dealt_as, dict) and all(
                    isinstance(k, str) and type(v) is int for k, v in dealt_as.items())):
                raise ValueError("dealt_as is an object of whole numbers")
            layout, actions = data["layout"], data["actions"]
            if not (isinstance(layout, list) and all(isinstance(x, str) for x in layout)):
                raise ValueError("layout is a list of lines")
            if not isinstance(actions, list):
                raise ValueError("actions is a list")
            numbers = [data[k] for k in ("deal", "players", "first_seq")]
            if not all(type(n) is int and n >= 0 for n in numbers):
                raise ValueError("deal, players and first_seq are whole numbers")
            return cls(numbers[0], seed_from_text(data["seed"]), numbers[1], dict(dealt_as),
                       tuple(layout), numbers[2], tuple(action_from_json(a) for a in actions))
        except KeyError as err:
            raise ValueError(f"a reveal has no {err.args[0]!r}") from None
        except (TypeError, AttributeError) as err:
            raise ValueError(f"a reveal cannot be read: {err}") from None


@dataclass(frozen=True)
class Seen:
    """One view a seat was sent during a deal: after ``moves`` of its actions; ``whole``
    when it came with its history (a ``state`` message), else without (an ``update``)."""

    moves: int
    view: PlayerView
    whole: bool = True


@dataclass(frozen=True)
class Verdict:
    ok: bool
    headline: str
    """"Shuffle verified", or what failed, loudly."""
    details: tuple[str, ...]
    """Lines for a player who wants to see the proof."""


def check_deal(variant: Variant, seat: int | None, promised: str, reveal: Reveal,
               seen: Sequence[Seen]) -> Verdict:
    """Check a revealed deal against the commitment received when it started and the views
    ``seat`` (its deal seat; None when it sat out) was sent during it."""
    facts = (f"Commitment (SHA-256): {promised}", f"Revealed key: {seed_text(reveal.seed)}")
    made = commitment(reveal.seed, reveal.layout)
    if made != promised:
        return _failed("the revealed deck is not the one committed to",
                       *facts, f"The revealed key and deck hash to {made}")
    family = family_of(variant)
    try:
        state = family.start_deal(variant, reveal.players, reveal.seed, **reveal.dealt_as)
    except (ValueError, TypeError) as err:
        return _failed("the revealed deal cannot be dealt", *facts, str(err))
    if tuple(family.layout(state)) != reveal.layout:
        return _failed("the revealed deck is not the one its key shuffles", *facts)
    by_moves: dict[int, list[Seen]] = {}
    for item in seen if seat is not None else ():  # a seat out of the deal saw no view
        by_moves.setdefault(item.moves, []).append(item)
    checked = 0
    for moves in range(len(reveal.actions) + 1):
        if moves:
            try:
                state, _ = apply(state, reveal.actions[moves - 1])
            except IllegalMoveError as err:
                return _failed(f"move {moves} of the revealed deal does not replay",
                               *facts, str(err))
        for item in by_moves.pop(moves, []):
            shown = state if item.whole else replace(state, history=())
            if seat is None or view_for(shown, seat) != item.view:
                return _failed(f"after move {moves} you were shown other cards than the"
                               " committed deck deals", *facts)
            checked += 1
    if by_moves:
        return _failed("you were shown moves the revealed deal does not have", *facts)
    moves = len(reveal.actions)
    return Verdict(True, "Shuffle verified", (
        *facts, f"{moves} move{'s' * (moves != 1)} replayed; the {checked}"
        f" view{'s' * (checked != 1)} of the deal you were sent match the committed deck"))


def _failed(what: str, *details: str) -> Verdict:
    return Verdict(False, f"Shuffle NOT verified: {what}", (what[:1].upper() + what[1:],
                                                            *details))
