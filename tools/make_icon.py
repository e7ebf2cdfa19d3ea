"""Draw the application icon ``assets/icons/rummy.png`` (256x256) from the shipped card art.

Usage (from the repo root, after ``tools/import_cards.py``)::

    .venv/bin/python tools/make_icon.py

A fanned pair of aces (spades and hearts) on a rounded square of table felt. pngquant, when
installed, shrinks the file (see ``import_cards.optimise``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # draws offscreen; no window needed
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a script: tools.import_cards beside it
import pygame  # noqa: E402

from tools.import_cards import optimise  # noqa: E402

CARDS = ROOT / "assets" / "cards"
OUT = ROOT / "assets" / "icons" / "rummy.png"
SIZE = 256
FELT = (28, 110, 62)
FELT_EDGE = (16, 70, 38)


def card(face: str, width: int) -> pygame.Surface:
    image = pygame.image.load(str(CARDS / f"{face}.png"))
    w, h = image.get_size()
    return pygame.transform.smoothscale(image.convert_alpha(), (width, round(width * h / w)))


def draw() -> pygame.Surface:
    # Draw at 4x and scale down: pygame's primitives are not anti-aliased.
    big = SIZE * 4
    icon = pygame.Surface((big, big), pygame.SRCALPHA)
    radius = big // 5
    pygame.draw.rect(icon, FELT_EDGE, icon.get_rect(), border_radius=radius)
    pygame.draw.rect(icon, FELT, icon.get_rect().inflate(-big // 24, -big // 24),
                     border_radius=radius - big // 48)
    shadow_offset = big // 64
    for face, angle, dx in (("AS", 14, -big // 9), ("AH", -12, big // 9)):
        image = pygame.transform.rotozoom(card(face, big * 9 // 20), angle, 1.0)
        shadow = image.copy()
        shadow.fill((0, 0, 0, 90), special_flags=pygame.BLEND_RGBA_MIN)
        rect = image.get_rect(center=(big // 2 + dx, big // 2 + big // 40))
        icon.blit(shadow, rect.move(shadow_offset, shadow_offset))
        icon.blit(image, rect)
    return pygame.transform.smoothscale(icon, (SIZE, SIZE))


def main() -> int:
    pygame.display.init()
    pygame.display.set_mode((1, 1), pygame.HIDDEN)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(draw(), str(OUT))
    optimise(OUT)
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
