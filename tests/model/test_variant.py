"""Variant files: the shipped tables, options, and every way a file can be wrong.

Each broken file is written to ``tmp_path``; the error must point at ``file:line:column``
and say what is allowed (DESIGN.md habit 5).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

import pytest

from rummy.model.cards import Rank
from rummy.model.variant import (
    FAMILIES,
    FAMILY_FIELDS,
    FIELDS,
    SHARED_KEYS,
    VARIANTS_DIR,
    AceRule,
    ContractRules,
    DeclareRules,
    TableRules,
    Toss,
    Variant,
    VariantError,
    fields_for,
    list_variant_ids,
    load_variant,
    variant_files,
)

REPO = Path(__file__).resolve().parents[2]
INDIAN = (VARIANTS_DIR / "indian_13.yaml").read_text(encoding="utf-8")
FACE_VALUES = {Rank.ACE: 10, Rank.JACK: 10, Rank.QUEEN: 10, Rank.KING: 10, Rank.TEN: 10}


def write(tmp_path: Path, text: str, name: str = "indian_13") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def edit(old: str, new: str, text: str = INDIAN) -> str:
    """The shipped indian_13 text with one line's start replaced."""
    pattern = re.compile("^" + re.escape(old), re.MULTILINE)
    assert len(pattern.findall(text)) == 1, old
    return pattern.sub(new, text)


def at(text: str, line_start: str, fragment: str) -> str:
    """``line:column`` (1-based) of ``fragment`` in the first line beginning with ``line_start``."""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith(line_start):
            return f"{number}:{line.index(fragment) + 1}"
    raise AssertionError(line_start)


def cut_options(text: str) -> str:
    return text[: text.index("\noptions:")] + "\n"


def error_of(path: Path | str) -> str:
    with pytest.raises(VariantError) as caught:
        load_variant(path)
    return str(caught.value)


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
    parts = [f.name for p in (DeclareRules, TableRules, ContractRules)
             for f in dataclasses.fields(p)]
    shared = [n for n in names if n not in ("params", "options", "source", "chosen")]
    assert shared == list(SHARED_KEYS)
    assert set(FIELDS) == set(shared) | set(parts)
    # Every field belongs to some family's schema.
    assert set(FIELDS) == set().union(*(set(f) for f in FAMILY_FIELDS.values()))


# --- Options -----------------------------------------------------------------------------


def _every_option_value() -> list[tuple[str, str, Any]]:
    return [(v.id, o.key, value) for v in map(load_variant, list_variant_ids())
            for o in v.options for value in o.values]


@pytest.mark.parametrize(("variant_id", "key", "value"), _every_option_value())
def test_every_declared_option_value_applies_via_with_options(
    variant_id: str, key: str, value: Any
) -> None:
    changed = load_variant(variant_id).with_options({key: value})
    # As the file writes it (table family: hand_size null is 0, "by the player count").
    assert fields_for(changed.family)[key].plain(changed.value_of(key)) == value
    assert dict(changed.chosen) == {key: value}


def test_with_options_applies_several_choices_and_keeps_the_file_unchanged() -> None:
    v = load_variant("indian_13")
    changed = v.with_options({"turn_timer": 30, "allow_drop": False, "printed_jokers": 0,
                              "pure_min_length": 4})
    assert (changed.declare.turn_timer, changed.declare.allow_drop) == (30, False)
    assert (changed.printed_jokers, changed.deck_size,
            changed.declare.pure_min_length) == (0, 104, 4)
    assert (v.declare.turn_timer, v.declare.allow_drop, v.printed_jokers) == (0, True, 2)
    assert changed.with_options({"turn_timer": 15}).chosen[-1] == ("turn_timer", 15)


