"""The desktop client's own check of a move before it sends it (``RemoteDriver.check``).

The engine lists a meld, a contract's lay-down and a lay-off one way each (one order, one
copy of a two-pack card, one grouping of the contract) but takes any valid form
(docs/rules.md). The client once refused every other form as "that move is not allowed
now", so a player whose hand was arranged differently from the server's could not lay a
meld online. It now leaves those moves to the server's engine, which says why it refuses.
"""

from __future__ import annotations

from typing import Any

from rummy.model.actions import Action, LayDown, LayMeld, LayOff
from rummy.net.mirror import Mirror
from rummy.net.remote import RemoteDriver
from rummy.session import Session


class Quiet:
    """A client that is connected and sends nothing anywhere."""

    status = "connected"

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def poll(self) -> list[dict[str, Any]]:
        return []


def driver_at(game: Session) -> RemoteDriver:
    """A remote driver whose mirror holds what the server would have sent the mover."""
    seat = game.state.turn
    mirror = Mirror()
    mirror.view, mirror.legal = game.view(seat), game.legal_actions(seat)
    mirror.place = mirror.turn = seat
    return RemoteDriver(Quiet(), mirror)  # type: ignore[arg-type]


def first_turn_with(variant: str, kind: type[Action]) -> Session:
    """A two-player deal of ``variant`` played by its first legal moves (draws, then
    discards) until the seat to move may take a move of ``kind``."""
    for seed in range(200):
        game = Session.lone_deal(variant, players=2, seed=seed)
        for _ in range(60):
            legal = game.legal_actions(game.state.turn)
            if any(isinstance(a, kind) for a in legal):
                return game
            if game.over:
                break
            game.act(next(a for a in legal if not isinstance(a, (LayMeld, LayDown, LayOff))))
    raise AssertionError(f"no {kind.__name__} in 200 deals")


def test_a_meld_in_another_order_is_sent_to_the_server() -> None:
    game = first_turn_with("super_rummy", LayMeld)
    driver = driver_at(game)
    listed = next(a for a in driver.mirror.legal if isinstance(a, LayMeld))
    turned = LayMeld(listed.seat, tuple(reversed(listed.cards)))
    assert turned not in driver.mirror.legal
    assert driver.check(turned) is None
    client = driver.client
    assert isinstance(client, Quiet)
    assert driver.act(turned) is None and client.sent[-1]["action"]["type"] == "meld"


def test_a_contract_grouped_otherwise_is_sent_to_the_server() -> None:
    game = first_turn_with("dummy_rummy", LayDown)
    driver = driver_at(game)
    listed = next(a for a in driver.mirror.legal if isinstance(a, LayDown))
    turned = LayDown(listed.seat, tuple(tuple(reversed(g)) for g in reversed(listed.groups)))
    assert driver.check(turned) is None


def test_moves_of_a_kind_not_allowed_now_are_still_refused_here() -> None:
    game = Session.lone_deal("super_rummy", players=2, seed=1)
    driver = driver_at(game)  # the draw: no meld may be laid yet
    card = driver.view.hand[0]
    assert driver.check(LayMeld(driver.view.seat, (card,) * 3)) == \
        "that move is not allowed now"
