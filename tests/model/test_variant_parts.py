"""A variant is the shared fields plus its family's typed part (rummy/model/variant_parts.py):
each shipped file gets its family's part, the accessors refuse the wrong family clearly,
options reach the part by their flat names, and the file keys are what they were."""

from __future__ import annotations

import dataclasses

import pytest

from rummy.model.variant import FIELDS, OPTIONABLE, list_variant_ids, load_variant
from rummy.model.variant_fields import FAMILY_FIELDS, FirstTurn, MatchFormat
from rummy.model.variant_parts import (
    SHAPES,
    SHARED_KEYS,
    ClassicRules,
    ContractRules,
    DeclareRules,
    WrongFamilyError,
)
from rummy.model.variant_type import VariantError

PARTS = {"indian_13": DeclareRules, "two_player_13": DeclareRules,
         "super_rummy": ClassicRules, "dummy_rummy": ContractRules}


def test_every_shipped_variant_is_covered() -> None:
    assert sorted(PARTS) == list_variant_ids()


@pytest.mark.parametrize(("variant_id", "part"), sorted(PARTS.items()))
def test_each_shipped_variant_holds_its_family_part(variant_id: str, part: type) -> None:
    v = load_variant(variant_id)
    assert type(v.params) is part is SHAPES[v.family].part
    # The part holds exactly the family's own keys, the Variant the shared ones.
    own = [k for k in FAMILY_FIELDS[v.family] if k not in SHARED_KEYS]
    assert [f.name for f in dataclasses.fields(v.params)] == own
    for key in FAMILY_FIELDS[v.family]:
        assert v.value_of(key) == (getattr(v.params, key) if key in own else getattr(v, key))


@pytest.mark.parametrize(
    ("variant_id", "accessor"),
    [("indian_13", "classic"), ("indian_13", "contract"), ("indian_13", "melding"),
     ("super_rummy", "declare"), ("super_rummy", "contract"),
     ("dummy_rummy", "declare"), ("dummy_rummy", "classic")],
)
def test_asking_a_family_part_of_another_family_says_which(variant_id: str,
                                                           accessor: str) -> None:
    v = load_variant(variant_id)
    with pytest.raises(WrongFamilyError, match=f"variant '{variant_id}' is of the {v.family}"
                                               f" family: variant.{accessor} is only for"):
        getattr(v, accessor)


def test_the_right_family_reaches_its_part() -> None:
    assert load_variant("indian_13").declare.min_sequences == 2
    assert load_variant("super_rummy").classic.first_turn is FirstTurn.NEXT_PLAYER
    assert load_variant("dummy_rummy").contract.contracts[0] == (2, 0)
    # Both families with melds on the table answer what a laid meld needs.
    assert load_variant("super_rummy").melding.run_min_length == 3
    assert load_variant("dummy_rummy").melding.limit_meld_size is None


def test_questions_of_every_family_are_answered_by_every_part() -> None:
    indian, classic, contract = map(load_variant, ("indian_13", "super_rummy", "dummy_rummy"))
    assert (indian.params.cuts_wild_joker, classic.params.cuts_wild_joker) == (True, False)
    assert indian.with_options({"turn_timer": 30}).params.turn_seconds == 30
    assert classic.params.turn_seconds == contract.params.turn_seconds == 0
    assert classic.with_options({"allow_draw_choice": True}).params.draw_choice is True
    assert indian.params.draw_choice is False
    assert contract.params.round_contracts == contract.contract.contracts
    assert classic.params.round_contracts == ()


def test_with_options_reaches_a_part_field_and_rechecks_the_table() -> None:
    indian = load_variant("indian_13")
    changed = indian.with_options({"match_format": "pool_101", "printed_jokers": 0})
    assert changed.declare.match_format is MatchFormat.POOL_101
    assert changed.printed_jokers == 0 and indian.declare.match_format is MatchFormat.POINTS
    assert dict(changed.chosen) == {"match_format": "pool_101", "printed_jokers": 0}
    classic = load_variant("super_rummy")
    three = classic.with_options({"deck_count": 3, "allow_draw_choice": True})
    # deck_count is the classic family's own key; the shared packs follow it.
    assert (three.classic.deck_count, three.packs, three.classic.allow_draw_choice) == (3, 3, True)
    with pytest.raises(VariantError, match="'first_drop_penalty' is not an option"):
        indian.with_options({"first_drop_penalty": 10})


def test_a_variant_refuses_a_part_of_another_family() -> None:
    indian = load_variant("indian_13")
    with pytest.raises(WrongFamilyError, match="holds DeclareRules, not ClassicRules"):
        dataclasses.replace(indian, params=load_variant("super_rummy").params)


def test_file_keys_and_option_keys_are_unchanged() -> None:
    assert list(FIELDS) == [
        "id", "name", "description", "family", "min_players", "max_players", "packs",
        "printed_jokers", "hand_size", "toss", "ace", "wild_joker_cut",
        "printed_joker_cut_rank", "min_sequences", "pure_min_length", "sequence_min_length",
        "set_min_size", "set_max_size", "card_points", "joker_points", "count_cap",
        "wrong_show_penalty", "allow_drop", "first_drop_penalty", "middle_drop_penalty",
        "no_turn_score", "complete_hand_score", "turn_timer", "missed_turns_to_drop",
        "auto_drop_penalty", "match_format", "deck_count", "first_turn", "allow_draw_choice",
        "allow_run_mixed_suit", "limit_meld_size", "ace_rank", "deck_exhaust",
        "require_end_discard", "lay_at_end", "target_score", "run_min_length", "contracts"]
    assert tuple(k for k in FIELDS if k not in (
        "id", "name", "description", "family", "card_points", "contracts")) == OPTIONABLE
    # hand_size is read with the declare family's spec in this flat table.
    assert FIELDS["hand_size"] is FAMILY_FIELDS["declare"]["hand_size"]
