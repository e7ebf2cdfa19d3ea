"""Fixtures the model's tests share: the two-player classic, loaded once a module (indian_13
is tests/conftest.py's, shared with the bot tests)."""

from __future__ import annotations

import pytest

from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant


@pytest.fixture(scope="module")
def classic() -> Variant:
    return load_variant("two_player_13")
