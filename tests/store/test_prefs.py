"""The Settings screen's preferences: typed, checked, kept in the existing settings file."""

from __future__ import annotations

from pathlib import Path

import pytest

from rummy.store.prefs import CARD_BACKS, Preferences, load_preferences, save_preferences
from rummy.ui.settings import Settings


def test_defaults() -> None:
    prefs, problems = Preferences.from_data({})
    assert prefs == Preferences() and problems == []
    assert prefs.card_back in CARD_BACKS and prefs.sort_by == "suit"
    assert prefs.confirm_declare and prefs.confirm_drop and not prefs.four_colour


def test_each_bad_value_falls_back_alone() -> None:
    prefs, problems = Preferences.from_data({
        "volume": 1.5, "animation_speed": 3, "muted": "yes", "card_back": "purple",
        "four_colour": True, "sort_by": "rank", "confirm_drop": False, "fullscreen": 1})
    assert prefs == Preferences(four_colour=True, sort_by="rank", confirm_drop=False)
    assert [p.split(":")[0] for p in problems] == [
        "animation_speed", "volume", "muted", "card_back", "fullscreen"]


def test_replace_checks_the_value() -> None:
    prefs = Preferences().replace(volume=0, animation_speed=2)
    assert prefs.volume == 0.0 and isinstance(prefs.volume, float)
    assert prefs.animation_speed == 2.0
    with pytest.raises(ValueError, match="volume"):
        prefs.replace(volume=-0.1)
    with pytest.raises(ValueError, match="no preference"):
        prefs.replace(colour="red")


def test_kept_in_the_settings_file_beside_the_menus_choices(tmp_path: Path) -> None:
    settings = Settings(tmp_path)
    settings.set("variant", "two_player_13")
    save_preferences(settings, Preferences(volume=0.25, card_back="blue", muted=True))
    again = Settings(tmp_path)
    prefs, problems = load_preferences(again)
    assert problems == [] and prefs.volume == 0.25 and prefs.card_back == "blue"
    assert again.get("muted") is True  # the key the app's M toggle already uses
    assert again.get("variant") == "two_player_13"


def test_a_damaged_settings_file_is_set_aside_and_gives_defaults(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text('{"volume": 0.3,')
    settings = Settings(tmp_path)
    assert "damaged" in settings.message
    assert (tmp_path / "settings.json.bad").read_text() == '{"volume": 0.3,'
    assert load_preferences(settings) == (Preferences(), [])
