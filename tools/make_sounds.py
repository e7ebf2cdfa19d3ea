"""Generate the game's short sound effects into ``assets/sounds/`` as WAV files.

Usage (from anywhere)::

    python tools/make_sounds.py

Only the standard library is used and the output is byte-for-byte deterministic (noise comes
from a fixed-seed generator), so the committed WAVs can always be regenerated. Each sound is
22050 Hz, mono, 16-bit and shorter than a second.

Paper noises (shuffle, deal, draw, discard) are filtered noise shaped by envelopes; the two
declare sounds, the click and the clock's tick are small synthesised tones.
"""

from __future__ import annotations

import math
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parents[1] / "assets" / "sounds"

Samples = list[float]


class Noise:
    """White noise in [-1, 1] from a 32-bit xorshift generator: the same every run."""

    def __init__(self, seed: int) -> None:
        self.state = seed & 0xFFFFFFFF or 1

    def __call__(self) -> float:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 0x7FFFFFFF - 1.0


def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def lowpass(samples: Samples, cutoff: float) -> Samples:
    """One-pole low-pass filter."""
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / RATE)
    out, y = [], 0.0
    for s in samples:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    low = lowpass(samples, cutoff)
    return [s - lo for s, lo in zip(samples, low, strict=True)]


def bandpass(samples: Samples, low: float, high: float) -> Samples:
    return lowpass(highpass(samples, low), high)


def mix_into(target: Samples, sound: Samples, at: float, gain: float = 1.0) -> None:
    start = int(at * RATE)
    if start + len(sound) > len(target):
        target.extend([0.0] * (start + len(sound) - len(target)))
    for i, s in enumerate(sound):
        target[start + i] += gain * s


def envelope(n: int, attack: float, decay: float) -> Samples:
    """Linear attack then exponential decay (``decay`` = time constant in seconds)."""
    a = max(1, int(attack * RATE))
    return [i / a if i < a else math.exp(-(i - a) / (decay * RATE)) for i in range(n)]


def shaped_noise(noise: Noise, seconds: float, attack: float, decay: float) -> Samples:
    n = int(seconds * RATE)
    return [noise() * e for e in envelope(n, attack, decay)]


def tone(freq: float, seconds: float, decay: float, harmonics: tuple[float, ...] = (1.0,),
         attack: float = 0.004) -> Samples:
    """A bell-ish tone: a few harmonics (amplitudes given) under a decaying envelope."""
    n = int(seconds * RATE)
    env = envelope(n, attack, decay)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(amp * math.sin(2 * math.pi * freq * (k + 1) * t)
                for k, amp in enumerate(harmonics))
        out.append(v * env[i])
    return out


def finish(samples: Samples, peak: float = 0.7, fade: float = 0.01) -> Samples:
    """Normalise to ``peak`` and fade the last ``fade`` seconds to avoid a click."""
    top = max((abs(s) for s in samples), default=0.0) or 1.0
    out = [s * peak / top for s in samples]
    f = min(len(out), int(fade * RATE))
    for i in range(f):
        out[len(out) - f + i] *= 1.0 - (i + 1) / f
    return out


# -- the sounds ------------------------------------------------------------------------------


def card_flick(noise: Noise, brightness: float = 4500.0, length: float = 0.07) -> Samples:
    """One card snapping past another: a short, bright burst of paper noise."""
    burst = shaped_noise(noise, length, 0.002, length / 5)
    return bandpass(burst, 900.0, brightness)


def shuffle() -> Samples:
    """A riffle: cards flick past quickly, faster in the middle, then a soft bridge."""
    noise = Noise(1)
    out = silence(0.75)
    t, count = 0.02, 34
    for k in range(count):
        x = k / (count - 1)
        gap = 0.022 - 0.010 * math.sin(math.pi * x)
        mix_into(out, card_flick(noise, 3800.0 + 1200.0 * x, 0.05), t, 0.55 + 0.45 * x)
        t += gap
    bridge = bandpass(shaped_noise(noise, 0.16, 0.03, 0.05), 300.0, 2200.0)
    mix_into(out, bridge, t + 0.01, 0.8)
    return finish(out[: int(0.8 * RATE)], 0.6)


def deal() -> Samples:
    """A card dealt onto the felt: a flick and a soft landing."""
    noise = Noise(2)
    out = silence(0.16)
    mix_into(out, card_flick(noise, 5000.0, 0.06), 0.0)
    landing = lowpass(shaped_noise(noise, 0.08, 0.003, 0.02), 900.0)
    mix_into(out, landing, 0.045, 1.6)
    return finish(out, 0.55)


def draw() -> Samples:
    """A card slid off a pile: a longer, softer swish."""
    noise = Noise(3)
    swish = shaped_noise(noise, 0.2, 0.06, 0.045)
    return finish(bandpass(swish, 500.0, 3000.0), 0.5)


def discard() -> Samples:
    """A card laid face up with a little tap on the table."""
    noise = Noise(4)
    out = silence(0.2)
    mix_into(out, bandpass(shaped_noise(noise, 0.09, 0.004, 0.025), 600.0, 3500.0), 0.0)
    mix_into(out, tone(170.0, 0.12, 0.03, (1.0, 0.3)), 0.03, 0.7)
    return finish(out, 0.6)


NOTES = {"C4": 261.63, "Eb4": 311.13, "C5": 523.25, "E5": 659.25, "G5": 783.99, "C6": 1046.50}
BELL = (1.0, 0.35, 0.12, 0.05)


def declare_ok() -> Samples:
    """A bright rising arpeggio (C major) ringing out: a valid show."""
    out = silence(0.9)
    for k, note in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(out, tone(NOTES[note], 0.9 - 0.08 * k, 0.22 + 0.05 * k, BELL), 0.08 * k, 0.8)
    return finish(out[: int(0.9 * RATE)], 0.55, 0.05)


def declare_bad() -> Samples:
    """Two soft falling tones (a minor third down): a wrong show."""
    out = silence(0.6)
    dull = (1.0, 0.0, 0.25, 0.0, 0.08)
    mix_into(out, tone(NOTES["Eb4"], 0.3, 0.1, dull, 0.01), 0.0)
    mix_into(out, tone(NOTES["C4"], 0.45, 0.16, dull, 0.01), 0.17)
    return finish(lowpass(out, 1800.0)[: int(0.6 * RATE)], 0.55, 0.05)


def click() -> Samples:
    """A short, quiet tick for buttons."""
    noise = Noise(5)
    out = tone(1500.0, 0.035, 0.006, (1.0, 0.2))
    mix_into(out, highpass(shaped_noise(noise, 0.01, 0.0005, 0.002), 2000.0), 0.0, 0.3)
    return finish(out, 0.35, 0.005)


def tick() -> Samples:
    """A clock's tick, lower and woodier than the button click: a turn's last seconds."""
    noise = Noise(6)
    out = tone(900.0, 0.06, 0.012, (1.0, 0.45, 0.15))
    mix_into(out, bandpass(shaped_noise(noise, 0.015, 0.0005, 0.004), 1200.0, 4000.0), 0.0,
             0.5)
    return finish(out, 0.45, 0.005)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "shuffle": shuffle,
    "deal": deal,
    "draw": draw,
    "discard": discard,
    "declare_ok": declare_ok,
    "declare_bad": declare_bad,
    "click": click,
    "tick": tick,
}


def write_wav(path: Path, samples: Samples) -> None:
    pcm = array("h", (max(-32767, min(32767, round(s * 32767))) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV is little-endian
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        samples = make()
        assert len(samples) < RATE, f"{name} is longer than a second"
        write_wav(OUT / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
