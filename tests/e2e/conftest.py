"""The screen the single-window end-to-end tests play on (tests/e2e/helpers.py has the
rest of what they share)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from .helpers import xvfb


@pytest.fixture
def display() -> Iterator[str]:
    """A private 1280x720 X server; its display name."""
    with xvfb((1280, 720)) as name:
        yield name
