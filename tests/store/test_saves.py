"""The autosave: round trips, and every kind of unusable save set aside with a message."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from rummy.model.variant import VARIANTS_DIR
from rummy.session import Session
from rummy.store import files
from rummy.store.saves import SAVE_FORMAT, SaveError, SaveSlot
from tests.store.helpers import digest, play


def set_aside_files(folder: Path) -> list[Path]:
    return sorted(folder.glob("save.json.bad-*"))


def test_no_save_is_none(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    assert not slot.exists()
    assert slot.load() is None


def test_a_deal_round_trips_with_its_hand_and_table(tmp_path: Path) -> None:
    game = play(Session.lone_deal("indian_13", players=3, seed=11), steps=9)
    slot = SaveSlot(tmp_path)
    hand = [["AS", "2S", "3S"], ["JK", "10H@1"]]
    slot.write(game, hand=hand, table={"opponents": ["easy", "hard"], "human_seat": 0})
    saved = slot.load()
    assert saved is not None and saved.game.lone
    assert saved.game.state == game.state and saved.game.actions == game.actions
    assert saved.hand == hand
    assert saved.table == {"opponents": ["easy", "hard"], "human_seat": 0}
    assert saved.saved_at


def test_a_match_round_trips_across_deals(tmp_path: Path) -> None:
    game = Session.new("indian_13", players=2, seed=4, options={"match_format": "deals_2"})
    play(game, steps=400)
    assert len(game.deals) >= 2 or game.match.over  # the save spans a finished deal
    slot = SaveSlot(tmp_path)
    slot.write(game)
    saved = slot.load()
    assert saved is not None and not saved.game.lone
    assert digest(saved.game) == digest(game)


def test_discard_removes_the_save(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(Session.lone_deal("indian_13", players=2, seed=1))
    slot.discard()
    assert not slot.exists() and slot.load() is None


def refused(slot: SaveSlot, *words: str) -> SaveError:
    original = slot.path.read_bytes()
    with pytest.raises(SaveError) as info:
        slot.load()
    message = str(info.value)
    for word in words:
        assert word in message, message
    assert not slot.path.exists(), "the unusable save stays in the way"
    assert info.value.set_aside is not None
    assert info.value.set_aside.read_bytes() == original, "set aside must keep every byte"
    assert str(info.value.set_aside) in message
    assert slot.load() is None  # and the game starts normally
    return info.value


def test_a_truncated_save_is_set_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(play(Session.lone_deal("indian_13", players=2, seed=3), steps=5))
    slot.path.write_bytes(slot.path.read_bytes()[:70])
    refused(slot, "damaged or cut short")
    assert len(set_aside_files(tmp_path)) == 1


@pytest.mark.parametrize("content", [b"", b"\xff\xfe\x00garbage", b"[1, 2]", b"null",
                                     b'{"format": "something else"}'])
def test_garbage_is_set_aside(tmp_path: Path, content: bytes) -> None:
    slot = SaveSlot(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    slot.path.write_bytes(content)
    refused(slot, "could not be continued")


def test_an_old_version_save_is_set_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(Session.lone_deal("indian_13", players=2, seed=3))
    data = json.loads(slot.path.read_text())
    data["format"] = "rummy-save/0"
    slot.path.write_text(json.dumps(data))
    refused(slot, "older version")


def test_a_newer_version_save_is_set_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(Session.lone_deal("indian_13", players=2, seed=3))
    data = json.loads(slot.path.read_text())
    data["format"] = "rummy-save/99"
    slot.path.write_text(json.dumps(data))
    refused(slot, "newer version")


def test_a_game_record_in_place_of_a_save_says_which_format_it_has(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    tmp_path.mkdir(exist_ok=True)
    record = Session.lone_deal("indian_13", players=2, seed=3).to_record()
    slot.path.write_text(json.dumps(record))
    refused(slot, "its format is 'rummy-game/2'; a saved game's is 'rummy-save/1'")


def test_a_save_with_an_unreadable_move_names_it(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(play(Session.lone_deal("indian_13", players=2, seed=3), steps=2))
    data = json.loads(slot.path.read_text())
    data["game"]["deals"][0][1] = {"type": "bogus"}
    slot.path.write_text(json.dumps(data))
    refused(slot, "action 2 cannot be read")


def test_a_save_whose_variant_file_changed_is_set_aside(tmp_path: Path) -> None:
    variant = tmp_path / "variants" / "indian_13.yaml"
    variant.parent.mkdir()
    shutil.copy(VARIANTS_DIR / "indian_13.yaml", variant)
    slot = SaveSlot(tmp_path / "data")
    slot.write(play(Session.lone_deal(str(variant), players=2, seed=8), steps=4))
    assert slot.load() is not None  # unchanged: loads
    text = variant.read_text()
    assert "first_drop_penalty: 20 " in text
    variant.write_text(text.replace("first_drop_penalty: 20 ", "first_drop_penalty: 25 "))
    refused(slot, "has changed")


def test_a_save_whose_variant_file_is_gone_is_set_aside(tmp_path: Path) -> None:
    variant = tmp_path / "indian_13.yaml"
    shutil.copy(VARIANTS_DIR / "indian_13.yaml", variant)
    slot = SaveSlot(tmp_path / "data")
    slot.write(Session.lone_deal(str(variant), players=2, seed=8))
    variant.unlink()
    refused(slot, "cannot be found")


def test_a_save_whose_moves_do_not_replay_is_set_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(play(Session.lone_deal("indian_13", players=2, seed=3), steps=6))
    data = json.loads(slot.path.read_text())
    deal = data["game"]["deals"][0]
    deal[1] = deal[0]  # the same draw twice
    slot.path.write_text(json.dumps(data))
    refused(slot, "do not replay")


def test_a_save_with_an_unreadable_hand_is_set_aside(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    slot.write(Session.lone_deal("indian_13", players=2, seed=3))
    data = json.loads(slot.path.read_text())
    data["hand"] = [["AS", 3]]
    slot.path.write_text(json.dumps(data))
    refused(slot, "hand")


def test_two_bad_saves_in_a_row_are_both_kept(tmp_path: Path) -> None:
    slot = SaveSlot(tmp_path)
    for _ in range(2):
        tmp_path.joinpath("save.json").write_text("{")
        with pytest.raises(SaveError):
            slot.load()
    assert len(set_aside_files(tmp_path)) == 2


def test_a_failed_write_leaves_the_previous_save(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    slot = SaveSlot(tmp_path)
    first = Session.lone_deal("indian_13", players=2, seed=3)
    slot.write(first)
    before = slot.path.read_bytes()

    def no_space(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", no_space)  # the os module rummy.store.files writes with
    with pytest.raises(OSError):
        slot.write(play(Session.lone_deal("indian_13", players=2, seed=3), steps=3))
    monkeypatch.undo()
    assert slot.path.read_bytes() == before
    assert files.leftover_temps(tmp_path, "save.json") == []
    saved = slot.load()
    assert saved is not None and saved.game.state == first.state


def test_the_write_is_a_rename_of_a_synced_file(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The order that makes a crash safe: data fsynced before the rename, folder after."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        calls.append("fsync-dir" if os.path.isdir(f"/proc/self/fd/{fd}") else "fsync-file")
        real_fsync(fd)

    def replace(src: str | os.PathLike[str], dst: str | os.PathLike[str]) -> None:
        assert Path(src).parent == Path(dst).parent, "the temporary file must be beside it"
        calls.append("replace")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)  # the os module rummy.store.files writes with
    monkeypatch.setattr(os, "replace", replace)
    SaveSlot(tmp_path).write(Session.lone_deal("indian_13", players=2, seed=3))
    if os.name == "posix" and Path("/proc/self/fd").is_dir():
        assert calls == ["fsync-file", "replace", "fsync-dir"]
    else:
        assert calls[:2] == ["fsync-file", "replace"]


def test_a_killed_writers_temporary_file_is_swept(tmp_path: Path) -> None:
    leftover = tmp_path / ".save.json.abc123.tmp"
    leftover.write_text('{"format": "rummy-save/1", "ga')
    slot = SaveSlot(tmp_path)
    slot.write(Session.lone_deal("indian_13", players=2, seed=3))
    assert not leftover.exists()
    assert json.loads(slot.path.read_text())["format"] == SAVE_FORMAT
