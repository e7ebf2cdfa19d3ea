"""Variant options: every value a file offers applies through ``with_options``, choices it
does not offer are refused, and a file's broken ``options:`` entries are reported with
``file:line:column``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from rummy.model.variant import list_variant_ids, load_variant
from rummy.model.variant_fields import fields_for
from rummy.model.variant_type import VariantError
from tests.model.variant_text import INDIAN, at, edit, error_of, write

# --- Options -----------------------------------------------------------------------------


def _every_option_value() -> list[tuple[str, str, Any]]:
    return [(v.id, o.key, value) for v in map(load_variant, list_variant_ids())
            for o in v.options for value in o.values]


@pytest.mark.parametrize(("variant_id", "key", "value"), _every_option_value())
def test_every_declared_option_value_applies_via_with_options(
    variant_id: str, key: str, value: Any
) -> None:
    changed = load_variant(variant_id).with_options({key: value})
    # As the file writes it (classic family: hand_size null is 0, "by the player count").
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
