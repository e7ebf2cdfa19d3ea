"""Numbers as the game's lines say them ("two sets", "Seven rounds"), one list for every
screen."""

from __future__ import annotations

NUMBER_WORDS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def number_word(n: int, most: int = len(NUMBER_WORDS) - 1, one: str = "one") -> str:
    """``n`` in words up to ``most`` (``one``: the word for 1, "a" in "a set"), else in
    figures."""
    if n == 1:
        return one
    return NUMBER_WORDS[n] if 0 <= n <= most else str(n)


def and_list(items: list[str]) -> str:
    """Items as a sentence lists them: "Ravi", "Ravi and Sam", "Ravi, Sam and Lee".

    >>> and_list(["Ravi", "Sam", "Lee"])
    'Ravi, Sam and Lee'
    """
    return " and ".join(filter(None, [", ".join(items[:-1]), *items[-1:]]))


def points_word(n: int) -> str:
    """A number of points as a line says it.

    >>> [points_word(n) for n in (1, 0, 40)]
    ['1 point', '0 points', '40 points']
    """
    return f"{n} point" if n == 1 else f"{n} points"
