"""Frames painted only where they changed equal frames painted whole.

The table repaints only the rectangles that changed since its previous frame (a dragged
card's old and new place, a target that lit or went out, the hand when it moves). Here
every frame of a played table is compared, pixel for pixel, with the same state painted
from scratch: drags across targets, cards in flight, the declaration dialog, illegal drops
and their messages, a window resize, the rules page on top and gone again.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from rummy.model import parse_card
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene
from rummy.ui.table.parts_melds import MeldParts
from tools.table_states import six_seat_table

from . import table_helpers
from .table_helpers import click, drag, grip, hand_point, key, settle

pytestmark = pytest.mark.slow


@dataclass
class Frames:
    """Checks each frame the app paints against a whole frame painted from scratch."""

    app: App
    scene: TableScene | None = None
    folder: Path | None = None
    checked: int = 0
    partial: int = 0
    lights_only: int = 0
    """Frames whose still part changed only in lit targets, painted in part."""
    sizes: set[tuple[int, int]] = field(default_factory=set)

    def after_step(self) -> None:
        scene = self.scene
        if scene is None or self.app.top is not scene:
            return
        screen = self.app.screen
        whole = pygame.Surface(screen.get_size())
        scene.painter.draw_afresh(whole)
        self.checked += 1
        self.sizes.add(screen.get_size())
        if pygame.image.tobytes(screen, "RGB") != pygame.image.tobytes(whole, "RGB"):
            where = differing_box(screen, whole)
            if self.folder is not None:
                pygame.image.save(screen, str(self.folder / "painted.png"))
                pygame.image.save(whole, str(self.folder / "whole.png"))
            raise AssertionError(f"frame {self.checked}: the painted frame differs from a "
                                 f"whole repaint within {where}")


def differing_box(a: pygame.Surface, b: pygame.Surface) -> pygame.Rect:
    w, h = a.get_size()
    rows = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    box: pygame.Rect | None = None
    for y in range(h):
        ra = rows[0][y * w * 3:(y + 1) * w * 3]
        rb = rows[1][y * w * 3:(y + 1) * w * 3]
        if ra == rb:
            continue
        xs = [x for x in range(w) if ra[x * 3:x * 3 + 3] != rb[x * 3:x * 3 + 3]]
        row = pygame.Rect(xs[0], y, xs[-1] - xs[0] + 1, 1)
        box = row if box is None else box.union(row)
    assert box is not None
    return box


@pytest.fixture
def frames(app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    """Every ``app.step`` of the test is followed by the comparison; the table's
    :meth:`~TableScene.paint` is watched to count the frames painted in part."""
    check = Frames(app, folder=tmp_path)
    step = app.step

    def checked_step(dt: float | None = None) -> bool:
        running = step(dt)
        check.after_step()
        return running

    paint = TableScene.paint

    def watched_paint(scene: TableScene, surface: pygame.Surface, full: bool
                      ) -> list[pygame.Rect] | None:
        before = scene.board.still_key()
        shown = scene.painter.shown  # what the previous frame showed
        areas = paint(scene, surface, full)
        if areas is not None:
            check.partial += 1
            if shown is not None and shown[0] != before and shown[0][0] == before[0]:
                check.lights_only += 1
        return areas

    monkeypatch.setattr(app, "step", checked_step)
    monkeypatch.setattr(TableScene, "paint", watched_paint)
    yield check


def resize(app: App, size: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1],
                                         size=size))
    app.step(1 / 60)


def wander(app: App, scene: TableScene, points: list[tuple[int, int]], steps: int = 5
           ) -> None:
    """Press on the first point and drag through the others without letting go."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=points[0], button=1))
    app.step(1 / 60)
    for (x0, y0), (x1, y1) in zip(points, points[1:], strict=False):
        for i in range(1, steps + 1):
            pos = (x0 + (x1 - x0) * i // steps, y0 + (y1 - y0) * i // steps)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                 buttons=(1, 0, 0)))
            app.step(1 / 60)


def release(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step(1 / 60)


def hover(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    app.step(1 / 60)


def rules_and_back(app: App, scene: TableScene) -> None:
    key(app, pygame.K_F1)
    assert app.top is not scene
    key(app, pygame.K_F1)
    assert app.top is scene


@pytest.mark.timeout(120)
def test_declare_table_frames_equal_whole_repaints(app: App, frames: Frames) -> None:
    frames.scene = scene = table_helpers.table(app, table_helpers.prepared_game())
    hover(app, scene.board.buttons["sort"].rect.center)
    hover(app, hand_point(scene))
    table_helpers.draw_closed_by_drag(app, scene)
    # A hand card dragged to and fro over the hand (the hand opens a gap), then over the
    # open deck and the finish slot (they light), and back into the hand.
    lay = scene.board.lay
    start = grip(scene, "KD")
    wander(app, scene, [start, hand_point(scene), lay.open_deck.center,
                        lay.finish_slot.center, (lay.finish_slot.centerx, lay.label_y - 80),
                        hand_point(scene)])
    release(app, hand_point(scene))
    settle(app, scene)
    click(app, grip(scene, "9C"))  # selected: lifted, outlined
    settle(app, scene)
    click(app, grip(scene, "9C"))
    settle(app, scene)
    # The declaration dialog, cancelled: the card glides back.
    drag(app, grip(scene, "4D"), scene.board.lay.finish_slot.center)
    assert scene.dialog is not None
    for _ in range(5):
        app.step(1 / 60)
    key(app, pygame.K_ESCAPE)
    settle(app, scene)
    resize(app, (1100, 700))
    settle(app, scene)
    rules_and_back(app, scene)
    # An illegal drop: it glides back and the engine's reason shows, then goes.
    drag(app, grip(scene, "KD"), scene.board.lay.closed_deck.center)
    settle(app, scene)
    for _ in range(10):
        app.step(0.3)
    # The discard: the bot's turn animates on the table.
    drag(app, grip(scene, "KD"), scene.board.lay.open_deck.center)
    settle(app, scene)
    assert frames.checked > 100 and frames.partial > frames.checked // 3
    assert frames.lights_only > 0 and len(frames.sizes) == 2


@pytest.mark.timeout(120)
def test_meld_table_frames_equal_whole_repaints(app: App, frames: Frames) -> None:
    config = GameConfig("super_rummy", {"deck_count": 2}, 6, ("greedy",) * 6, 3, 0)
    frames.scene = scene = TableScene(app, config, game=six_seat_table(), speed=4.0)
    app.push(scene)
    settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, MeldParts) and parts.placed is not None
    stops = [spot.rect.center for spot in parts.placed.melds]
    # 9♦ over every meld on the table (three of them take it), then back into the hand.
    wander(app, scene, [grip(scene, "9D"), *stops, hand_point(scene)], steps=3)
    release(app, hand_point(scene))
    settle(app, scene)
    # Over the melds again, let go on the set of nines: laid off, the meld grows.
    nines = next(s.rect.center for s in parts.placed.melds if parse_card("9C") in s.cards)
    wander(app, scene, [grip(scene, "9D"), stops[0], stops[5], nines], steps=4)
    release(app, nines)
    settle(app, scene)
    # A refused drop: a card the meld does not take glides back with the reason.
    drag(app, grip(scene, "KC"), nines)
    settle(app, scene)
    resize(app, (1400, 860))
    settle(app, scene)
    rules_and_back(app, scene)
    wander(app, scene, [grip(scene, "4S"), *stops[:6]], steps=3)
    release(app, stops[5])
    settle(app, scene)
    # The discard ends the turn: five bots play on, their cards in flight.
    drag(app, grip(scene, "KC"), scene.board.lay.open_deck.center)
    settle(app, scene, frames=2000)
    assert frames.checked > 100 and frames.partial > frames.checked // 3
    assert frames.lights_only > 0 and len(frames.sizes) == 2


@pytest.mark.timeout(120)
def test_contract_table_frames_equal_whole_repaints(app: App, frames: Frames) -> None:
    frames.scene = scene = table_helpers.meld_table(
        app, table_helpers.meld_game("dummy_rummy", table_helpers.CONTRACT, stock="QC"),
        "dummy_rummy")
    table_helpers.draw_from_stock(app, scene)
    parts = scene.parts
    assert isinstance(parts, MeldParts) and parts.placed is not None
    slots = [s.rect.center for s in parts.placed.slots]
    # 7♠ across both lay-down slots and into the first; the rest of the set after it.
    wander(app, scene, [grip(scene, "7S"), slots[1], slots[0], slots[1], slots[0]])
    release(app, slots[0])
    settle(app, scene)
    for code in ("7H", "7D"):
        drag(app, grip(scene, code), parts.placed.slots[0].rect.center)
        settle(app, scene)
    click(app, parts.placed.slots[0].rect.center)  # a staged card back to the hand
    settle(app, scene)
    drag(app, grip(scene, "7D"), parts.placed.slots[0].rect.center)
    settle(app, scene)
    table_helpers.select(app, scene, "9C", "9D", "9S")
    drag(app, grip(scene, "9D"), parts.placed.slots[1].rect.center)
    settle(app, scene)
    resize(app, (1366, 768))
    resize(app, (1000, 640))
    settle(app, scene)
    key(app, pygame.K_l)  # the contract laid down
    settle(app, scene)
    drag(app, grip(scene, "KH"), scene.board.lay.open_deck.center)
    settle(app, scene, frames=2000)
    assert frames.checked > 100 and frames.partial > frames.checked // 3
    assert frames.lights_only > 0 and len(frames.sizes) == 3
