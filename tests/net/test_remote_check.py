"""The desktop client's own check of a move before it sends it (``RemoteDriver.check``).

The engine lists a meld, a contract's lay-down and a lay-off one way each (one order, one
copy of a two-pack card, one grouping of the contract) but takes any valid form
(docs/rules.md). The client once refused every other form as "that move is not allowed
now", so a player whose hand was arranged differently from the server's could not lay a
meld online. It now takes cards that make a meld in any order, the other copy of a card
listed to lay off (at the same meld and end) and any lay-down while one is listed, and
the server's engine judges them (its refusal is shown).
"""

from __future__ import annotations

import dataclasses
from itertools import combinations
from typing import Any

from rummy.ai import make_bot
from rummy.model.actions import Action, Discard, LayDown, LayMeld, LayOff
from rummy.model.table_melds import MeldRules, lay_off_ends, new_meld
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
    """A two-player deal of ``variant`` played by medium bots until the seat to move may
    take a move of ``kind``."""
    for seed in range(50):
        game = Session.lone_deal(variant, players=2, seed=seed)
        bots = [make_bot("medium", seat) for seat in range(2)]
        for _ in range(400):
            if game.over:
                break
            seat = game.state.turn
            legal = game.legal_actions(seat)
            if any(isinstance(a, kind) for a in legal):
                return game
            game.act(bots[seat].choose(game.view(seat), legal))
    raise AssertionError(f"no {kind.__name__} in 50 deals")


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


def test_a_lay_off_of_the_other_copy_is_sent_but_one_that_fits_nowhere_is_not() -> None:
    """Lay-offs are listed once per face; the table lights the melds a dragged card
    fits by asking this check, so it must still refuse the melds and ends it does not."""
    game = first_turn_with("dummy_rummy", LayOff)
    driver = driver_at(game)
    listed = next(a for a in driver.mirror.legal if isinstance(a, LayOff))
    other = dataclasses.replace(listed, card=dataclasses.replace(
        listed.card, copy=1 - listed.card.copy))
    assert other not in driver.mirror.legal and driver.check(other) is None
    ends = {a.end for a in driver.mirror.legal
            if isinstance(a, LayOff) and a.card == listed.card and a.meld == listed.meld}
    for end in {"low", "high", None} - ends:
        assert driver.check(dataclasses.replace(listed, end=end)) is not None, end


def test_cards_that_make_no_meld_are_refused_here() -> None:
    game = first_turn_with("super_rummy", LayMeld)
    driver = driver_at(game)
    rules = MeldRules.of(driver.view.variant)
    loose = next(trio for trio in combinations(driver.view.hand, 3)
                 if new_meld(rules, trio) is None)
    # the engine's own words, as at a table offline (it was "that move is not allowed now")
    assert driver.check(LayMeld(driver.view.seat, loose)) == "those cards are not a run or a set"


def test_moves_of_a_kind_not_allowed_now_are_still_refused_here() -> None:
    game = Session.lone_deal("super_rummy", players=2, seed=1)
    driver = driver_at(game)  # the draw: no meld may be laid yet
    card = driver.view.hand[0]
    assert driver.check(LayMeld(driver.view.seat, (card,) * 3)) == "draw a card first"
    assert driver.check(Discard(driver.view.seat, card)) == "draw a card first"


def test_a_lay_off_onto_a_meld_it_does_not_fit_says_so() -> None:
    game = first_turn_with("dummy_rummy", LayOff)
    driver = driver_at(game)
    rules = MeldRules.of(driver.view.variant)
    melds = driver.view.melding.melds
    misfit = next((LayOff(driver.view.seat, card, index, None)
                   for card in driver.view.hand for index, meld in enumerate(melds)
                   if not lay_off_ends(rules, meld, card)), None)
    assert misfit is not None
    assert driver.check(misfit) == "that card does not fit that meld"
