#!/usr/bin/env python3
"""Build the game as a one-folder app that runs without Python: ``python tools/build_app.py``.

PyInstaller (a development requirement) collects the interpreter, pygame-ce, PyYAML,
platformdirs and the ``rummy`` package into ``dist/Rummy/``, with ``config/variants/`` and
``assets/`` inside it (``rummy.paths`` finds them there through ``sys._MEIPASS``). Start
``dist/Rummy/Rummy`` (``Rummy.exe`` on Windows; on macOS ``dist/Rummy.app`` as well).
Settings, saves and statistics stay in the platform's folders, not in the app's.

Build on the system you build for: PyInstaller does not cross-compile. Prints the time the
build took and the app's size.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "Rummy"
DATA = ("config/variants", "assets")


def pyinstaller_args(dist: Path, work: Path, console: bool) -> list[str]:
    args = [str(ROOT / "packaging" / "rummy_app.py"), "--name", NAME, "--onedir",
            "--noconfirm", "--clean", "--distpath", str(dist), "--workpath", str(work),
            "--specpath", str(work), "--paths", str(ROOT),
            # imported inside functions (the launcher, the menus), so found by name
            "--collect-submodules", "rummy", "--log-level", "WARN",
            # a server of several processes (requirements-service.txt) is never run from
            # the app: its clients stay out of it even when the venv has them
            "--exclude-module", "redis", "--exclude-module", "psycopg",
            "--exclude-module", "psycopg_binary"]
    for folder in DATA:
        args += ["--add-data", f"{ROOT / folder}{os.pathsep}{folder}"]
    if not console and sys.platform in ("win32", "darwin"):
        args.append("--windowed")  # no console window; an .app bundle on macOS
    return args


def folder_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dist", type=Path, default=ROOT / "dist",
                        help="where the app goes (default: dist/)")
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "pyinstaller",
                        help="PyInstaller's scratch folder (default: build/pyinstaller)")
    parser.add_argument("--console", action="store_true",
                        help="keep a console window on Windows and macOS (to see messages)")
    args = parser.parse_args(argv)
    if importlib.util.find_spec("PyInstaller") is None:
        print("build_app.py: PyInstaller is not installed; it is in requirements-dev.txt"
              " (pip install -r requirements-dev.txt)", file=sys.stderr)
        return 2
    target = args.dist / NAME
    if target.exists():
        shutil.rmtree(target)
    started = time.perf_counter()
    code = subprocess.call([sys.executable, "-m", "PyInstaller",
                            *pyinstaller_args(args.dist, args.work, args.console)], cwd=ROOT)
    seconds = time.perf_counter() - started
    if code != 0:
        print(f"build_app.py: PyInstaller failed (exit {code})", file=sys.stderr)
        return 1
    program = target / (NAME + (".exe" if sys.platform == "win32" else ""))
    print(f"built {program} in {seconds:.0f} s ({folder_size(target) / 1e6:.0f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
