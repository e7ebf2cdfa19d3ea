"""Running the command line for its tests: in-process with its output read back as JSON or
as a usage error, or in a subprocess.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import rummy.cli as cli

ROOT = Path(__file__).resolve().parents[1]


def words(text: str) -> list[str]:
    return text.split()


EXAMPLE = words("KC QC JC 2D 3D 4D JK 6H 6D 6C 10S 8H 3S")


SUMMARY_KEYS = {"games", "completed", "errors", "wins", "wins_by_bot", "avg_turns",
                "games_per_second"}


def run_cli(*args: str, timeout: float = 60, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=timeout, check=False,
                          env={**os.environ, **env})


def main_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    assert cli.main(list(args)) == 0
    out = capsys.readouterr().out.strip().splitlines()
    return json.loads(out[-1])


def usage_error(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    """Run a command that must fail with status 2; its stderr, which is one line."""
    with pytest.raises(SystemExit) as done:
        cli.main(list(args))
    assert done.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1, captured.err
    return lines[0]
