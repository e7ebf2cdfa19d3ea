"""What the menu hands to the table: :class:`GameConfig`, the game to start, and the seed
``RUMMY_SEED`` fixes for it. The player's remembered choices are
:class:`rummy.store.settings.Settings`.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

SEED_VAR = "RUMMY_SEED"
"""``RUMMY_SEED=n``: games started from New game deal with seed ``n`` (the next deal of a
match ``n + 1``...) instead of a random one, so a deal can be played again exactly (bug
reports, the end-to-end test)."""


def fixed_seed(environ: Mapping[str, str] | None = None) -> int | None:
    """The seed ``RUMMY_SEED`` asks for, or None (a random deal). A value that is not a
    whole number is ignored with one line on stderr saying so.

    >>> fixed_seed({"RUMMY_SEED": "42"}), fixed_seed({})
    (42, None)
    """
    text = (os.environ if environ is None else environ).get(SEED_VAR, "").strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        print(f"rummy: {SEED_VAR} must be a whole number, not {text!r}: dealing at random",
              file=sys.stderr)
        return None


@dataclass(frozen=True)
class GameConfig:
    """A new game as the menu chose it.

    - ``variant_id``: an id from ``list_variant_ids()`` (or a variant file's path);
    - ``options``: the variant options the player set, ``{key: value}``, ready for
      ``Variant.with_options`` (values are those the variant offers);
    - ``players``: the number of seats, within the variant's min..max players;
    - ``opponents``: one bot name per seat that is not the human's, in seat order
      (``players - 1`` names, or ``players`` when ``human_seat`` is None);
    - ``seed``: the deal's seed, None for a random one;
    - ``human_seat``: the seat the mouse plays, None for a demo where bots fill every seat;
    - ``deals``: stop dealing after this many deals (``--deals N``), None for no limit;
    - ``quit_when_done``: call ``app.quit()`` once ``deals`` deals are over
      (``--demo --deals N --quit-when-done``, so the process exits 0);
    - ``ceremony``: the toss and dealer ceremony is played (see below).
    """

    variant_id: str
    options: dict[str, Any] = field(hash=False)
    players: int
    opponents: tuple[str, ...]
    seed: int | None
    human_seat: int | None = 0
    deals: int | None = None
    quit_when_done: bool = False
    ceremony: bool = False
    """Each deal begins with its toss and dealer ceremony, the seats picking; New game sets
    it from the player's Quick start setting (off: the ceremony)."""

    def seat_bots(self) -> dict[int, str]:
        """``{seat: bot name}`` for every seat the computer plays."""
        seats = [s for s in range(self.players) if s != self.human_seat]
        return dict(zip(seats, self.opponents, strict=False))
