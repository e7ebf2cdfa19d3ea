"""The four-colour deck and the card backs, made from the shipped card art.

For colour-blind players (and anyone who mixes up ♥ and ♦ at a glance) the four-colour deck
paints diamonds blue and clubs green; spades stay black and hearts red
(:data:`rummy.store.settings.FOUR_COLOURS`). Only the suit's ink changes: on number cards the
pips and indices, on court cards the corner indices (the court figures and the card's
frame keep their art: only the marks wholly inside a corner are repainted).

The ink is recoloured with its anti-aliased edge: a pixel that is the ink mixed with the
white card by a share ``a`` has lost ``a * (255 - L_ink)`` of its grey level ``L``; the new
pixel loses ``a * (255 - target)`` on each channel instead, so edges stay smooth. It is done
with whole-surface blends (no per-pixel Python), once per face when the image is loaded.

The card back is the one shipped image (``assets/cards/back.png``, red), and the other
backs offered are that image recoloured the same way.
"""

from __future__ import annotations

import pygame

Color = tuple[int, int, int]

RED_INK: Color = (228, 22, 8)
"""The red of the shipped faces' hearts and diamonds."""
BLACK_INK: Color = (0, 0, 0)
BACK_INK: Color = (126, 0, 0)
"""The red of the shipped back."""
BACK_COLOURS: dict[str, Color] = {"blue": (25, 60, 150), "green": (20, 110, 50),
                                  "black": (40, 40, 45)}
"""Every back but the classic one, by its name in the settings."""
COURT = ("J", "Q", "K")


def _grey(colour: Color) -> float:
    """The grey level pygame's ``grayscale`` gives a colour."""
    r, g, b = colour
    return 0.299 * r + 0.587 * g + 0.114 * b


def _scaled(surface: pygame.Surface, factors: tuple[float, float, float]) -> pygame.Surface:
    """``surface * factors`` per channel (factors up to 2), by blending."""
    out = surface.copy()
    out.fill(tuple(max(0, min(255, round(f * 255))) for f in factors),
             special_flags=pygame.BLEND_RGB_MULT)
    if any(f > 1 for f in factors):
        extra = surface.copy()
        extra.fill(tuple(max(0, min(255, round((f - 1) * 255))) for f in factors),
                   special_flags=pygame.BLEND_RGB_MULT)
        out.blit(extra, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    return out


def recolour(surface: pygame.Surface, area: pygame.Rect, ink: Color, target: Color,
             mask: pygame.mask.Mask) -> None:
    """Repaint, inside ``area`` of ``surface`` (in place), the pixels set in ``mask`` (the
    size of ``area``) from ``ink``-on-white to ``target``-on-white."""
    region = pygame.Surface(area.size, pygame.SRCALPHA, 32)  # one pixel format for all
    region.blit(surface, (0, 0), area, special_flags=pygame.BLEND_RGBA_ADD)
    white = pygame.Surface(region.get_size(), pygame.SRCALPHA, 32)
    white.fill((255, 255, 255, 255))
    lost = white.copy()  # how far each pixel is from white: a * (255 - L_ink)
    lost.blit(pygame.transform.grayscale(region), (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    depth = max(1.0, 255 - _grey(ink))
    factors = tuple((255 - c) / depth for c in target)
    new = white
    new.blit(_scaled(lost, (factors[0], factors[1], factors[2])), (0, 0),
             special_flags=pygame.BLEND_RGB_SUB)
    combined = mask.to_surface(setsurface=new, unsetsurface=region)
    surface.blit(combined, area.topleft)


def _red_mask(region: pygame.Surface) -> pygame.mask.Mask:
    """Reddish pixels (the ink and its pink edge), not white, grey or black."""
    return pygame.mask.from_threshold(region, (240, 120, 120, 255), (28, 122, 122, 255))


def _dark_mask(region: pygame.Surface) -> pygame.mask.Mask:
    """Black to light grey pixels (the ink and its edge), not the white card."""
    return pygame.mask.from_threshold(region, (120, 120, 120, 255), (122, 122, 122, 255))


def ink_areas(face: str, size: tuple[int, int]) -> list[pygame.Rect]:
    """Where a face's suit ink is: the whole card inside its border for number cards and
    aces, the two corner indices for court cards."""
    w, h = size
    inset = max(3, w // 40)
    if face[:-1] not in COURT:
        return [pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)]
    corner = pygame.Rect(inset, inset, round(w * 0.32), round(h * 0.22))
    other = corner.copy()
    other.bottomright = (w - inset, h - inset)
    return [corner, other]


def index_only(mask: pygame.mask.Mask, figure_side: tuple[bool, bool]) -> pygame.mask.Mask:
    """The parts of a court card's corner ``mask`` that lie wholly inside it: the rank and
    the suit signs. The figure's strokes and the card's frame lines run on past the corner
    on the figure's side (``figure_side``: right and bottom for the top-left corner, left
    and top for the other), and keep their colour."""
    w, h = mask.get_size()
    right_or_bottom = figure_side[0]
    kept = pygame.mask.Mask((w, h))
    for part in mask.connected_components():
        x, y, pw, ph = part.get_bounding_rects()[0]
        touches = x + pw >= w if right_or_bottom else x <= 0
        if not touches:
            kept.draw(part, (0, 0))
    return kept


def four_colour(face: str, image: pygame.Surface) -> pygame.Surface:
    """``image`` of ``face`` ("10D", "KC", ...) in the four-colour deck (a new surface;
    spades, hearts and jokers come back unchanged)."""
    suit = face[-1:]
    if face == "JK" or suit not in ("D", "C"):
        return image
    out = image.copy()
    court = face[:-1] in COURT
    for n, area in enumerate(ink_areas(face, out.get_size())):
        region = out.subsurface(area)
        mask = _red_mask(region) if suit == "D" else _dark_mask(region)
        if court:
            mask = index_only(mask, (n == 0, n == 0))
        ink, target = (RED_INK, (0, 80, 200)) if suit == "D" else (BLACK_INK, (0, 140, 60))
        recolour(out, area, ink, target, mask)
    return out


def tinted_back(image: pygame.Surface, name: str) -> pygame.Surface:
    """The shipped back in colour ``name`` (one of :data:`BACK_COLOURS`; any other name
    gives the classic back)."""
    target = BACK_COLOURS.get(name)
    if target is None:
        return image
    out = image.copy()
    w, h = out.get_size()
    inset = max(3, w // 40)
    area = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    recolour(out, area, BACK_INK, target, pygame.mask.Mask(area.size, fill=True))
    return out