@pytest.mark.parametrize(
    ("choice", "expected"),
    [
        ({"turn_timer": 20}, "option 'turn_timer' cannot be 20 (allowed: 0, 15, 30, 45, 60)"),
        ({"allow_drop": 1}, "option 'allow_drop' cannot be 1 (allowed: true, false)"),
        ({"printed_jokers": True}, "option 'printed_jokers' cannot be true (allowed: 0, 2)"),
        ({"packs": 1}, "'packs' is not an option of this variant (options: allow_drop,"),
    ],
)
def test_with_options_rejects_a_choice_the_file_does_not_offer(
    choice: dict[str, Any], expected: str
) -> None:
    with pytest.raises(VariantError, match=re.escape(expected)):
        load_variant("indian_13").with_options(choice)


def test_with_options_rechecks_the_rules_between_fields(tmp_path: Path) -> None:
    # Each option value fits this table alone; 1 pack with 6 players of 13 does not.
    text = edit("max_players: 6", "max_players: 2")
    text = text.replace("options:\n", "options:\n"
                        "  - {key: packs, label: Packs, values: [2, 1], default: 2}\n"
                        "  - {key: max_players, label: Players, values: [2, 6], default: 2}\n")
    v = load_variant(write(tmp_path, text))
    assert v.with_options({"packs": 1}).packs == 1
    assert v.with_options({"max_players": 6}).max_players == 6
    with pytest.raises(VariantError, match="break a rule of the table: hand_size 13 x"
                                           " max_players 6 .* more than the deck's 54"):
        v.with_options({"packs": 1, "max_players": 6})


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


# --- Broken files: each problem with file:line:column and what is allowed ----------------


def test_yaml_syntax_error_is_reported_with_its_position(tmp_path: Path) -> None:
    message = error_of(write(tmp_path, "id: indian_13\npacks: [1, 2\n"))
    assert ("indian_13.yaml:3:1: YAML syntax error: while parsing a flow sequence started at"
            " line 2, expected ',' or ']', but got '<stream end>'") in message
    message = error_of(write(tmp_path, "id: indian_13\n  packs: 2\n"))
    assert "indian_13.yaml:2:8: YAML syntax error: mapping values are not allowed" in message


@pytest.mark.parametrize(("text", "got"), [("- packs\n", "a list"), ("packs\n", "'packs'")])
def test_top_level_must_be_a_mapping(tmp_path: Path, text: str, got: str) -> None:
    message = error_of(write(tmp_path, text))
    assert f"indian_13.yaml:1:1: the variant file must be a mapping of keys to values, got {got}"\
        in message


def test_empty_file_says_what_a_variant_file_holds(tmp_path: Path) -> None:
    message = error_of(write(tmp_path, "# nothing yet\n"))
    assert "indian_13.yaml:1:1: the file is empty; a variant file is a mapping of keys:" in message
    assert "packs, printed_jokers" in message


def test_unknown_key_suggests_the_closest_and_lists_allowed_keys(tmp_path: Path) -> None:
    text = edit("count_cap:", "count_kap:")
    message = error_of(write(tmp_path, text))
    assert (f"indian_13.yaml:{at(text, 'count_kap:', 'count_kap')}: unknown key 'count_kap'"
            " in the variant file (did you mean 'count_cap'?); allowed keys: id, name,") in message
    assert "missing required key 'count_cap': count_cap must be an integer from 1 to 1000" \
        in message


@pytest.mark.parametrize(
    ("line", "fragment", "expected"),
    [
        ("packs: two", "two", "packs must be an integer from 1 to 3, got 'two'"),
        ("packs: true", "true", "packs must be an integer from 1 to 3, got true"),
        ("packs: 2.0", "2.0", "packs must be an integer from 1 to 3, got 2.0"),
        ("packs: [2]", "[2]", "packs must be an integer from 1 to 3, got a list"),
        ("allow_drop: 1", "1", "allow_drop must be true or false, got 1"),
        ("name: 7", "7", "name must be a non-empty text, got 7"),
        ("printed_joker_cut_rank: Z", "Z",
         "printed_joker_cut_rank must be a rank, one of A, 2-10, J, Q, K, got 'Z'"),
    ],
)
def test_wrong_type_is_reported_with_the_allowed_values(
    tmp_path: Path, line: str, fragment: str, expected: str
) -> None:
    key = line.split(":")[0] + ":"
    text = edit(key + " ", line + "  # ")
    message = error_of(write(tmp_path, text))
    assert f"indian_13.yaml:{at(text, key, fragment)}: {expected}" in message


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("packs: 4", "packs must be an integer from 1 to 3, got 4"),
        ("max_players: 9", "max_players must be an integer from 2 to 6, got 9"),
        ("count_cap: 0", "count_cap must be an integer from 1 to 1000, got 0"),
        ("turn_timer: -5", "turn_timer must be an integer from 0 to 600, got -5"),
    ],
)
def test_out_of_range_value_is_reported_with_the_range(
    tmp_path: Path, line: str, expected: str
) -> None:
    key = line.split(":")[0] + ":"
    text = edit(key + " ", line + "  # ")
    message = error_of(write(tmp_path, text))
    assert f"indian_13.yaml:{at(text, key, line.split()[1])}: {expected}" in message


