"""``main.py``'s bootstrap: stdlib only, it makes the ``.venv`` once per set of requirement
files, never recurses, says how to get a venv, and can be switched off.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rummy import bootstrap
from tests.cli_helpers import ROOT

# ---------------------------------------------------------------- bootstrap


def test_bootstrap_is_stdlib_only() -> None:
    import ast

    tree = ast.parse((ROOT / "rummy" / "bootstrap.py").read_text(encoding="utf-8"))
    modules = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import)
               for a in n.names}
    modules |= {n.module.split(".")[0] for n in ast.walk(tree)
                if isinstance(n, ast.ImportFrom) and n.module and not n.level}
    assert modules <= set(sys.stdlib_module_names) | {"__future__"}, modules


def test_bootstrap_stamp_follows_the_requirement_files(tmp_path: Path) -> None:
    root, venv = tmp_path / "repo", tmp_path / "repo" / ".venv"
    venv.mkdir(parents=True)
    (root / "requirements.txt").write_text("PyYAML==6.0.3\n")
    (root / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.2.0\n")
    assert not bootstrap.is_current(False, venv, root)
    bootstrap._write_stamp(True, venv, root)
    assert bootstrap.is_current(True, venv, root)
    assert bootstrap.is_current(False, venv, root)  # a dev install includes the runtime
    (root / "requirements-dev.txt").write_text("-r requirements.txt\npytest==9.3.0\n")
    assert not bootstrap.is_current(True, venv, root)
    assert bootstrap.is_current(False, venv, root)
    bootstrap._write_stamp(True, venv, root)
    (root / "requirements-service.txt").write_text("redis==8.1.0\n")  # the service's pins
    assert not bootstrap.is_current(True, venv, root)
    assert bootstrap.is_current(False, venv, root)  # the game does not need them
    (root / "requirements.txt").write_text("PyYAML==6.0.4\n")
    assert not bootstrap.is_current(False, venv, root)
    bootstrap._write_stamp(False, venv, root)
    assert bootstrap.is_current(False, venv, root)
    assert not bootstrap.is_current(True, venv, root)


def test_bootstrap_does_not_recurse(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Started again by the bootstrap but still not inside the venv: stop, never loop.
    monkeypatch.setattr(bootstrap, "VENV", tmp_path / ".venv")
    monkeypatch.delenv("RUMMY_NO_BOOTSTRAP", raising=False)
    monkeypatch.setenv("RUMMY_BOOTSTRAPPED", str(tmp_path / ".venv"))
    with pytest.raises(bootstrap.BootstrapError, match="not running in it"):
        bootstrap._ensure(False, ["main.py"])
    assert not (tmp_path / ".venv").exists()


def test_bootstrap_says_how_to_get_venv(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "ensurepip" else real(name, *a))
    with pytest.raises(bootstrap.BootstrapError, match="apt install python3-venv"):
        bootstrap._check_venv_support()


def test_bootstrap_can_be_switched_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bootstrap, "VENV", tmp_path / ".venv")
    monkeypatch.setenv("RUMMY_NO_BOOTSTRAP", "1")
    bootstrap.ensure(dev=True, argv=["main.py"])  # returns without touching anything
    assert not (tmp_path / ".venv").exists()
