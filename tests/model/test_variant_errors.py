"""Broken variant files: every way a file can be wrong.

Each broken file is written to ``tmp_path``; the error must point at ``file:line:column``
and say what is allowed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy.model.variant import load_variant
from rummy.model.variant_type import VariantError
from tests.model.variant_text import INDIAN, at, cut_options, edit, error_of, write

# --- Broken files: each problem with file:line:column and what is allowed ----------------


def assert_line_refused(tmp_path: Path, line: str, fragment: str, expected: str) -> None:
    """The file with ``line`` written over its key's value (the old value left as a comment)
    is refused, the error pointing at ``fragment`` of that line and saying ``expected``."""
    key = line.split(":")[0] + ":"
    text = edit(key + " ", line + "  # ")
    message = error_of(write(tmp_path, text))
    assert f"indian_13.yaml:{at(text, key, fragment)}: {expected}" in message


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
    assert_line_refused(tmp_path, line, fragment, expected)


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
    assert_line_refused(tmp_path, line, line.split()[1], expected)


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
        ("family: classics", "classics", "family must be one of: declare, classic, contract,"
                                        " got 'classics' (did you mean 'classic'?)"),
    ],
)
def test_bad_enum_value_lists_the_allowed_values(
    tmp_path: Path, line: str, fragment: str, expected: str
) -> None:
    assert_line_refused(tmp_path, line, fragment, expected)


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
