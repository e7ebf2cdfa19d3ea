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
BUTTON_LABELS = {
    "sort": "Sort (S)", "group": "Group (G)", "hint": "Hint (H)", "discard": "Discard (D)",
    "finish": "Finish", "drop": "Drop", "rank": "By rank (R)", "meld": "Meld (M)",
    "flip": "Flip (F)", "laydown": "Lay down (L)", "dropturn": "Drop at my turn",
    "keepturn": "Keep my turn",
}
"""Each table button's label (the key that presses it in brackets)."""


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
    stock_count_top: int
    """Where the number of cards in the closed deck is written, under it (midtop)."""
    message_pos: tuple[int, int]
    buttons: dict[str, Rect]
    seats: dict[int, SeatSpot]
    my_panel: Rect
    meld_area: Rect
    """Where melds lie on the table (classic and contract rummy)."""
    move_log: Rect
    """Where the last few moves are written: beside the finish slot, or, where melds lie
    on the table, under the decks at the left."""
    font_small: int
    font_normal: int
    font_big: int

    @property
    def match_room(self) -> int:
        """How wide the match line may be, at the top left: up to the first opponent's
        panel along the top (the side seats' panels sit lower)."""
        margin = self.count_pos[0]
        tops = [s.panel.left for s in self.seats.values() if not s.vertical]
        return min(tops, default=self.size[0] - margin) - 2 * margin

    @property
    def hand_h(self) -> int:
        return card_height(self.hand_w)

    @property
    def pile_h(self) -> int:
        return card_height(self.pile_w)

    def hand_positions(self, group_sizes: list[int]) -> list[list[tuple[int, int]]]:
        """Top-left corner of every card of the hand, group by group, centred.

        Cards overlap within a group; a group's last card shows whole and a strip of felt
        follows it, so a player sees where one group ends. When the hand is too crowded
        for that (many groups of one or two cards), the groups are set apart by a third of
        a card more than the overlap instead, so every card's index stays readable."""
        n = sum(group_sizes)
        if n == 0:
            return [[] for _ in group_sizes]
        w = self.hand_w
        gaps = max(0, len([s for s in group_sizes if s]) - 1)
        inside = n - 1 - gaps  # steps between cards of the same group
        room = self.hand_area.width - w
        widest = int(w * 0.62)
        step = min(widest, (room - gaps * (w + w // 6)) // inside) if inside else widest
        if step >= int(w * 0.3) and (inside or gaps * (w + w // 6) <= room):
            between = w + w // 6  # the last card whole, then felt
        else:
            step = min(widest, (room - gaps * (w // 3)) // max(1, n - 1))
            between = step + w // 3
        total = step * inside + gaps * between + w
        x = self.hand_area.centerx - total // 2
        out: list[list[tuple[int, int]]] = []
        for size in group_sizes:
            row = []
            for i in range(size):
                row.append((x, self.hand_y))
                if i < size - 1:
                    x += step
            if size:
                x += between
            out.append(row)
        return out


def _opponent_anchors(k: int, sides: bool = True) -> list[tuple[float, float, bool]]:
    """(x, y, vertical side seat) fractions for ``k`` opponents, clockwise from the left
    (``sides=False``: all along the top, leaving the middle of the felt to the melds)."""
    if not sides:
        k = max(1, min(5, k))
        # past the match line in the top left corner
        return [((i + 0.5) / k * 0.72 + 0.26, 0.0, False) for i in range(k)]
    left, right = (0.075, 0.36, True), (0.925, 0.36, True)
    tops = {
        1: [(0.5, 0.0, False)],
        2: [(0.3, 0.0, False), (0.7, 0.0, False)],
        3: [left, (0.5, 0.0, False), right],
        4: [left, (0.33, 0.0, False), (0.67, 0.0, False), right],
        5: [left, (0.25, 0.0, False), (0.5, 0.0, False), (0.75, 0.0, False), right],
    }
    return tops[max(1, min(5, k))]


def compute_layout(size: tuple[int, int], players: int, viewer: int,
                   melds: bool = False, names: tuple[str, ...] = BUTTONS) -> TableLayout:
    """The table for ``players`` seats seen from ``viewer``. ``melds``: melds lie on the
    table (classic and contract rummy): the decks move to the left and the opponents to
    the top, so the middle of the felt holds the melds (``meld_area``). ``names``: the
    family's buttons, right to left from the corner."""
    w, h = max(size[0], 320), max(size[1], 240)
    hand_w = max(48, min(int(w * 0.082), int(h * 0.145)))
    pile_w = max(40, int(hand_w * 0.82))
    back_w = max(26, int(hand_w * 0.42))
    hh, ph = card_height(hand_w), card_height(pile_w)
    # Text scales with the height, but no further than a 16:9 window of this width
    # would: in a 4:3 or taller window, text grown with the height ran the button row
    # over the player's own line and the seats' lines out of their badges.
    unit = min(h, w * 9 // 16)
    small, normal, big = max(12, unit // 48), max(14, unit // 38), max(20, unit // 22)

    margin = max(8, h // 60)
    hand_y = h - hh - margin
    label_y = hand_y - int(hand_w * 0.18) - small - 6
    hand_area = Rect(margin, hand_y - 30, w - 2 * margin, hh + 30 + margin)

    cy = int(h * 0.40)
    cx = w // 2
    gap = pile_w // 2
    open_deck = Rect(0, 0, pile_w, ph)
    open_deck.center = (cx, cy)
    if melds:
        open_deck.midleft = (margin + pile_w + gap + pile_w // 3, cy)
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
    # A button is as wide as its label needs (about 0.56 of the font size a character).
    widths = [max(bw, int(len(BUTTON_LABELS.get(n, n)) * normal * 0.56) + 18) for n in names]
    x = w - margin - sum(widths) - 6 * (len(names) - 1)
    for name, width in zip(names, widths, strict=True):
        buttons[name] = Rect(x, by, width, bh)
        x += width + 6

    seats: dict[int, SeatSpot] = {}
    others = [(viewer + i) % players for i in range(1, players)]
    panel_w, panel_h = max(144, int(w * 0.13)), small * 3 + 18
    anchors = _opponent_anchors(len(others), sides=not melds)
    for seat, (fx, fy, vertical) in zip(others, anchors, strict=False):
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
    top = max((s.panel.bottom + back_w * 2 for s in seats.values()), default=margin)
    meld_area = Rect(finish_slot.left if not melds else open_deck.right + gap, top + 6, 0, 0)
    meld_area.width = w - margin - meld_area.left
    stock_count_top = closed_deck.bottom + 8
    if melds:
        # Messages and the status line get their own rows under the melds, never over them.
        text_rows = 2 * normal + small + 18
        meld_area.height = max(ph, by - 8 - text_rows - meld_area.top)
        # Clear of the lay-down slots (and their glow) at the meld area's foot, and centred
        # over the melds, clear of the move log under the decks (a long hint's box ran over
        # both).
        box = normal * 5 // 4 + 10
        message_pos = (meld_area.centerx, meld_area.bottom + box // 2 + 8)
    else:
        meld_area.height = max(ph, by - 8 - meld_area.top)
        # Under the stock's count, clear of it (a line of text is about 1.25 times its
        # font size high; a message's box adds 10).
        message_pos = (cx, stock_count_top + small * 5 // 4 + 4 + (normal * 5 // 4 + 10) // 2)
    if melds:
        # Under the decks (and the discards fanned down with draw choice), left of the melds.
        top = max(stock_count_top + small * 2, open_deck.bottom + ph * 2 // 5) + 6
        # (above the row that says why the count stands where it does)
        bottom = by - 8 - (small + 4)
        move_log = Rect(margin, top, meld_area.left - margin - gap // 2, bottom - top)
    else:
        # Beside the finish slot, above the message, clear of a seat at the right.
        right = min((s.fan_origin[0] for s in seats.values() if s.vertical and s.fan_origin[0]
                     > cx), default=w - margin) - gap // 2
        left = finish_slot.right + gap
        bottom = message_pos[1] - normal
        move_log = Rect(left, finish_slot.top, right - left, bottom - finish_slot.top)
    return TableLayout(
        size=(w, h), hand_w=hand_w, pile_w=pile_w, back_w=back_w,
        closed_deck=closed_deck, wild_joker=wild_joker, open_deck=open_deck,
        finish_slot=finish_slot, hand_area=hand_area, hand_y=hand_y, label_y=label_y,
        count_pos=(margin, label_y), stock_count_top=stock_count_top,
        message_pos=message_pos,
        buttons=buttons, seats=seats, my_panel=my_panel, meld_area=meld_area,
        move_log=move_log,
        font_small=small, font_normal=normal, font_big=big,
    )
