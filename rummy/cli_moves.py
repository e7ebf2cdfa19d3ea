"""What a person types at ``python -m rummy play``, read into the engine's actions.

One reader serves every rule family: the words each family knows are found from the
family (its :class:`Terminal`, named by the family's pieces), and within a family they
follow its traits (:attr:`RuleFamily.lays_down_contracts`) and the variant's options
(``allow_draw_choice``). Whether a move is allowed now is the engine's to say (its
:class:`IllegalMoveError` is shown as it is); this module only turns words into actions,
and says what it cannot read.

>>> from rummy.model.state import start_deal
>>> from rummy.model.variant import load_variant
>>> from rummy.model.view import view_for
>>> view = view_for(start_deal(load_variant("super_rummy"), 2, seed=1), 0)
>>> read_move("t 3", view)
(Draw(seat=0, source=<DrawSource.OPEN: 'open'>, count=3),)
>>> " ".join(c.code for c in view.hand)
'KD 8D QH KH 10S 8H 7S QD 10C 3D'
>>> [str(a) for a in read_move("m KD KH kc / 8d 8h 8s", view)]
Traceback (most recent call last):
rummy.cli_moves.MoveError: you hold no KC
>>> [str(a) for a in read_move("m KD KH / 8d 8h", view)]
['0: meld KD KH', '0: meld 8D 8H']
>>> read_move("o 7S 2", view)
Traceback (most recent call last):
rummy.cli_moves.MoveError: there is no meld 2 on the table (melds: none yet)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rummy.model.actions import (
    Action,
    Discard,
    Draw,
    DrawSource,
    Drop,
    Finish,
    FlipDiscard,
    LayDown,
    LayMeld,
    LayOff,
    Pick,
)
from rummy.model.cards import Card, CardError, parse_cards
from rummy.model.scoring import DealResult
from rummy.model.view import PlayerView


class MoveError(ValueError):
    """Words that are not a move: ``str()`` says what was expected."""


QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"h", "help", "?", ""})

DECLARE_HELP = """\
Before drawing:  c = draw from the closed deck, o = take the open card, drop = leave the deal
After drawing:   a card (e.g. 7H, 10S, JK) = discard it, f CARD = declare, putting CARD on
                 the finish slot (the game arranges the other 13 at their best)
