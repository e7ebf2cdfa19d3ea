"""The shipped assets load through :mod:`rummy.ui.resources`, and audio failures stay quiet."""

from __future__ import annotations

import configparser
import re
import shutil
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from rummy.model.cards import make_deck
from rummy.ui import resources
from rummy.ui.resources import ASSETS_DIR, FACES, SOUNDS, AssetError, Resources

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def display() -> Iterator[pygame.Surface]:
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((1, 1))


@pytest.fixture
def res(display: pygame.Surface) -> Resources:
    return Resources(audio=False)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


@pytest.mark.timeout(30)
def test_every_card_of_a_two_pack_deck_and_the_back_loads(res: Resources) -> None:
    deck = make_deck(packs=2, printed_jokers=2)
    assert len(deck) == 106
    width = 80
    size = res.card_size(width)
    for card in deck:
        image = res.card(card, width)
        assert image.get_size() == size, card
    for face in FACES:
        assert res.card(face, width).get_size() == size
    assert res.back(width).get_size() == size
    # Different faces are different pictures; copies share one cached image.
    assert _pixels(res.card("AS", width)) != _pixels(res.card("AH", width))
    assert res.card("10H", width) is res.card("10H@1", width)
    assert _pixels(res.back(width)) != _pixels(res.card("JK", width))


