"""What the menus offer: the variant files, the computer's levels, options in plain words.

The menus and the launcher ask here instead of reading the variants folder themselves:
:func:`scan_variants` loads every file (a broken one is listed with its error, never fatal),
:func:`find_variant` loads the one a command line names, and :func:`value_words` /
:func:`refusal` put the variant's option values and the engine's refusals into the words a
player reads on the New game screen (docs/rules.md names the options), and
:func:`variant_title` names a variant kept in a record; :func:`table_words` says what an
online table plays.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rummy.model.match import describe
from rummy.model.variant import VARIANTS_DIR, load_variant, variant_files
from rummy.model.variant_type import Variant, VariantError


def difficulty_levels() -> tuple[str, ...]:
    """The opponent levels the menu offers, weakest first: the bot registry's
    :data:`rummy.ai.LEVELS`."""
    from rummy.ai import LEVELS

    return LEVELS


def default_level(levels: tuple[str, ...]) -> str:
    return "medium" if "medium" in levels else levels[0]


@dataclass(frozen=True)
class VariantEntry:
    """One file of the variants folder: its variant, or why it does not load."""

    id: str
    """What ``load_variant`` accepts: the id for a shipped file, else the file's path."""
    path: Path
    variant: Variant | None
    error: str = ""

    @property
    def title(self) -> str:
        return self.variant.name if self.variant else self.path.name


def _problem_text(exc: Exception) -> str:
    problems = getattr(exc, "problems", None)
    text = "\n".join(map(str, problems)) if problems else str(exc)
    return text or type(exc).__name__


def scan_variants(directory: Path | None = None) -> list[VariantEntry]:
    """Every variant file of ``directory`` (the shipped folder by default), loaded."""
    shipped = directory is None or directory.resolve() == VARIANTS_DIR.resolve()
    paths = variant_files() if directory is None else sorted(
        p for p in directory.glob("*.yaml") if p.is_file())
    entries = []
    for path in paths:
        ref = path.stem if shipped else str(path)
        try:
            entries.append(VariantEntry(ref, path, load_variant(path)))
        except Exception as exc:  # noqa: BLE001 - any broken file is shown, never fatal
            entries.append(VariantEntry(ref, path, None, _problem_text(exc)))
    return entries


def variant_title(ref: str) -> str:
    """A variant's name as players read it ("Super Rummy" for ``super_rummy``), for the
    screens that list saved records; the id itself when its file is gone or no longer
    loads, so an old record stays readable."""
    try:
        return load_variant(ref).name
    except (VariantError, OSError):
        return ref


def find_variant(ref: str) -> Variant:
    """The variant ``ref`` names (an id or a file's path), for a command line.

    Raises :class:`VariantError` with one sentence: an unknown id lists only the variants
    that load; a file that does not load says so, with its problems."""
    if "/" in ref or ref.endswith((".yaml", ".yml")):
        return load_variant(ref)
    entries = {entry.id: entry for entry in scan_variants()}
    entry = entries.get(ref)
    if entry is None:
        playable = ", ".join(e.id for e in entries.values() if e.variant) or "none"
        raise VariantError([f"unknown variant {ref!r}; the variants that load: {playable}"])
    if entry.variant is None:
        raise VariantError([f"variant {ref!r} does not load ({entry.path.name}):",
                            *entry.error.splitlines()])
    return entry.variant


# -- options in the player's words ------------------------------------------------------

UNSET_WORDS = {"hand_size": "by players", "limit_meld_size": "no limit"}
"""What an option left unset (``null`` in the file) means, per option key."""

VALUE_WORDS: dict[Any, str] = {
    "next_player": "next player", "prev_winner": "last winner",
    "flip_discard": "turn pile over", "shuffle_discard": "shuffle pile",
    "end_round": "end the round", "points": "one deal", "pool_101": "pool to 101",
    "pool_201": "pool to 201", "deals_2": "2 deals", "deals_3": "3 deals", "deals_6": "6 deals",
    "low": "low (A-2-3)", "high": "high (Q-K-A)",
}


def value_words(key: str, value: Any) -> str:
    """An option's value as the menu shows it (never "None" nor a code word)."""
    if value is None:
        return UNSET_WORDS.get(key, "not set")
    if value is True:
        return "On"
    if value is False:
        return "Off"
    if key == "turn_timer" and value == 0:
        return "off"
    if isinstance(value, str):
        return VALUE_WORDS.get(value, value.replace("_", " "))
    return str(value)


def refusal(variant: Variant, chosen: dict[str, Any], players: int) -> str:
    """Why the engine refuses ``chosen`` options at ``players`` seats ("" when it plays)."""
    try:
        table = variant.with_options(chosen)
    except ValueError as exc:
        problems = _problem_text(exc).splitlines()
        return player_words(variant, "; ".join(p.split(": ", 1)[-1] for p in problems))
    return player_words(variant, table.seating_problem(players) or "")


def player_words(variant: Variant, text: str) -> str:
    """``text`` with option keys (``hand_size 12``) replaced by the menu's labels
    (``Cards per player 12``)."""
    for option in variant.options:
        text = text.replace(option.key, option.label.rstrip("."))
    return text[:1].upper() + text[1:]


def table_words(ref: str, options: dict[str, Any], players: int,
                turn_seconds: int | None = None) -> tuple[str, str]:
    """What an online table plays, as two lines for its lobby: the variant, the seats, the
    match's end and the time a turn has ("Super Rummy · 2 seats · to 250 points · 60 s a
    turn": the server times every human turn, with the variant's turn timer or the clock
    the host picked, ``turn_seconds``),
    then every other option its host set away from the file's default ("Aces: high (Q-K-A)
    · Runs may mix suits: On"; "" when none). A variant this game cannot load is named by
    its reference alone."""
    from rummy.net.room import DEFAULT_TURN_TIMER  # here: the menus need no server code

    turn = f"{options.get('turn_timer') or turn_seconds or DEFAULT_TURN_TIMER} s a turn"
    try:
        variant = load_variant(ref)
    except (VariantError, OSError):
        return f"{ref} · {players} seats · {turn}", ""
    try:
        table = variant.with_options(options)
    except (VariantError, ValueError):
        table = variant  # the server took them; this copy of the game does not know them
    first = f"{variant.name} · {players} seats · {describe(table)} · {turn}"
    return first, " · ".join(changed_options(variant, options, skip=("turn_timer",)))


def changed_options(variant: Variant, options: dict[str, Any], skip: tuple[str, ...] = ()
                    ) -> list[str]:
    """Every option of ``options`` set away from the variant file's default, in words
    ("Aces: high (Q-K-A)", "Runs may mix suits: On"), but those in ``skip``."""
    offered = {option.key: option for option in variant.options}
    changed = []
    for key, value in options.items():
        option = offered.get(key)
        if option is not None and value != option.default and key not in skip:
            label = option.label.split(" (")[0].rstrip(".")  # "Cards per player (...)"
            changed.append(f"{label}: {value_words(key, value)}")
    return changed
