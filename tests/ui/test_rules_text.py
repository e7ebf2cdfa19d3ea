"""The Rules screen's pages say what each table plays, from the variant's own values (the
two-player table's page once asked for two sequences and described printed jokers it does
not have)."""

from __future__ import annotations

import pygame
import pytest

from rummy.model.variant import list_variant_ids, load_variant
from rummy.ui.app import App
from rummy.ui.game_config import GameConfig
from rummy.ui.rules_text import general_page, rules_page
from rummy.ui.screens.rules import RulesScene
from rummy.ui.table import TableScene


def test_the_two_player_table_asks_for_one_pure_sequence_of_four_without_printed_jokers(
        ) -> None:
    page = rules_page(load_variant("two_player_13"))
    assert "at least one pure sequence of 4 or more cards" in page
    assert "1 deck, no printed jokers" in page
    assert "printed joker is cut" not in page and "JOKER" not in page
    assert "Dropping out of a deal is off at this table (an option in New game)." in page
    assert "too few sequences" not in page  # one sequence is all a show needs
    assert "3 missed turns in a row put you out of the deal for 40 points" in page


def test_indian_rummy_asks_for_two_sequences_and_says_what_a_cut_printed_joker_does() -> None:
    page = rules_page(load_variant("indian_13"))
    assert "at least two sequences, one of them a pure sequence of 3 or more cards" in page
    assert "If a printed joker is cut, aces are wild." in page
    assert "Drop: before you draw, you may leave the deal: 20 points" in page


def test_a_changed_option_changes_the_page() -> None:
    variant = load_variant("indian_13").with_options({"pure_min_length": 4,
                                                      "allow_drop": False})
    page = rules_page(variant)
    assert "one of them a pure sequence of 4 or more cards" in page
    assert "Drop:" not in page
    classic = load_variant("super_rummy").with_options(
        {"allow_draw_choice": True, "deck_exhaust": "end_round", "ace_rank": "high"})
    page = rules_page(classic)
    assert "any of the top 5 discards" in page and "the round ends" in page
    assert "the ace 11 (aces are high)" in page


def test_contract_rummy_lists_its_contracts_and_points() -> None:
    page = rules_page(load_variant("dummy_rummy"))
    assert "Seven rounds" in page
    assert "1) two sets, 2) one set and one run, 3) two runs" in page
    assert "joker 50, A 20, 2 to 9 5 each, 10 to K 10 each" in page
    # what the bots and the engine do that the page once left out
    assert "(suits may repeat)" in page
    assert "the ace high or low, not both (J-Q-K-A and A-2-3-4, never Q-K-A-2)" in page
    assert "a meld of jokers only is not allowed" in page
    assert "The card a joker stands for in a run may take its place" in page


@pytest.mark.parametrize("variant_id", list_variant_ids())
def test_every_page_names_its_keys_and_the_full_rules(variant_id: str) -> None:
    page = rules_page(load_variant(variant_id))
    assert "H gives a hint" in page and "docs/rules.md" in page
    assert "no summary" not in page
    assert "docs/rules.md" in general_page()


@pytest.mark.timeout(60)
def test_f1_at_a_table_shows_the_rules_of_that_table(app: App) -> None:
    """F1 at a table showed the variant file's defaults, not the options it played."""
    options = {"limit_meld_size": 4, "allow_run_mixed_suit": True}
    config = GameConfig("super_rummy", options, 3, ("easy", "easy", "easy"), 3, 0)
    table = TableScene(app, config)
    app.push(table)
    app.step(1 / 30)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode=""))
    app.step(1 / 30)
    rules = app.stack[-1]
    assert isinstance(rules, RulesScene) and rules.variant_id == "super_rummy"
    page = rules.text()
    assert "At this table: Largest meld: 4; Runs may mix suits: On." in page
    assert "a run (cards in a row)" in page and "a meld holds at most 4 cards" in page
    # another variant's page is its file's own
    rules.choose("dummy_rummy")
    assert "At this table" not in rules.text()
    table.driver.close()
