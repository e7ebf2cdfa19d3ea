"""Where a card drawn (or taken back) lands in the player's arrangement."""

from __future__ import annotations

from rummy.model.cards import parse_card, parse_cards
from rummy.model.variant import load_variant
from rummy.ui.table.hand import HandModel


def hand(variant: str, *groups: str, cut: str | None = None) -> HandModel:
    model = HandModel(load_variant(variant), parse_card(cut) if cut else None)
    model.groups = [list(parse_cards(g)) for g in groups]
    return model


def codes(model: HandModel) -> list[str]:
    return [" ".join(c.code for c in g) for g in model.groups]


def test_a_card_near_others_of_its_suit_joins_them_in_rank_order() -> None:
    model = hand("super_rummy", "7S 9S", "6D 9D")
    model.insert_natural(parse_card("8S"))
    assert codes(model) == ["7S 8S 9S", "6D 9D"]


def test_a_card_with_nothing_near_goes_to_its_suit_s_group_or_a_group_of_its_own() -> None:
    model = hand("super_rummy", "7S", "9H", "6D 9D")
    model.insert_natural(parse_card("2D"))  # the diamonds, in order
    assert codes(model) == ["7S", "9H", "2D 6D 9D"]
    model.insert_natural(parse_card("2C"))  # no club: apart, not added to the diamonds
    assert codes(model) == ["7S", "9H", "2D 6D 9D", "2C"]


def test_arranged_by_rank_a_card_joins_its_rank() -> None:
    model = hand("super_rummy", "7S 7H", "QD QC")
    model.insert_natural(parse_card("QS"))
    assert codes(model) == ["7S 7H", "QS QD QC"]
    model.insert_natural(parse_card("9H"))  # a rank of its own, in rank order
    assert codes(model) == ["7S 7H", "9H", "QS QD QC"]


def test_a_card_near_one_of_its_suit_in_a_set_joins_its_rank_instead() -> None:
    """Arranged by rank, a 10♥ taken back from a contract slot goes to the tens, not to
    the nines beside 9♥."""
    model = hand("dummy_rummy", "6H", "9S 9H", "10D 10D@1", "JH")
    model.insert_natural(parse_card("10H"))
    assert codes(model) == ["6H", "9S 9H", "10H 10D 10D@1", "JH"]


def test_a_wild_card_joins_the_wild_cards_and_keeps_a_mixed_group_as_it_was() -> None:
    model = hand("indian_13", "5S 6S 7S", "KD KC", "JK 9C", cut="9H")
    model.insert_natural(parse_card("9D"))  # nines are wild
    assert len(model.groups) == 3 and sorted(codes(model)[-1].split()) == ["9C", "9D", "JK"]
    model = hand("indian_13", "5S 6S 7S", "KD KC 2H", cut="9H")
    model.insert_natural(parse_card("JK"))
    assert codes(model) == ["5S 6S 7S", "KD KC 2H", "JK"]  # the mixed group's reading kept


def test_a_card_is_not_put_into_a_meld_it_would_spoil() -> None:
    """A click on the deck drew 5♠ into A♠ 2♠ 3♠: the pure sequence read "Invalid" and the
    count jumped (a play-tester). A card that extends the meld still joins it."""
    model = hand("indian_13", "AS 2S 3S", "KH KD KC", "9D 10D", cut="7C")
    model.insert_natural(parse_card("5S"))
    assert codes(model) == ["AS 2S 3S", "KH KD KC", "9D 10D", "5S"]
    model.insert_natural(parse_card("4S"))  # A♠ 2♠ 3♠ 4♠: still a meld
    assert codes(model)[0] == "AS 2S 3S 4S"
