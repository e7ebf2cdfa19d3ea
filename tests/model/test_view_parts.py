"""A view is the shared fields plus its family's typed part: the melds on the table for
classic and contract rummy (``view.melding``), the drop request for the declare family
(``view.declare``). Asking a view for another family's part fails with a clear error."""

from __future__ import annotations

import dataclasses

import pytest

from rummy.ai import make_bot
from rummy.model.actions import Draw, DrawSource, DropAtTurn
from rummy.model.families.melding import MeldState
from rummy.model.state import GameState, apply, legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_parts import WrongFamilyError
from rummy.model.view import PlayerView, part_type, view_for
from rummy.model.view_parts import DeclareView, MeldTableView


def views_with_melds(variant_id: str, seed: int) -> tuple[GameState, list[PlayerView]]:
    """Two bots play until melds lie on the table; the state then and both seats' views."""
    state = start_deal(load_variant(variant_id), 2, seed, round_no=0)
    bots = [make_bot("greedy", seed), make_bot("greedy", seed + 1)]
    for _ in range(400):
        if getattr(state, "melds", ()) or state.phase.value == "over":
            break
        seat = state.turn
        state, _ = apply(state, bots[seat].choose(view_for(state, seat),
                                                  legal_actions(state, seat)))
    return state, [view_for(state, s) for s in range(2)]


@pytest.mark.parametrize("variant_id", ["super_rummy", "dummy_rummy"])
def test_a_meld_family_view_holds_the_table_part(variant_id: str) -> None:
    for seed in range(6):
        state, views = views_with_melds(variant_id, seed)
        if getattr(state, "melds", ()):
            break
    else:
        raise AssertionError("no melds were laid in 6 deals")
    assert isinstance(state, MeldState)
    for view in views:
        assert isinstance(view.part, MeldTableView) and view.melding is view.part
        assert view.melding.melds == state.melds
        assert view.melding.laid_down == tuple(state.laid_down(s) for s in range(2))
        assert view.melding.contract == state.contract
        assert view.melding.round_no == state.round_no == 0
        assert view.melding.open_cards == state.open_deck[-1:]
        with pytest.raises(WrongFamilyError, match="view.declare: .* has no declaration"):
            view.declare  # noqa: B018 - the property raises
    assert (state.contract is None) == (variant_id == "super_rummy")


def test_cards_taken_from_the_discards_show_only_to_the_taker() -> None:
    variant = load_variant("super_rummy").with_options({"allow_draw_choice": True})
    state = start_deal(variant, 2, 3, round_no=0)
    state, _ = apply(state, Draw(state.turn, DrawSource.OPEN))
    assert isinstance(state, MeldState)
    mine, theirs = view_for(state, state.turn), view_for(state, 1 - state.turn)
    assert mine.melding.taken == state.taken != () and theirs.melding.taken == ()


def test_a_declare_view_holds_the_declare_part() -> None:
    variant = load_variant("indian_13")
    state = start_deal(variant, 3, 5)
    asking = (state.turn + 1) % 3
    state, _ = apply(state, DropAtTurn(asking, True))
    views = [view_for(state, s) for s in range(3)]
    assert all(isinstance(v.part, DeclareView) and v.declare is v.part for v in views)
    assert [v.declare.drop_at_turn for v in views] == [s == asking for s in range(3)]
    with pytest.raises(WrongFamilyError, match="view.melding: indian_13 .* no melds on the"):
        views[0].melding  # noqa: B018 - the property raises
    assert not hasattr(views[0], "melds") and not hasattr(views[0], "drop_at_turn")


def test_the_wrong_family_error_is_a_type_error() -> None:
    # Code that asks the wrong part is a programming error, not bad input.
    assert issubclass(WrongFamilyError, TypeError)


def test_a_view_refuses_a_part_of_another_family() -> None:
    view = view_for(start_deal(load_variant("indian_13"), 2, 1), 0)
    table_part = MeldTableView(melds=(), open_cards=(), taken=(), laid_down=(False, False),
                               contract=None, round_no=0)
    with pytest.raises(ValueError, match="declare view cannot hold a MeldTableView"):
        dataclasses.replace(view, part=table_part)


def test_part_type_follows_the_family() -> None:
    assert part_type(load_variant("indian_13")) is DeclareView
    assert part_type(load_variant("two_player_13")) is DeclareView
    assert part_type(load_variant("super_rummy")) is MeldTableView
    assert part_type(load_variant("dummy_rummy")) is MeldTableView


def test_the_parts_are_frozen() -> None:
    view = view_for(start_deal(load_variant("super_rummy"), 2, 1, round_no=0), 0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.melding.melds = ()  # type: ignore[misc]  # must fail: the part is frozen
