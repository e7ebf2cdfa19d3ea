"""The app without Python: ``tools/build_app.py`` builds ``Rummy/`` with PyInstaller, and the
built program plays a demo deal to the end in a real X server (Xvfb) and exits 0.

Skipped when PyInstaller is not installed (it is in requirements-dev.txt). Without
``xvfb-run`` the program runs with SDL's dummy video driver instead (no window, the same
game). The build takes about 35 s on the project's machine.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.packaging,
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed (pip install -r requirements-dev.txt)"),
]


def listing(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*")}


@pytest.mark.timeout(900)
def test_the_built_app_plays_a_demo_deal(tmp_path: Path) -> None:
    dist, work, home = tmp_path / "dist", tmp_path / "work", tmp_path / "home"
    home.mkdir()
    build = subprocess.run([sys.executable, str(ROOT / "tools" / "build_app.py"),
                            "--dist", str(dist), "--work", str(work)],
                           capture_output=True, text=True, timeout=840, cwd=ROOT)
    assert build.returncode == 0, build.stdout[-2000:] + build.stderr[-4000:]
    app = dist / "Rummy"
    program = app / ("Rummy.exe" if sys.platform == "win32" else "Rummy")
    assert program.is_file()
    before = listing(app)

    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "SDL_VIDEODRIVER")}
    events = home / "events.jsonl"
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"),
               XDG_DATA_HOME=str(home / "data"), SDL_AUDIODRIVER="dummy",
               RUMMY_EVENT_LOG=str(events), RUMMY_REPORT_STARTUP="1",
               PATH="/usr/bin:/bin")  # no Python of ours on the way
    command = [str(program), "--demo", "--deals", "1", "--quit-when-done", "--speed", "8",
               "--seed", "3"]
    if shutil.which("xvfb-run") and sys.platform.startswith("linux"):
        command = ["xvfb-run", "-a", *command]
    else:
        env["SDL_VIDEODRIVER"] = "dummy"
    run = subprocess.run(command, capture_output=True, text=True, timeout=300, cwd=home,
                         env=env)
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert "RUMMY_STARTUP_READY" in run.stdout, "the window never drew its first frame"
    kinds = [json.loads(line)["event"] for line in events.read_text().splitlines()]
    assert "card_discarded" in kinds and "deal_scored" in kinds, kinds[-5:]
    assert listing(app) == before, "the app wrote into its own folder"
