"""Each rule family's own parameters, typed: the part of a variant only its family reads.

A :class:`~rummy.model.variant.Variant` is the fields every family shares
(:data:`SHARED_KEYS`) plus one part: :class:`DeclareRules`, :class:`ClassicRules` or
:class:`ContractRules`. A part's keys are the family's keys of
:data:`~rummy.model.variant_fields.FAMILY_FIELDS` that are not shared (listed there once;
the dataclass gives them their types, and a part whose fields drift from that table stops
the import). :data:`SHAPES` registers each family's part and how its own keys fill the
shared fields.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from .cards import Rank
from .variant_fields import (
    FAMILY_FIELDS,
    AceRule,
    DeckExhaust,
    FirstTurn,
    MatchFormat,
    Toss,
)

SHARED_KEYS: tuple[str, ...] = (
    "id", "name", "description", "family", "min_players", "max_players",
    "packs", "printed_jokers", "hand_size", "ace", "set_min_size", "card_points",
    "joker_points",
)
"""The fields of every variant: its name and seats, and the cards as the code of every
family reads them (the deck, the hand dealt, where an ace stands, the smallest set, the
points of a card left in hand). A family whose file names these otherwise (classic rummy's
``deck_count`` and ``ace_rank``) fills them from its own keys at load."""


class WrongFamilyError(TypeError):
    """A family's own part was asked of another family's variant or view (``variant.classic``
    of an Indian rummy variant, ``view.melding`` of its view)."""


@dataclass(frozen=True)
class FamilyRules:
    """A family's own parameters. The properties here answer the few questions that code
    shared by every family asks of them (the turn clock, the discard pile, the wild rank,
    the round's contract); a family with a parameter for one answers from it, the others
    keep these answers."""

    @property
    def cuts_wild_joker(self) -> bool:
        """A wild joker is cut from the closed deck at the deal."""
        return False

    @property
    def turn_seconds(self) -> int:
        """The turn timer in seconds; 0 is off."""
        return 0

    @property
    def draw_choice(self) -> bool:
        """A player may take a card from deeper in the discard pile with every card above
        it (docs/rules.md, classic rummy's draw choice)."""
        return False

    @property
    def round_contracts(self) -> tuple[tuple[int, int], ...]:
        """(sets, runs) of each round's contract; empty where rounds have none."""
        return ()


@dataclass(frozen=True)
class DeclareRules(FamilyRules):
    """Indian rummy's own parameters (docs/rules.md): the wild joker cut, the declaration,
    the count and the penalties, drops, the turn timer, the match format."""

    toss: Toss
    wild_joker_cut: bool
    printed_joker_cut_rank: Rank
    min_sequences: int
    pure_min_length: int
    sequence_min_length: int
    set_max_size: int
    count_cap: int
    wrong_show_penalty: int
    allow_drop: bool
    first_drop_penalty: int
    middle_drop_penalty: int
    no_turn_score: int
    complete_hand_score: int
    turn_timer: int
    missed_turns_to_drop: int
    auto_drop_penalty: int
    match_format: MatchFormat

    @property
    def cuts_wild_joker(self) -> bool:
        return self.wild_joker_cut

    @property
    def turn_seconds(self) -> int:
        return self.turn_timer


@dataclass(frozen=True)
class ClassicRules(FamilyRules):
    """Classic rummy's own parameters (docs/rules.md), named as its options are."""

    deck_count: int
    first_turn: FirstTurn
    allow_draw_choice: bool
    allow_run_mixed_suit: bool
    limit_meld_size: int | None
    ace_rank: AceRule
    deck_exhaust: DeckExhaust
    require_end_discard: bool
    lay_at_end: bool
    target_score: int

    @property
    def run_min_length(self) -> int:
        """Classic rummy's runs start at 3 cards."""
        return 3

    @property
    def draw_choice(self) -> bool:
        return self.allow_draw_choice


@dataclass(frozen=True)
class ContractRules(FamilyRules):
    """Contract rummy's own parameters (docs/rules.md): ``contracts[i]`` is (sets, runs) of
    round i + 1."""

    run_min_length: int
    contracts: tuple[tuple[int, int], ...]

    @property
    def limit_meld_size(self) -> int | None:
        """Melds grow without limit."""
        return None

    @property
    def allow_run_mixed_suit(self) -> bool:
        """A run is of one suit."""
        return False

    @property
    def round_contracts(self) -> tuple[tuple[int, int], ...]:
        return self.contracts


class MeldingRules(Protocol):
    """What the families with melds on the table (classic and contract) both say of a meld
    laid down: :class:`ClassicRules` and :class:`ContractRules` each answer it."""

    @property
    def run_min_length(self) -> int: ...

    @property
    def limit_meld_size(self) -> int | None: ...

    @property
    def allow_run_mixed_suit(self) -> bool: ...


@dataclass(frozen=True)
class FamilyShape:
    """What the variant layer knows of a rule family: its part and how its own keys fill the
    fields every family's code reads. The family's rules (deal, actions, matches) are
    registered in :mod:`rummy.model.rules`; this is the part that loading a file needs."""

    name: str
    melds_on_table: bool
    """Melds are laid face up on the table during the deal (else hands stay private until
    a declaration)."""
    hand_sizes_by_players: bool
    """``hand_size`` 0 (null in the file) deals the default for the player count, and a
    hand size is capped by players and decks (docs/rules.md, classic rummy)."""
    derive: Callable[[Mapping[str, Any]], dict[str, Any]]
    """The shared fields this family sets from its own keys (computed at load, so a
    Variant is never rewritten afterwards)."""
    part: type[FamilyRules]
    """The dataclass of the family's own parameters."""

    @property
    def deal_word(self) -> str:
        """What one deal is called: a "round" where melds lie on the table (a match of
        rounds), else a "deal"."""
        return "round" if self.melds_on_table else "deal"

    @property
    def keys(self) -> tuple[str, ...]:
        """The family's own keys (its part's fields), in the order of its files."""
        return tuple(k for k in FAMILY_FIELDS[self.name] if k not in SHARED_KEYS)

    def make_part(self, table: Mapping[str, Any]) -> FamilyRules:
        """The part, from a table holding (at least) every key of :attr:`keys`."""
        make: Callable[..., FamilyRules] = self.part
        return make(**{key: table[key] for key in self.keys})


def _nothing(_table: Mapping[str, Any]) -> dict[str, Any]:
    return {}


def _classic(table: Mapping[str, Any]) -> dict[str, Any]:
    """Classic rummy names the pack count ``deck_count`` and has no jokers; an ace scores 1
    low or 11 high and stands where ``ace_rank`` puts it; sets from 3 cards."""
    ace_rank = table.get("ace_rank", AceRule.LOW)
    ace = 11 if ace_rank is AceRule.HIGH else 1
    return {
        "packs": table.get("deck_count", 1), "printed_jokers": 0, "ace": ace_rank,
        "card_points": tuple((r, ace if r is Rank.ACE else min(int(r), 10)) for r in Rank),
        "joker_points": 0, "set_min_size": 3,
    }


def _checked(shape: FamilyShape) -> FamilyShape:
    """``shape``, once its part's fields are its family's own keys (else the import fails:
    the dataclass and the keys table have drifted apart)."""
    fields = tuple(f.name for f in dataclasses.fields(shape.part))
    if sorted(fields) != sorted(shape.keys):
        raise TypeError(f"{shape.part.__name__} fields {fields} are not the {shape.name}"
                        f" family's own keys {shape.keys}")
    return shape


SHAPES: dict[str, FamilyShape] = {
    "declare": _checked(FamilyShape("declare", melds_on_table=False,
                                    hand_sizes_by_players=False, derive=_nothing,
                                    part=DeclareRules)),
    "classic": _checked(FamilyShape("classic", melds_on_table=True, hand_sizes_by_players=True,
                                  derive=_classic, part=ClassicRules)),
    "contract": _checked(FamilyShape("contract", melds_on_table=True,
                                     hand_sizes_by_players=False, derive=_nothing,
                                     part=ContractRules)),
}
"""Family name -> its shape; every name of :data:`~rummy.model.variant_fields.FAMILIES`
has one."""
