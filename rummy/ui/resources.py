"""Images, fonts and sounds shipped in ``assets/``, loaded once and cached.

Everything is found relative to this package, so the game starts from any working
directory. Start pygame with :func:`init_pygame` (``pygame.init()`` minus ALSA's console
noise on machines without sound), open the window, then create one :class:`Resources` and
pass it around; images scaled after ``set_mode`` are converted for fast blitting.

A missing or unreadable asset raises :class:`AssetError` naming the file. A machine without
an audio device is not an error: the game runs muted.
"""

from __future__ import annotations

import contextlib
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from rummy.paths import data_root
from rummy.ui.card_colours import four_colour, tinted_back

if TYPE_CHECKING:
    from rummy.model.cards import Card

ASSETS_DIR = data_root() / "assets"
CARDS_DIR = ASSETS_DIR / "cards"
FONTS_DIR = ASSETS_DIR / "fonts"
SOUNDS_DIR = ASSETS_DIR / "sounds"
ICON_PATH = ASSETS_DIR / "icons" / "rummy.png"

FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}

SOUNDS = ("shuffle", "deal", "draw", "discard", "declare_ok", "declare_bad", "click", "tick")
"""Names accepted by :meth:`Resources.play`; each is ``assets/sounds/<name>.wav``."""

RANK_CODES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUIT_CODES = ("S", "H", "D", "C")
FACES = tuple(r + s for s in SUIT_CODES for r in RANK_CODES) + ("JK",)
"""Every face with an image: ``"AS" ... "KC"`` and the printed joker ``"JK"``."""

_FACE_RE = re.compile(r"^(?:(?:A|[2-9]|10|J|Q|K)[SHDC]|JK)$")
_VOLUME = 0.6
_CHANNELS = 16


class AssetError(RuntimeError):
    """A file under ``assets/`` is missing or cannot be read; the message names it."""


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Silence C-level stderr (ALSA prints errors when a machine has no sound card)."""
    try:
        saved = os.dup(2)
    except OSError:  # no stderr at all (pythonw on Windows): nothing to silence
        yield
        return
    try:
        with open(os.devnull, "wb") as devnull:
            os.dup2(devnull.fileno(), 2)
            yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def init_pygame() -> None:
    """``pygame.init()`` without the audio library's console noise on machines with no sound.

    Use it instead of ``pygame.init()``; failures of optional modules (audio) stay silent,
    and :class:`Resources` then runs muted.
    """
    with _quiet_stderr():
        pygame.init()


def _face_of(card: Card | str) -> str:
    """``"10H"`` for a Card or a code such as ``"10h"``/``"10H@1"``; the copy is ignored."""
    face = card.split("@", 1)[0].strip().upper() if isinstance(card, str) else card.face
    if not _FACE_RE.match(face):
        raise ValueError(f"not a card face: {card!r} (expected e.g. 'AS', '10H', 'KC', 'JK')")
    return face


def _load_image(path: Path) -> pygame.Surface:
    if not path.is_file():
        raise AssetError(f"missing image: {path}")
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, OSError, ValueError) as exc:
        raise AssetError(f"cannot read image {path}: {exc}") from exc
    if image.get_bitsize() < 24:  # smoothscale needs 24/32-bit pixels
        rgba = pygame.Surface(image.get_size(), pygame.SRCALPHA, 32)
        rgba.blit(image, (0, 0))
        image = rgba
    return image


def _restore_opacity(surface: pygame.Surface, threshold: int = 239) -> pygame.Surface:
    """Make nearly opaque pixels opaque again, in place.

    pygame's SSE smoothscale rounds alpha 255 down to 252-253, which would let a card
    beneath show faintly through the one on top; the anti-aliased rim stays as it is.
    """
    opaque = pygame.mask.from_surface(surface, threshold)
    cover = opaque.to_surface(setcolor=(0, 0, 0, 255), unsetcolor=(0, 0, 0, 0))
    surface.blit(cover, (0, 0), special_flags=pygame.BLEND_RGBA_MAX)
    return surface


def _for_display(surface: pygame.Surface) -> pygame.Surface:
    """Convert to the display's pixel format when there is a display (fast blits)."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


