#!/usr/bin/env python3
"""Start Rummy: ``python3 main.py``.

Works from a fresh checkout: the first run creates ``.venv`` beside this file and installs
the requirements into it (see ``rummy/bootstrap.py``). Without arguments, or with options
only, it opens the desktop game (``python3 main.py --demo --deals 2 --quit-when-done``;
``--help`` lists them). A subcommand goes to the command line, ``python -m rummy``
(for example ``python3 main.py simulate --games 10``, ``python3 main.py check --help``).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType


def load_bootstrap() -> ModuleType:
    """``rummy/bootstrap.py``, loaded by its file path, so that nothing in the rummy package
    runs before the virtual environment is ready (``tests/run.py`` loads it through here)."""
    path = Path(__file__).resolve().parent / "rummy" / "bootstrap.py"
    spec = importlib.util.spec_from_file_location("rummy_bootstrap", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}: is this a complete checkout?")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


if __name__ == "__main__":
    load_bootstrap().ensure(dev=False)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    args = sys.argv[1:]
    if args and not args[0].startswith("-"):
        from rummy.cli import main

        sys.exit(main(args))
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on our stdout
    from rummy.ui.launch import launch

    sys.exit(launch(args))
