"""Make the game runnable from a fresh checkout with nothing but Python 3.10+.

``main.py`` and ``tests/run.py`` call :func:`ensure` before importing anything that is
not in the standard library. It creates ``.venv`` in the repository when it is missing,
installs the pinned requirements into it when they changed since the last install (a hash
of the requirement files is kept inside the venv), and then re-runs the calling script
with the venv's Python.

This module imports only the standard library, and the scripts load it by file path, so
it works before anything is installed. Set ``RUMMY_NO_BOOTSTRAP=1`` to skip it and use
the current interpreter as it is (for packagers and for people who manage their own
environment).
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
VENV = ROOT / ".venv"
STAMP_NAME = "rummy-requirements.json"
RUNTIME_REQUIREMENTS = ("requirements.txt",)
DEV_REQUIREMENTS = ("requirements.txt", "requirements-service.txt", "requirements-dev.txt")
"""The tests' environment: the game's, the service's (requirements-dev.txt includes it:
the tests run a service on Redis and PostgreSQL), and the tools'; the last is installed."""
# Set in the re-executed process: if we get here again outside the venv, something is
# wrong with the venv, and starting it again would loop forever.
_REEXEC_MARK = "RUMMY_BOOTSTRAPPED"
MIN_PYTHON = (3, 10)


class BootstrapError(RuntimeError):
    """The environment could not be prepared; ``str()`` says what to do."""


def say(message: str) -> None:
    print(f"[bootstrap] {message}", file=sys.stderr, flush=True)


def venv_python(venv: Path = VENV) -> Path:
    if os.name == "nt":
        return venv / "Scripts" / "python.exe"
    return venv / "bin" / "python"


def requirements_hash(names: tuple[str, ...], root: Path = ROOT) -> str:
    """A hash of the requirement files' contents (a missing file hashes as empty)."""
    digest = hashlib.sha256()
    for name in names:
        path = root / name
        digest.update(name.encode() + b"\0")
        digest.update(path.read_bytes() if path.exists() else b"")
        digest.update(b"\0")
    return digest.hexdigest()


def _read_stamp(venv: Path) -> dict[str, str]:
    try:
        data = json.loads((venv / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def is_current(dev: bool, venv: Path = VENV, root: Path = ROOT) -> bool:
    """True when the venv has the requirements installed exactly as the files say now."""
    stamp = _read_stamp(venv)
    wanted = requirements_hash(DEV_REQUIREMENTS if dev else RUNTIME_REQUIREMENTS, root)
    # A dev install includes the runtime requirements, so either stamp satisfies runtime.
    return stamp.get("dev" if dev else "runtime") == wanted


def _write_stamp(dev: bool, venv: Path, root: Path) -> None:
    stamp = _read_stamp(venv)
    stamp["runtime"] = requirements_hash(RUNTIME_REQUIREMENTS, root)
    if dev:
        stamp["dev"] = requirements_hash(DEV_REQUIREMENTS, root)
    else:
        stamp.pop("dev", None)  # the dev tools may now be older than the files say
    (venv / STAMP_NAME).write_text(json.dumps(stamp, indent=1) + "\n", encoding="utf-8")


def running_in(venv: Path = VENV) -> bool:
    try:
        return Path(sys.prefix).resolve() == venv.resolve()
    except OSError:
        return False


def _check_venv_support() -> None:
    missing = [m for m in ("venv", "ensurepip") if importlib.util.find_spec(m) is None]
    if missing:
        minor = f"{sys.version_info[0]}.{sys.version_info[1]}"
        raise BootstrapError(
            f"this Python ({sys.executable}) has no {' or '.join(missing)} module, which is"
            " needed to create the game's private environment (.venv).\n"
            f"  On Debian/Ubuntu: sudo apt install python3-venv (or python{minor}-venv)\n"
            "  Elsewhere: install Python 3.10+ from python.org, which includes it."
        )


def create_venv(venv: Path = VENV) -> None:
    _check_venv_support()
    import venv as venv_module

    if venv.exists():
        say(f"{venv} is broken (no working Python inside); creating it again")
        shutil.rmtree(venv)
    say(f"creating a virtual environment in {venv} (once; takes a few seconds)")
    try:
        venv_module.create(venv, with_pip=True)
    except (subprocess.CalledProcessError, OSError) as exc:
        shutil.rmtree(venv, ignore_errors=True)
        raise BootstrapError(
            f"could not create {venv}: {exc}\n"
            "  On Debian/Ubuntu: sudo apt install python3-venv"
        ) from exc


def install_requirements(python: Path, dev: bool, venv: Path = VENV, root: Path = ROOT) -> None:
    name = (DEV_REQUIREMENTS if dev else RUNTIME_REQUIREMENTS)[-1]
    say(f"installing {name} into {venv} (pip output follows, on stderr)")
    command = [str(python), "-m", "pip", "install", "--disable-pip-version-check",
               "-r", str(root / name)]
    sys.stderr.flush()
    # pip's output goes to stderr: stdout stays clean for commands that print JSON.
    result = subprocess.run(command, cwd=root, check=False, stdout=sys.stderr)
    if result.returncode != 0:
        raise BootstrapError(
            f"pip could not install {name} (exit {result.returncode}); see its output above."
            " Check the network connection, then run the same command again."
        )
    _write_stamp(dev, venv, root)
    say("requirements installed")


def ensure(dev: bool = False, argv: list[str] | None = None) -> None:
    """Return when the current process runs in an up-to-date ``.venv``; else make it so.

    Outside the venv this does not return: it runs the script again with the venv's
    Python (``os.execv``) after creating and filling the venv as needed. ``dev`` also
    installs ``requirements-dev.txt`` (tests, linters). On failure it prints a message
    and exits with status 1.
    """
    try:
        _ensure(dev, sys.argv if argv is None else argv)
    except BootstrapError as exc:
        print(f"[bootstrap] error: {exc}", file=sys.stderr, flush=True)
        raise SystemExit(1) from None


def _ensure(dev: bool, argv: list[str]) -> None:
    if sys.version_info < MIN_PYTHON:
        raise BootstrapError(
            f"Rummy needs Python {MIN_PYTHON[0]}.{MIN_PYTHON[1]} or newer;"
            f" this is {sys.version.split()[0]} ({sys.executable})"
        )
    if os.environ.get("RUMMY_NO_BOOTSTRAP"):
        return
    if running_in(VENV):
        os.environ.pop(_REEXEC_MARK, None)  # programs this one starts get a fresh check
        if not is_current(dev):
            install_requirements(Path(sys.executable), dev)
        return
    if os.environ.get(_REEXEC_MARK) == str(VENV):
        raise BootstrapError(
            f"started again with {VENV}'s Python, but the process is not running in it"
            f" (sys.prefix is {sys.prefix}). Delete {VENV} and try again."
        )
    python = venv_python(VENV)
    if not _works(python):
        create_venv(VENV)
    if not is_current(dev):
        install_requirements(python, dev)
    os.environ[_REEXEC_MARK] = str(VENV)
    command = [str(python), *argv]
    sys.stdout.flush()
    sys.stderr.flush()
    if os.name == "nt":  # execv on Windows does not replace the process; wait instead
        raise SystemExit(subprocess.call(command))
    os.execv(str(python), command)


def _works(python: Path) -> bool:
    if not python.exists():
        return False
    try:
        result = subprocess.run([str(python), "-c", "import sys"], capture_output=True,
                                timeout=60, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return result.returncode == 0

