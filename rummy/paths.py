"""Where the game's own files (``config/variants/``, ``assets/``) are, however it was started.

- from the source folder (``python3 main.py``): beside the ``rummy`` package;
- from the app built by ``tools/build_app.py`` (PyInstaller): inside the bundle, at
  ``sys._MEIPASS``;
- after ``pip install .``: inside the installed package, ``rummy/_bundled/`` (``setup.py``
  copies them there when the wheel is built).

The player's own files (settings, saves, statistics) never go here: they live in the
platform's folders (platformdirs), since an installed game's folder is often read-only.
Standard library only: the rules engine uses it and must not import pygame.
"""

from __future__ import annotations

import sys
from pathlib import Path

MARKER = Path("config") / "variants"
BUNDLED = "_bundled"
"""The folder inside the installed package that holds ``config/`` and ``assets/``."""


def candidates() -> list[Path]:
    """The folders that may hold ``config/`` and ``assets/``, in the order they are tried."""
    here = Path(__file__).resolve().parent
    found = [here / BUNDLED, here.parent]
    bundle = getattr(sys, "_MEIPASS", None)
    if isinstance(bundle, str):
        found.insert(0, Path(bundle))
    return found


def data_root() -> Path:
    """The first candidate that holds ``config/variants``; the source folder when none does
    (so a message about a missing file names the place a checkout has it)."""
    for folder in candidates():
        if (folder / MARKER).is_dir():
            return folder
    return Path(__file__).resolve().parents[1]
