"""Where the game keeps what it remembers, and how a file is written so a crash loses nothing.

- :func:`data_dir`: the platform's data folder for "rummy" (platformdirs), or
  ``$RUMMY_DATA_DIR`` when set (tests, and a portable copy of the game);
- :func:`write_atomic`: a temporary file in the same folder, flushed and fsynced, then
  ``os.replace`` over the old file and the folder fsynced, so a reader (or the next start
  after a power cut or ``kill -9``) finds either the old file or the new one, never half;
- :func:`set_aside`: a file that cannot be used is renamed beside itself, never deleted, so
  nothing the player had is lost and the game starts normally.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> write_atomic(folder / "a.json", "{}")
>>> (folder / "a.json").read_text()
'{}'
>>> set_aside(folder / "a.json").name.startswith("a.json.bad-")
True
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path

DATA_DIR_ENV = "RUMMY_DATA_DIR"


def data_dir() -> Path:
    """The folder for saves, statistics and replays (created when first written)."""
    override = os.environ.get(DATA_DIR_ENV)
    if override:
        return Path(override)
    from platformdirs import user_data_dir

    return Path(user_data_dir("rummy", appauthor=False))


def write_atomic(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` (UTF-8) all at once; OSError when the disk refuses."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable (POSIX); Windows cannot open a folder: skip."""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def set_aside(path: Path) -> Path:
    """Rename ``path`` to ``<name>.bad-<time>`` beside it and return the new path.

    OSError when it cannot be renamed (the caller says so; the file stays where it was).
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{number}")
    os.replace(path, target)
    fsync_dir(path.parent)
    return target


def leftover_temps(folder: Path, name: str) -> list[Path]:
    """Temporary files a killed writer left for ``name`` (harmless; removed on the next save)."""
    return sorted(folder.glob(f".{name}.*.tmp"))
