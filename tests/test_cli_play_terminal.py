"""``python -m rummy play`` as a person runs it: a game in a real subprocess with a fixed
stdin, and the end of input between rounds.
"""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

import rummy.cli as cli
from rummy.cli_moves import faces
from rummy.model.solver_melds import best_arrangement
from rummy.session import Session
from tests.cli_person import ROOT, Person

# ---------------------------------------------------------------- a real terminal session


def _seed_with_a_set_to_lay() -> tuple[int, str, str]:
    """A seed where seat 0 holds a meld of three in its first hand of super_rummy, what to
    type to lay it, and a card to discard after it."""
    for seed in range(300):
        view = Session.new("super_rummy", 2, seed).view(0)
        melds = best_arrangement(view.variant, view.hand).groups
        if melds and len(melds[0]) == 3:
            rest = [c for c in view.hand if c not in melds[0]]
            return seed, "m " + faces(melds[0]), rest[0].face
    raise AssertionError("no such seed")


@pytest.mark.timeout(60)
def test_a_person_at_a_real_terminal() -> None:
    seed, meld, throw = _seed_with_a_set_to_lay()
    script = ["h", throw, "c", "m 2S 3S", "o " + throw + " 5", meld, throw, "q"]
    result = subprocess.run(
        [sys.executable, "-m", "rummy", "play", "--variant", "super_rummy", "--seed",
         str(seed)], cwd=ROOT, input="\n".join(script) + "\n", text=True,
        capture_output=True, timeout=60, check=False, env={**os.environ})
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "m 5S 6S 7S = lay a new meld" in out  # the help
    assert "not now: draw a card first" in out
    assert "not now: you hold no" in out or "not now: those cards" in out
    assert "not now: there is no meld 5 on the table (melds: none yet)" in out
    assert f"seat 0 lays meld 1: {'set' if meld[2] == meld[5] else 'run'} " in out
    assert "  1. yours " in out
    assert f"seat 0 discards {throw[:-1]}" in out
    assert out.rstrip().endswith("bye")


@pytest.mark.timeout(60)
def test_play_stops_at_the_end_of_input_between_rounds(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch
                                                       ) -> None:
    import rummy.cli_play as cli_play

    people: list[Person] = []
    real = cli_play.play_match

    def with_person(game: Session, *args: Any, **kwargs: Any) -> int:
        people.append(Person(game, "medium", 1))
        return real(game, *args, **kwargs)

    prompts: list[str] = []

    def read(prompt: str = "") -> str:
        prompts.append(prompt)
        if prompt != "> ":
            raise EOFError  # the input ends after the first round
        return people[0].read(prompt)

    monkeypatch.setattr(cli_play, "play_match", with_person)
    monkeypatch.setattr("builtins.input", read)
    assert cli.main(["play", "--variant", "super_rummy", "--seed", "3",
                     "--options", "target_score=1000"]) == 0
    out = capsys.readouterr().out
    assert "after round 1: you " in out
    assert out.rstrip().endswith("bye")
    assert prompts[-1].startswith("Enter deals the next round")
