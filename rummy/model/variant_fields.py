"""The keys of a variant file, per rule family, and the rules between them.

:mod:`rummy.model.variant` reads files against these tables: the keys every file has
(``COMMON_FIELDS``) and each family's own (``FAMILY_FIELDS``), a :class:`Spec` each (the
values allowed), and :func:`table_problems`, the rules that tie several keys together.
The enums here are the typed values of the choice keys.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from typing import Any

from ._schema import Kind, Spec


class Toss(enum.Enum):
    """How the first player is chosen."""

    HIGHEST_FIRST = "highest_first"
    """Every player gets a random card; the highest (ace high, then suit) moves first."""
    LOWEST_DEALS = "lowest_deals"
    """Two players pick a card each; the lower card deals, the other receives and moves first."""

    @property
    def picked(self) -> bool:
        """The players pick their toss cards from a deck spread face down (the two-player
        table's rules), rather than each being given one."""
        return self is Toss.LOWEST_DEALS


class AceRule(str, enum.Enum):
    """Where an ace may stand in a sequence. Sequences never wrap (K-A-2)."""

    LOW = "low"
    """A-2-3 only."""
    HIGH = "high"
    """Q-K-A only."""
    BOTH = "both"
    """A-2-3 or Q-K-A, never both ends in one sequence."""


class FirstTurn(str, enum.Enum):
    """Who starts the next round of a match (classic family, source 001 ``first_turn``)."""

    NEXT_PLAYER = "next_player"
    """The first turn passes left every round."""
    PREV_WINNER = "prev_winner"
    """The previous round's winner starts; after a round without a winner, the same seat."""


class DeckExhaust(str, enum.Enum):
    """What happens when the stock runs out (classic family, source 001 ``deck_exhaust``)."""

    FLIP_DISCARD = "flip_discard"
    """The discard pile is turned over, unshuffled, as the new stock; its top card is
    turned to start a new discard pile."""
    SHUFFLE_DISCARD = "shuffle_discard"
    """The same, but the pile is shuffled first."""
    END_ROUND = "end_round"
    """The round ends; each hand's value is subtracted from its owner's score (never below 0)."""


class MatchFormat(str, enum.Enum):
    """How many deals a match of the declare family lasts (docs/rules.md, "Matches")."""

    POINTS = "points"
    """One deal."""
    POOL_101 = "pool_101"
    """Deals repeat; a player reaching 101 points is out; the last player left wins."""
    POOL_201 = "pool_201"
    """The same, out at 201."""
    DEALS_2 = "deals_2"
    """Two deals; the lowest total wins."""
    DEALS_3 = "deals_3"
    """Three deals; the lowest total wins."""
    DEALS_6 = "deals_6"
    """Six deals; the lowest total wins."""


CLASSIC_HAND_SIZES: dict[int, tuple[int, int]] = {2: (10, 12), 4: (7, 10), 6: (6, 8)}
"""Classic family (source 001): players up to N -> (hand size with one deck = the default,
the most with two or three decks)."""


def player_band(players: int) -> int:
    return 2 if players <= 2 else 4 if players <= 4 else 6


FAMILIES: tuple[str, ...] = ("declare", "classic", "contract")
"""Rule families a variant may name; each has a module in ``rummy/model/families``."""

_POINTS = 1000  # upper bound for scores and penalties: far above any real table's 80-point cap

COMMON_FIELDS: dict[str, Spec] = {
    "id": Spec(Kind.NAME, optionable=False),
    "name": Spec(Kind.TEXT, optionable=False),
    "description": Spec(Kind.TEXT, optionable=False),
    "family": Spec(Kind.CHOICE, choices=FAMILIES, optionable=False),
    "min_players": Spec(Kind.INTEGER, 2, 6),
    "max_players": Spec(Kind.INTEGER, 2, 6),
}
"""Keys every variant file has, whatever its family."""

_CARD_POINTS = Spec(Kind.RANK_POINTS, 0, 100, optionable=False)

FAMILY_FIELDS: dict[str, dict[str, Spec]] = {
    "declare": {  # in the order of the declare files (and of the messages that list keys)
        **{k: COMMON_FIELDS[k] for k in ("id", "name", "description", "family")},
        "packs": Spec(Kind.INTEGER, 1, 3),
        "printed_jokers": Spec(Kind.INTEGER, 0, 6),
        "hand_size": Spec(Kind.INTEGER, 3, 21),
        "min_players": COMMON_FIELDS["min_players"],
        "max_players": COMMON_FIELDS["max_players"],
        "toss": Spec(Kind.CHOICE, choices=tuple(t.value for t in Toss), make=Toss),
        "ace": Spec(Kind.CHOICE, choices=tuple(a.value for a in AceRule), make=AceRule),
        "wild_joker_cut": Spec(Kind.FLAG),
        "printed_joker_cut_rank": Spec(Kind.RANK),
        "min_sequences": Spec(Kind.INTEGER, 1, 4),
        "pure_min_length": Spec(Kind.INTEGER, 3, 13),
        "sequence_min_length": Spec(Kind.INTEGER, 3, 13),
        "set_min_size": Spec(Kind.INTEGER, 3, 8),
        "set_max_size": Spec(Kind.INTEGER, 3, 8),
        "card_points": _CARD_POINTS,
        "joker_points": Spec(Kind.INTEGER, 0, 100),
        "count_cap": Spec(Kind.INTEGER, 1, _POINTS),
        "wrong_show_penalty": Spec(Kind.INTEGER, 0, _POINTS),
        "allow_drop": Spec(Kind.FLAG),
        "first_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
        "middle_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
        "no_turn_score": Spec(Kind.INTEGER, 0, _POINTS),
        "complete_hand_score": Spec(Kind.INTEGER, 0, _POINTS),
        "turn_timer": Spec(Kind.INTEGER, 0, 600),
        "missed_turns_to_drop": Spec(Kind.INTEGER, 1, 10),
        "auto_drop_penalty": Spec(Kind.INTEGER, 0, _POINTS),
        "match_format": Spec(Kind.CHOICE, choices=tuple(m.value for m in MatchFormat),
                             make=MatchFormat),
    },
    "classic": {
        **COMMON_FIELDS,
        "deck_count": Spec(Kind.INTEGER, 1, 3),
        # null (0 in the Variant) = source 001's default for the player count
        "hand_size": Spec(Kind.INTEGER, 6, 12, nullable=True, null=0),
        "first_turn": Spec(Kind.CHOICE, choices=tuple(f.value for f in FirstTurn),
                           make=FirstTurn),
        "allow_draw_choice": Spec(Kind.FLAG),
        "allow_run_mixed_suit": Spec(Kind.FLAG),
        "limit_meld_size": Spec(Kind.INTEGER, 4, 4, nullable=True),
        "ace_rank": Spec(Kind.CHOICE, choices=("low", "high"), make=AceRule),
        "deck_exhaust": Spec(Kind.CHOICE, choices=tuple(d.value for d in DeckExhaust),
                             make=DeckExhaust),
        "require_end_discard": Spec(Kind.FLAG),
        "lay_at_end": Spec(Kind.FLAG),
        "target_score": Spec(Kind.INTEGER, 50, 10_000),
    },
    "contract": {
        **COMMON_FIELDS,
        "packs": Spec(Kind.INTEGER, 1, 3),
        "printed_jokers": Spec(Kind.INTEGER, 0, 6),
        "hand_size": Spec(Kind.INTEGER, 3, 21),
        "ace": Spec(Kind.CHOICE, choices=tuple(a.value for a in AceRule), make=AceRule),
        "set_min_size": Spec(Kind.INTEGER, 3, 8),
        "run_min_length": Spec(Kind.INTEGER, 3, 13),
        "contracts": Spec(Kind.CONTRACTS, 0, 4, optionable=False),
        "card_points": _CARD_POINTS,
        "joker_points": Spec(Kind.INTEGER, 0, 100),
    },
}
"""Per family: every key of its variant files but ``options`` (all required), in order."""


def fields_for(family: str) -> dict[str, Spec]:
    """The keys of a variant file of ``family`` (unknown families: the common keys)."""
    return FAMILY_FIELDS.get(family, COMMON_FIELDS)


def table_problems(table: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The rules between fields, as ``(key to point at, message)``.

    ``table`` maps keys to typed values; a rule whose keys are absent (missing or invalid)
    is skipped, so one bad value is reported once.
    """
    out: list[tuple[str, str]] = []

    def has(*keys: str) -> bool:
        return all(key in table for key in keys)

    t = table
    if has("min_players", "max_players") and t["min_players"] > t["max_players"]:
        out.append(("min_players", f"min_players ({t['min_players']}) must be at most"
                                   f" max_players ({t['max_players']})"))
    if has("set_min_size", "set_max_size") and t["set_min_size"] > t["set_max_size"]:
        out.append(("set_min_size", f"set_min_size ({t['set_min_size']}) must be at most"
                                    f" set_max_size ({t['set_max_size']})"))
    if has("pure_min_length", "sequence_min_length") and (
        t["pure_min_length"] < t["sequence_min_length"]
    ):
        out.append(("pure_min_length", f"pure_min_length ({t['pure_min_length']}) must be at"
                    f" least sequence_min_length ({t['sequence_min_length']}):"
                    " a pure sequence is a sequence"))
    if has("packs", "printed_jokers") and t["printed_jokers"] > 2 * t["packs"]:
        out.append(("printed_jokers", f"printed_jokers ({t['printed_jokers']}) must be at most"
                    f" 2 per pack ({2 * t['packs']} with packs {t['packs']})"))
    if has("packs", "printed_jokers", "hand_size", "max_players"):
        deck = 52 * t["packs"] + t["printed_jokers"]
        needed = t["hand_size"] * t["max_players"] + 2
        if needed > deck:
            out.append(("hand_size", f"hand_size {t['hand_size']} x max_players"
                        f" {t['max_players']} + 2 (the first open card and the wild joker cut)"
                        f" = {needed} cards, more than the deck's {deck}"))
    if has("min_sequences", "pure_min_length", "sequence_min_length", "hand_size"):
        shortest = t["pure_min_length"] + (t["min_sequences"] - 1) * t["sequence_min_length"]
        if shortest > t["hand_size"]:
            out.append(("min_sequences", f"min_sequences {t['min_sequences']} (one pure of"
                        f" {t['pure_min_length']}, others of {t['sequence_min_length']}) needs"
                        f" {shortest} cards, more than hand_size {t['hand_size']}"))
    if has("toss", "min_players", "max_players") and t["toss"] is Toss.LOWEST_DEALS and (
        t["min_players"] != 2 or t["max_players"] != 2
    ):
        out.append(("toss", "toss lowest_deals is for exactly 2 players"
                            " (min_players: 2, max_players: 2); use highest_first"))
    return out
