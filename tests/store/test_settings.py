"""The player's settings (rummy.store.settings): one typed model of settings.json, each
value checked alone, kept at once, readable from the files older versions wrote."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rummy.store.settings import CARD_BACKS, Settings

OLD_FILE: dict[str, Any] = {
    "card_back": "blue", "confirm_declare": True, "confirm_drop": False,
    "fullscreen": False, "muted": True, "online_address": "192.168.1.20:8765",
    "online_clock": {"dummy_rummy": 90}, "online_hand": {
        "code": "ABCDE", "deal": 2, "groups": [["KD"], ["3S", "2S", "AS"]]},
    "online_host": {"open_to": "local", "port": 0, "public": True, "variant": "indian_13"},
    "online_name": "Asha", "online_options": {"indian_13": {"turn_timer": 45}},
    "online_seat": {"bind": None, "code": "FFDYD", "name": "Asha", "port": None,
                    "token": "t" * 24, "url": "ws://127.0.0.1:8765"},
    "opponents": ["hard", "easy"], "options": {"super_rummy": {"hand_size": 12}},
    "players": {"super_rummy": 6}, "sort_by": "rank", "variant": "super_rummy",
    "volume": 0.3}
"""A settings.json as the game wrote it before the settings were one model (every key)."""


def test_defaults() -> None:
    settings = Settings.from_data({})
    assert settings == Settings() and settings.problems == []
    assert settings.card_back in CARD_BACKS and settings.sort_by == "suit"
    assert settings.confirm_declare and settings.confirm_drop and not settings.four_colour
    assert settings.variant is None and settings.online_seat is None
    assert settings.online_name == "Player" and settings.players == {}


def test_an_old_file_loads_every_key_and_saves_it_back_the_same(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps(OLD_FILE), encoding="utf-8")
    settings = Settings.load(tmp_path)
    assert settings.problems == [] and settings.message == ""
    assert (settings.variant, settings.players, settings.opponents) == (
        "super_rummy", {"super_rummy": 6}, ["hard", "easy"])
    assert settings.options == {"super_rummy": {"hand_size": 12}}
    assert (settings.volume, settings.muted, settings.card_back, settings.sort_by) == (
        0.3, True, "blue", "rank")
    assert settings.online_seat == OLD_FILE["online_seat"]
    assert settings.online_host == OLD_FILE["online_host"]
    assert settings.online_hand == OLD_FILE["online_hand"]
    assert (settings.online_name, settings.online_address, settings.online_clock) == (
        "Asha", "192.168.1.20:8765", {"dummy_rummy": 90})
    settings.online_name = "Asha"  # any change writes the file again
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == OLD_FILE


def test_each_bad_value_falls_back_alone() -> None:
    settings = Settings.from_data({
        "volume": 1.5, "animation_speed": 3, "muted": "yes", "card_back": "purple",
        "four_colour": True, "sort_by": "rank", "confirm_drop": False, "fullscreen": 1})
    assert settings == Settings(four_colour=True, sort_by="rank", confirm_drop=False)
    assert [p.split(":")[0] for p in settings.problems] == [
        "animation_speed", "volume", "muted", "card_back", "fullscreen"]


def test_a_wrong_typed_value_in_the_file_falls_back_for_that_key_only(
        tmp_path: Path) -> None:
    wrong = {**OLD_FILE, "variant": 13, "players": ["super_rummy"], "online_name": None,
             "online_seat": {**OLD_FILE["online_seat"], "token": 42},
             "online_host": {**OLD_FILE["online_host"], "public": "yes"}}
    (tmp_path / "settings.json").write_text(json.dumps(wrong), encoding="utf-8")
    settings = Settings.load(tmp_path)
    assert [p.split(":")[0] for p in settings.problems] == [
        "variant", "players", "online_name", "online_seat"]
    assert (settings.variant, settings.players, settings.online_name) == (None, {}, "Player")
    assert settings.online_seat is None  # a seat without its token cannot be taken back
    assert settings.online_host == {"open_to": "local", "port": 0, "variant": "indian_13"}
    assert settings.opponents == ["hard", "easy"] and settings.volume == 0.3  # the others
    assert (tmp_path / "settings.json").exists() and settings.message == ""


def test_entries_of_the_wrong_type_inside_a_table_are_dropped_alone() -> None:
    settings = Settings.from_data({
        "players": {"indian_13": 4, "super_rummy": "six", "classic": True},
        "opponents": ["hard", 3, "easy"], "online_options": {"indian_13": {}, "x": 1}})
    assert settings.problems == []
    assert settings.players == {"indian_13": 4}
    assert settings.opponents == ["hard", "easy"]
    assert settings.online_options == {"indian_13": {}}


def test_an_assigned_value_is_checked_as_one_read() -> None:
    settings = Settings()
    settings.volume, settings.animation_speed = 0, 2
    assert settings.volume == 0.0 and isinstance(settings.volume, float)
    assert settings.animation_speed == 2.0
    settings.volume = -0.1
    assert settings.volume == 0.6 and settings.problems == [
        "volume: -0.1 is not between 0 and 1; using 0.6"]
    with pytest.raises(AttributeError, match="no setting"):
        settings.colour = "red"


def test_kept_at_once_with_the_menus_choices(tmp_path: Path) -> None:
    settings = Settings.load(tmp_path)
    settings.variant = "two_player_13"
    settings.volume, settings.card_back, settings.muted = 0.25, "blue", True
    again = Settings.load(tmp_path)
    assert again.problems == [] and again.volume == 0.25 and again.card_back == "blue"
    assert again.muted is True and again.variant == "two_player_13"
    # only what was set is written: an untouched setting follows the game's default
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {
        "card_back": "blue", "muted": True, "variant": "two_player_13", "volume": 0.25}


def test_unknown_keys_are_kept(tmp_path: Path) -> None:
    """A newer version's setting survives a start of this one."""
    (tmp_path / "settings.json").write_text('{"table_felt": "blue", "muted": true}',
                                            encoding="utf-8")
    settings = Settings.load(tmp_path)
    settings.muted = False
    assert json.loads((tmp_path / "settings.json").read_text(encoding="utf-8")) == {
        "table_felt": "blue", "muted": False}


def test_a_damaged_settings_file_is_set_aside_and_gives_defaults(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"volume": 0.3,')
    settings = Settings.load(tmp_path)
    assert "damaged" in settings.message
    assert (tmp_path / "settings.json.bad").read_text() == '{"volume": 0.3,'
    assert settings == Settings() and settings.problems == []


def test_a_file_that_cannot_be_written_is_said_and_the_game_goes_on(tmp_path: Path) -> None:
    (tmp_path / "settings").write_text("a file where the folder should be")
    settings = Settings.load(tmp_path / "settings")
    settings.muted = True
    assert settings.muted is True and settings.message.startswith("Could not save settings")
