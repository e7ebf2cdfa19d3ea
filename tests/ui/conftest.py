"""The window every table and menu test drives: silent, with its own settings folder, its
screens registered by name, and the bots' thinking done inside the frame (so what a test
sees never depends on how fast a worker thread runs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.ui.app import App
from rummy.ui.launch import register_scenes


@pytest.fixture(autouse=True)
def own_data_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Each test its own folder for saves, statistics and replays: a game another test
    saved would otherwise make New game ask before replacing it (a test's own fixture
    may point the folder elsewhere after this)."""
    folder = tmp_path / "data"
    monkeypatch.setenv("RUMMY_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
    yield application
    application.close()