def test_missing_key_names_the_key_and_its_allowed_values(tmp_path: Path) -> None:
    text = edit("toss: highest_first", "#")
    message = error_of(write(tmp_path, text))
    first_key = at(text, "id:", "id")
    assert (f"indian_13.yaml:{first_key}: missing required key 'toss':"
            " toss must be one of: highest_first, lowest_deals") in message


@pytest.mark.parametrize(
    ("line", "fragment", "expected"),
    [
        ("toss: highest", "highest", "toss must be one of: highest_first, lowest_deals,"
                                     " got 'highest' (did you mean 'highest_first'?)"),
        ("ace: wrap", "wrap", "ace must be one of: low, high, both, got 'wrap'"),
        ("family: tables", "tables", "family must be one of: declare, table, contract,"
                                    " got 'tables' (did you mean 'table'?)"),
    ],
)
def test_bad_enum_value_lists_the_allowed_values(
    tmp_path: Path, line: str, fragment: str, expected: str
) -> None:
    key = line.split(":")[0] + ":"
    text = edit(key + " ", line + "  # ")
    message = error_of(write(tmp_path, text))
    assert f"indian_13.yaml:{at(text, key, fragment)}: {expected}" in message


def test_duplicate_key_is_reported_at_its_second_place(tmp_path: Path) -> None:
    text = edit("packs: 2", "packs: 2\npacks: 3")
    message = error_of(write(tmp_path, text))
    first = at(text, "packs: 2", "packs").split(":")[0]
    second = at(text, "packs: 3", "packs")
    assert (f"indian_13.yaml:{second}: duplicate key 'packs' in the variant file"
            f" (first given at line {first}); give each key once") in message


def test_tagged_values_are_reported_never_evaluated(tmp_path: Path) -> None:
    text = edit("packs: 2 ", "packs: !!python/object/apply:os.system ['exit 1']  # ")
    message = error_of(write(tmp_path, text))
    assert (f"indian_13.yaml:{at(text, 'packs:', '!!')}: packs must be an integer from 1 to 3,"
            " got a value tagged tag:yaml.org,2002:python/object/apply:os.system") in message


def test_id_must_equal_the_file_name(tmp_path: Path) -> None:
    message = error_of(write(tmp_path, INDIAN, name="my_table"))
    assert (f"my_table.yaml:{at(INDIAN, 'id:', 'indian_13')}: id must equal the file's name"
            " 'my_table', got 'indian_13'") in message


# --- card_points ----------------------------------------------------------------------------


def test_card_points_accept_ranks_as_numbers_or_text(tmp_path: Path) -> None:
    text = edit("  2: 2", "  '2': 2", edit("  10: 10", "  '10': 10", edit("  q:", "  q:",
                edit("  Q: 10", "  q: 10"))))
    loaded = load_variant(write(tmp_path, text))
    assert loaded.card_points == load_variant("indian_13").card_points


