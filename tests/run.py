#!/usr/bin/env python3
"""Run every check of the project: ``python3 tests/run.py [--fast] [pytest arguments]``.

Works from a fresh checkout: the first run creates ``.venv`` and installs
``requirements-dev.txt`` into it (see ``rummy/bootstrap.py``). Runs ruff on the whole
repository, mypy --strict on the game, its tests, benchmarks and tools (the files listed in
pyproject.toml), then pytest with any extra arguments. Exits non-zero if any of them fails,
including pytest finding no tests (its exit status 5).

``--fast`` is the loop while working: the same ruff and mypy, and every test but those
marked ``slow``, ``e2e``, ``packaging`` or ``network`` (pyproject.toml says what each
means). Without it everything runs, as CI does (``.ci/run``). A ``-m`` given after
``--fast`` replaces its selection (pytest keeps the last ``-m``).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FAST_FLAG = "--fast"
FAST_SELECTION = ["-m", "not slow and not e2e and not packaging and not network"]
"""What ``--fast`` leaves out: the marks of pyproject.toml's pytest section."""


def run(title: str, module_args: list[str]) -> int:
    print(f"==> {title}: python -m {' '.join(module_args)}", flush=True)
    code = subprocess.call([sys.executable, "-m", *module_args], cwd=ROOT)
    if code != 0:
        print(f"==> {title} FAILED (exit {code})", flush=True)
    return code


def pytest_arguments(args: list[str]) -> list[str]:
    """pytest's arguments for ``tests/run.py args``: ``--fast`` becomes its selection.

    >>> pytest_arguments(["--fast", "-k", "toss"])
    ['-m', 'not slow and not e2e and not packaging and not network', '-k', 'toss']
    >>> pytest_arguments(["-x"])
    ['-x']
    """
    if FAST_FLAG not in args:
        return list(args)
    return FAST_SELECTION + [a for a in args if a != FAST_FLAG]


def main(args: list[str]) -> int:
    pytest_args = pytest_arguments(args)
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
