"""Cards: suits, ranks, printed jokers, and decks of several packs.

A :class:`Card` is a physical card. Games with two or three packs hold identical
faces, so every card also carries ``copy``: which of the identical faces it is.
Two cards with the same face and different copies are different cards (they are
not equal) but have equal :attr:`Card.face`.

Text form: rank ``A 2 3 4 5 6 7 8 9 10 J Q K`` (``T`` is accepted for 10), suit
``S H D C``, printed joker ``JK``. ``str(card)`` is the face; :attr:`Card.code`
adds ``@copy`` when the copy is not 0, and :func:`parse_card` reads both.

>>> parse_card("10H")
Card.from_text('10H')
>>> str(parse_card("TH"))
'10H'
>>> parse_card("6S@1").face == parse_card("6S").face
True
>>> parse_card("6S@1") == parse_card("6S")
False
>>> [c.code for c in parse_cards("6S 6S 6H")]
['6S', '6S@1', '6H']
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


class CardError(ValueError):
    """A card's text could not be read."""


class Suit(enum.Enum):
    """The four suits. ``rank_order`` is the order used for tosses and sorting."""

    SPADES = "S"
    """Highest suit in a toss."""
    HEARTS = "H"
    """Second highest suit."""
    DIAMONDS = "D"
    """Third highest suit."""
    CLUBS = "C"
    """Lowest suit in a toss."""

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOLS[self]

    @property
    def toss_order(self) -> int:
        """Spades > Hearts > Diamonds > Clubs: higher number wins a toss."""
        return _SUIT_TOSS_ORDER[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_TOSS_ORDER = {Suit.SPADES: 4, Suit.HEARTS: 3, Suit.DIAMONDS: 2, Suit.CLUBS: 1}
SUITS: tuple[Suit, ...] = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


class Rank(enum.IntEnum):
    """Ranks with the ace low (1). Whether an ace may also be high is a variant rule."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def text(self) -> str:
        return _RANK_TEXT[self]

    @property
    def high_value(self) -> int:
        """The rank with the ace high (14), as used in tosses."""
        return 14 if self is Rank.ACE else int(self)


_RANK_TEXT = {r: str(int(r)) for r in Rank}
_RANK_TEXT.update({Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"})
_RANK_FROM_TEXT = {t: r for r, t in _RANK_TEXT.items()}
_RANK_FROM_TEXT["T"] = Rank.TEN
_RANK_FROM_TEXT["1"] = Rank.ACE
RANKS: tuple[Rank, ...] = tuple(Rank)


@dataclass(frozen=True, slots=True)
class Card:
    """One physical card. ``rank`` and ``suit`` are both ``None`` for a printed joker."""

    rank: Rank | None
    suit: Suit | None
    copy: int = 0

    def __post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise CardError("a card has both a rank and a suit, or neither (a printed joker)")
        if self.copy < 0:
            raise CardError("a card's copy number is 0 or more")

    @property
    def is_printed_joker(self) -> bool:
        return self.rank is None

    @property
    def face(self) -> str:
        """The face without the copy: ``"10H"``, ``"JK"``."""
        if self.rank is None or self.suit is None:
            return "JK"
        return self.rank.text + self.suit.value

    @property
    def code(self) -> str:
        """Face plus copy (``"6S@1"``); equal to the face for copy 0. Round-trips exactly."""
        return self.face if self.copy == 0 else f"{self.face}@{self.copy}"

    @property
    def label(self) -> str:
        """Human text with a suit symbol: ``"10♥"``, ``"Joker"``."""
        if self.rank is None or self.suit is None:
            return "Joker"
        return self.rank.text + self.suit.symbol

    def __str__(self) -> str:
        return self.face

    def __repr__(self) -> str:
        return f"Card.from_text({self.code!r})"

    @classmethod
    def from_text(cls, text: str) -> Card:
        return parse_card(text)

    def sort_key(self) -> tuple[int, int, int]:
        """Suit (spades first), then rank, then copy; printed jokers last."""
        if self.rank is None or self.suit is None:
            return (9, 0, self.copy)
        return (4 - self.suit.toss_order, int(self.rank), self.copy)


def parse_card(text: str, copy: int | None = None) -> Card:
    """Read one card: ``"KC"``, ``"10h"``, ``"TH"``, ``"JK"``, ``"6S@1"``.

    ``copy`` overrides the ``@n`` suffix when given.

    >>> parse_card("JK").is_printed_joker
    True
    >>> parse_card("ZZ")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rummy.model.cards.CardError: 'ZZ' is not a card: write a rank (A 2-10 J Q K, ...
    """
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card")
    raw = text.strip()
    body, at, copy_text = raw.partition("@")
    parsed_copy = 0
    if at:
        if not copy_text.isdigit():
            raise CardError(f"{text!r} is not a card: the copy after @ is a whole number")
        parsed_copy = int(copy_text)
    if copy is not None:
        parsed_copy = copy
    upper = body.upper()
    if upper in ("JK", "JOKER", "*"):
        return Card(None, None, parsed_copy)
    if len(upper) >= 2:
        rank = _RANK_FROM_TEXT.get(upper[:-1])
        suit = _SUIT_FROM_TEXT.get(upper[-1])
        if rank is not None and suit is not None:
            return Card(rank, suit, parsed_copy)
    raise CardError(
        f"{text!r} is not a card: write a rank (A 2-10 J Q K, T for 10) and a suit (S H D C),"
        " or JK for a joker"
    )


_SUIT_FROM_TEXT = {s.value: s for s in Suit}
_SUIT_FROM_TEXT.update({s.symbol: s for s in Suit})


def parse_cards(text: str | Iterable[str]) -> tuple[Card, ...]:
    """Read several cards separated by spaces or commas.

    Repeated faces without an explicit ``@copy`` get copies 0, 1, 2, ... in order, so
    ``"6S 6S"`` is two different cards of the same face.
    """
    tokens = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    cards: list[Card] = []
    taken: set[tuple[str, int]] = set()
    for token in tokens:
        card = parse_card(token)
        if "@" not in token:
            copy = 0
            while (card.face, copy) in taken:
                copy += 1
            card = Card(card.rank, card.suit, copy)
        if (card.face, card.copy) in taken:
            raise CardError(f"{card.code} is listed twice")
        taken.add((card.face, card.copy))
        cards.append(card)
    return tuple(cards)


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards)


def make_deck(packs: int, printed_jokers: int) -> tuple[Card, ...]:
    """Every card of ``packs`` 52-card packs plus ``printed_jokers`` jokers in all.

    >>> len(make_deck(2, 2)), len(set(make_deck(2, 2)))
    (106, 106)
    """
    cards = [Card(rank, suit, copy) for copy in range(packs) for suit in SUITS for rank in RANKS]
    cards.extend(Card(None, None, copy) for copy in range(printed_jokers))
    return tuple(cards)


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    out = list(cards)
    rng.shuffle(out)
    return out


def toss_key(card: Card) -> tuple[int, int]:
    """Order for tosses: rank with the ace high, then suit (spades highest); jokers lowest."""
    if card.rank is None or card.suit is None:
        return (0, 0)
    return (card.rank.high_value, card.suit.toss_order)
