"""The melds lying on the table (classic and contract rummy): where each one sits, and
painting them.

Melds flow left to right and wrap, grouped by owner (a name tag starts each owner's
melds), each a readable fan labelled run or set. When they would not fit, the cards
shrink until they do. A new meld zone ends the flow: dropping cards there lays a meld.
In contract rummy, before the player has laid down, a row of lay-down slots (one per
meld of the contract) sits at the bottom of the area.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame
from pygame import Rect

from rummy.model import Card, TableMeld
from rummy.ui.palette import DIM, GOLD, INK, KIND_COLORS, RED
from rummy.ui.table.sprites import CardArt, TextCache

from .layout import TableLayout, card_height
from .panels import GLOW_REACH, draw_glow, draw_slot

GLOW_SPAN = 2 * GLOW_REACH + 4
"""How much wider and taller than a meld its glow paints (with its edge pixels)."""
STEP = 0.34
"""How much of each card of a meld shows (the fan's step, in card widths)."""


@dataclass(frozen=True)
class MeldSpot:
    """Where one meld on the table sits."""

    index: int
    rect: Rect
    card_w: int
    cards: tuple[Card, ...]
    label: str
    key: str

    def positions(self) -> list[tuple[int, int]]:
        step = max(8, int(self.card_w * STEP))
        return [(self.rect.x + i * step, self.rect.y) for i in range(len(self.cards))]


@dataclass(frozen=True)
class SlotSpot:
    """A lay-down slot of the contract (contract rummy), or the new meld zone."""

    index: int
    rect: Rect
    title: str


@dataclass(frozen=True)
class MeldLayout:
    melds: list[MeldSpot]
    tags: list[tuple[str, tuple[int, int]]]
    """Owner names and where each is written."""
    new_meld: Rect
    slots: list[SlotSpot]
    card_w: int


def tag_font(font_small: int) -> int:
    """The size of the owners' names and of the melds' labels."""
    return max(11, font_small - 2)


def meld_width(cards: int, card_w: int) -> int:
    return card_w + max(0, cards - 1) * max(8, int(card_w * STEP))


def layout_melds(lay: TableLayout, melds: Sequence[TableMeld], names: Sequence[str],
                 width_of: Callable[[str], int], slot_titles: Sequence[str] = (),
                 slot_sizes: Sequence[int] = (), slot_labels: Sequence[int] = ()
                 ) -> MeldLayout:
    """Every meld's place in ``lay.meld_area``; ``width_of``: how wide an owner's name is
    written; ``slot_titles``: lay-down slots to show (``slot_sizes``: cards already
    staged in each; ``slot_labels``: how wide the line over each is written, which the
    slot is at least, so that two lines never run together)."""
    area = lay.meld_area
    card_w = max(26, int(lay.pile_w * 0.72))
    wanted = (slot_titles, slot_sizes, slot_labels)
    while True:
        placed = _flow(area, melds, names, card_w, wanted, width_of)
        if placed is not None or card_w <= 26:
            return placed if placed is not None else _flow(
                area, melds, names, card_w, wanted, width_of, force=True) or \
                MeldLayout([], [], Rect(area.topleft, (card_w, card_height(card_w))), [],
                           card_w)
        card_w = int(card_w * 0.88)


def _flow(area: Rect, melds: Sequence[TableMeld], names: Sequence[str], card_w: int,
          wanted: tuple[Sequence[str], Sequence[int], Sequence[int]],
          width_of: Callable[[str], int], force: bool = False) -> MeldLayout | None:
    """``wanted``: the lay-down slots' titles, cards staged and lines' widths."""
    slot_titles, slot_sizes, slot_labels = wanted
    ch = card_height(card_w)
    label_h = max(12, card_w // 4)
    row_h = ch + label_h + 6
    gap = max(8, card_w // 4)
    slots_h = row_h if slot_titles else 0
    bottom = area.bottom - slots_h
    x, y = area.left, area.top + label_h
    spots: list[MeldSpot] = []
    tags: list[tuple[str, tuple[int, int]]] = []
    owners = sorted({m.owner for m in melds})
    for owner in owners:
        name = names[owner] if owner < len(names) else ""
        tag_w = max(card_w, width_of(name) + 10)
        first = True
        for index, meld in enumerate(melds):
            if meld.owner != owner:
                continue
            width = meld_width(len(meld.cards), card_w) + (tag_w + gap if first else 0)
            if x + width > area.right and x > area.left:
                x, y = area.left, y + row_h
                first = True  # an owner's melds that wrap to a new row are named again
            if first:
                tags.append((name, (x, y)))
                x += tag_w + gap
                first = False
            spot = Rect(x, y, meld_width(len(meld.cards), card_w), ch)
            spots.append(MeldSpot(index, spot, card_w, meld.cards, meld.kind.value.capitalize(),
                                  meld.kind.value))
            x = spot.right + gap
        x += gap
    new_w = card_w * 2
    if x + new_w > area.right and x > area.left:
        x, y = area.left, y + row_h
    new_meld = Rect(x, y, new_w, ch)
    if new_meld.bottom > bottom and not force:
        return None
    slots: list[SlotSpot] = []
    if slot_titles:
        sy = area.bottom - ch
        sx = area.left
        for i, title in enumerate(slot_titles):
            size = slot_sizes[i] if i < len(slot_sizes) else 0
            label = slot_labels[i] if i < len(slot_labels) else 0
            w = max(card_w * 2, meld_width(max(size, 1), card_w), label)
            slots.append(SlotSpot(i, Rect(sx, sy, w, ch), title))
            sx += w + gap * 2
    return MeldLayout(spots, tags, new_meld, slots, card_w)


def draw_melds(surface: pygame.Surface, placed: MeldLayout, art: CardArt, text: TextCache,
               font: int, lit: dict[str, int], show_new: bool, locked: bool,
               grown: dict[int, int]) -> None:
    """Paint the melds; ``lit`` (target name -> 1 fits, 2 under the cursor) lights the
    ones a dragged card fits; ``locked``: the player may not lay off yet (dimmed)."""
    label_font = tag_font(font)
    for name, (x, y) in placed.tags:
        t = text.get(name, label_font, GOLD, bold=True)
        surface.blit(t, (x, y + card_height(placed.card_w) // 2 - t.get_height() // 2))
    clip = surface.get_clip()
    for spot in placed.melds:
        t = text.get(spot.label, label_font, KIND_COLORS.get(spot.key, INK), bold=True)
        label = t.get_rect(midbottom=(spot.rect.centerx, spot.rect.top - 2))
        if not clip.colliderect(spot.rect.inflate(GLOW_SPAN, GLOW_SPAN).union(label)):
            continue  # painting only around a target whose light changed
        shown = len(spot.cards) - grown.get(spot.index, 0)
        for (x, y), card in list(zip(spot.positions(), spot.cards, strict=True))[:shown]:
            surface.blit(art.face(card, spot.card_w), (x, y))
        if locked:
            surface.blit(art.shade(spot.rect.width, spot.rect.height, (10, 30, 20, 110)),
                         spot.rect.topleft)
        state = lit.get(f"meld:{spot.index}", 0)
        if state:
            draw_glow(surface, spot.rect, state == 2)
        surface.blit(t, label)
    if show_new and clip.colliderect(placed.new_meld.inflate(GLOW_SPAN, GLOW_SPAN)):
        draw_slot(surface, placed.new_meld, "new meld", text, label_font, lit.get("new", 0))


def slot_card_at(placed: MeldLayout, slot: SlotSpot, cards: Sequence[Card],
                 pos: tuple[int, int]) -> Card | None:
    """The staged card of ``slot`` that shows under ``pos``, as :func:`draw_slots` lays
    them (each card over the one before it, shifted right)."""
    step = max(8, int(placed.card_w * STEP))
    if not cards or not slot.rect.collidepoint(pos):
        return None
    x0, y0 = slot.rect.topleft
    for i in range(len(cards) - 1, -1, -1):  # the top card first
        if x0 + i * step <= pos[0] < x0 + i * step + placed.card_w and pos[1] >= y0:
            return cards[i]
    return None


def draw_slots(surface: pygame.Surface, placed: MeldLayout, staged: Sequence[Sequence[Card]],
               verdicts: Sequence[str | None], art: CardArt, text: TextCache, font: int,
               lit: dict[str, int]) -> None:
    """The contract's lay-down slots with the cards staged in each and its verdict
    (None: valid; else why not)."""
    label_font = tag_font(font)
    for slot in placed.slots:
        cards = staged[slot.index] if slot.index < len(staged) else ()
        if cards:
            step = max(8, int(placed.card_w * STEP))
            for i, card in enumerate(cards):
                surface.blit(art.face(card, placed.card_w), (slot.rect.x + i * step, slot.rect.y))
            state = lit.get(f"slot:{slot.index}", 0)
            if state:
                draw_glow(surface, slot.rect, state == 2)
        else:
            draw_slot(surface, slot.rect, "", text, label_font, lit.get(f"slot:{slot.index}", 0))
        verdict = verdicts[slot.index] if slot.index < len(verdicts) else "empty"
        words, color = slot_label(slot.title, len(cards), verdict)
        t = text.get(words, label_font, color, bold=True)
        surface.blit(t, t.get_rect(midbottom=(slot.rect.centerx, slot.rect.top - 2)))


def slot_label(title: str, staged: int, verdict: str | None
               ) -> tuple[str, tuple[int, int, int]]:
    """The line over a lay-down slot and its colour: its title while empty, then whether
    its ``staged`` cards make its meld (``verdict`` None) or why not."""
    if not staged:
        return title, DIM
    if verdict is None:
        return f"{title}: ready", KIND_COLORS["run"]
    return f"{title}: {verdict}", RED
