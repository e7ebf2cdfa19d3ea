"""The rules pages the Rules screen shows: a summary per rule family, in plain words.

:func:`rules_page` puts a variant's own name and description on top of its family's
summary and a line per option the player may change. The summaries follow docs/rules.md
(the project's rulebook, which the last paragraph points players to); the engine, not this
text, decides what is legal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rummy.model.variant import Variant

CARDS = """\
The cards
• A deck has 52 cards: spades ♠, hearts ♥, diamonds ♦ and clubs ♣, ranks A 2 3 … 10 J Q K. \
Some tables add printed jokers; with two decks, identical cards exist.
• A sequence never wraps round: K-A-2 is not a sequence."""

DECLARE = """\
Goal
Be the first to arrange all 13 cards into sequences and sets, then declare.

The table
• Every player gets 13 cards. The next card starts the open deck (face up); the rest is \
the closed deck (face down).
• One card is cut from the closed deck and lies face up beside it: the wild joker. Every \
card of its rank, in every suit, is wild and can stand in for any card. If a printed \
joker is cut, aces are wild. Printed jokers are always wild.

Your turn
• Draw one card: the top of the closed deck, or the top card of the open deck.
• Then discard one card onto the open deck, or put one card on the finish slot to declare.
• You may sort and group your hand at any time, even during other players' turns.
• Drop: before you draw, you may leave the deal: 20 points on your first turn, 40 later.
• Drop at my turn: while others play you may ask to drop when your turn comes (and change \
your mind); it happens at the start of your turn, before you draw, for the same points.

Groups
• Sequence: 3 or more cards in a row of one suit, such as 5♥ 6♥ 7♥.
• Pure sequence: a sequence with no card standing in as a joker. A wild-rank card in its \
own natural place keeps it pure.
• Impure sequence: a sequence that uses jokers, such as 5♥ JOKER 7♥.
• Set: 3 or 4 cards of one rank, all of different suits, such as 8♠ 8♥ 8♣; jokers may \
fill in. Two identical cards can never be in one set.

Declaring
• A valid show has every card in a valid group, at least two sequences, and at least one \
pure sequence.
• A valid show wins the deal with 0 points. A wrong show costs 80 points and the player \
is out of the deal (with two players, the opponent wins).

Points (the lower the better)
• A K Q J and 10 count 10 each, 2 to 9 their face value, jokers 0.
• A loser counts the cards that are not in groups: with no pure sequence all 13 cards \
count; with a pure sequence but too few sequences, only the pure sequence is left out.
• The game counts each loser's best arrangement for them. A loser never scores more than \
80; one who never had a turn scores 20, and one whose hand was already complete scores 2 \
(2 also when both apply).
• The winner collects the losers' points."""

TABLE = """\
Goal
Be the first to get rid of all your cards by laying them down in melds.

Your turn
• Draw the top card of the deck or of the discard pile (on an open discard pile, any of \
the top 5, with every card above it).
• Lay down new melds of 3 or more cards: a run (cards in a row of one suit) or a set \
(cards of one rank), or add single cards to any meld on the table.
• End your turn by discarding one card. A card just taken from the discard pile cannot \
be thrown back in the same turn.

Going out
• Empty your hand to win the round; nobody may go out before their second turn.
• Going out in one turn without having laid down before, every card laid as new melds \
(no cards added to other players' melds), is "rummy": it doubles the round.
• When someone goes out, the game lays down for every other player whatever leaves the \
least in their hand: new melds and cards added to the melds on the table, together.

Points
• Number cards count their face value, J Q K 10, the ace 1 (or 11 when aces are high).
• The winner adds up the cards left in the other hands."""

CONTRACT = """\
Goal
Seven rounds, each with a contract to lay down; the lowest total after round 7 wins.

The contracts
1) two sets, 2) a set and a run, 3) two runs, 4) three sets, 5) two sets and a run, \
6) a set and two runs, 7) three runs.
• Set: 3 or more cards of one rank. Run: 4 or more cards in a row of one suit.
• Jokers are wild.

Your turn
• Draw from the stock or take the face-up discard, lay down your contract when you hold \
it, then discard.
• After laying down, you may add cards to any laid-down meld on later turns.
• Win the round by playing every card onto melds; you cannot go out on a discard, and \
only in a turn you began by drawing from the stock.

Points
• Joker 50, ace 20, 10 J Q K 10, other cards 5, for the cards left in your hand."""

FAMILIES = {"declare": DECLARE, "table": TABLE, "contract": CONTRACT}

FULL = """\
The full rules
• Every rule of every table, and how the game settles what the sources leave open, is in \
docs/rules.md in the game's folder."""

KEYS = """\
Keys
• F1 shows these rules from anywhere (F1 or Esc closes them); F11 switches fullscreen.
• Esc goes back; in a game, S sorts your hand, G groups the selected cards, D discards."""


def rules_page(variant: Variant) -> str:
    """The full rules text for ``variant``: paragraphs separated by blank lines."""
    parts = [variant.name, variant.description,
             FAMILIES.get(variant.family, "(These rules have no summary here yet.)")]
    if variant.options:
        lines = ["Options you can change in New game"]
        for option in variant.options:
            text = f"• {option.label}"
            if option.help:
                text += f": {' '.join(option.help.split())}"
            lines.append(text)
        parts.append("\n".join(lines))
    parts += [CARDS, FULL, KEYS]
    return "\n\n".join(parts)


def general_page() -> str:
    """The rules page when no variant is chosen (or none loads)."""
    return "\n\n".join(["Rummy", DECLARE, CARDS, FULL, KEYS])
