"""Where a match stands (the value :mod:`rummy.model.match` moves on, deal after deal)."""

from __future__ import annotations

from dataclasses import dataclass

from rummy.model.variant_type import Variant

from .families.declare_deal import DeclareState
from .families.melding import MeldState
from .randomness import Seed

GameState = DeclareState | MeldState
"""The state of one deal: :class:`DeclareState` (hands private until a declaration) or
:class:`MeldState` (melds laid on the table: classic and contract rummy)."""


@dataclass(frozen=True)
class MatchState:
    """Where a match stands. ``sheet[n][s]`` is match seat ``s``'s score change in deal
    ``n`` (``None`` when the seat was out of that deal); ``totals`` are the running scores."""

    variant: Variant
    players: int
    seed: Seed
    deal_no: int
    seats: tuple[int, ...]
    state: GameState
    totals: tuple[int, ...]
    sheet: tuple[tuple[int | None, ...], ...]
    out: tuple[bool, ...]
    winner: int | None = None
    over: bool = False
    ceremony: bool = False
    """Every deal starts with its toss and dealer ceremony, the seats picking (docs/rules.md,
    "The toss and the dealer"); off: Quick start, the picks made for them."""
