"""Service URLs as they may be shown: a Redis or PostgreSQL URL carries its password, which
never goes into a log line, an error message or a message to a client.

>>> redact_url("postgresql://rummy:s3cret@db.example.org:5432/rummy")
'postgresql://rummy:***@db.example.org:5432/rummy'
>>> redact_url("redis://:s3cret@127.0.0.1:6379/0"), redact_url("redis://127.0.0.1:6379")
('redis://:***@127.0.0.1:6379/0', 'redis://127.0.0.1:6379')
>>> redact_url("host=db password=s3cret dbname=rummy")
'host=db password=*** dbname=rummy'
"""

from __future__ import annotations

import re
from urllib.parse import urlsplit, urlunsplit


def redact_url(url: str) -> str:
    """``url`` with its password (if any) replaced by ``***``; also a libpq key=value
    string's ``password=``."""
    if "://" not in url:
        return re.sub(r"(password\s*=\s*)('[^']*'|\S+)", r"\1***", url)
    try:
        parts = urlsplit(url)
        host = parts.netloc.rpartition("@")[2]
    except ValueError:
        return "(an unreadable URL)"
    if parts.password is None and "@" not in parts.netloc:
        return url
    user = parts.username or ""
    return urlunsplit(parts._replace(netloc=f"{user}:***@{host}"))
