"""Classic and contract rummy at the table, driven by posted mouse and key events."""

from __future__ import annotations

import json
import typing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from rummy.ai import make_bot
from rummy.cli_play import play_match
from rummy.model import (
    Discard,
    Draw,
    DrawSource,
    FlipDiscard,
    LayDown,
    LayMeld,
    LayOff,
    Stalemate,
    parse_card,
    parse_cards,
)
from rummy.model import events as model_events
from rummy.model.events import STUCK_TURNOVERS, DealScored, DiscardFlipped
from rummy.model.families.melding import MeldState, hand_value
from rummy.model.hand_cost import value_if_out
from rummy.model.state import MAX_TURNS, GameState
from rummy.model.table_melds import MeldRules, lay_run
from rummy.session import Session
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.table import TableScene, board_paint, panels
from rummy.ui.table.driver import TableDriver
from rummy.ui.table.driver_protocol import local_driver
from rummy.ui.table.meld_area import tag_font
from rummy.ui.table.parts_contract import ContractParts
from rummy.ui.table.parts_melds import MeldParts
from rummy.ui.table.play_melds import melds_in_words

from .table_helpers import (
    CLASSIC,
    CONTRACT,
    ask_hint,
    click,
    drag,
    draw_from_stock,
    grip,
    hand_point,
    key,
    meld_center,
    meld_game,
    meld_parts,
    meld_table,
    new_meld_zone,
    placed,
    select,
    settle,
)


def meld_state(state: GameState) -> MeldState:
    assert isinstance(state, MeldState)
    return state


@pytest.mark.timeout(60)
def test_lay_a_meld_by_dragging_the_selected_cards_to_the_new_meld_zone(app: App) -> None:
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "7S", "5S", "6S")  # given out of order: laid in order
    drag(app, grip(scene, "6S"), new_meld_zone(scene))
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert isinstance(game.actions[-1], LayMeld)
    (meld,) = meld_state(game.state).melds
    assert [c.code for c in meld.cards] == ["5S", "6S", "7S"]
    assert meld_parts(scene).melds == list(meld_state(game.state).melds)
    assert not {parse_card(c) for c in ("5S", "6S", "7S")} & set(scene.hand.cards)


@pytest.mark.timeout(60)
def test_lay_off_onto_each_end_of_a_run(app: App) -> None:
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "5S", "6S", "7S")
    key(app, pygame.K_m)  # M lays the selected cards
    settle(app, scene)
    for code in ("4S", "8S"):
        drag(app, grip(scene, code), meld_center(scene, 0))
        settle(app, scene)
    game = local_driver(scene.driver).game
    assert [type(a) for a in game.actions[-2:]] == [LayOff, LayOff]
    assert [c.code for c in meld_state(game.state).melds[0].cards] == [
        "4S", "5S", "6S", "7S", "8S"]
    assert len(placed(scene).melds[0].cards) == 5  # the meld on screen grew


@pytest.mark.timeout(60)
def test_a_refused_meld_glides_back_and_says_why(app: App) -> None:
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    before = list(scene.hand.cards)
    select(app, scene, "KH", "2C", "9D")
    drag(app, grip(scene, "2C"), new_meld_zone(scene))
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert not any(isinstance(a, LayMeld) for a in game.actions)
    reason = scene.driver.check(LayMeld(0, tuple(parse_cards("KH 2C 9D"))))
    assert reason and scene.board.message == reason[0].upper() + reason[1:]  # its words
    assert sorted(c.code for c in scene.hand.cards) == sorted(c.code for c in before)


@pytest.mark.timeout(60)
def test_draw_choice_takes_a_card_and_every_card_above_it(app: App) -> None:
    game = meld_game("super_rummy", CLASSIC, discard="2D 3D 4D 5D 6D",
                     options={"allow_draw_choice": True})
    scene = meld_table(app, game, "super_rummy")
    fan = scene.board.discard_fan()
    assert len(fan) == 5
    x, y = fan[2]  # the third card from the bottom of the fan: 4D, under 5D and 6D
    drag(app, (x + 6, y + 6), hand_point(scene))
    flown: set[str] = set()
    for _ in range(200):  # the three cards take off one after another
        app.step(1 / 30)
        flying = {f.card.code for f in scene.flights.items if f.card is not None}
        flown |= flying
        # a card that has taken off is no longer in the fan: never on screen twice
        assert not flying & {c.code for c in scene.board.open_cards}
        assert len(scene.board.discard_fan()) == len(scene.board.open_cards)
        if scene.idle and not scene.flights.busy:
            break
    assert {"4D", "5D", "6D"} <= flown
    settle(app, scene)
    assert local_driver(scene.driver).actions == [Draw(0, DrawSource.OPEN, 3)]
    assert {parse_card(c) for c in ("4D", "5D", "6D")} <= set(scene.hand.cards)
    assert [c.code for c in scene.board.open_cards] == ["2D", "3D"]