def test_card_points_need_every_rank_once(tmp_path: Path) -> None:
    text = edit("  7: 7", "  '10': 3")
    message = error_of(write(tmp_path, text))
    assert (f"indian_13.yaml:{at(text, '  A:', 'A')}: card_points is missing rank(s) 7;"
            " give points for every rank A, 2-10, J, Q, K") in message
    first = at(text, "  '10'", "'").split(":")[0]
    assert (f"indian_13.yaml:{at(text, '  10:', '10')}: card_points gives rank 10 twice"
            f" (also at line {first})") in message


def test_card_points_must_be_whole_non_negative_points(tmp_path: Path) -> None:
    text = edit("  K: 10", "  K: -1\n  Z: 1")
    message = error_of(write(tmp_path, text))
    assert f"{at(text, '  K:', '-1')}: card_points[K] must be an integer from 0 to 100, got -1" \
        in message
    assert f"{at(text, '  Z:', 'Z')}: card_points keys must be ranks (A, 2-10, J, Q, K)," \
        " got 'Z'" in message


# --- Rules between fields -----------------------------------------------------------------


SMALL = cut_options(edit("packs: 2", "packs: 1", edit("max_players: 6", "max_players: 3")))
"""indian_13 on one pack (54 cards with its 2 jokers) for 2-3 players, without options."""


@pytest.mark.parametrize(
    ("old", "new", "point_at", "expected"),
    [
        ("min_players: 2", "min_players: 5", "min_players: 5",
         "min_players (5) must be at most max_players (3)"),
        ("set_min_size: 3", "set_min_size: 5", "set_min_size: 5",
         "set_min_size (5) must be at most set_max_size (4)"),
        ("sequence_min_length: 3", "sequence_min_length: 4", "pure_min_length: 3",
         "pure_min_length (3) must be at least sequence_min_length (4):"
         " a pure sequence is a sequence"),
        ("hand_size: 13", "hand_size: 21", "hand_size: 21",
         "hand_size 21 x max_players 3 + 2 (the first open card and the wild joker cut) = 65"
         " cards, more than the deck's 54"),
        ("printed_jokers: 2", "printed_jokers: 3", "printed_jokers: 3",
         "printed_jokers (3) must be at most 2 per pack (2 with packs 1)"),
        ("toss: highest_first", "toss: lowest_deals", "toss: lowest_deals",
         "toss lowest_deals is for exactly 2 players (min_players: 2, max_players: 2)"),
        ("pure_min_length: 3", "pure_min_length: 11", "min_sequences: 2",
         "min_sequences 2 (one pure of 11, others of 3) needs 14 cards, more than hand_size 13"),
    ],
)
def test_rules_between_fields_are_checked(
    tmp_path: Path, old: str, new: str, point_at: str, expected: str
) -> None:
    load_variant(write(tmp_path, SMALL))  # the base table keeps every rule
    text = edit(old, new, SMALL)
    message = error_of(write(tmp_path, text))
    value = point_at.split(": ")[1]
    assert f"indian_13.yaml:{at(text, point_at, value)}: {expected}" in message


# --- Broken options -----------------------------------------------------------------------


def _with_option(option: str) -> str:
    return INDIAN.replace("options:\n", "options:\n" + option + "\n")


def test_option_default_must_be_one_of_its_values(tmp_path: Path) -> None:
    text = _with_option("  - {key: ace, label: Aces, values: [low, high], default: both}")
    message = error_of(write(tmp_path, text))
    assert (f"indian_13.yaml:{at(text, '  - {key: ace', 'both')}: option ace: default 'both'"
            " must be one of its values: 'low', 'high'") in message


def test_option_default_must_equal_the_files_own_value(tmp_path: Path) -> None:
    text = _with_option("  - {key: ace, label: Aces, values: [low, both], default: low}")
    message = error_of(write(tmp_path, text))
    ace_line = at(text, "ace:", "both").split(":")[0]
    assert (f"indian_13.yaml:{at(text, '  - {key: ace', 'low}')}: option ace: default 'low'"
            f" must equal the file's own ace ('both', line {ace_line})") in message


