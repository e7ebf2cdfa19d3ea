"""Each rule family's summary for the Rules screen, written from the variant's own values.

A page says what the table in hand plays: how many sequences a show needs, whether there
are printed jokers or dropping, what a wrong show costs. The words follow docs/rules.md;
the engine, not this text, decides what is legal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from rummy.model.cards import Rank
from rummy.model.match import describe
from rummy.model.rules import family_of
from rummy.model.variant_fields import AceRule, DeckExhaust
from rummy.ui.words import number_word

if TYPE_CHECKING:
    from rummy.model.variant_type import Variant

def _rank_plural(rank: Rank) -> str:
    names = {Rank.ACE: "aces", Rank.JACK: "jacks", Rank.QUEEN: "queens", Rank.KING: "kings"}
    return names.get(rank, f"{int(rank)}s")


def _points(variant: Variant) -> str:
    """The card points as players say them: "A K Q J and 10 count 10 each, 2 to 9 their
    face value", else rank by rank in groups of equal points ("A 20, 2 to 9 5 each, 10 J
    Q K 10 each")."""
    points = dict(variant.card_points)
    high = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
    if all(points[r] == 10 for r in high) and all(points[Rank(n)] == n for n in range(2, 10)):
        return "A K Q J and 10 count 10 each, 2 to 9 their face value"
    groups: list[list[Rank]] = []
    for rank in Rank:
        if groups and points[groups[-1][-1]] == points[rank]:
            groups[-1].append(rank)
        else:
            groups.append([rank])
    words = []
    for group in groups:
        names = (f"{group[0].text} to {group[-1].text}" if len(group) > 3
                 else " ".join(r.text for r in group))
        words.append(f"{names} {points[group[0]]}{' each' if len(group) > 1 else ''}")
    return ", ".join(words)


def declare(variant: Variant) -> str:
    d = variant.declare
    decks = "1 deck" if variant.packs == 1 else f"{variant.packs} decks"
    jokers = (f" and {variant.printed_jokers} printed jokers" if variant.printed_jokers
              else ", no printed jokers")
    if d.toss.picked:
        toss = ("• The toss: the deck is spread face down and each player clicks a card. The "
                "lower card deals (ace high; spades, hearts, diamonds, clubs); the other "
                "player is dealt first and plays first. The dealer then clicks a card of the "
                "rest of the closed deck, spread out: that card is the wild joker.")
    else:
        toss = ("• The toss: every player is given an open card; the highest (ace high; "
                "spades, hearts, diamonds, clubs) is dealt first and plays first.")
    table = [toss + " Quick start (Settings) skips the ceremony: the cards are picked for "
             "you at random.",
             f"• {decks}{jokers}. Every player gets {variant.hand_size} cards. The next card "
             "starts the open deck (face up); the rest is the closed deck (face down)."]
    if d.wild_joker_cut:
        line = ("• One card is cut from the closed deck and lies face up beside it: the wild "
                "joker. Every card of its rank, in every suit, is wild and can stand in for "
                "any card.")
        if variant.printed_jokers:
            line += (f" If a printed joker is cut, {_rank_plural(d.printed_joker_cut_rank)}"
                     " are wild. Printed jokers are always wild.")
        table.append(line)
    elif variant.printed_jokers:
        table.append("• Printed jokers are wild.")
    turn = ["• Draw one card: the top of the closed deck, or the top card of the open deck.",
            "• Then discard one card onto the open deck, or put one card on the finish slot "
            "to declare.",
            "• You may sort and group your hand at any time, even during other players' turns."]
    if d.allow_drop:
        turn += [f"• Drop: before you draw, you may leave the deal: {d.first_drop_penalty} "
                 f"points on your first turn, {d.middle_drop_penalty} later.",
                 "• Drop at my turn: while others play you may ask to drop when your turn "
                 "comes (and change your mind); it happens at the start of your turn, before "
                 "you draw, for the same points."]
    else:
        can = any(option.key == "allow_drop" for option in variant.options)
        turn.append("• Dropping out of a deal is off at this table"
                    + (" (an option in New game)." if can else "."))
    if d.missed_turns_to_drop and (d.turn_timer or any(o.key == "turn_timer"
                                                       for o in variant.options)):
        turn.append(f"• With a turn timer, a turn that runs out draws and discards for you; "
                    f"{d.missed_turns_to_drop} missed turns in a row put you out of the deal "
                    f"for {d.auto_drop_penalty} points, even where dropping is off.")
    impure = ("5♥ JOKER 7♥" if variant.printed_jokers
              else "5♥ 9♣ 7♥ when nines are wild")
    pure = f"pure sequence of {d.pure_min_length} or more cards"
    if d.min_sequences > 1:
        show = f"at least {number_word(d.min_sequences)} sequences, one of them a {pure}"
    else:
        show = f"at least one {pure}"
    points = [f"• {_points(variant)}, jokers {variant.joker_points}.",
              f"• A loser counts the cards that are not in groups: with no {pure} all "
              f"{variant.hand_size} cards count"]
    if d.min_sequences > 1:
        points[-1] += ("; with one but too few sequences, only the pure sequence is left out")
    points[-1] += "."
    points += [f"• The game counts each loser's best arrangement for them. A loser never "
               f"scores more than {d.count_cap}; one who never had a turn scores "
               f"{d.no_turn_score}, and one whose hand was already complete scores "
               f"{d.complete_hand_score}.",
               "• The winner collects the losers' points."]
    return "\n".join([
        "Goal",
        f"Be the first to arrange all {variant.hand_size} cards into sequences and sets, then "
        "declare.", "",
        "The table", *table, "",
        "Your turn", *turn, "",
        "Groups",
        f"• Sequence: {variant.declare.sequence_min_length} or more cards in a row of one "
        "suit, such as 5♥ 6♥ 7♥.",
        "• Pure sequence: a sequence with no card standing in as a joker. A wild-rank card in "
        "its own natural place keeps it pure.",
        f"• Impure sequence: a sequence that uses jokers, such as {impure}.",
        f"• Set: {variant.set_min_size} or {d.set_max_size} cards of one rank, all of "
        "different suits, such as 8♠ 8♥ 8♣; jokers may fill in. Two identical cards can "
        "never be in one set.", "",
        "Declaring",
        f"• A valid show has every card in a valid group and {show}.",
        f"• A valid show wins the deal with 0 points. A wrong show costs "
        f"{d.wrong_show_penalty} points and the player is out of the deal (with two "
        "players, the opponent wins).", "",
        "Points (the lower the better)", *points,
    ])