@pytest.mark.timeout(30)
def test_images_are_converted_for_the_display(res: Resources) -> None:
    image = res.card("QS", 60)
    assert image.get_flags() & pygame.SRCALPHA
    # Transparent rounded corners, opaque middle.
    assert image.get_at((0, 0)).a < 64
    assert image.get_at((30, image.get_height() // 2)).a == 255


@pytest.mark.timeout(30)
@pytest.mark.parametrize("width", [1, 37, 90, 141, 225, 400])
def test_scaling_keeps_the_aspect_ratio(res: Resources, width: int) -> None:
    native = pygame.image.load(str(ASSETS_DIR / "cards" / "AS.png"))
    nw, nh = native.get_size()
    w, h = res.card("AS", width).get_size()
    assert w == width
    assert abs(h - width * nh / nw) <= 0.5 + 1e-9 or width == 1
    assert res.card_size(width) == (w, h) == res.back(width).get_size()


@pytest.mark.timeout(30)
def test_scaled_images_are_cached(res: Resources) -> None:
    assert res.card("7D", 100) is res.card("7D", 100)
    assert res.back(100) is res.back(100)
    assert res.font(18) is res.font(18)
    assert res.font(18) is not res.font(18, bold=True)


@pytest.mark.timeout(30)
def test_bad_face_codes_and_widths_are_rejected(res: Resources) -> None:
    for bad in ("1S", "11H", "AX", "", "JKR"):
        with pytest.raises(ValueError, match="not a card face"):
            res.card(bad, 50)
    with pytest.raises(ValueError, match="width"):
        res.card("AS", 0)


@pytest.mark.timeout(30)
@pytest.mark.parametrize("bold", [False, True])
def test_the_font_draws_the_suit_symbols(res: Resources, bold: bool) -> None:
    font = res.font(32, bold)
    missing = [_pixels(font.render(ch, True, (0, 0, 0))) for ch in ("\uffff", "\u0378")]
    seen = set()
    for symbol in "♠♥♦♣":
        glyph = font.render(symbol, True, (0, 0, 0))
        assert glyph.get_width() > 5
        assert _pixels(glyph) not in missing, f"{symbol!r} renders as the missing-glyph box"
        seen.add(_pixels(glyph))
    assert len(seen) == 4
    assert font.render("♠♥♦♣ 10♥", True, (0, 0, 0)).get_width() > 0


@pytest.mark.timeout(30)
def test_missing_or_corrupt_assets_name_the_file(
    display: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(resources, "CARDS_DIR", tmp_path)
    res = Resources(audio=False)
    with pytest.raises(AssetError, match="AS.png"):
        res.card("AS", 50)
    (tmp_path / "back.png").write_bytes(b"not a png at all")
    with pytest.raises(AssetError, match="back.png"):
        res.back(50)
    monkeypatch.setattr(resources, "FONTS_DIR", tmp_path)
    with pytest.raises(AssetError, match="DejaVuSans.ttf"):
        res.font(12)


@pytest.mark.timeout(30)
def test_assets_are_found_from_any_working_directory(
    display: pygame.Surface, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    res = Resources(audio=False)
    assert res.card("KH", 50).get_width() == 50
    assert res.icon().get_size() == (256, 256)


@pytest.fixture
def no_mixer() -> Iterator[None]:
    """Each audio test starts and ends with the mixer closed."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


@pytest.mark.timeout(30)
def test_a_failing_mixer_means_muted_play(
    display: pygame.Surface, no_mixer: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken)
    res = Resources()
    assert not res.audio_available
    assert res.muted
    res.muted = False  # the player cannot unmute a machine without sound
    assert res.muted
    for name in SOUNDS:
        res.play(name)  # no-op, no exception


@pytest.mark.timeout(30)
def test_sounds_play_and_mute_with_the_dummy_audio_driver(
    display: pygame.Surface, no_mixer: None
) -> None:
    res = Resources()
    if not res.audio_available:
        pytest.skip("SDL could not open even the dummy audio driver here")
    assert not res.muted
    for name in SOUNDS:
        res.play(name)
    res.muted = True
    assert res.muted
    res.play("deal")
    res.muted = False
    assert not res.muted
    with pytest.raises(ValueError, match="unknown sound"):
        res.play("fanfare")


@pytest.mark.timeout(30)
def test_sound_files_are_short_small_wavs() -> None:
    for name in SOUNDS:
        path = ASSETS_DIR / "sounds" / f"{name}.wav"
        with wave.open(str(path)) as w:
            assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
            assert 0 < w.getnframes() < w.getframerate(), f"{name} is not under a second"
            assert any(w.readframes(w.getnframes())), f"{name} is silent"


@pytest.mark.timeout(30)
def test_licences_and_authors_ship_beside_the_assets() -> None:
    cards = ASSETS_DIR / "cards"
    assert "LESSER GENERAL PUBLIC LICENSE" in (cards / "LICENSE").read_text()
    assert "David Bellot" in (cards / "AUTHORS").read_text()
    assert "svg-cards" in (cards / "README.md").read_text()
    fonts = ASSETS_DIR / "fonts"
    licence = (fonts / "LICENSE").read_text()
    assert "Bitstream" in licence and "Arev" in licence
    assert (fonts / "AUTHORS").is_file()


def _exec_argv(value: str) -> list[str]:
    """Split a desktop entry's Exec value as launchers do (freedesktop spec / GLib)."""
    value = re.sub(r"\\(.)", lambda m: {"s": " ", "n": "\n", "t": "\t"}.get(m[1], m[1]), value)
    args: list[str] = []
    current: list[str] | None = None
    quoted, i = False, 0
    while i < len(value):
        c = value[i]
        if quoted and c == "\\" and value[i + 1 : i + 2] in ('"', "`", "$", "\\"):
            current = (current or []) + [value[i + 1]]
            i += 2
            continue
        if c == '"':
            quoted = not quoted
            current = current or []
        elif c == " " and not quoted:
            if current is not None:
                args.append("".join(current))
            current = None
        else:
            current = (current or []) + [c]
        i += 1
    if current is not None:
        args.append("".join(current))
    return args


@pytest.mark.timeout(30)
class _CaseKeptParser(configparser.RawConfigParser):
    """Keys as written: a desktop entry's keys (``Exec``, ``Icon``) are case-sensitive."""

    def optionxform(self, optionstr: str) -> str:
        return optionstr


@pytest.mark.skipif(
    sys.platform == "win32" or shutil.which("python3") is None, reason="a Linux desktop entry"
)
def test_the_icon_and_desktop_entry(res: Resources, tmp_path: Path) -> None:
    assert res.icon().get_size() == (256, 256)
    entry = _CaseKeptParser()
    entry.read(ROOT / "rummy.desktop", encoding="utf-8")
    desktop = entry["Desktop Entry"]
    assert desktop["Type"] == "Application"
    assert desktop["Icon"] == "rummy"
    # Double-clicking a copy of the entry (or a symlink to it) runs main.py in its folder.
    game = tmp_path / "game"
    game.mkdir()
    shutil.copy(ROOT / "rummy.desktop", game)
    (game / "main.py").write_text("import os\nprint(os.getcwd())\n")
    link = tmp_path / "link.desktop"
    link.symlink_to(game / "rummy.desktop")
    argv = [str(link) if a == "%k" else a for a in _exec_argv(desktop["Exec"])]
    assert argv[:2] == ["sh", "-c"]
    done = subprocess.run(argv, cwd="/", capture_output=True, text=True, timeout=20)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == str(game.resolve())


@pytest.mark.parametrize("face", ["KC", "QC", "JC", "KD", "QD", "JD"])
def test_four_colour_courts_repaint_the_corner_signs_not_the_figure(
        display: pygame.Surface, face: str) -> None:
    """The rank and suit signs in the corners change colour; the court figure and the
    card's frame, which run across the corner's edge, keep theirs."""
    from rummy.ui.card_colours import four_colour, ink_areas

    image = pygame.image.load(str(ASSETS_DIR / "cards" / f"{face}.png")).convert_alpha()
    painted = four_colour(face, image)
    w, h = image.get_size()
    top, bottom = ink_areas(face, (w, h))
    changed = {(x, y) for x in range(w) for y in range(h)
               if image.get_at((x, y)) != painted.get_at((x, y))}
    assert changed and all(top.collidepoint(p) or bottom.collidepoint(p) for p in changed)
    # the figure's side of each corner: its outermost column is never repainted
    assert not {(top.right - 1, y) for y in range(top.top, top.bottom)} & changed
    assert not {(bottom.left, y) for y in range(bottom.top, bottom.bottom)} & changed
    # the rank letter is: the corner's first columns change
    assert any(x < top.left + top.width // 3 for x, _ in changed)
