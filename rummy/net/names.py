"""Player names as the server keeps them: cleaned of what cannot be seen, and compared as
they look (docs/protocol.md, "Names").

A name from ``create`` or ``join`` loses its control, format and other invisible
characters (zero-width spaces, bidirectional overrides that show "Asha" written
backwards, fillers that look like nothing), is normalised with NFKC (full-width and
styled letters become plain ones), has its runs of spaces folded to one, and is then
checked for length:

>>> clean_name("  Asha\\u202e  \\u200bRao\\t")
'Asha Rao'
>>> clean_name("\\uff21\\uff53\\uff48\\uff41")  # full-width letters
'Asha'
>>> clean_name("\\u200b\\u2066\\u3164")
Traceback (most recent call last):
...
rummy.net.protocol.ProtocolError: bad_request: your name has nothing visible in it

Two names that look alike have the same :func:`look_alike` key, which the table uses to
tell its seats apart ("Asha", then "asha (2)"):

>>> look_alike("P0") == look_alike("PO") == look_alike("\\u0420\\u041e")  # Cyrillic Р, О
True
>>> look_alike("Asha") == look_alike("ASHA"), look_alike("Asha") == look_alike("Usha")
(True, False)
"""

from __future__ import annotations

import unicodedata
from typing import Any

from .protocol import NAME_LENGTH, ProtocolError

HIDDEN_RANGES = (
    (0x034F, 0x034F),  # combining grapheme joiner
    (0x115F, 0x1160),  # Hangul fillers
    (0x17B4, 0x17B5),  # Khmer inherent vowels
    (0x180B, 0x180F),  # Mongolian variation selectors
    (0x2800, 0x2800),  # Braille blank: a space that is not whitespace
    (0x3164, 0x3164),  # Hangul filler
    (0xFE00, 0xFE0F),  # variation selectors
    (0xFFA0, 0xFFA0),  # half-width Hangul filler
    (0xE0100, 0xE01EF),  # variation selectors supplement
)
"""Characters that show nothing but are letters or marks to Unicode, so the category test
(every ``C*``: controls, formats such as U+200B-U+200F, U+202A-U+202E, U+2060-U+2069,
U+FEFF, U+061C, and unassigned or private code points) misses them; with it they make
Unicode's default-ignorable code points, plus the Braille blank."""

MOST_MARKS = 3
"""Combining marks kept on one letter: enough for any script's spelling (a Devanagari or
Vietnamese letter carries one or two), while a pile of them ("Zalgo" text) would spill
over the other seats' names."""

_CAPITALS_LIKE = str.maketrans(dict(zip(
    "АВЕЅІЈКМНОРСТУХ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ",
    "ABESIJKMHOPCTYX" "ABEZHIKMNOPTYX", strict=True)))
"""Cyrillic and Greek capitals drawn like Latin ones (before the case is folded: a Greek
capital mu is an M, its small letter a u)."""
_SMALL_LIKE = str.maketrans(dict(zip(
    "аеорсухѕіјһԁԛԝӏ" "αικμορυχν" "01il|",
    "aeopcyxsljhdqwl" "alkuopuxv" "ollll", strict=True)))
"""Small letters drawn alike, after the case is folded: Cyrillic and Greek ones like Latin
ones, and the digits and strokes that many fonts draw alike (0 and o; 1, I, l and |)."""


def _hidden(char: str) -> bool:
    if unicodedata.category(char)[0] == "C":
        return True
    point = ord(char)
    return any(low <= point <= high for low, high in HIDDEN_RANGES)


def _visible(text: str) -> str:
    """``text`` without its invisible characters, whitespace kept (folded later)."""
    return "".join(" " if char.isspace() else char for char in text
                   if char.isspace() or not _hidden(char))


def _fewer_marks(text: str) -> str:
    """At most :data:`MOST_MARKS` combining marks in a row; others are dropped."""
    out: list[str] = []
    run = 0
    for char in text:
        if unicodedata.combining(char):
            run += 1
            if run > MOST_MARKS:
                continue
        else:
            run = 0
        out.append(char)
    return "".join(out)


def clean(text: str) -> str:
    """``text`` as a name shows it: invisible characters out, NFKC, at most
    :data:`MOST_MARKS` marks on a letter, spaces folded (no length check)."""
    # marks counted before NFKC too, which composes a letter with its first mark
    text = unicodedata.normalize("NFKC", _fewer_marks(_visible(text)))
    return " ".join(_fewer_marks(_visible(text)).split())


def clean_name(value: Any, longest: int = NAME_LENGTH) -> str:
    """The ``name`` field of a message, cleaned (:func:`clean`) and 1 to ``longest``
    characters long; ProtocolError ``bad_request`` otherwise."""
    if not isinstance(value, str):
        raise ProtocolError("bad_request", f"name is a text of 1 to {longest} characters")
    name = clean(value)
    if not name:
        raise ProtocolError("bad_request", "your name has nothing visible in it")
    if len(name) > longest:
        raise ProtocolError("bad_request", f"name is a text of 1 to {longest} characters")
    return name


def look_alike(name: str) -> str:
    """A key that two names drawn alike share: cleaned, case folded, Cyrillic and Greek
    letters drawn like Latin ones taken as those, 0 as o, and 1, I, l and | as one."""
    folded = clean(name).translate(_CAPITALS_LIKE).casefold()
    return unicodedata.normalize("NFKC", folded).translate(_SMALL_LIKE)
