"""The rules engine never imports pygame (DESIGN.md habit 1).

A subprocess blocks ``pygame`` with a meta path finder (pygame-ce is installed in the venv,
so without the block the import would succeed), proves the block works, then imports
``rummy.model`` and every submodule, and ``rummy.ai``, ``rummy.session``,
``rummy.simulate`` and ``rummy.cli``, which must not need pygame either.
"""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

SCRIPT = textwrap.dedent("""
    import importlib, pkgutil, sys

    class BlockPygame:
        def find_spec(self, name, path=None, target=None):
            if name == "pygame" or name.startswith("pygame."):
                raise ImportError(f"{name} is blocked: the model must not import pygame")
            return None

    sys.meta_path.insert(0, BlockPygame())
    try:
        import pygame  # noqa: F401
    except ImportError:
        pass
    else:
        raise SystemExit("the pygame block does not work")

    import rummy.model
    names = ["rummy.model"]
    for info in pkgutil.walk_packages(rummy.model.__path__, "rummy.model."):
        importlib.import_module(info.name)
        names.append(info.name)
    for name in ("rummy.ai", "rummy.session", "rummy.simulate", "rummy.cli"):
        importlib.import_module(name)
        names.append(name)
    leaked = sorted(m for m in sys.modules if m == "pygame" or m.startswith("pygame."))
    if leaked:
        raise SystemExit(f"pygame modules loaded: {leaked}")
    print("\\n".join(names))
""")


@pytest.mark.timeout(60)
def test_model_imports_without_pygame() -> None:
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 0, result.stderr + result.stdout
    imported = result.stdout.split()
    for expected in ("rummy.model.cards", "rummy.model.solver", "rummy.model.state",
                     "rummy.model.view", "rummy.model.families.declare"):
        assert expected in imported