STOCK_OUT = {
    DeckExhaust.FLIP_DISCARD: "• When the stock runs out, the next player may turn the discard "
                              "pile over, unshuffled, as the new stock, and its top card face "
                              "up to start a new discard pile (or take the top discard as "
                              "usual). At the table: Flip (F), or click the empty stock.",
    DeckExhaust.SHUFFLE_DISCARD: "• When the stock runs out, the discard pile is shuffled into "
                                 "a new stock.",
    DeckExhaust.END_ROUND: "• When the stock runs out, the round ends: every hand's value is "
                           "taken off its owner's score (never below 0).",
}
"""What the table does when its stock runs out (``deck_exhaust``)."""


def classic(variant: Variant) -> str:
    t = variant.classic
    draw = "• Draw the top card of the stock or of the discard pile"
    if t.allow_draw_choice:
        draw += " (or any of the top 5 discards, with every card above it)"
    run = "cards in a row" + ("" if t.allow_run_mixed_suit else " of one suit")
    ace = "11 (aces are high)" if t.ace_rank is AceRule.HIGH else "1"
    going = ["• Empty your hand to win the round; nobody may go out before their second turn.",
             "• Going out in one turn without having laid down before, every card laid as new "
             "melds (no cards added to other players' melds), is \"rummy\": it doubles the "
             "round."]
    if t.require_end_discard:
        going.append("• Your last card must be a discard.")
    going.append(STOCK_OUT[t.deck_exhaust])
    if t.lay_at_end:
        going.append("• When someone goes out, the game lays down for every other player "
                     "whatever leaves the least in their hand: new melds and cards added to "
                     "the melds on the table, together.")
    return "\n".join([
        "Goal",
        "Be the first to get rid of all your cards by laying them down in melds. A match is "
        f"played {describe(variant)}.", "",
        "Your turn", draw + ".",
        f"• Lay down new melds of 3 or more cards: a run ({run}) or a set (cards of one "
        "rank), or add single cards to any meld on the table"
        + (f"; a meld holds at most {t.limit_meld_size} cards." if t.limit_meld_size else "."),
        "• At the table: select a meld's cards and drag them onto \"new meld\" (or press "
        "Meld, M); drag a card onto a meld on the table to add it.",
        "• End your turn by discarding one card. A card just taken from the discard pile "
        "cannot be thrown back in the same turn.", "",
        "Going out", *going, "",
        "Points",
        f"• Number cards count their face value, J Q K 10, the ace {ace}.",
        "• The winner adds up the cards left in the other hands.",
    ])


def contract(variant: Variant) -> str:
    c = variant.contract
    words = []
    for n, (sets, runs) in enumerate(c.contracts, 1):
        parts = [f"{number_word(k)} {name}{'s' if k > 1 else ''}"
                 for k, name in ((sets, "set"), (runs, "run")) if k]
        words.append(f"{n}) {' and '.join(parts)}")
    return "\n".join([
        "Goal",
        f"{number_word(len(c.contracts)).capitalize()} rounds, each with a contract to lay down; "
        "the lowest total at the end wins.", "",
        "The contracts", ", ".join(words) + ".",
        "• The first dealer: the deck is spread face down and each player clicks a card; the "
        "highest deals (aces low), and the player on the dealer's left starts. The deal then "
        "passes to the left each round. Quick start (Settings) picks for you at random.",
        f"• Set: {variant.set_min_size} or more cards of one rank (suits may repeat). Run: "
        f"{c.run_min_length} or more cards in a row of one suit{_ace_in_runs(variant)}.",
        "• Jokers are wild; a meld of jokers only is not allowed. A joker laid on the table "
        "stays there. The card a joker stands for in a run may take its place: the joker "
        "moves to an end of the run.", "",
        "Your turn",
        "• Draw from the stock or take the face-up discard, lay down your contract when you "
        "hold it, then discard.",
        "• After laying down, you may add cards to any laid-down meld on later turns.",
        "• At the table: drag cards into the Set and Run slots under the melds, then press "
        "Lay down (L); on later turns, drag a card onto a laid-down meld to add it.",
        "• Win the round by playing every card onto melds; you cannot go out on a discard, "
        "and only in a turn you began by drawing from the stock.", "",
        "Points",
        f"• For the cards left in your hand: joker {variant.joker_points}, {_points(variant)}.",
    ])


def _ace_in_runs(variant: Variant) -> str:
    """Where an ace stands in a run, as the run rule's tail."""
    if variant.ace is AceRule.BOTH:
        return "; the ace high or low, not both (J-Q-K-A and A-2-3-4, never Q-K-A-2)"
    if variant.ace is AceRule.HIGH:
        return "; the ace high only (Q-K-A)"
    return "; the ace low only (A-2-3)"


def summary(variant: Variant) -> str:
    """The summary of ``variant``'s family, found from the family (its ``rules_page``)."""
    page: Callable[[Variant], str] = family_of(variant).piece("rules_page")
    return page(variant)
