"""An online table plays the toss and dealer ceremony (docs/protocol.md, "The toss and the
dealer"): its creator asks for it, the seats pick (a person's clock picks for it, a bot
picks itself), no face-down card is ever in a seat's view, and the deal's proof verifies
with the picks in it."""

from __future__ import annotations

import json

import pytest

from rummy.model.actions import Pick, Timeout
from rummy.model.fairness import Seen, check_deal, commitment
from rummy.model.families import Phase
from rummy.model.rules import family_of
from rummy.net.protocol import ProtocolError
from rummy.net.room import Room


@pytest.mark.timeout(60)
def test_a_table_with_the_ceremony_picks_by_clock_and_bot_and_its_deal_proves() -> None:
    room = Room.create("ACDEFHJKMN", "two_player_13", {}, 2, 1, "greedy", ceremony=True)
    room.add_player("Asha")
    key = bytes(range(32))
    room.start(key)
    me = room.place_of(0)
    state = room.state
    assert state.phase is Phase.PICK and state.spread is not None
    assert room.commitment == commitment(state.seed, family_of(state.variant).layout(state))
    promised = room.commitment
    dealt_variant = state.variant
    seen = []
    view = room.view(me)
    assert view is not None
    seen.append(Seen(0, view))
    for moves in range(1, 401):  # the person never moves: the clock plays for it; the bot plays
        if room.over:
            break
        place = room.place_to_move()
        assert place is not None
        if place == me:
            action = room.clock_action()
            if room.state.phase is Phase.PICK:
                assert isinstance(action, Timeout)  # the clock makes the pick for the seat
                assert any(isinstance(a, Pick) for a in room.legal(me))
                assert not any(isinstance(a, Timeout) for a in room.legal(me))
            step = room.act(place, action, clock=True)
        else:
            seat = room.deal_seat(place)
            assert seat is not None
            bot_view = room.view(place)
            assert bot_view is not None
            step = room.act(place, room.bots[place].choose(bot_view, room.legal(place)))
        mine = room.view(me)
        if step.reveal is None and mine is not None:
            seen.append(Seen(moves, mine))
            spread = mine.spread
            if spread is not None:  # only picked cards of the spread are in the view
                hidden = {c.code for i, c in enumerate(room.state.spread.cards)  # type: ignore[union-attr]
                          if i not in {p for _, p, _ in spread.turned}}
                text = json.dumps(mine.to_json()["spread"])
                assert not [code for code in hidden if f'"{code}"' in text]
        if step.reveal is not None:
            reveal = step.reveal
            break
    else:
        pytest.fail("the deal never ended")
    assert reveal.dealt_as == {"ceremony": 1}
    assert any(isinstance(a, Timeout) for a in reveal.actions[:3])
    verdict = check_deal(dealt_variant, room.deal_seat(me) or 0, promised, reveal, seen)
    assert verdict.ok, verdict.details


def test_ceremony_is_true_or_false() -> None:
    with pytest.raises(ProtocolError, match="ceremony is true or false"):
        Room.create("ACDEFHJKMN", "two_player_13", {}, 2, 1, "greedy", ceremony="yes")
    room = Room.create("ACDEFHJKMN", "two_player_13", {}, 2, 1, "greedy")
    room.start(7)
    assert room.state.phase is Phase.DRAW  # without it, the picks are made at once


def test_a_view_with_a_spread_round_trips_through_the_wire_form() -> None:
    from rummy.model.state import apply, start_deal
    from rummy.model.variant import load_variant
    from rummy.model.view import view_for
    from rummy.net.codec import view_from_json

    variant = load_variant("dummy_rummy")
    state, _ = apply(start_deal(variant, 3, 2, ceremony=True), Pick(0, 5))
    view = view_for(state, 1)
    assert view.spread is not None and view.spread.turned
    assert view_from_json(json.loads(json.dumps(view.to_json())), variant) == view
