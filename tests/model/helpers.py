"""What several of the model's test modules share (the rule tests have their own,
tests/model/rules/helpers.py)."""

from __future__ import annotations

MATCH_OPTIONS = ("match_format", "target_score", "first_turn")
"""Options that only change what happens between deals: ``tests/model/test_match.py``
plays each of their values as whole matches, so ``test_playout.py``'s single deals skip
them."""