def test_option_values_are_checked_as_the_key_itself(tmp_path: Path) -> None:
    text = _with_option("  - {key: turn_timer, label: T, values: [0, 700, '9'], default: 0}")
    message = error_of(write(tmp_path, text))
    line = "  - {key: turn_timer"
    assert (f"{at(text, line, '700')}: option turn_timer: value must be an integer"
            " from 0 to 600, got 700") in message
    quoted = at(text, line, "'9'")
    assert (f"{quoted}: option turn_timer: value must be an integer"
            " from 0 to 600, got '9'") in message


def test_option_value_that_breaks_a_rule_of_the_table_is_reported(tmp_path: Path) -> None:
    text = _with_option("  - {key: packs, label: Packs, values: [2, 1], default: 2}")
    message = error_of(write(tmp_path, text))
    assert (f"{at(text, '  - {key: packs', '1]')}: option packs: value 1 breaks a rule of this"
            " table: hand_size 13 x max_players 6 + 2") in message


@pytest.mark.parametrize(
    ("option", "line_start", "fragment", "expected"),
    [
        ("{key: id, label: I, values: [a, b], default: a}", "  - {key: id", "id,",
         "option #1 key must be one of: packs, printed_jokers,"),
        ("{key: turn_timr, label: T, values: [0, 15], default: 0}", "  - {", "turn_timr",
         "got 'turn_timr' (did you mean 'turn_timer'?)"),
        ("{key: allow_drop, label: D, values: [true], default: true}", "  - {", "[true]",
         "option allow_drop: values must list at least 2 choices"),
        ("{key: allow_drop, label: D, values: [true, true], default: true}", "  - {", "true]",
         "option allow_drop: value true is listed twice"),
        ("{key: allow_drop, label: D, values: [true, false]}", "  - {", "{",
         "option #1 is missing default; an option has key, label, values, default"),
        ("{key: allow_drop, labl: D, values: [true, false], default: true}", "  - {", "labl",
         "unknown key 'labl' in option #1 (did you mean 'label'?)"),
        ("{key: turn_timer, label: T, values: [0, 15], default: 0}", "  - key: turn_timer",
         "turn_timer", "option 'turn_timer' is offered twice (also option #1)"),
        ("[turn_timer, 0]", "  - [", "[",
         "option #1 must be a mapping of keys to values, got a list"),
    ],
)
def test_bad_option_entries_are_reported(
    tmp_path: Path, option: str, line_start: str, fragment: str, expected: str
) -> None:
    text = INDIAN.replace("options:\n", "options:\n  - " + option + "\n")
    message = error_of(write(tmp_path, text))
    position = f"indian_13.yaml:{at(text, line_start, fragment)}: "
    assert any(position in problem and expected in problem for problem in message.splitlines())


# --- Many problems at once ----------------------------------------------------------------


def test_every_problem_of_a_file_is_reported_in_one_error_in_file_order(tmp_path: Path) -> None:
    text = edit("packs: 2 ", "packs: two  # ")
    text = edit("ace: both", "ace: wrap", text)
    text = edit("count_cap:", "count_kap:", text)
    text = edit("allow_drop: true", "allow_drop: yes please", text)
    text = edit("    default: 3", "    default: 4", text)
    with pytest.raises(VariantError) as caught:
        load_variant(write(tmp_path, text))
    problems = caught.value.problems
    assert str(caught.value) == "\n".join(problems)
    expected = [
        (at(text, "id:", "id"), "missing required key 'count_cap'"),
        (at(text, "packs:", "two"), "packs must be an integer from 1 to 3, got 'two'"),
        (at(text, "ace:", "wrap"), "ace must be one of: low, high, both, got 'wrap'"),
        (at(text, "count_kap:", "count_kap"), "unknown key 'count_kap'"),
        (at(text, "allow_drop:", "yes"), "allow_drop must be true or false, got 'yes please'"),
        (at(text, "    default: 4", "4"), "default 4 must equal the file's own pure_min_length"),
    ]
    assert len(problems) == len(expected)
    for problem, (position, words) in zip(problems, expected, strict=True):
        assert f"indian_13.yaml:{position}: " in problem
        assert words in problem


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
