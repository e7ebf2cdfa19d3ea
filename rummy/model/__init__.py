"""The rules of rummy, in pure Python: cards, variants, groups, the solver, the deal.

Never imports pygame: the desktop client, the bots and the command line all go through it.

>>> from rummy.model import load_variant, parse_cards, parse_card, best_arrangement
>>> v = load_variant("indian_13")
>>> r = best_arrangement(v, parse_cards("KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3S"),
...                      cut=parse_card("9S"))
>>> r.points, r.valid
(21, False)
>>> classify_group(v, parse_cards("2S KS 4S 5S"), cut=parse_card("KD")).value
'impure_sequence'
"""

from rummy.model.melds import GroupKind, check_declaration, classify_group, wild_rank_for
from rummy.model.table_melds import MeldKind, TableMeld, classify_meld
from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_type import Variant, VariantError

from .actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    Finish,
    FlipDiscard,
    IllegalMoveError,
    LayDown,
    LayMeld,
    LayOff,
    Stalemate,
    Timeout,
    action_from_json,
)
from .cards import Card, CardError, Rank, Suit, format_cards, make_deck, parse_card, parse_cards
from .match import MatchState, start_match
from .solver import Arrangement, best_arrangement, best_discards
from .state import GameState, Phase, apply, check_action, legal_actions, start_deal
from .view import PlayerView, view_for

__all__ = [
    "Action",
    "Arrangement",
    "Card",
    "CardError",
    "Discard",
    "Draw",
    "DrawSource",
    "Drop",
    "Finish",
    "FlipDiscard",
    "GameState",
    "GroupKind",
    "IllegalMoveError",
    "LayDown",
    "LayMeld",
    "LayOff",
    "MatchState",
    "MeldKind",
    "Phase",
    "PlayerView",
    "Rank",
    "Stalemate",
    "Suit",
    "TableMeld",
    "Timeout",
    "Variant",
    "VariantError",
    "action_from_json",
    "apply",
    "best_arrangement",
    "best_discards",
    "check_action",
    "check_declaration",
    "classify_group",
    "classify_meld",
    "format_cards",
    "legal_actions",
    "list_variant_ids",
    "load_variant",
    "make_deck",
    "parse_card",
    "parse_cards",
    "start_deal",
    "start_match",
    "view_for",
    "wild_rank_for",
]