class Resources:
    """The game's card art, fonts, sounds and icon.

    >>> import pygame
    >>> _ = pygame.init()
    >>> res = Resources(audio=False)
    >>> res.card("10H", 100).get_width()
    100
    >>> res.card_size(100) == res.back(100).get_size()
    True
    >>> res.muted
    True
    """

    def __init__(self, audio: bool = True) -> None:
        self._originals: dict[str, pygame.Surface] = {}
        self._scaled: dict[tuple[str, int], pygame.Surface] = {}
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._icon: pygame.Surface | None = None
        self._muted = False
        self._four_colour = False
        self._card_back = "classic"
        self._volume = _VOLUME
        self._audio = audio and self._init_audio()
        if self._audio:
            self._load_sounds()

    # -- images ---------------------------------------------------------------------------

    def _original(self, face: str) -> pygame.Surface:
        image = self._originals.get(face)
        if image is None:
            name = "back.png" if face == "back" else f"{face}.png"
            image = _load_image(CARDS_DIR / name)
            if face == "back":
                image = tinted_back(image, self._card_back)
            elif self._four_colour:
                image = four_colour(face, image)
            self._originals[face] = image
        return image

    @property
    def four_colour(self) -> bool:
        """Diamonds blue and clubs green (Settings: four-colour deck)."""
        return self._four_colour

    @four_colour.setter
    def four_colour(self, value: bool) -> None:
        if bool(value) != self._four_colour:
            self._four_colour = bool(value)
            self._forget(lambda face: face[-1:] in ("D", "C") and face != "back")

    @property
    def card_back(self) -> str:
        """The back's colour: "classic" (the shipped image) or one of
        :data:`~rummy.ui.card_colours.BACK_COLOURS`."""
        return self._card_back

    @card_back.setter
    def card_back(self, value: str) -> None:
        if value != self._card_back:
            self._card_back = value
            self._forget(lambda face: face == "back")

    def _forget(self, which: Callable[[str], bool]) -> None:
        """Drop cached images of the faces ``which`` picks (they are made again)."""
        for face in [f for f in self._originals if which(f)]:
            del self._originals[face]
        for key in [k for k in self._scaled if which(k[0])]:
            del self._scaled[key]

    def _scaled_image(self, face: str, width: int) -> pygame.Surface:
        if width < 1:
            raise ValueError(f"card width must be at least 1 pixel, got {width}")
        key = (face, width)
        image = self._scaled.get(key)
        if image is None:
            original = self._original(face)
            size = self._size_for(original, width)
            if size == original.get_size():
                scaled = original.copy()
            else:
                scaled = _restore_opacity(pygame.transform.smoothscale(original, size))
            image = self._scaled[key] = _for_display(scaled)
        return image

    @staticmethod
    def _size_for(original: pygame.Surface, width: int) -> tuple[int, int]:
        w, h = original.get_size()
        return width, max(1, round(width * h / w))

    def card(self, card: Card | str, width: int) -> pygame.Surface:
        """The face of ``card`` (a Card or a face code like ``"10H"``), ``width`` pixels wide.

        The aspect ratio is kept; the surface is cached per (face, width) and shared, so
        callers must not draw on it (``copy()`` first).
        """
        return self._scaled_image(_face_of(card), width)

    def back(self, width: int) -> pygame.Surface:
        """The card back, ``width`` pixels wide (same size as a face)."""
        return self._scaled_image("back", width)

    def card_size(self, width: int) -> tuple[int, int]:
        """``(width, height)`` of a card drawn ``width`` pixels wide."""
        if width < 1:
            raise ValueError(f"card width must be at least 1 pixel, got {width}")
        return self._size_for(self._original("back"), width)

    def icon(self) -> pygame.Surface:
        """The 256x256 window icon (for ``pygame.display.set_icon``)."""
        if self._icon is None:
            self._icon = _load_image(ICON_PATH)
        return self._icon

    # -- fonts ----------------------------------------------------------------------------

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """DejaVu Sans at ``size`` points; it has the suit symbols ♠♥♦♣."""
        key = (size, bold)
        font = self._fonts.get(key)
        if font is None:
            if not pygame.font.get_init():
                pygame.font.init()
            path = FONTS_DIR / FONT_FILES[bold]
            if not path.is_file():
                raise AssetError(f"missing font: {path}")
            try:
                font = pygame.font.Font(str(path), size)
            except (pygame.error, OSError, ValueError) as exc:
                raise AssetError(f"cannot read font {path}: {exc}") from exc
            self._fonts[key] = font
        return font

    # -- sound ----------------------------------------------------------------------------

    @staticmethod
    def _init_audio() -> bool:
        """Open the audio device if we can; any failure means a silent game, not a crash."""
        try:
            if not pygame.mixer.get_init():
                with _quiet_stderr():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(_CHANNELS)
            return bool(pygame.mixer.get_init())
        except Exception:  # no device, no driver, no mixer module: all mean a muted game
            return False

    def _load_sounds(self) -> None:
        for name in SOUNDS:
            path = SOUNDS_DIR / f"{name}.wav"
            if not path.is_file():
                raise AssetError(f"missing sound: {path}")
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, ValueError) as exc:
                raise AssetError(f"cannot read sound {path}: {exc}") from exc
            sound.set_volume(self._volume)
            self._sounds[name] = sound

    @property
    def audio_available(self) -> bool:
        """Whether an audio device was opened; without one the game is always muted."""
        return self._audio

    @property
    def muted(self) -> bool:
        """True when no sound plays: muted by the player or no audio device."""
        return self._muted or not self._audio

    @muted.setter
    def muted(self, value: bool) -> None:
        self._muted = bool(value)
        if self._muted and self._audio:
            pygame.mixer.stop()

    @property
    def volume(self) -> float:
        """The sounds' volume, 0 to 1 (the Settings screen's slider)."""
        return self._volume

    @volume.setter
    def volume(self, value: float) -> None:
        self._volume = max(0.0, min(1.0, float(value)))
        for sound in self._sounds.values():
            sound.set_volume(self._volume)

    def play(self, name: str) -> None:
        """Play the short sound ``name`` (one of :data:`SOUNDS`); silent when muted."""
        if name not in SOUNDS:
            raise ValueError(f"unknown sound {name!r}; expected one of {', '.join(SOUNDS)}")
        if self.muted:
            return
        sound = self._sounds.get(name)
        if sound is not None:
            with contextlib.suppress(pygame.error):  # a device lost mid-game: play on silently
                sound.play()
