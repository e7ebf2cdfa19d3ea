"""Where everything sits on the table, computed from the window size alone.

Pure arithmetic on ``pygame.Rect``: no drawing, no state. Recomputed on every resize; the
card widths it picks are the only sizes images are scaled to (and cached at).
"""

from __future__ import annotations

from dataclasses import dataclass

from pygame import Rect

CARD_RATIO = 1.452
"""Height over width of the card art."""

BUTTONS = ("sort", "group", "hint", "discard", "finish", "drop")


def card_height(width: int) -> int:
    return round(width * CARD_RATIO)


@dataclass(frozen=True)
class SeatSpot:
    """Where an opponent sits: its panel (name, count, points) and the fan of backs."""

    seat: int
    panel: Rect
    fan_origin: tuple[int, int]
    fan_step: int
    vertical: bool


@dataclass(frozen=True)
class TableLayout:
    size: tuple[int, int]
    hand_w: int
    pile_w: int
    back_w: int
    closed_deck: Rect
    wild_joker: Rect
    open_deck: Rect
    finish_slot: Rect
    hand_area: Rect
    hand_y: int
    label_y: int
    count_pos: tuple[int, int]
    message_pos: tuple[int, int]
    buttons: dict[str, Rect]
    seats: dict[int, SeatSpot]
    my_panel: Rect
    font_small: int
    font_normal: int
    font_big: int

    @property
    def hand_h(self) -> int:
        return card_height(self.hand_w)

    @property
    def pile_h(self) -> int:
        return card_height(self.pile_w)

    def hand_positions(self, group_sizes: list[int], lifted_gap: int = 0
                       ) -> list[list[tuple[int, int]]]:
        """Top-left corner of every card of the hand, group by group, centred."""
        n = sum(group_sizes)
        if n == 0:
            return [[] for _ in group_sizes]
        gaps = max(0, len([s for s in group_sizes if s]) - 1)
        gap = self.hand_w // 3
        room = self.hand_area.width - self.hand_w - gaps * gap
        step = min(int(self.hand_w * 0.62), room // max(1, n - 1)) if n > 1 else 0
        total = step * (n - 1) + gaps * gap + self.hand_w
        x = self.hand_area.centerx - total // 2
        out: list[list[tuple[int, int]]] = []
        for size in group_sizes:
            row = []
            for _ in range(size):
                row.append((x, self.hand_y))
                x += step
            if size:
                x += gap
            out.append(row)
        return out

    def hand_step(self, n: int, groups: int) -> int:
        gap = self.hand_w // 3
        room = self.hand_area.width - self.hand_w - max(0, groups - 1) * gap
        return min(int(self.hand_w * 0.62), room // max(1, n - 1))


def _opponent_anchors(k: int) -> list[tuple[float, float, bool]]:
    """(x, y, vertical side seat) fractions for ``k`` opponents, clockwise from the left."""
    left, right = (0.075, 0.36, True), (0.925, 0.36, True)
    tops = {
        1: [(0.5, 0.0, False)],
        2: [(0.3, 0.0, False), (0.7, 0.0, False)],
        3: [left, (0.5, 0.0, False), right],
        4: [left, (0.33, 0.0, False), (0.67, 0.0, False), right],
        5: [left, (0.25, 0.0, False), (0.5, 0.0, False), (0.75, 0.0, False), right],
    }
    return tops[max(1, min(5, k))]


def compute_layout(size: tuple[int, int], players: int, viewer: int) -> TableLayout:
    w, h = max(size[0], 320), max(size[1], 240)
    hand_w = max(48, min(int(w * 0.082), int(h * 0.145)))
    pile_w = max(40, int(hand_w * 0.82))
    back_w = max(26, int(hand_w * 0.42))
    hh, ph = card_height(hand_w), card_height(pile_w)
    small, normal, big = max(12, h // 48), max(14, h // 38), max(20, h // 22)

    margin = max(8, h // 60)
    hand_y = h - hh - margin
    label_y = hand_y - int(hand_w * 0.18) - small - 6
    hand_area = Rect(margin, hand_y - 30, w - 2 * margin, hh + 30 + margin)

    cy = int(h * 0.40)
    cx = w // 2
    gap = pile_w // 2
    open_deck = Rect(0, 0, pile_w, ph)
    open_deck.center = (cx, cy)
    closed_deck = Rect(0, 0, pile_w, ph)
    closed_deck.midright = (open_deck.left - gap - pile_w // 3, cy)
    # the wild joker lies face up across, half under the closed deck
    wild_joker = Rect(0, 0, ph, pile_w)
    wild_joker.midright = (closed_deck.centerx + 2, cy)
    finish_slot = Rect(0, 0, pile_w, ph)
    finish_slot.midleft = (open_deck.right + gap, cy)

    bh = max(26, normal + 12)
    bw = max(70, int(normal * 5.2))
    by = label_y - bh - max(8, h // 70)
    buttons: dict[str, Rect] = {}
    x = w - margin - len(BUTTONS) * (bw + 6) + 6
    for name in BUTTONS:
        buttons[name] = Rect(x, by, bw, bh)
        x += bw + 6

    seats: dict[int, SeatSpot] = {}
    others = [(viewer + i) % players for i in range(1, players)]
    panel_w, panel_h = max(130, int(w * 0.13)), small * 3 + 18
    for seat, (fx, fy, vertical) in zip(others, _opponent_anchors(len(others)), strict=False):
        px = int(fx * w)
        if vertical:
            panel = Rect(0, 0, panel_w, panel_h)
            panel.midtop = (px, int(fy * h) - panel_h)
            fan_origin = (px - back_w // 2, panel.bottom + 6)
            seats[seat] = SeatSpot(seat, panel, fan_origin, max(4, back_w // 6), True)
        else:
            panel = Rect(0, 0, panel_w, panel_h)
            panel.midtop = (px, margin)
            fan_origin = (px - panel_w // 2, panel.bottom + 4)
            seats[seat] = SeatSpot(seat, panel, fan_origin, max(4, back_w // 4), False)
    my_panel = Rect(margin, by, panel_w + 40, bh)
    return TableLayout(
        size=(w, h), hand_w=hand_w, pile_w=pile_w, back_w=back_w,
        closed_deck=closed_deck, wild_joker=wild_joker, open_deck=open_deck,
        finish_slot=finish_slot, hand_area=hand_area, hand_y=hand_y, label_y=label_y,
        count_pos=(margin, label_y), message_pos=(cx, finish_slot.bottom + small + 10),
        buttons=buttons, seats=seats, my_panel=my_panel,
        font_small=small, font_normal=normal, font_big=big,
    )
