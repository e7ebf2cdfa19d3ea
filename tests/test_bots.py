"""Bots: they choose from (view, legal) alone, and play as their docstrings say."""

from __future__ import annotations

import ast
import dataclasses
import random
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import rummy.ai
from rummy.ai import BOTS, EveryFamily, GreedyBot, RandomBot, make_bot
from rummy.model.actions import Action, Discard, Draw, DrawSource, Drop, Finish, Timeout
from rummy.model.cards import Card, make_deck, parse_card
from rummy.model.families import Phase
from rummy.model.families.declare_deal import DeclareState
from rummy.model.melds import is_joker
from rummy.model.solver import best_arrangement
from rummy.model.state import legal_actions, start_deal
from rummy.model.variant import load_variant
from rummy.model.variant_type import Variant
from rummy.model.view import view_for
from rummy.session import Session
from tests.bot_views import (
    LOOSE_HAND,
    VALID_PLUS_KD,
    discard_legal,
    draw_legal,
    make_view,
    reachable,
)

AI_DIR = Path(rummy.ai.__file__).resolve().parent
# What a bot may use: the value types, the pure group/arrangement functions and the view.
ALLOWED_RUMMY_MODULES = {
    "rummy.model.actions", "rummy.model.cards", "rummy.model.events", "rummy.model.melds",
    "rummy.model.solver", "rummy.model.solver_melds", "rummy.model.table_melds",
    "rummy.model.variant", "rummy.model.variant_fields", "rummy.model.variant_parts",
    "rummy.model.variant_type", "rummy.model.view",
}
"""What a bot may import: the cards, actions, events, views, the melds' and the solver's
checks, and the variant's types (each from the module that defines it)."""
HIDDEN_NAMES = {"GameState", "DeclareState", "state", "session", "Session", "view_for",
                "start_deal", "apply", "legal_actions", "invariants", "families"}
WORLD_MODULE = "worlds.py"
"""The one exception: the expert's sampled worlds (``rummy/ai/worlds.py``) drive the
engine, on deals it dealt itself from the view (never the real state, as
``test_bots_choose_from_the_view_alone`` checks for the expert)."""
WORLD_READERS = {WORLD_MODULE, "race.py", "meld_race.py"}
"""The modules that read those worlds: the sampled worlds and the leaf estimates that
score a world where a playout stops (``rummy/ai/race.py``, ``rummy/ai/meld_race.py``,
given worlds by ``worlds.play_on`` alone; they drive nothing)."""
WORLD_MODULE_MAY_IMPORT = {"rummy.model.state"}




# ---------------------------------------------------------------- bots never see the state


