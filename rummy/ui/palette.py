"""The game's colours, for the menus and the table alike: one felt, one ink, one gold.

Every screen takes its colours from here, so the title, the menus, the rules and the table
look like one game. Text colours are chosen to read on the felt and on the darker panels.
"""

from __future__ import annotations

Color = tuple[int, int, int]

FELT: Color = (22, 96, 52)
"""The table's felt green, the background of every screen."""
FELT_DARK: Color = (12, 62, 33)
"""Shadows, slots and the felt's vignette."""
PANEL: Color = (12, 60, 34)
"""Menu panels and dialog backgrounds."""
PANEL_EDGE: Color = (60, 130, 85)

INK: Color = (240, 240, 228)
"""Ordinary text."""
DIM: Color = (160, 180, 160)
"""Secondary text: hints, descriptions, what cannot be chosen now."""
GOLD: Color = (245, 200, 70)
"""Titles, chosen values, the player whose turn it is, a winner."""
RED: Color = (255, 150, 130)
"""Errors and refusals (light enough to read on the felt and on panels)."""
GREEN: Color = (120, 225, 120)
"""Something valid or done."""

BUTTON: Color = (38, 104, 66)
BUTTON_HOVER: Color = (58, 128, 84)
BUTTON_OFF: Color = (26, 70, 44)
BUTTON_EDGE: Color = (200, 230, 200)
BUTTON_EDGE_OFF: Color = (60, 100, 70)
BUTTON_INK_OFF: Color = (110, 140, 115)
SELECTED: Color = (20, 125, 75)
"""The chosen row of a list, a switched-on toggle."""

KIND_COLORS: dict[str, Color] = {
    "pure_sequence": (130, 235, 140),
    "impure_sequence": (150, 210, 250),
    "set": (240, 215, 120),
    "run": (130, 235, 140),
    "invalid": (235, 130, 120),
}
"""A group's label colour by its kind (docs/rules.md: sequences and sets)."""
