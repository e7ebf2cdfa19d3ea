"""Modal panels over the table: the declaration confirmation and the end of the deal.

Each panel is painted once into a surface when it opens (or the window resizes); a frame
blits it and its buttons. Group labels come from the engine (``classify_group``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from rummy.model import Card, Variant, check_declaration, wild_rank_for
from rummy.model.grouping import read_group
from rummy.model.rules import family_of
from rummy.model.scoring import DealResult
from rummy.ui.palette import DIM, GOLD, INK, KIND_COLORS, RED
from rummy.ui.table.sprites import CardArt, TextCache
from rummy.ui.words import number_word, points_word

from .driver_protocol import MatchSoFar
from .hand import sort_key
from .layout import card_height
from .panels import TableButton, draw_button, draw_wild_badge
from .proof_note import ProofNote

SHORT = {"Pure sequence": "Pure", "Impure sequence": "Impure", "Set": "Set", "Run": "Run",
         "Invalid": "Invalid", "Loose": "Loose", "Left in hand": "Left"}


def fit_card_width(width: int, cards: int, groups: int) -> int:
    """The card width at which ``cards`` in ``groups`` (overlapped) fill ``width``."""
    groups = max(1, groups)
    return int(width / (groups + 0.45 * max(0, cards - groups) + 0.35 * (groups - 1)))


def _draw_groups(surface: pygame.Surface, art: CardArt, text: TextCache, variant: Variant,
                 cut: Card | None, groups: Sequence[Sequence[Card]], loose: Sequence[Card],
                 x: int, y: int, width: int, card_w: int, font: int) -> None:
    """Groups left to right with a label above each; cards overlapped to fit ``width``."""
    parts: list[tuple[Sequence[Card], str, str]] = []
    for g in groups:
        reading = read_group(variant, g, cut)
        parts.append((g, reading.label, reading.key))
    if loose:
        parts.append((loose, family_of(variant).unmatched_word, "invalid"))
    n = sum(len(p[0]) for p in parts)
    if n == 0:
        return
    wild = wild_rank_for(variant, cut)
    gap = max(8, int(card_w * 0.35))
    room = width - card_w * len(parts) - gap * (len(parts) - 1)
    extra = n - len(parts)
    step = min(int(card_w * 0.62), room // max(1, extra)) if extra else 0
    step = max(6, step)
    cx = x
    for cards, label, key in parts:
        span = step * (len(cards) - 1) + card_w
        t = text.get(label, font, KIND_COLORS[key])
        if t.get_width() > span + gap - 4:
            t = text.get(SHORT[label], font, KIND_COLORS[key])
        surface.blit(t, (cx, y))
        for i, c in enumerate(cards):
            surface.blit(art.face(c, card_w), (cx + i * step, y + font + 6))
            if wild is not None and c.rank == wild:  # a wild-rank card keeps its star
                draw_wild_badge(surface, text, (cx + i * step, y + font + 6), card_w,
                                card_height(card_w))
        cx += span + gap


def _frame(size: tuple[int, int], rect: pygame.Rect) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 120))
    pygame.draw.rect(surf, (16, 58, 34, 250), rect, border_radius=14)
    pygame.draw.rect(surf, (200, 230, 200, 255), rect, width=2, border_radius=14)
    return surf


class _Overlay:
    """A pre-rendered panel (built at each layout) with buttons drawn live over it."""

    surface: pygame.Surface | None
    buttons: dict[str, TableButton]
    font: int

    def click(self, pos: tuple[int, int]) -> str | None:
        for name, b in self.buttons.items():
            if b.hit(pos):
                return name
        return None

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        if self.surface is not None:
            surface.blit(self.surface, (0, 0))
        for b in self.buttons.values():
            draw_button(surface, text, b, self.font)


class DeclareDialog(_Overlay):
    """"Declare with these groups?" with the groups as they stand, the engine's verdict on
    them, and Cancel / a confirm button that names what declaring does: win the deal with
    a valid show, or score the variant's wrong-show penalty (docs/rules.md). The dialog is
    the one confirmation a declaration asks for."""

    def __init__(self, card: Card, groups: tuple[tuple[Card, ...], ...]) -> None:
        self.card = card
        self.groups = groups
        self.surface: pygame.Surface | None = None
        self.buttons: dict[str, TableButton] = {}
        self.font = 16
        self.consequence = ""
        """What confirming does, in words (the confirm button's label)."""

    def build(self, size: tuple[int, int], art: CardArt, text: TextCache, variant: Variant,
              cut: Card | None, hand_w: int, font: int) -> None:
        w, h = size
        card_w = max(40, int(hand_w * 0.8))
        # (16 px under the cards: at small sizes the buttons covered the last group's feet)
        rect = pygame.Rect(0, 0, int(w * 0.86), card_height(card_w) + font * 9 + 16)
        rect.center = (w // 2, h // 2)
        surf = _frame(size, rect)
        title = text.get("Declare with these groups?", font + 6, GOLD, bold=True)
        surf.blit(title, (rect.x + 20, rect.y + 14))
        sub = text.get(f"Finish card: {self.card.label}", font, DIM)
        surf.blit(sub, (rect.x + 20, rect.y + 24 + font + 6))
        # The engine's verdict on these groups, before the player commits to them.
        valid, reason = check_declaration(variant, self.groups, cut)
        penalty = variant.declare.wrong_show_penalty
        if valid:
            verdict = text.get("A valid show: you win this deal", font, KIND_COLORS[
                "pure_sequence"], bold=True)
            self.consequence = "Declare and win"
        else:
            verdict = text.get(f"Not a valid show ({reason}): a wrong show scores "
                               f"{penalty}", font, KIND_COLORS["invalid"], bold=True)
            self.consequence = f"Declare and lose {penalty}"
        surf.blit(verdict, (rect.x + 30 + sub.get_width(), rect.y + 24 + font + 6))
        _draw_groups(surf, art, text, variant, cut, self.groups, (), rect.x + 20,
                     rect.y + font * 4 + 10, rect.width - 40, card_w, font)
        self.surface = surf
        bh = font + 16
        bw = max(110, font * 7, text.get(self.consequence, font, INK).get_width() + 2 * font)
        ok = pygame.Rect(0, 0, bw, bh)
        ok.bottomright = (rect.right - 20, rect.bottom - 14)
        cancel = pygame.Rect(0, 0, max(110, font * 7), bh)
        cancel.bottomright = (ok.x - 12, ok.bottom)
        self.buttons = {"confirm": TableButton(self.consequence, ok),
                        "cancel": TableButton("Cancel", cancel)}
        self.font = font


def _in_order(groups: Sequence[Sequence[Card]], order: Sequence[Card]
              ) -> list[list[Card]]:
    """``groups`` and their cards in the order the player arranged the hand (cards the
    arrangement does not hold last)."""
    rank = {card: i for i, card in enumerate(order)}
    far = len(order)
    inner = [sorted(g, key=lambda c: rank.get(c, far)) for g in groups]
    return sorted(inner, key=lambda g: min((rank.get(c, far) for c in g), default=far))


def contract_words(variant: Variant, contract: tuple[int, int]) -> str:
    """A round's contract in words: "two sets of three", "one set of three and one run of
    four"."""
    sets, runs = contract
    parts = []
    for count, kind, least in ((sets, "set", variant.set_min_size),
                               (runs, "run", variant.contract.run_min_length)):
        if count:
            word, size = number_word(count, most=5), number_word(least, most=5)
            parts.append(f"{word} {kind}{'s' * (count > 1)} of {size}")
    return " and ".join(parts)


@dataclass(frozen=True)
class Standing:
    """Where a match stands after a deal, as the end-of-deal panel shows it. Per match seat:
    ``names``, ``totals``, ``out`` (eliminated from a pool); ``played`` deals so far, of
    ``deals`` (a fixed number) or up to the pool ``limit``; ``winner`` once ``over``."""

    names: tuple[str, ...]
    totals: tuple[int, ...]
    out: tuple[bool, ...]
    played: int
    deals: int | None
    limit: int | None
    over: bool
    winner: int | None
    target: int | None = None
    """Classic rummy: the score that wins the match (the highest total wins)."""
    sheet: tuple[tuple[int | None, ...], ...] = ()
    """Contract rummy: every round's score per seat so far (the score sheet)."""
    word: str = "deal"
    """What one deal is called: "deal", or "round" where melds lie on the table."""
    coming: str = ""
    """Contract rummy: the next round's contract in words, while the match goes on."""

    @classmethod
    def of(cls, match: MatchSoFar, names: Sequence[str]) -> Standing:
        variant = match.variant
        family = family_of(variant)
        terms = family.terms(variant)
        played = len(match.sheet)
        contract = None if match.over else family.contract(variant, played)
        coming = "" if contract is None else contract_words(variant, contract)
        return cls(tuple(names), match.totals, match.out, played, terms.deals, terms.limit,
                   match.over, match.winner, terms.target, match.sheet if terms.sheet else (),
                   variant.shape.deal_word, coming)

    @property
    def heading(self) -> str:
        if self.target is not None:
            rule = f"first to {self.target} points wins"
        elif self.limit is not None:
            rule = f"pool {self.limit}: out at {self.limit}, last player left wins"
        else:
            rule = f"{self.deals} {self.word}s, lowest total wins"
        if self.over and self.winner is not None:
            win = self.names[self.winner]
            return f"{win} {'win' if win == 'You' else 'wins'} the match ({rule})"
        if self.target is not None:
            text = f"Round {self.played}: {rule}"
        elif self.limit is not None:
            left = self.out.count(False)
            text = f"Pool {self.limit}: {self.played} deal{'s' * (self.played != 1)} played," \
                   f" {left} players left, out at {self.limit}"
        else:
            text = f"{self.word.capitalize()} {self.played} of {self.deals}: lowest total wins"
            if self.coming:  # (the new contract was only shown once the round began)
                text += f" · next: {self.coming}"
        if "You" in self.names and self.out[self.names.index("You")]:
            text += " · you are out, the others play on"
        return text


class ResultPanel(_Overlay):
    """Every hand shown grouped and labelled, the points, the winner; Next deal / Menu,
    and Review where the deal can be reviewed.

    With a ``standing`` (a match longer than one deal) the match's standing is shown under
    the title: where it is, every total, who is out, and the match winner once it is over.
    ``next_label`` names the button that goes on (Next deal, New match)."""

    def __init__(self, result: DealResult, names: Sequence[str], variant: Variant,
                 cut: Card | None, demo: bool, standing: Standing | None = None,
                 next_label: str = "Next deal", viewer: int | None = None,
                 order: Sequence[Card] = (), back_label: str = "Menu",
                 proof: ProofNote | None = None, review: bool = False) -> None:
        self.result = result
        self.review = review
        """Offer Review: the viewer's decisions in this deal beside the expert's."""
        self.proof = proof
        """An online deal's shuffle verdict, on the button row (None offline)."""
        self.viewer = viewer
        self.order = list(order)
        """The viewer's hand as the player arranged it: their groups are shown that way."""
        self.names = list(names)
        self.variant = variant
        self.cut = cut
        self.demo = demo
        self.standing = standing
        self.next_label = next_label
        self.back_label = back_label
        """The button that leaves: Menu at a table, Close in a replay."""
        self.surface: pygame.Surface | None = None
        self.buttons: dict[str, TableButton] = {}
        self.font = 16
        self.note_pos = (0, 0)

    def build(self, size: tuple[int, int], art: CardArt, text: TextCache, font: int) -> None:
        w, h = size
        r = self.result
        seats = len(r.hands)
        cols = 2 if seats > 3 else 1
        per_col = -(-seats // cols)
        rect = pygame.Rect(0, 0, int(w * 0.94), int(h * 0.94))
        rect.center = (w // 2, h // 2)
        extra = 0
        if self.standing is not None:
            sheet_lines = len(self.standing.names) if self.standing.sheet else 1
            extra = (1 + sheet_lines) * (font + 6)
        top, bottom = rect.y + font * 3 + extra, rect.bottom - font * 3
        cell_w = (rect.width - 40 - 20 * (cols - 1)) // cols
        cell_h = (bottom - top) // per_col
        side = cols == 1
        name_w = int(cell_w * 0.22) if side else 0
        head = 0 if side else font + 8
        card_h = cell_h - head - font - 14
        most = max((len(hand.cards), len(hand.groups) + bool(hand.ungrouped))
                   for hand in r.hands)
        card_w = max(20, min(int(card_h / 1.452), fit_card_width(cell_w - name_w, *most),
                             int(w * 0.06)))
        used = min(cell_h, head + font + 14 + card_height(card_w))
        rect.height = used * per_col + font * 6 + extra
        rect.center = (w // 2, h // 2)
        top = rect.y + font * 3 + extra
        surf = _frame(size, rect)
        if r.winner is None:
            title = f"No winner: {r.reason}"
        else:
            win = self.names[r.winner]
            you = win == "You"
            if r.collected or family_of(self.variant).winner_collects:
                verb = "win" if you else "wins"
                title = (f"{win} {verb} and collect{'' if you else 's'}"
                         f" {points_word(r.collected)}")
            else:
                title = f"{win} {'go' if you else 'goes'} out and score{'' if you else 's'} 0"
            if r.rummy:
                title += " · Rummy! Every hand counts double"
        surf.blit(text.get(title, font + 6, GOLD, bold=True), (rect.x + 20, rect.y + 12))
        if self.standing is not None:
            self._draw_standing(surf, text, self.standing, rect.x + 20, rect.y + font + 28,
                                rect.width - 40, font)
        for seat, hand in enumerate(r.hands):
            row, col = divmod(seat, cols)  # read across, then down: in seat order
            x = rect.x + 20 + col * (cell_w + 20)
            y = top + row * used
            color = GOLD if seat == r.winner else INK
            pts = "winner" if seat == r.winner else points_word(r.points[seat])
            if r.changes[seat] < 0:
                # classic rummy with no winner: the hand's value comes off the score
                pts = "\N{MINUS SIGN}" + points_word(-r.changes[seat])
            reason = r.reasons[seat]
            if side:
                surf.blit(text.get(self.names[seat], font, color, bold=True), (x, y + 4))
                surf.blit(text.get(pts, font, color), (x, y + font + 10))
                surf.blit(text.get(reason, font - 2, DIM), (x, y + 2 * font + 14))
            else:
                name = text.get(self.names[seat], font, color, bold=True)
                surf.blit(name, (x, y))
                line = pts if not reason or seat == r.winner else f"{pts} ({reason})"
                surf.blit(text.get(line, font - 2, color), (x + name.get_width() + 12, y + 2))
            groups: Sequence[Sequence[Card]] = hand.groups
            loose: Sequence[Card] = hand.ungrouped
            if seat == self.viewer and self.order:
                groups, loose = _in_order(groups, self.order), _in_order([loose], self.order)[0]
            else:  # by suit and rank, as the player's own Sort would put them
                wild = wild_rank_for(self.variant, self.cut)
                loose = sorted(loose, key=lambda c: sort_key(c, wild))
            _draw_groups(surf, art, text, self.variant, self.cut, groups, loose,
                         x + name_w, y + head, cell_w - name_w, card_w, font - 2)
        self.surface = surf
        label_w = max(text.get(t, font, INK).get_width()
                      for t in (self.next_label, self.back_label))
        bw, bh = max(120, font * 7, label_w + 28), font + 16
        nxt = pygame.Rect(0, 0, bw, bh)
        nxt.bottomright = (rect.right - 20, rect.bottom - 12)
        menu = nxt.move(-(bw + 12), 0)
        self.buttons = {"next": TableButton(self.next_label, nxt)}
        if self.back_label != self.next_label:  # online, once over, both would leave
            self.buttons["menu"] = TableButton(self.back_label, menu)
        if self.review:
            leftmost = menu if "menu" in self.buttons else nxt
            self.buttons["review"] = TableButton("Review", leftmost.move(-(bw + 12), 0))
        self.note_pos = (rect.x + 20, nxt.centery)
        if self.proof is not None:
            left_of = min(b.rect.left for b in self.buttons.values()) - 12
            free = self.proof.place(text, rect, rect.x + 20, nxt.centery, left_of, font)
            self.note_pos = (free, nxt.centery)
        self.font = font

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        super().draw(surface, text)
        if self.proof is not None:
            self.proof.draw(surface, text)

    def click(self, pos: tuple[int, int]) -> str | None:
        if self.proof is not None and self.proof.hit(pos):
            self.proof.toggle()
            return None
        return super().click(pos)

    @staticmethod
    def _draw_sheet(surf: pygame.Surface, text: TextCache, st: Standing, x: int, y: int,
                    font: int) -> None:
        """The score sheet: a line per seat, every round's score (a star for the round's
        winner, who scores 0), then the total; the lowest total wins."""
        size = font - 2
        name_w = max(text.get(n, size, INK, bold=True).get_width() for n in st.names) + 16
        cell = text.get("888★", size, INK).get_width() + 10
        for seat, name in enumerate(st.names):
            color = GOLD if seat == st.winner else INK
            surf.blit(text.get(name, size, color, bold=True), (x, y))
            cx = x + name_w
            for row in st.sheet:
                score = row[seat] if seat < len(row) else None
                shown = "-" if score is None else f"{score}★" if score == 0 else f"{score}"
                surf.blit(text.get(shown, size, GOLD if score == 0 else DIM), (cx, y))
                cx += cell
            surf.blit(text.get(f"= {st.totals[seat]}", size, color, bold=True), (cx + 6, y))
            y += font + 6

    @staticmethod
    def _draw_standing(surf: pygame.Surface, text: TextCache, st: Standing, x: int, y: int,
                       width: int, font: int) -> None:
        """The match line (gold once the match is won), then every seat's total."""
        for size in (font, font - 2, font - 4):  # (smaller where a long line would not fit)
            head = text.get(st.heading, size, GOLD if st.over else INK, bold=st.over)
            if head.get_width() <= width:
                break
        surf.blit(head, (x, y))
        y += font + 6
        if st.sheet:
            ResultPanel._draw_sheet(surf, text, st, x, y, font)
            return
        label = text.get("Totals:", font - 2, DIM)
        surf.blit(label, (x, y + 1))
        x0 = x + label.get_width() + 10
        for size, out in ((font - 1, " (out)"), (font - 3, " out"), (font - 4, "")):
            pieces = []
            for seat, (name, total) in enumerate(zip(st.names, st.totals, strict=True)):
                color = GOLD if seat == st.winner else RED if st.out[seat] else INK
                piece = f"{name} {total}" + (out if st.out[seat] else "")
                pieces.append(text.get(piece, size, color, bold=seat == st.winner))
            gap = max(12, size)
            if x0 + sum(p.get_width() + gap for p in pieces) - gap <= x + width:
                break
        cx = x0
        for piece_surf in pieces:  # the smallest size, if nothing fitted better
            surf.blit(piece_surf, (cx, y))
            cx += piece_surf.get_width() + gap