Any time:        h = this help, q = quit"""

CARDS_HELP = """\
Cards:           rank A 2-10 J Q K (T for 10) and suit S H D C, e.g. 7H 10S QC; JK is a
                 joker. Melds on the table are numbered as shown (1, 2, ...)."""


def help_text(view: PlayerView) -> str:
    """The commands of this game, for ``h`` (a pick's, while a deck is spread)."""
    if view.spread is not None:
        return PICK_HELP
    return terminal_of(view).help(view)


def meld_help(view: PlayerView) -> str:
    """The commands where melds lie on the table (classic and contract rummy)."""
    draw = "Before drawing:  c = draw from the stock, o = take the top discard"
    if view.variant.params.draw_choice:
        draw += ("\n                 t N = take the top N discards (up to 5: a card and every"
                 " card above it)")
    if not view.rules.lays_down_contracts:
        draw += "\n                 flip = turn the discard pile over when the stock is empty"
        lay = ("After drawing:   m 5S 6S 7S = lay a new meld (m 5S 6S 7S / 9C 9D 9S lays"
               " several),\n                 o 8S 2 = lay 8S off onto meld 2")
        out = "Going out:       lay or discard your last card (not on your first turn)"
    else:
        sets, runs = view.melding.contract or (0, 0)
        lay = (f"After drawing:   l 7S 7H 7D / 9C 9D 9S = lay down this round's contract,"
               f" every meld\n                 at once ({contract_words(sets, runs)} now),"
               f" o 8S 2 = lay 8S off onto meld 2\n"
               f"                 (from the turn after you laid down; o JK 2 low = a joker"
               f" at the run's low end)")
        out = ("Going out:       lay every card down or off, in a turn begun from the stock"
               " (never\n                 on a discard)")
    return (f"{draw}\n{lay}\n                 a card (e.g. 7H, or d 7H) = discard it, ending"
            f" your turn\n{out}\n{CARDS_HELP}\nAny time:        h = this help, q = quit")


def contract_words(sets: int, runs: int) -> str:
    """``(1, 1)`` -> ``"1 set and 1 run"``."""
    parts = [f"{n} {word}{'s' if n > 1 else ''}" for n, word in ((sets, "set"), (runs, "run"))
             if n]
    return " and ".join(parts) or "nothing"


def read_move(line: str, view: PlayerView) -> tuple[Action, ...]:
    """The actions ``line`` asks for (several for ``m A / B``), or MoveError. ``q`` and
    ``h`` are the caller's to handle before."""
    word, _, rest = line.strip().partition(" ")
    word, rest = word.lower(), rest.strip()
    if view.spread is not None:
        return (read_pick(word, rest, view),)
    return terminal_of(view).read(word, rest, line, view)


PICK_HELP = """\
The deck is spread face down: p N (or just N) = pick card N, counted from 1 on the left
Any time:        h = this help, q = quit"""


def read_pick(word: str, rest: str, view: PlayerView) -> Action:
    """A pick of the spread deck: ``p N``, ``pick N`` or ``N`` (from 1, left to right).

    >>> from rummy.model.variant import load_variant
    >>> from rummy.model.state import start_deal
    >>> from rummy.model.view import view_for
    >>> view = view_for(start_deal(load_variant("two_player_13"), 2, 1, ceremony=True), 0)
    >>> [str(read_move(text, view)[0]) for text in ("p 3", "52")]
    ['0: pick card 3', '0: pick card 52']
    >>> read_move("p 60", view)
    Traceback (most recent call last):
    rummy.cli_moves.MoveError: pick a card from 1 to 52 of the spread, e.g. p 7
    """
    assert view.spread is not None
    number = rest if word in ("p", "pick") else word
    size = view.spread.size
    if not number.isdigit() or not 1 <= int(number) <= size:
        raise MoveError(f"pick a card from 1 to {size} of the spread, e.g. p 7")
    return Pick(view.seat, int(number) - 1)


def declare_move(word: str, rest: str, line: str, view: PlayerView) -> tuple[Action, ...]:
    me = view.seat
    if word in ("c", "closed"):
        return (Draw(me, DrawSource.CLOSED),)
    if word in ("o", "open"):
        return (Draw(me, DrawSource.OPEN),)
    if word == "drop":
        return (Drop(me),)
    if word in ("f", "finish", "declare"):
        return (Finish(me, card_in(view.hand, rest), None),)
    return (Discard(me, card_in(view.hand, line)),)


def meld_move(word: str, rest: str, line: str, view: PlayerView) -> tuple[Action, ...]:
    me = view.seat
    contracts = view.rules.lays_down_contracts
    if word in ("c", "closed", "s", "stock"):
        return (Draw(me, DrawSource.CLOSED),)
    if word in ("o", "open", "t", "take"):
        args = rest.split()
        if not args:
            return (Draw(me, DrawSource.OPEN),)
        if len(args) == 1 and args[0].isdigit():
            return (Draw(me, DrawSource.OPEN, int(args[0])),)
        if word in ("t", "take"):
            raise MoveError("t N takes the top N discards, e.g. t 3")
        return (_lay_off(args, view),)
    if word == "flip":
        return (FlipDiscard(me),)
    if word in ("m", "meld", "l", "lay"):
        if contracts and word in ("m", "meld"):
            raise MoveError("in this game you lay down the whole contract at once:"
                            " l 7S 7H 7D / 9C 9D 9S")
        groups = _groups(rest, view.hand)
        if contracts:
            return (LayDown(me, groups),)
        return tuple(LayMeld(me, g) for g in groups)
    if word in ("drop", "f", "finish", "declare"):
        raise MoveError("this game has no declaring or dropping: h lists the moves")
    return (Discard(me, _to_discard(view, rest if word in ("d", "discard") else line)),)


@dataclass(frozen=True)
class Terminal:
    """How the terminal front end plays one rule family: its families name theirs
    (``Pieces.terminal``; the instances are in :mod:`rummy.cli_play`, beside the tables)."""

    help: Callable[[PlayerView], str]
    """The commands its games know (``h``)."""
    read: Callable[[str, str, str, PlayerView], tuple[Action, ...]]
    """The reader of a typed move (the word, the rest, the whole line)."""
    table_text: Callable[[PlayerView], str]
    """How its table reads in the terminal."""
    result_line: Callable[[DealResult, int], str]
    """A seat's hand and points at the end of a deal."""


def terminal_of(view: PlayerView) -> Terminal:
    """The terminal pieces of the view's family, found from the family."""
    terminal: Terminal = view.rules.piece("terminal")
    return terminal


def declare_help(view: PlayerView) -> str:
    """The declare family's commands."""
    return DECLARE_HELP


def _to_discard(view: PlayerView, text: str) -> Card:
    """With several decks a face may be held twice: prefer the copy not just taken from
    the discard pile (that one may not go back this turn)."""
    if "@" not in text:  # a copy named exactly is taken as named
        try:
            return card_in(view.hand, text, list(view.melding.taken))
        except MoveError:
            pass
    return card_in(view.hand, text)


def _lay_off(args: Sequence[str], view: PlayerView) -> LayOff:
    end = args[2].lower() if len(args) == 3 else None
    if len(args) not in (2, 3) or not args[1].isdigit() or end not in (None, "low", "high"):
        raise MoveError("lay off with o CARD MELD [low|high], e.g. o 8S 2 (the meld's number;"
                        " low or high: the run's end, for a joker that fits both)")
    number = int(args[1])
    if not 1 <= number <= len(view.melding.melds):
        have = f"1 to {len(view.melding.melds)}" if view.melding.melds else "none yet"
        raise MoveError(f"there is no meld {number} on the table (melds: {have})")
    return LayOff(view.seat, card_in(view.hand, args[0]), number - 1, end)


def _groups(text: str, hand: Sequence[Card]) -> tuple[tuple[Card, ...], ...]:
    """``"7S 7H 7D / 9C 9D 9S"`` as groups of cards from ``hand`` (a card used once)."""
    parts = [p.split() for p in text.replace(",", " ").split("/")]
    if not all(parts):
        raise MoveError("name the cards of each meld, melds split by /: 7S 7H 7D / 9C 9D 9S")
    used: list[Card] = []
    groups = []
    for words in parts:
        group = tuple(card_in(hand, w, used) for w in words)
        groups.append(group)
    return tuple(groups)


def faces(cards: Sequence[Card]) -> str:
    """``cards`` as a person types them: ``"7S 7H 7D"``."""
    return " ".join(c.face for c in cards)


def typed(action: Action) -> str:
    """The words :func:`read_move` reads back into ``action`` (the syntax ``h`` teaches).

    >>> from rummy.model.cards import parse_card
    >>> typed(Draw(0, DrawSource.OPEN, 3)), typed(LayOff(0, parse_card("JK"), 1, "low"))
    ('t 3', 'o JK 2 low')
    """
    if isinstance(action, Draw):
        if action.source is DrawSource.CLOSED:
            return "c"
        return "o" if action.count == 1 else f"t {action.count}"
    if isinstance(action, FlipDiscard):
        return "flip"
    if isinstance(action, LayMeld):
        return "m " + faces(action.cards)
    if isinstance(action, LayDown):
        return "l " + " / ".join(faces(g) for g in action.groups)
    if isinstance(action, LayOff):
        end = f" {action.end}" if action.end else ""
        return f"o {action.card.face} {action.meld + 1}{end}"
    if isinstance(action, Discard):
        return action.card.face
    if isinstance(action, Finish):
        return f"f {action.card.face}"
    if isinstance(action, Drop):
        return "drop"
    raise ValueError(f"{action} is not typed at the terminal")


def card_in(hand: Sequence[Card], text: str, used: list[Card] | None = None) -> Card:
    """The card of ``hand`` that ``text`` names (any copy of that face, one not in
    ``used``; the card found is added to ``used``)."""
    try:
        (wanted,) = parse_cards(text)
    except (CardError, ValueError) as err:
        raise MoveError(f"{text.strip() or 'nothing'} is not one card") from err
    taken = [] if used is None else used
    free = [c for c in hand if c not in taken]
    found = next((c for c in free if c == wanted), None) or next(
        (c for c in free if c.face == wanted.face), None)
    if found is None:
        more = " more" if any(c.face == wanted.face for c in hand) else ""
        raise MoveError(f"you hold no{more} {wanted.face}")
    taken.append(found)
    return found


__all__ = ["DECLARE_HELP", "HELP", "QUIT", "MoveError", "Terminal", "card_in", "contract_words",
           "declare_help", "declare_move", "faces", "help_text", "meld_help", "meld_move",
           "read_move", "terminal_of", "typed"]
