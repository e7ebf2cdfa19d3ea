"""Variant files: the shipped tables, the table of fields, finding a file by id or path,
and that nothing in the game loads YAML unsafely.

Options are tested in ``test_variant_options.py``, broken files in ``test_variant_errors.py``.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from rummy.model.cards import Rank
from rummy.model.variant import FIELDS, VARIANTS_DIR, list_variant_ids, load_variant, variant_files
from rummy.model.variant_fields import FAMILIES, FAMILY_FIELDS, AceRule, Toss
from rummy.model.variant_parts import SHARED_KEYS, ClassicRules, ContractRules, DeclareRules
from rummy.model.variant_type import Variant
from tests.model.variant_text import edit, error_of, write

REPO = Path(__file__).resolve().parents[2]


FACE_VALUES = {Rank.ACE: 10, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10, Rank.TEN: 10}


# --- The shipped files -------------------------------------------------------------------


def test_shipped_ids_are_listed_sorted_from_the_variant_files() -> None:
    assert variant_files() == sorted(variant_files())
    assert [p.stem for p in variant_files()] == list_variant_ids()
    assert {"indian_13", "two_player_13"} <= set(list_variant_ids())


@pytest.mark.parametrize("variant_id", list_variant_ids())
def test_every_shipped_file_loads_by_id_and_by_path(variant_id: str) -> None:
    by_id = load_variant(variant_id)
    assert by_id.id == variant_id
    assert by_id.family in FAMILIES
    assert load_variant(VARIANTS_DIR / f"{variant_id}.yaml") == by_id
    assert load_variant(str(VARIANTS_DIR / f"{variant_id}.yaml")) == by_id


def test_family_table_loads_as_family_classic(tmp_path: Path) -> None:
    # Files written before the classic family had its name say "family: table".
    shipped = (VARIANTS_DIR / "super_rummy.yaml").read_text(encoding="utf-8")
    (tmp_path / "new").mkdir()
    (tmp_path / "old").mkdir()
    classic = write(tmp_path / "new", shipped, "super_rummy")
    table = write(tmp_path / "old", shipped.replace("\nfamily: classic ", "\nfamily: table ", 1),
                  "super_rummy")
    assert "\nfamily: table " in table.read_text(encoding="utf-8")
    old, new = load_variant(table), load_variant(classic)
    assert old.family == new.family == "classic"
    assert dataclasses.replace(old, source="") == dataclasses.replace(new, source="")


def test_indian_13_has_the_rules_values() -> None:
    v = load_variant("indian_13")
    assert (v.name, v.family) == ("Indian Rummy (13 cards)", "declare")
    assert v.description and "\n" not in v.description
    assert (v.packs, v.printed_jokers, v.deck_size, v.hand_size) == (2, 2, 106, 13)
    assert (v.min_players, v.max_players) == (2, 6)
    d = v.declare
    assert (d.toss, v.ace) == (Toss.HIGHEST_FIRST, AceRule.BOTH)
    assert d.wild_joker_cut and d.printed_joker_cut_rank is Rank.ACE
    assert (d.min_sequences, d.pure_min_length, d.sequence_min_length) == (2, 3, 3)
    assert (v.set_min_size, d.set_max_size) == (3, 4)
    assert dict(v.card_points) == {r: FACE_VALUES.get(r, int(r)) for r in Rank}
    assert [rank for rank, _ in v.card_points] == list(Rank)
    assert (v.joker_points, d.count_cap, d.wrong_show_penalty) == (0, 80, 80)
    assert d.allow_drop and (d.first_drop_penalty, d.middle_drop_penalty) == (20, 40)
    assert (d.no_turn_score, d.complete_hand_score) == (20, 2)
    assert (d.turn_timer, d.missed_turns_to_drop, d.auto_drop_penalty) == (0, 3, 40)
    assert [o.key for o in v.options] == [
        "turn_timer", "allow_drop", "printed_jokers", "pure_min_length", "match_format"]
    assert v.option("turn_timer").values == (0, 15, 30, 45, 60)
    assert v.option("turn_timer").label == "Turn timer (seconds, 0 = off)"
    assert v.option("allow_drop").values == (True, False)
    assert v.option("printed_jokers").values == (0, 2)
    assert v.option("pure_min_length").values == (3, 4)
    assert all(o.label and o.help for o in v.options)
    assert v.chosen == ()


def test_two_player_13_is_the_table_of_seed_000() -> None:
    v = load_variant("two_player_13")
    indian = load_variant("indian_13")
    assert (v.packs, v.printed_jokers, v.deck_size, v.hand_size) == (1, 0, 52, 13)
    assert (v.min_players, v.max_players, v.declare.toss) == (2, 2, Toss.LOWEST_DEALS)
    d = v.declare
    assert (d.min_sequences, d.pure_min_length, d.allow_drop) == (1, 4, False)
    same_as_indian = ("card_points", "joker_points", "count_cap", "wrong_show_penalty",
                      "first_drop_penalty", "middle_drop_penalty", "no_turn_score",
                      "complete_hand_score", "missed_turns_to_drop", "auto_drop_penalty")
    for key in same_as_indian:
        assert v.value_of(key) == indian.value_of(key), key
    assert [o.key for o in v.options] == ["turn_timer", "allow_drop"]
    assert v.option("allow_drop").default is False


def test_fields_table_names_every_parameter_of_variant() -> None:
    names = [f.name for f in dataclasses.fields(Variant)]
    parts = [f.name for p in (DeclareRules, ClassicRules, ContractRules)
             for f in dataclasses.fields(p)]
    shared = [n for n in names if n not in ("params", "options", "source", "chosen")]
    assert shared == list(SHARED_KEYS)
    assert set(FIELDS) == set(shared) | set(parts)
    # Every field belongs to some family's schema.
    assert set(FIELDS) == set().union(*(set(f) for f in FAMILY_FIELDS.values()))


# --- Finding the file --------------------------------------------------------------------


def test_unknown_variant_id_lists_the_available_ids() -> None:
    message = error_of("indain_13")
    assert "unknown variant 'indain_13' (did you mean 'indian_13'?)" in message
    assert "available: " + ", ".join(list_variant_ids()) in message


def test_a_name_ending_in_yaml_is_a_path_not_an_id(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert error_of("indian_13.yaml").startswith("indian_13.yaml: no such variant file")
    assert "no such variant file" in error_of("sub/indian_13")
    write(tmp_path, edit("count_cap: 80", "count_cap: 70"))
    assert load_variant("indian_13.yaml").declare.count_cap == 70
    assert load_variant("indian_13").declare.count_cap == 80


# --- Safety -------------------------------------------------------------------------------


def test_no_code_in_rummy_loads_yaml_unsafely() -> None:
    forbidden = ["yaml." + "load(", "unsafe" + "_load", "full" + "_load", "Unsafe" + "Loader",
                 "yaml.Full" + "Loader", "Loader=yaml." + "Loader"]
    offenders = [
        f"{path.relative_to(REPO)}: {word}"
        for path in sorted((REPO / "rummy").rglob("*.py"))
        for word in forbidden
        if word in path.read_text(encoding="utf-8")
    ]
    assert offenders == []
