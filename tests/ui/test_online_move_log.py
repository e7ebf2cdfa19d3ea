"""The move log at an online table (issue 28): the moves come from the server's updates,
each seat's as this seat may see it (the other player's closed-deck card unnamed)."""

from __future__ import annotations

import pytest

from rummy.ui.app import App

from .online_play import (
    frames_until,
    host_table,
    join,
    online_app,
    play_bot_turn,
    play_my_turn,
    pumped,
    start,
)

app = online_app
pytestmark = [pytest.mark.network, pytest.mark.timeout(180)]


def test_the_other_player_s_moves_are_logged_from_the_server(app: App) -> None:
    lobby = host_table(app)
    assert lobby.server is not None
    other = join(lobby.server.url, str(lobby.mirror_code), "Ravi")
    try:
        table = start(app, lobby)
        play_my_turn(app, table)
        play_bot_turn(other)
        frames_until(app, pumped(other, lambda: sum(
            line.startswith("Ravi ") for line in table.board.moves.lines) == 2))
        lines = list(table.board.moves.lines)
        assert lines[-4].startswith("You drew ") and lines[-3].startswith("You discarded ")
        took, threw = lines[-2:]
        assert took == "Ravi drew from the closed deck" or took.startswith("Ravi took ")
        assert threw.startswith("Ravi discarded ")
        assert table.board.moves.last_move(table.board.names.index("Ravi")) is not None
    finally:
        other.close()
