"""Import the card art of the npm package ``svg-cards`` (LGPL-2.1) into ``assets/cards/``.

Usage (from the repo root; needs npm, and pngquant + optipng for small files)::

    .venv/bin/python tools/import_cards.py            # runs `npm pack svg-cards@4.0.2`
    .venv/bin/python tools/import_cards.py /tmp/svgc/package   # an unpacked package

Each face is taken from the package's 2x PNG rendering (338x489), smooth-scaled to
``WIDTH`` pixels and renamed to our card code (``10H.png``, ``JK.png``, ``back.png``).
pngquant then stores it as a palette PNG with full alpha, which keeps the set small. The
package's LICENSE and AUTHORS are copied beside the images.
"""

from __future__ import annotations

import os
import shutil
import struct
import subprocess
import sys
import tarfile
import tempfile
import zlib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame  # noqa: E402

PACKAGE = "svg-cards@4.0.2"
WIDTH = 225
OUT = Path(__file__).resolve().parents[1] / "assets" / "cards"

SUITS = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
RANKS = {"A": "1", "J": "jack", "Q": "queen", "K": "king"} | {
    str(n): str(n) for n in range(2, 11)
}
JOKER = "joker_red"  # the package has a red and a black joker; one printed joker is enough
BACK = "back-maroon"  # reads best on the green felt


def sources() -> dict[str, str]:
    """Our file name (without .png) -> the package's file name (without .png)."""
    names = {r + s: f"{suit}_{rank}" for s, suit in SUITS.items() for r, rank in RANKS.items()}
    names["JK"] = JOKER
    names["back"] = BACK
    return names


def fetch(workdir: Path) -> Path:
    subprocess.run(["npm", "pack", PACKAGE], cwd=workdir, check=True, stdout=subprocess.DEVNULL)
    (tgz,) = workdir.glob("svg-cards-*.tgz")
    with tarfile.open(tgz) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "package"


def opaque_palette(path: Path, threshold: int = 240) -> None:
    """Make nearly opaque palette entries fully opaque.

    pngquant maps the opaque body of a card to palette colours with alpha 251-253, which
    would let a card underneath show through faintly; this rewrites the PNG's ``tRNS``
    chunk so they are 255 again. Files without a palette are left alone.
    """
    data = path.read_bytes()
    out, pos = [data[:8]], 8
    while pos < len(data):
        (length,) = struct.unpack(">I", data[pos : pos + 4])
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + length]
        if kind == b"tRNS":
            body = bytes(255 if a >= threshold else a for a in body)
            crc = zlib.crc32(kind + body) & 0xFFFFFFFF
            out.append(struct.pack(">I", length) + kind + body + struct.pack(">I", crc))
        else:
            out.append(data[pos : pos + 12 + length])
        pos += 12 + length
    path.write_bytes(b"".join(out))


def optimise(path: Path) -> None:
    if shutil.which("pngquant"):
        subprocess.run(
            ["pngquant", "--quality", "85-98", "--speed", "1", "--strip", "--force",
             "--output", str(path), str(path)],
            check=True,
        )
        opaque_palette(path)
    if shutil.which("optipng"):
        subprocess.run(["optipng", "-quiet", "-o5", "-strip", "all", str(path)], check=True)


def convert(package: Path) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for ours, theirs in sources().items():
        image = pygame.image.load(str(package / "png" / "2x" / f"{theirs}.png"))
        w, h = image.get_size()
        scaled = pygame.transform.smoothscale(image, (WIDTH, round(WIDTH * h / w)))
        target = OUT / f"{ours}.png"
        pygame.image.save(scaled, str(target))
        optimise(target)
    shutil.copyfile(package / "LICENSE", OUT / "LICENSE")
    shutil.copyfile(package / "AUTHORS", OUT / "AUTHORS")


def main(argv: list[str]) -> int:
    if argv:
        convert(Path(argv[0]))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            convert(fetch(Path(tmp)))
    print(f"wrote {len(sources())} images to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
