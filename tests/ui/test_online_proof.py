"""The shuffle's proof at the desktop table: an online deal's round panel says "Shuffle
verified", Details shows the commitment and the key, the proof is saved where
``python -m rummy verify`` checks it again, and a proof that fails says so loudly.
SDL's dummy driver, posted events, a server on 127.0.0.1 that the test stops."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from rummy.model.fairness import Verdict
from rummy.store.files import data_dir
from rummy.ui.app import App
from rummy.ui.palette import RED
from rummy.ui.table import TableScene
from rummy.ui.table.proof_note import ProofNote

from .online_play import (
    click,
    frames_until,
    host_table,
    join,
    online_app,
    shot,
    start,
)

pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]
ROOT = Path(__file__).resolve().parents[2]


app = online_app


def _dropped_deal(app: App) -> TableScene:
    """Host a table, a second player joins, the host drops at once: the deal is over."""
    lobby = host_table(app)
    assert lobby.server is not None
    other = join(lobby.server.url, str(lobby.mirror_code), "Ravi")
    try:
        table = start(app, lobby)
        drop = table.board.buttons["drop"].rect.center
        click(app, drop)
        click(app, drop)  # the second press drops (the first asks)
        frames_until(app, lambda: table.result is not None)
    finally:
        other.close()
    return table


def _verify(*files: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "rummy", "verify", *map(str, files)],
                          cwd=ROOT, capture_output=True, text=True, timeout=60, check=False)


def test_the_round_panel_says_the_shuffle_is_verified_and_shows_the_proof(
        app: App, tmp_path: Path) -> None:
    table = _dropped_deal(app)
    panel = table.result
    assert panel is not None and panel.proof is not None
    note = panel.proof
    assert note.verdict.ok and note.line.endswith("Shuffle verified") and not note.open
    shot(app, "proof-line")
    click(app, note.button.rect.center)  # Details
    shot(app, "proof-details")
    assert note.open and any(line.startswith("Commitment (SHA-256): ") for line in note.lines())
    pixel = app.screen.get_at(note.box.center)
    click(app, note.button.rect.center)  # and closed again
    assert not note.open and app.screen.get_at(note.box.center) != pixel
    # the proof was saved, and the command line checks it again
    saved = sorted((data_dir() / "online-deals").glob("*.json"))
    assert len(saved) == 1 and note.saved == saved[0]
    done = _verify(saved[0])
    assert done.returncode == 0, done.stderr
    assert "Shuffle verified" in done.stdout and "Revealed key: " in done.stdout
    # a proof whose deck was changed after the fact fails, loudly, with status 1
    data = json.loads(saved[0].read_text())
    layout = data["reveal"]["layout"]
    layout[-2] = " ".join(reversed(layout[-2].split(" ")))  # another order of a deck
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(data))
    done = _verify(forged)
    assert done.returncode == 1 and "Shuffle NOT verified" in done.stdout
    # and a file that is no proof at all is refused with the reason, status 2
    (tmp_path / "broken.json").write_text("{\"format\": \"rummy-deal-proof/1\", \"variant\"")
    done = _verify(tmp_path / "broken.json")
    assert done.returncode == 2 and "not a JSON file" in done.stderr


def test_a_proof_that_fails_opens_its_details_in_red(app: App) -> None:
    table = _dropped_deal(app)
    panel = table.result
    assert panel is not None
    failed = Verdict(False, "Shuffle NOT verified: the revealed deck is not the one"
                     " committed to", ("The revealed deck is not the one committed to",))
    panel.proof = ProofNote(failed)
    table.build_dialogs()  # as a resize lays the panel out again
    app.step(1 / 60)
    assert panel.proof.open  # no click needed to see what went wrong
    shot(app, "proof-failed")
    edge = app.screen.get_at((panel.proof.box.left + 1, panel.proof.box.centery))
    assert edge == pygame.Color(*RED)