def _imports(path: Path) -> Iterator[tuple[str, list[str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, []
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:  # relative: inside rummy.ai
                module = "rummy.ai" + ("." + module if module else "")
            yield module, [a.name for a in node.names]


def test_bot_modules_import_nothing_that_holds_the_state() -> None:
    files = sorted(AI_DIR.glob("*.py"))
    assert {p.name for p in files} >= {"__init__.py", "greedy.py", "random_bot.py"}
    for path in files:
        world = path.name in WORLD_READERS
        for module, names in _imports(path):
            if module.startswith("rummy.ai") or not module.startswith("rummy"):
                continue
            allowed = ALLOWED_RUMMY_MODULES | (WORLD_MODULE_MAY_IMPORT if world else set())
            assert module in allowed, f"{path.name} imports {module}"
            if not world:
                assert not set(names) & HIDDEN_NAMES, f"{path.name} imports {names} from {module}"


def test_bot_sources_name_no_state() -> None:
    for path in sorted(AI_DIR.glob("*.py")):
        if path.name == WORLD_MODULE:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
        used |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
        assert not used & {"GameState", "DeclareState", "view_for", "legal_actions"}, path.name


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "expert" else n
                                  for n in sorted(BOTS)])  # the expert searches: seconds
def test_bots_choose_from_the_view_alone(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole deal where every engine entry point fails while a bot is choosing."""
    import rummy.ai.worlds as worlds_module
    import rummy.model.state as state_module
    import rummy.model.view as view_module
    import rummy.session as session_module

    game = Session.lone_deal("indian_13", players=3, seed=11)
    bots = [make_bot(name, seed) for seed in range(3)]

    def forbidden(*_: object, **__: object) -> None:
        raise AssertionError("a bot reached for the game state")

    def on_worlds_only(engine: Any) -> Any:
        """The engine as the expert's worlds call it: on any state but the real one."""
        def guarded(state: Any, *args: Any) -> Any:
            if state is game.state:
                raise AssertionError("the expert played on the real deal")
            return engine(state, *args)
        return guarded

    steps = 0
    while not game.state.is_over and steps < 400:
        seat = game.state.turn
        view, legal = game.view(seat), game.legal_actions(seat)
        assert not [v for v in reachable(view) if isinstance(v, DeclareState)]
        with monkeypatch.context() as m:
            for module in (state_module, view_module, session_module):
                for attr in ("apply", "legal_actions", "start_deal", "view_for",
                             "check_action"):
                    if hasattr(module, attr):
                        m.setattr(module, attr, forbidden)
            for attr in ("apply", "legal_actions", "view_for"):
                m.setattr(worlds_module, attr, on_worlds_only(getattr(worlds_module, attr)))
            action = bots[seat].choose(view, legal)
        assert action in legal or isinstance(action, Finish)
        game.act(action)
        steps += 1
    assert steps > 4


def test_make_bot_names_the_bots() -> None:
    greedy, random_bot = make_bot("greedy", 3), make_bot("random", 3)
    assert isinstance(greedy, EveryFamily) and isinstance(random_bot, EveryFamily)
    indian = view_for(start_deal(load_variant("indian_13"), players=2, seed=1), 0)
    assert isinstance(greedy.for_family(indian), GreedyBot)
    assert isinstance(random_bot.for_family(indian), RandomBot)
    with pytest.raises(ValueError, match="easy, expert, greedy, hard, medium, random"):
        make_bot("clever")


# ---------------------------------------------------------------- greedy



def test_greedy_declares_a_valid_hand(indian: Variant) -> None:
    view = make_view(indian, VALID_PLUS_KD, cut="QD", drawn="KD")
    rest = [c for c in view.hand if c.face != "KD"]
    assert best_arrangement(indian, rest, cut=view.wild_joker).valid  # the premise
    action = GreedyBot().choose(view, discard_legal(view))
    assert action == Finish(view.seat, parse_card("KD"), None)


def test_greedy_takes_the_open_card_only_when_it_lowers_the_count(indian: Variant) -> None:
    bot = GreedyBot()
    helps = make_view(indian, LOOSE_HAND, cut="7D", open_top="4H")  # 4H 5H 6H
    assert bot.choose(helps, draw_legal(helps)) == Draw(helps.seat, DrawSource.OPEN)
    useless = make_view(indian, LOOSE_HAND, cut="7D", open_top="KS")  # KS for KD: no gain
    assert bot.choose(useless, draw_legal(useless)) == Draw(useless.seat, DrawSource.CLOSED)
    lower = make_view(indian, LOOSE_HAND, cut="7D", open_top="2C")  # 2C for KD: 8 less
    assert bot.choose(lower, draw_legal(lower)) == Draw(lower.seat, DrawSource.OPEN)


def test_greedy_discards_the_highest_loose_card(indian: Variant) -> None:
    # KD and QH both score 10; KD sorts later (diamonds after hearts), so it goes.
    view = make_view(indian, LOOSE_HAND + " 2C", cut="7D", drawn="2C")
    assert GreedyBot().choose(view, discard_legal(view)) == Discard(view.seat,
                                                                  parse_card("KD"))


def test_greedy_keeps_jokers(indian: Variant) -> None:
    view = make_view(indian, "JK 7S KD KH 2C 5D 9S 4H QC 10D 6S 3C AH JD", cut="7D", drawn="JD")
    action = GreedyBot().choose(view, discard_legal(view))
    assert isinstance(action, Discard)
    assert not is_joker(action.card, view.wild_rank)


def _brute_force(variant: Variant, hand: Sequence[Card], cut: Card | None,
                 wild: Any) -> tuple[Any, ...]:
    """Every non-joker card tried; the best (valid, count, points, sort order) key."""
    keys = []
    for card in hand:
        if is_joker(card, wild):
            continue
        rest = list(hand)
        rest.remove(card)
        arr = best_arrangement(variant, rest, cut=cut)
        key = card.sort_key()
        keys.append((not arr.valid, arr.count, -variant.card_value(card, wild),
                     (-key[0], -key[1], -key[2])))
    return min(keys)


@pytest.mark.timeout(60)
def test_greedy_pruning_finds_the_same_discard_as_trying_every_card(indian: Variant) -> None:
    rng = random.Random(5)
    deck = list(make_deck(indian.packs, indian.printed_jokers))
    state = start_deal(indian, players=2, seed=1)
    base = view_for(state, state.turn)
    for _ in range(40):
        rng.shuffle(deck)
        hand, cut = tuple(deck[:14]), deck[14]
        wild = cut.rank if cut.rank is not None else indian.declare.printed_joker_cut_rank
        if all(is_joker(c, wild) for c in hand):
            continue
        view = dataclasses.replace(base, hand=hand, wild_joker=cut, wild_rank=wild)
        card, arr = GreedyBot().best_discard(view, hand)
        key = card.sort_key()
        got = (not arr.valid, arr.count, -indian.card_value(card, wild),
               (-key[0], -key[1], -key[2]))
        assert got == _brute_force(indian, hand, cut, wild), [c.code for c in hand]


@pytest.mark.timeout(60)
def test_greedy_asks_the_solver_at_most_30_times_a_turn() -> None:
    calls_per_turn = []
    for seed in range(3):
        game = Session.lone_deal("indian_13", players=2, seed=seed)
        bots = [GreedyBot(), GreedyBot()]
        before = 0
        while not game.state.is_over:
            seat = game.state.turn
            bot = bots[seat]
            if game.state.phase is Phase.DRAW:
                before = bot.solver_calls
            game.act(bot.choose(game.view(seat), game.legal_actions(seat)))
            if game.state.is_over or game.state.turn != seat:
                calls_per_turn.append(bot.solver_calls - before)
    assert len(calls_per_turn) > 6
    assert max(calls_per_turn) <= 30
    assert sum(calls_per_turn) / len(calls_per_turn) <= 15


# ---------------------------------------------------------------- random


def test_random_never_declares_an_invalid_hand(indian: Variant) -> None:
    view = make_view(indian, LOOSE_HAND + " 2C", cut="7D", drawn="2C")
    legal = discard_legal(view)
    bot = RandomBot(1)
    picks = [bot.choose(view, legal) for _ in range(200)]
    assert all(p in legal for p in picks)
    assert not [p for p in picks if isinstance(p, Finish)]
    assert len({p.card for p in picks if isinstance(p, Discard)}) > 5  # it does vary


def test_random_declares_when_its_choice_leaves_a_valid_hand(indian: Variant) -> None:
    view = make_view(indian, VALID_PLUS_KD, cut="QD", drawn="KD")
    bot = RandomBot(2)
    picks = [bot.choose(view, discard_legal(view)) for _ in range(200)]
    finishes = [p for p in picks if isinstance(p, Finish)]
    assert finishes
    assert {p.card.face for p in finishes} == {"KD"}


def test_random_drops_rarely_and_times_out_rarely(indian: Variant) -> None:
    view = make_view(indian, LOOSE_HAND, cut="7D", open_top="4H")
    legal = [*draw_legal(view), Timeout(view.seat)]
    bot = RandomBot(3)
    picks = [bot.choose(view, legal) for _ in range(2000)]
    drops = sum(isinstance(p, Drop) for p in picks)
    timeouts = sum(isinstance(p, Timeout) for p in picks)
    assert 5 <= drops <= 100
    assert 5 <= timeouts <= 100
    sources = {p.source for p in picks if isinstance(p, Draw)}
    assert sources == {DrawSource.CLOSED, DrawSource.OPEN}


def test_bots_are_seeded(indian: Variant) -> None:
    view = make_view(indian, LOOSE_HAND + " 2C", cut="7D", drawn="2C")
    legal = discard_legal(view)

    def picks(seed: int) -> list[Action]:
        bot = make_bot("random", seed)
        return [bot.choose(view, legal) for _ in range(30)]

    assert picks(4) == picks(4)
    assert picks(4) != picks(5)


def test_legal_list_is_what_the_engine_gives(indian: Variant) -> None:
    # The crafted legal lists above have the engine's shape.
    state = start_deal(indian, players=2, seed=1)
    view = view_for(state, state.turn)
    assert sorted(map(str, legal_actions(state, state.turn))) == sorted(
        map(str, draw_legal(view)))
