"""The rules pages the Rules screen shows: a summary per rule family, in plain words.

:func:`rules_page` puts a variant's own name and description on top of its family's
summary (:mod:`rummy.ui.rules_families`, written from the variant's values) and a line per
option the player may change. The summaries follow docs/rules.md (the project's rulebook,
which the last paragraph points players to); the engine, not this text, decides what is
legal.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rummy.model.variant_type import VariantError
from rummy.ui.catalog import changed_options
from rummy.ui.rules_families import summary

if TYPE_CHECKING:
    from rummy.model.variant_type import Variant

CARDS = """\
The cards
• A deck has 52 cards: spades ♠, hearts ♥, diamonds ♦ and clubs ♣, ranks A 2 3 … 10 J Q K. \
Some tables add printed jokers; with two decks, identical cards exist.
• A sequence never wraps round: K-A-2 is not a sequence."""

FULL = """\
The full rules
• Every rule of every table, and how the game settles what the sources leave open, is in \
docs/rules.md in the game's folder."""

KEYS = """\
Keys
• F1 shows these rules from anywhere (F1 or Esc closes them); F11 switches fullscreen.
• Esc goes back. In a game: S sorts your hand by suit, G groups the selected cards, H gives \
a hint, D discards. R sorts by rank (classic and contract rummy), M lays the selected \
cards as a meld and F turns the discard pile over when the stock is empty (classic rummy), \
L lays down your contract (contract rummy)."""


def rules_page(variant: Variant, chosen: Mapping[str, Any] | None = None) -> str:
    """The full rules text for ``variant``: paragraphs separated by blank lines. With the
    options of a game (``chosen``), the rules are those of that table, and a line says
    which options it changed."""
    table, changed = variant, []
    if chosen:
        try:
            table = variant.with_options(dict(chosen))
            changed = changed_options(variant, dict(chosen))
        except (VariantError, ValueError):
            pass  # options this copy of the game refuses: the file's rules, as they are
    parts = [variant.name, variant.description]
    if changed:
        parts.append(f"At this table: {'; '.join(changed)}.")
    parts.append(summary(table))
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
    return "\n\n".join(["Rummy", "Choose a table in New game: each has its own rules here.",
                        CARDS, FULL, KEYS])
