"""An invitation to a table as one line of text: what a host copies to the others, and what
the Join form reads back when it is pasted, filling the address and the room code at once.

>>> words = invite("192.168.1.5:8765", "FFDYD")
>>> words
'Join my Rummy table: 192.168.1.5:8765, room code FFDYD'
>>> read_invite(words)
('192.168.1.5:8765', 'FFDYD')
>>> read_invite("come to ws://host.lan:9000 - code ACDEF!")
('host.lan:9000', 'ACDEF')
>>> read_invite("[::1]:8765 WXYAC"), read_invite("192.168.1.5:8765") is None
(('[::1]:8765', 'WXYAC'), True)
"""

from __future__ import annotations

import re

from .table import CODE_LENGTH, CODE_LETTERS

_ADDRESS = re.compile(r"(?:ws://)?(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9._-]*):(\d{1,5})\b")
_CODE = re.compile(rf"\b[{CODE_LETTERS}]{{{CODE_LENGTH}}}\b")


def invite(address: str, code: str) -> str:
    """The words a host gives the others: the address with its port and the room code."""
    return f"Join my Rummy table: {address}, room code {code}"


def read_invite(text: str) -> tuple[str, str] | None:
    """(address with port, room code) from pasted text holding both (as :func:`invite`
    writes them, or in other words around them); None when either is missing."""
    found = _ADDRESS.search(text)
    if found is None:
        return None
    rest = text[:found.start()] + " " + text[found.end():]
    code = _CODE.search(rest)
    if code is None:
        return None
    return f"{found.group(1)}:{found.group(2)}", code.group(0)
