"""The window every table and menu test drives: silent, with its own settings folder, its
screens registered by name, and the bots' thinking done inside the frame (so what a test
sees never depends on how fast a worker thread runs)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.ui.app import App
from rummy.ui.launch import register_scenes


@pytest.fixture
def app(tmp_path: Path) -> Iterator[App]:
    application = register_scenes(
        App(audio=False, settings_dir=tmp_path / "settings", inline_work=True))
    yield application
    application.close()