@pytest.mark.timeout(60)
def test_a_discard_joins_the_fan_when_it_lands(app: App) -> None:
    game = meld_game("super_rummy", CLASSIC, discard="2D 3D 4D 5D 6D", stock="QC",
                     options={"allow_draw_choice": True})
    scene = meld_table(app, game, "super_rummy")
    draw_from_stock(app, scene)
    drag(app, grip(scene, "QC"), scene.board.lay.open_deck.center)
    for _ in range(120):  # until the discard has landed, before the next seat moves
        app.step(1 / 30)
        if scene.board.open_pile[-1:] == [parse_card("QC")]:
            break
    assert [c.code for c in scene.board.open_cards] == ["3D", "4D", "5D", "6D", "QC"]


@pytest.mark.timeout(60)
def test_going_out_by_laying_every_card_ends_the_round(app: App) -> None:
    hands = ["5S 6S 7S", "AH 2H 4H 6H 8H 10H QH"]
    scene = meld_table(app, meld_game("super_rummy", hands, stock="KC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "5S", "6S", "7S")
    key(app, pygame.K_m)
    settle(app, scene)
    drag(app, grip(scene, "KC"), scene.board.lay.open_deck.center)
    settle(app, scene)
    result = local_driver(scene.driver).state.result
    assert result is not None and result.winner == 0
    assert scene.result is not None




@pytest.mark.timeout(60)
@pytest.mark.parametrize(("side", "expected"), [(-1, "JK 5S 6S 7S 8S"), (1, "5S 6S 7S 8S JK")])
def test_a_joker_goes_on_the_end_of_the_run_it_is_dropped_on(
        app: App, side: int, expected: str) -> None:
    """A joker fits both ends of a run: the half of the run it is dropped on decides."""
    game = meld_game("dummy_rummy", ["JK KH KD 2C 9D 3H", CONTRACT[1]], stock="QC")
    state = game.state
    assert isinstance(state, MeldState)
    run = lay_run(MeldRules.of(game.variant), parse_cards("5S 6S 7S 8S"), owner=0)
    assert run is not None
    game.state = replace(state, melds=(run,), laid_at=(0, -1))  # laid down a turn ago
    scene = meld_table(app, game, "dummy_rummy")
    draw_from_stock(app, scene)
    joker = next(c for c in scene.hand.cards if c.rank is None)
    rect = next(s.rect for s in placed(scene).melds if s.index == 0)
    drop_at = (rect.centerx + side * rect.width // 4, rect.centery)
    drag(app, grip(scene, joker.code), drop_at)
    settle(app, scene)
    played = local_driver(scene.driver).actions[-1]
    assert isinstance(played, LayOff) and played.end == ("low" if side < 0 else "high")
    melds = meld_state(local_driver(scene.driver).state).melds
    assert " ".join(c.code for c in melds[0].cards) == expected


def test_the_melds_laid_in_a_turn_are_named_together() -> None:
    assert melds_in_words(["set"]) == "a set"
    assert melds_in_words(["set", "set"]) == "two sets"
    assert melds_in_words(["run", "set", "run"]) == "two runs and a set"
    assert melds_in_words(["set"] * 5) == "5 sets"


@pytest.mark.timeout(60)
def test_a_contract_is_laid_down_through_the_staging_slots(app: App) -> None:
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    assert scene.board.match_line == "Round 1 of 7: two sets of three"
    draw_from_stock(app, scene)
    parts = scene.parts
    assert isinstance(parts, MeldParts) and parts.placed is not None
    slots = [s.rect.center for s in parts.placed.slots]
    assert len(slots) == 2
    for code in ("7S", "7H", "7D"):
        drag(app, grip(scene, code), slots[0])
        settle(app, scene)
    assert not scene.board.buttons["laydown"].enabled  # the second set is still empty
    select(app, scene, "9C", "9D", "9S")
    drag(app, grip(scene, "9D"), slots[1])
    settle(app, scene)
    assert scene.board.buttons["laydown"].enabled
    key(app, pygame.K_l)
    settle(app, scene)
    game = local_driver(scene.driver).game
    assert isinstance(game.actions[-1], LayDown)
    assert len(game.state.melds) == 2 and game.state.laid_down(0)
    assert scene.board.message == "You lay two sets"  # the contract, not its last meld
    assert scene.board.status_line == "Discard a card"  # lay-offs wait for the next turn


@pytest.mark.slow
@pytest.mark.timeout(120)
@pytest.mark.parametrize("variant", ["super_rummy", "dummy_rummy"])
def test_a_bot_demo_plays_a_whole_round_at_the_table(variant: str, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    log = tmp_path / "events.jsonl"
    monkeypatch.setenv("RUMMY_EVENT_LOG", str(log))
    app = App(audio=False, settings_dir=tmp_path / "settings", inline_work=True)
    try:
        config = GameConfig(variant, {}, 3, ("medium", "hard", "easy"), 5, None)
        scene = TableScene(app, config, deals=1, quit_when_done=True, speed=8.0)
        app.push(scene)
        frames = 0
        while app.step(0.1):
            frames += 1
            assert frames < 20000, "the demo round never ended"
        assert scene.deals_done == 1 and scene.result is not None
    finally:
        app.close()
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    kinds = {r["event"] for r in rows}
    assert "meld_laid" in kinds and rows[-1]["event"] == "deal_scored"


def events_of_random_play(variant: str, deals: int = 6) -> set[type]:
    """Every event type that random play of ``variant`` produced."""
    seen: set[type] = set()
    for seed in range(deals):
        game = Session.lone_deal(variant, players=3 if variant != "two_player_13" else 2, seed=seed)
        bots = [make_bot("random", seed * 7 + s) for s in range(game.players)]
        seen.update(type(e) for e in game.state.history)
        while not game.state.is_over and len(game.actions) < 600:
            seat = game.state.turn
            legal = game.legal_actions(seat)
            seen.update(type(e) for e in game.act(bots[seat].choose(game.view(seat), legal)))
    return seen


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_every_event_type_has_an_animation_in_every_family(app: App) -> None:
    covered: set[type] = set()
    for variant in ("indian_13", "two_player_13", "super_rummy", "dummy_rummy"):
        game = Session.lone_deal(variant, players=2, seed=1)
        scene = TableScene(app, GameConfig(variant, {}, 2, ("greedy", "greedy"), 1, 0),
                           game=game)
        handlers = scene.player.handlers
        scene.driver.close()
        missing = sorted(t.__name__ for t in events_of_random_play(variant)
                         if t not in handlers)
        assert missing == [], f"{variant}: no animation for {missing}"
        covered |= set(handlers)
    every = set(typing.get_args(model_events.Event))
    assert every <= covered, f"never animated: {sorted(t.__name__ for t in every - covered)}"



@pytest.mark.timeout(60)
def test_the_desktop_table_and_the_terminal_end_a_deal_that_goes_on_too_long() -> None:
    """The same cap as the server's: the turn that reaches it is followed by the stalemate,
    played by the session itself (rummy.session.Session.act) for the table and the terminal
    alike."""
    game = Session.lone_deal("dummy_rummy", players=3, seed=11)
    game.state = replace(game.state, turns_done=(MAX_TURNS // 3, MAX_TURNS // 3,
                                                 MAX_TURNS // 3 - 1))
    driver = TableDriver(game, {}, 0, inline=True)
    seat = game.state.turn
    assert driver.act(Draw(seat, DrawSource.CLOSED)) is None
    discard = next(a for a in game.legal_actions(seat) if isinstance(a, Discard))
    assert driver.act(discard) is None
    assert isinstance(driver.actions[-1], Stalemate) and driver.over
    assert game.deals[0] == [Draw(seat, DrawSource.CLOSED), discard, driver.actions[-1]]
    scored = [e for e in driver.pending if isinstance(e, DealScored)]
    assert scored and scored[-1].result.winner is None
    assert scored[-1].result.reason == f"nobody went out in {MAX_TURNS} turns"
    # the terminal: the match seat 0 plays in a terminal; the cap is reached on a bot's turn
    match = Session.new("dummy_rummy", 3, 11)
    match.state = replace(match.state, turns_done=(MAX_TURNS // 3, MAX_TURNS // 3 - 1,
                                                   MAX_TURNS // 3), turn=1)
    bots = {s: make_bot("greedy", s) for s in (1, 2)}
    said: list[str] = []
    assert play_match(match, bots, read=lambda prompt: "q", write=said.append) == 0
    assert isinstance(match.deals[0][-1], Stalemate) and len(match.deals[0]) >= 3
    assert all(a.seat == 1 for a in match.deals[0][:-1])  # the bot's one turn, then the cap
    assert any(f"nobody went out in {MAX_TURNS} turns" in line for line in said)


@pytest.mark.timeout(60)
def test_a_hint_to_lay_down_names_the_contract_and_selects_its_cards(app: App) -> None:
    """The hint once said "wait for your turn" when hard would lay down or lay off."""
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    before = [list(g) for g in scene.hand.groups]
    ask_hint(app, scene)
    message = scene.board.message
    assert message.startswith("Hint: lay down ") and " and " in message, message
    # The hand regrouped to show the hint says so (it looked rearranged behind the
    # player's back).
    assert scene.hand.groups != before
    assert message.endswith(" · your hand is grouped to show it"), message
    for label in ("7♠", "7♥", "7♦", "9♣", "9♦", "9♠"):
        assert label in message
    assert {c.code for c in scene.hand.selected} == {"7S", "7H", "7D", "9C", "9D", "9S"}
    # The selection dropped on one slot is the whole contract: it fills every slot.
    slots = [s.rect.center for s in placed(scene).slots]
    drag(app, grip(scene, "7H"), slots[1])
    settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    assert sorted(sorted(c.code for c in g) for g in parts.staged) == [
        ["7D", "7H", "7S"], ["9C", "9D", "9S"]]
    key(app, pygame.K_l)
    settle(app, scene)
    assert isinstance(local_driver(scene.driver).game.actions[-1], LayDown)


@pytest.mark.timeout(60)
def test_cards_that_are_not_the_whole_contract_stay_in_the_slot_they_are_dropped_on(
        app: App) -> None:
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "7S", "7H", "7D", "9C")
    slots = [s.rect.center for s in placed(scene).slots]
    drag(app, grip(scene, "7H"), slots[1])
    settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    assert parts.staged[0] == [] and sorted(c.code for c in parts.staged[1]) == [
        "7D", "7H", "7S", "9C"]


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("variant", "hands", "options", "cost", "words"), [
    ("dummy_rummy", CONTRACT, None, 60, "in hand"),  # contract rummy: the sets held count
    ("super_rummy", CLASSIC, None, 34, "unmatched"),  # lay_at_end: the run would be laid
    ("super_rummy", CLASSIC, {"lay_at_end": False}, 64, "in hand"),  # nothing laid: all
])
def test_beside_the_hand_is_what_it_would_cost_if_someone_went_out_now(
        app: App, variant: str, hands: list[str], options: dict[str, Any] | None,
        cost: int, words: str) -> None:
    """It once counted the hand as arranged, leaving out the melds held in it, which
    contract rummy (and classic rummy without lay_at_end) counts in full. Where the melds
    would be laid, the line says "unmatched": "in hand" read as the whole hand's value."""
    game = meld_game(variant, hands, options=options)
    scene = meld_table(app, game, variant)
    select(app, scene, *hands[0].split()[:3])  # a meld of the hand, grouped by the player
    key(app, pygame.K_g)
    settle(app, scene)
    assert [c.code for c in scene.hand.groups[-1]] == hands[0].split()[:3]
    view = game.view(0)
    assert scene.board.count == cost == value_if_out(view)
    if cost == 60:
        assert cost == hand_value(game.variant, view.hand)
    assert scene.board.my_line() == f"{cost} pts {words} · score 0"


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["key", "stock"])
def test_the_empty_stock_is_turned_over_by_f_or_a_click_on_it(app: App, how: str) -> None:
    """Flip had no key, and a click on the empty stock did nothing (a play-tester)."""
    game = meld_game("super_rummy", CLASSIC, discard="JS 4C 9S")
    game.state = replace(game.state, closed_deck=())
    scene = meld_table(app, game, "super_rummy")
    assert scene.board.buttons["flip"].enabled
    if how == "key":
        key(app, pygame.K_f)
    else:
        click(app, scene.board.lay.closed_deck.center)
    settle(app, scene)
    assert any(isinstance(a, FlipDiscard) for a in game.actions)
    state = game.state
    assert isinstance(state, MeldState) and len(state.closed_deck) == 2


@pytest.mark.timeout(60)
def test_a_deal_going_round_the_stock_with_nothing_laid_ends_at_the_table(
        app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """The stock has gone round four times with nothing laid: the player's draw and
    discard end the deal as a stalemate, and the panel says why. The seats' badges count
    one card as "1 card"."""
    game = meld_game("super_rummy", ["4D 9C", "KH", "8S"], stock="5H")
    flips = tuple(DiscardFlipped(size=20, shuffled=False) for _ in range(STUCK_TURNOVERS))
    game.state = replace(game.state, history=flips)
    badges: list[str] = []
    real = panels.draw_seat

    def seen(*args: Any) -> None:
        badges.append(args[7])
        real(*args)

    monkeypatch.setattr(board_paint, "draw_seat", seen)
    scene = meld_table(app, game, "super_rummy")
    assert "1 card · score 0" in badges
    draw_from_stock(app, scene)
    drag(app, grip(scene, "5H"), scene.board.lay.open_deck.center)
    settle(app, scene)
    assert game.ends and isinstance(game.deals[0][-1], Stalemate)
    result = game.ends[0].result
    assert result is not None and result.winner is None
    assert result.reason == "the stock went round 4 times with nothing laid"


@pytest.mark.timeout(60)
def test_a_table_laid_out_at_once_still_shows_a_deal_that_is_over(app: App) -> None:
    """A seat that sits down late (a rejoin) sees the deal as it stands, but a deal that
    ended meanwhile still shows its result: the panel is how the next deal is reached."""
    game = Session.lone_deal("dummy_rummy", players=3, seed=11)
    game.state = replace(game.state, turns_done=(MAX_TURNS // 3, MAX_TURNS // 3,
                                                 MAX_TURNS // 3 - 1))
    config = GameConfig("dummy_rummy", {}, 3, ("greedy",) * 3, 3, 0)
    scene = TableScene(app, config, game=game, speed=4.0)
    app.push(scene)
    driver = scene.driver
    seat = game.state.turn
    assert driver.act(Draw(seat, DrawSource.CLOSED)) is None
    assert driver.act(next(a for a in game.legal_actions(seat) if isinstance(a, Discard))) \
        is None  # the turn that reaches the cap: the deal ends in a stalemate
    assert len(driver.pending) > 3
    scene.lay_out_at_once()
    assert [type(e) for e in driver.pending][:1] == [DealScored]
    settle(app, scene)
    assert scene.result is not None


@pytest.mark.timeout(60)
def test_a_hint_to_discard_a_card_in_a_lay_down_slot_takes_it_back_to_the_hand(
        app: App) -> None:
    """The hint said "discard A♠" of a card the player had put in a slot: it was not
    selected, and D did nothing."""
    hands = ["7S 7H 9C 9D KH 2C 4D 5H 6C JD QS", "AH 2H 4H 6H 8H 10H QH AC 3C 5C 8C"]
    scene = meld_table(app, meld_game("dummy_rummy", hands, stock="3D"), "dummy_rummy")
    draw_from_stock(app, scene)
    ask_hint(app, scene)
    (card,) = scene.hand.selected
    assert scene.board.message == f"Hint: discard {card.label}"
    drag(app, grip(scene, card.code), placed(scene).slots[0].rect.center)
    settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts) and card in parts.staged_cards
    ask_hint(app, scene)
    assert scene.board.message == f"Hint: discard {card.label}"
    assert card not in parts.staged_cards and scene.hand.selected == {card}
    key(app, pygame.K_d)
    settle(app, scene)
    actions = local_driver(scene.driver).game.actions
    assert [a for a in actions if a.seat == 0][-1] == Discard(0, card)


@pytest.mark.timeout(60)
def test_a_card_dropped_where_nothing_takes_it_says_so(app: App) -> None:
    """Dropped on the stock, on the felt or a meld zone, a card went back without a word
    (two play-testers)."""
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    lay = scene.board.lay
    drag(app, grip(scene, "KH"), lay.closed_deck.center)  # before drawing
    settle(app, scene)
    assert scene.board.message == "Draw a card first"
    drag(app, lay.open_deck.center, new_meld_zone(scene))  # the discard, not to the hand
    settle(app, scene)
    assert scene.board.message == "Draw it into your hand first"
    draw_from_stock(app, scene)
    drag(app, grip(scene, "KH"), lay.closed_deck.center)
    settle(app, scene)
    assert scene.board.message == "Drop it where the table lights up, or back in your hand"
    drag(app, lay.open_deck.center, new_meld_zone(scene))  # drawn already: the engine's words
    settle(app, scene)
    assert scene.board.message == "You already drew"
    assert len(scene.driver.view.hand) == 11
    assert local_driver(scene.driver).state.phase.name == "DISCARD"


@pytest.mark.timeout(60)
def test_a_selection_is_not_carried_into_the_next_turn(app: App) -> None:
    """A card selected (by a hint, or by hand) and not played stayed selected in the
    player's next turn (two play-testers)."""
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "KH")
    drag(app, grip(scene, "2C"), scene.board.lay.open_deck.center)
    settle(app, scene)
    assert any(a.seat == 1 for a in local_driver(scene.driver).game.actions)  # the turn went round
    assert not scene.hand.selected


@pytest.mark.timeout(60)
def test_meld_greyed_out_says_why_when_pressed(app: App) -> None:
    """M (or the greyed-out Meld button) with cards that are no meld did nothing and said
    nothing, where dragging them to the new meld zone said why (a play-tester)."""
    scene = meld_table(app, meld_game("super_rummy", CLASSIC, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "KH", "2C")
    key(app, pygame.K_m)
    assert scene.board.message == "Select the three or more cards of a run or a set, then Meld"
    select(app, scene, "9D")  # (three cards: Meld is lit, the hand holds a run)
    click(app, scene.board.buttons["meld"].rect.center)
    reason = scene.driver.check(LayMeld(0, tuple(parse_cards("KH 2C 9D"))))
    assert reason and scene.board.message == reason[0].upper() + reason[1:]
    assert not any(isinstance(a, LayMeld) for a in local_driver(scene.driver).game.actions)
    # A hand with no meld at all: Meld stays greyed out with three cards selected.
    hands = ["KH 2C 9D 4S 6H JD 3C 8S QH 5D", CLASSIC[1]]
    scene = meld_table(app, meld_game("super_rummy", hands, stock="QC"), "super_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "KH", "2C", "9D")
    assert not scene.board.buttons["meld"].enabled
    click(app, scene.board.buttons["meld"].rect.center)
    assert scene.board.message == reason[0].upper() + reason[1:]


@pytest.mark.timeout(60)
def test_the_lines_over_two_part_filled_slots_do_not_run_together(app: App) -> None:
    """"Set 1: 2 of 3+ cards" and "Set 2: 2 of 3+ cards" ran into one line (a play-tester):
    each slot is at least as wide as the line over it."""
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    for codes, slot in ((("7S", "7H"), 0), (("9C", "9D"), 1)):
        select(app, scene, *codes)
        drag(app, grip(scene, codes[0]), placed(scene).slots[slot].rect.center)
        settle(app, scene)
    parts = scene.parts
    assert isinstance(parts, ContractParts)
    assert [len(g) for g in parts.staged] == [2, 2]
    spots = placed(scene).slots
    font = app.res.font(tag_font(scene.board.lay.font_small), True)
    for spot in spots:
        words = f"{spot.title}: 2 of 3+ cards"
        assert spot.rect.width >= font.size(words)[0], (spot, words)
    assert spots[0].rect.right < spots[1].rect.left


@pytest.mark.timeout(60)
def test_l_with_the_contract_short_says_which_slot_is_not_complete(app: App) -> None:
    """L (Lay down) with a slot short did nothing and said nothing."""
    scene = meld_table(app, meld_game("dummy_rummy", CONTRACT, stock="QC"), "dummy_rummy")
    draw_from_stock(app, scene)
    select(app, scene, "7S", "7H", "7D")
    drag(app, grip(scene, "7H"), placed(scene).slots[0].rect.center)
    settle(app, scene)
    select(app, scene, "9C", "9D")
    drag(app, grip(scene, "9C"), placed(scene).slots[1].rect.center)
    settle(app, scene)
    key(app, pygame.K_l)
    assert scene.board.message == "Set 2 has 2 of 3+ cards: complete every slot to lay down"
    assert not any(isinstance(a, LayDown) for a in local_driver(scene.driver).game.actions)
    # A slot full of the wrong cards: "complete every slot" read as nonsense (a play-tester).
    select(app, scene, "KH")
    drag(app, grip(scene, "KH"), placed(scene).slots[0].rect.center)
    settle(app, scene)
    select(app, scene, "9S")
    drag(app, grip(scene, "9S"), placed(scene).slots[1].rect.center)
    settle(app, scene)
    key(app, pygame.K_l)
    assert scene.board.message == "Set 1 is not a set: take out what does not belong in it"
