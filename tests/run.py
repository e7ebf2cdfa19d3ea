#!/usr/bin/env python3
"""Run every check of the project: ``python3 tests/run.py [pytest arguments]``.

Works from a fresh checkout: the first run creates ``.venv`` and installs
``requirements-dev.txt`` into it (see ``rummy/bootstrap.py``). Runs ruff on the whole
repository, mypy --strict on the game, its tests, benchmarks and tools (the files listed in
pyproject.toml), then pytest with any extra arguments. Exits non-zero if any of them fails,
including pytest finding no tests (its exit status 5).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(title: str, module_args: list[str]) -> int:
    print(f"==> {title}: python -m {' '.join(module_args)}", flush=True)
    code = subprocess.call([sys.executable, "-m", *module_args], cwd=ROOT)
    if code != 0:
        print(f"==> {title} FAILED (exit {code})", flush=True)
    return code


def main(pytest_args: list[str]) -> int:
    failed: list[str] = []
    if run("ruff", ["ruff", "check", "."]) != 0:
        failed.append("ruff")
    if run("mypy", ["mypy"]) != 0:
        failed.append("mypy")
    # pytest last, so that its summary is the closing line of the run.
    if run("pytest", ["pytest", *pytest_args]) != 0:
        failed.append("pytest")
    if failed:
        print(f"tests/run.py: FAILED: {', '.join(failed)}", file=sys.stderr, flush=True)
        return 1
    return 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    from main import load_bootstrap  # the game's launcher: only the standard library

    load_bootstrap().ensure(dev=True)
    sys.exit(main(sys.argv[1:]))
