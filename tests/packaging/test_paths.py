"""rummy.paths finds config/ and assets/ in the built app's bundle, the installed package or
the source folder, in that order; the launcher sends subcommands to the command line."""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

import pytest

import rummy.paths as paths
from rummy.launcher import main

ROOT = Path(__file__).resolve().parents[2]


def test_from_the_source_folder() -> None:
    assert paths.data_root() == ROOT


def test_a_bundle_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "config" / "variants").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.candidates()[0] == tmp_path
    assert paths.data_root() == tmp_path


def test_a_bundle_without_the_files_is_passed_over(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path), raising=False)
    assert paths.data_root() == ROOT


def test_the_installed_package_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site" / "rummy"
    package.mkdir(parents=True)
    shutil.copy(Path(paths.__file__), package / "paths.py")
    (package / "_bundled" / "config" / "variants").mkdir(parents=True)
    monkeypatch.setattr(paths, "__file__", str(package / "paths.py"))
    assert paths.data_root() == package / "_bundled"


def test_the_launcher_runs_a_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--group", "--cut", "KD", "2S", "KS", "4S", "5S"]) == 0
    assert json.loads(capsys.readouterr().out) == {"kind": "impure_sequence"}
