"""Shared test setup.

SDL must never open a real window or audio device in tests: these defaults apply to every
test and to subprocesses started from them (the UI tests come later). A developer who
wants to watch can still set the variables before running pytest.
"""

import os

import pytest

from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Saves, statistics and replays go to a folder of the test run, never the player's own
# (the table saves after every action). A test that looks at them sets its own folder.
if not os.environ.get("RUMMY_DATA_DIR"):
    import tempfile

    os.environ["RUMMY_DATA_DIR"] = tempfile.mkdtemp(prefix="rummy-test-data-")


@pytest.fixture(scope="module")
def indian() -> Variant:
    """The shipped indian_13 variant, loaded once a module: the model's and the bots' tests
    play it."""
    return load_variant("indian_13")


TEST_EXPERT_BUDGET = 12
"""Work a decision the expert does in tests that do not set its budget: one world
a decision, so a whole deal with an expert seat stays quick (its default budget is
measured in benchmarks/bench_bots.py)."""


@pytest.fixture(autouse=True)
def _small_expert_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    import rummy.ai.expert

    monkeypatch.setattr(rummy.ai.expert, "DEFAULT_BUDGET", TEST_EXPERT_BUDGET)
