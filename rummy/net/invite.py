"""An invitation to a table as one line of text: what a host copies to the others, and what
the Join form reads back when it is pasted, filling the address and the room code at once.
The address keeps its ``wss://`` (an encrypted server, docs/hosting.md) or ``ws://``; a
bare one stays bare (plain, as on a LAN). The code is written in two groups, as the lobby
shows it, and read back in any grouping.

>>> words = invite("192.168.1.5:8765", "FFDYDCHKMN")
>>> words
'Join my Rummy table: 192.168.1.5:8765, room code FFDYD CHKMN'
>>> read_invite(words)
('192.168.1.5:8765', 'FFDYDCHKMN')
>>> read_invite(invite("wss://rummy.example.org:443", "FFDYDCHKMN"))
('wss://rummy.example.org:443', 'FFDYDCHKMN')
>>> read_invite("come to ws://host.lan:9000 - code ACDEF-HJKMN!")
('ws://host.lan:9000', 'ACDEFHJKMN')
>>> read_invite("Play at WSS://rummy.example.org. The code is ACDEF HJKMN")  # 443 implied
('wss://rummy.example.org', 'ACDEFHJKMN')
>>> read_invite("[::1]:8765 WXYACWXYAC"), read_invite("192.168.1.5:8765") is None
(('[::1]:8765', 'WXYACWXYAC'), True)
>>> read_invite("rummy.example.org ACDEFHJKMN") is None  # a bare name needs its port
True

A table resumed from a record made when codes had five letters keeps its code:

>>> read_invite("Join my Rummy table: 10.0.0.2:8765, room code WXYAC")
('10.0.0.2:8765', 'WXYAC')
"""

from __future__ import annotations

import re

from .room import CODE_GROUP, CODE_LENGTH, CODE_LETTERS, is_code, normal_code, show_code

_HOST = r"\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9][A-Za-z0-9._-]*"
_ADDRESS = re.compile(
    rf"\b(?P<scheme>(?i:wss?))://(?P<host>{_HOST})(?::(?P<port>\d{{1,5}})\b)?"
    rf"|(?P<bare>{_HOST}):(?P<bare_port>\d{{1,5}})\b")
"""With ``wss://`` or ``ws://`` the port may be left out (the scheme says it is an
address); a bare address needs its port, or every word would be one."""
_GROUP = f"[{CODE_LETTERS}]{{{CODE_GROUP}}}"
_CODE = re.compile(rf"\b{_GROUP}(?:[ -]?{_GROUP}){{0,{CODE_LENGTH // CODE_GROUP - 1}}}\b")
"""A code in groups as shown, or in one piece; an old code's one group too."""


def invite(address: str, code: str) -> str:
    """The words a host gives the others: the address (with its port, and its ``wss://``
    or ``ws://`` when it has one) and the room code."""
    return f"Join my Rummy table: {address}, room code {show_code(code)}"


def read_invite(text: str) -> tuple[str, str] | None:
    """(address, room code) from pasted text holding both (as :func:`invite` writes them,
    or in other words around them); None when either is missing."""
    found = _ADDRESS.search(text)
    if found is None:
        return None
    rest = text[:found.start()] + " " + text[found.end():]
    code = _CODE.search(rest)
    if code is None or not is_code(normal_code(code.group(0))):
        return None
    if found["scheme"] is None:
        return f"{found['bare']}:{found['bare_port']}", normal_code(code.group(0))
    host = found["host"].rstrip(".-")  # the end of the sentence, not of the name
    port = f":{found['port']}" if found["port"] else ""
    return f"{found['scheme'].lower()}://{host}{port}", normal_code(code.group(0))
