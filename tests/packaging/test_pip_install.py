"""``pip install .`` gives a ``rummy`` command that finds its variants and assets inside the
installed package (not in the source folder).

Builds the wheel (pip fetches setuptools for the isolated build, as any ``pip install .``
does), installs it without dependencies into a folder of its own, and runs its ``rummy``
script with the current environment's dependencies, from a working directory outside the
source tree.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.timeout(600)
def test_pip_install_gives_a_rummy_command(tmp_path: Path) -> None:
    wheels, site, source = tmp_path / "wheels", tmp_path / "site", tmp_path / "source"
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):  # a copy: pip builds
        source.mkdir(exist_ok=True)                                     # in the source tree
        shutil.copy(ROOT / name, source / name)
    for folder in ("rummy", "config", "assets"):
        shutil.copytree(ROOT / folder, source / folder,
                        ignore=shutil.ignore_patterns("__pycache__", "_bundled"))
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                            "-w", str(wheels), str(source)],
                           capture_output=True, text=True, timeout=540)
    assert build.returncode == 0, build.stderr[-3000:]
    (wheel,) = wheels.glob("rummy-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        entry_points = next(n for n in names if n.endswith("entry_points.txt"))
        assert "rummy = rummy.launcher:main" in archive.read(entry_points).decode()
        metadata = next(n for n in names if n.endswith(".dist-info/METADATA"))
        required = {line.split(":", 1)[1].strip().replace(" ", "")
                    for line in archive.read(metadata).decode().splitlines()
                    if line.startswith("Requires-Dist:")}
    pinned = {line.split("#")[0].strip() for line in
              (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines()}
    # the installed game needs every pin of the game's requirements, online play's too
    assert pinned - {""} == required, (pinned, required)
    assert "rummy/_bundled/config/variants/indian_13.yaml" in names
    assert "rummy/_bundled/assets/icons/rummy.png" in names
    install = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "-q",
                              "--target", str(site), str(wheel)],
                             capture_output=True, text=True, timeout=300)
    assert install.returncode == 0, install.stderr[-3000:]
    script = site / "bin" / "rummy"
    if not script.is_file():  # Windows puts console scripts elsewhere
        pytest.skip("no bin/rummy script in this layout")
    env = dict(os.environ, PYTHONPATH=str(site))
    run = subprocess.run([sys.executable, str(script), "check", "--variant", "two_player_13",
                          "--cut", "9S", "AS", "2S", "3S", "4S", "5H", "5D", "5C", "9C",
                          "10C", "JC", "KD", "KH", "2D"],
                         capture_output=True, text=True, timeout=120, cwd=tmp_path, env=env)
    assert run.returncode == 0, run.stderr
    assert "points" in json.loads(run.stdout)
    where = subprocess.run([sys.executable, "-c",
                            "import rummy.paths, rummy.model.variant as v;"
                            " print(rummy.paths.data_root()); print(v.VARIANTS_DIR)"],
                           capture_output=True, text=True, timeout=60, cwd=tmp_path, env=env)
    root, variants = where.stdout.split()
    assert Path(root) == site / "rummy" / "_bundled"
    assert Path(variants).is_dir()
