"""Fixtures the model's tests share: the shipped declare variants, loaded once a module."""

from __future__ import annotations

import pytest

from rummy.model.variant import Variant, load_variant


@pytest.fixture(scope="module")
def indian() -> Variant:
    return load_variant("indian_13")


@pytest.fixture(scope="module")
def classic() -> Variant:
    return load_variant("two_player_13")
