"""``python -m rummy play``: a whole match in the terminal, the person against bots.

Every rule family plays here: Indian rummy (declare), classic rummy with melds on the table
and contract rummy (docs/rules.md). The match runs through
:class:`rummy.session.Session`, so deals follow one another as the variant says (one
deal, pools, to ``target_score``, the seven contracts). What the person types is read by
:mod:`rummy.cli_moves`; a move the rules refuse prints the engine's reason and asks again,
with nothing changed. Seat 0 is the person; bots see only their seat's view.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable, Mapping, Sequence

from rummy.ai import Bot, make_bot
from rummy.cli_common import UsageError, one_line, parse_options
from rummy.cli_common import load_variant_with as _load
from rummy.cli_moves import (
    HELP,
    QUIT,
    MoveError,
    Terminal,
    contract_words,
    declare_help,
    declare_move,
    help_text,
    meld_help,
    meld_move,
    read_move,
    terminal_of,
    typed,
)
from rummy.model.actions import DECKS, Action, IllegalMoveError, LayDown, Piles
from rummy.model.cards import Card
from rummy.model.events import CardLaidOff, DealScored, Event, MeldLaid, redact_for, seen_by
from rummy.model.families import Phase
from rummy.model.hand_cost import value_if_out
from rummy.model.match import describe
from rummy.model.rules import family_of
from rummy.model.scoring import DealResult
from rummy.model.solver import best_arrangement
from rummy.model.state import apply
from rummy.model.view import PlayerView
from rummy.session import Session

Read = Callable[[str], str]
Write = Callable[[str], None]


def cmd_play(args: argparse.Namespace) -> int:
    """A match in the terminal: seat 0 is the person, the other seats ``--bot`` bots."""
    options = parse_options(args.options)
    _load(args.variant, options)
    seed = args.seed if args.seed is not None else random.randrange(1_000_000)
    try:
        game = Session.new(args.variant, args.players, seed, options,
                           ceremony=args.ceremony)
        bots = {s: make_bot(args.bot, seed + s) for s in range(1, args.players)}
    except ValueError as err:
        raise UsageError(one_line(err)) from err
    print(f"{game.variant.name}: you are seat 0 against {args.players - 1} {args.bot} bot(s)"
          f" (deal seed {seed}); the match: {describe(game.variant)}. h for help.")
    return play_match(game, bots, read=input, write=print)


def play_match(game: Session, bots: Mapping[int, Bot], read: Read, write: Write,
               me: int = 0) -> int:
    """Play ``game`` to its end: ``me`` (a match seat) answers ``read``, ``bots`` play
    the other match seats. Returns the exit status (0, also when the person quits)."""
    if not _report(game, game.state.history, game.match.seats, me, read, write):
        return 0
    while not game.match.over:
        match = game.match
        if me not in match.seats:
            write("you are out of the match; the others play on")
            break
        mine = match.seats.index(me)
        seat = match.state.turn
        if seat != mine:
            action = bots[match.seats[seat]].choose(game.view(seat), game.legal_actions(seat))
            if not _report(game, game.act(action), match.seats, me, read, write):
                return 0
            continue
        view = game.view(mine)
        write(_table_text(view))
        line = _ask(read, "> ")
        if line.lower() in QUIT:
            write("bye")
            return 0
        if line.lower() in HELP:
            write(help_text(view))
            continue
        try:
            events = _act_all(game, read_move(line, view))
        except (IllegalMoveError, MoveError) as err:
            write(f"  not now: {err}")
            continue
        if not _report(game, events, match.seats, me, read, write):
            return 0
    _final(game, me, write)
    return 0


def _ask(read: Read, prompt: str) -> str:
    try:
        return read(prompt).strip()
    except EOFError:
        return "q"


def _act_all(game: Session, actions: Sequence[Action]) -> tuple[Event, ...]:
    """Apply ``actions`` in order, all or none: several melds typed at once are tried on
    the side first, so a refused one lays none of them."""
    state = game.state
    for number, action in enumerate(actions, 1):
        try:
            state, _ = apply(state, action)
        except IllegalMoveError as err:
            if len(actions) == 1:
                raise
            raise IllegalMoveError(f"meld {number}: {err}") from err
    events: tuple[Event, ...] = ()
    for action in actions:
        events += game.act(action)
    return events


# ---------------------------------------------------------------- what the person reads


def _report(game: Session, events: Sequence[Event], seats: Sequence[int], me: int,
            read: Read, write: Write) -> bool:
    """Print ``events`` as the person's seat sees them (``seats``: the match seats of the
    deal they happened in); at the end of a deal, its result and the match so far, and
    wait for the person before the next deal. False when the person quits there."""
    for event in events:
        if me not in seats:  # out of a pool: the next deal is none of this seat's business
            continue
        mine = seats.index(me)
        if not seen_by(event, mine):
            continue
        write(f"  {event_text(redact_for(event, mine), family_of(game.variant).piles)}")
        if isinstance(event, DealScored):
            _result(event.result, seats, me, write, terminal_of(game.view(me)))
            _standing(game, me, write)
            if game.match.over:
                continue
            seats = game.match.seats  # the next deal's opening events follow
            if me in seats:
                deal = game.variant.shape.deal_word
                if _ask(read, f"Enter deals the next {deal} (q quits) > ").lower() in QUIT:
                    write("bye")
                    return False
                write(f"-- {deal} {game.match.deal_no + 1} --")
    return True


def event_text(event: Event, piles: Piles = DECKS) -> str:
    """An event in words, the piles named as the family names them (``piles``); melds by
    the numbers the table shows (1, 2, ...)."""
    if isinstance(event, MeldLaid):
        auto = " (laid for it at the end of the round)" if event.auto else ""
        return f"seat {event.seat} lays meld {event.index + 1}: {event.meld}{auto}"
    if isinstance(event, CardLaidOff):
        auto = " (at the end of the round)" if event.auto else ""
        return (f"seat {event.seat} lays {event.card.label} off onto meld {event.index + 1},"
                f" now {event.meld}{auto}")
    return event.told(piles)


def _result(result: DealResult, seats: Sequence[int], me: int, write: Write,
            terminal: Terminal) -> None:
    """Every hand at the end of a deal (deal seats shown as match seats)."""
    for seat in range(len(result.hands)):
        write(f"  {_name(seats[seat], me)}: {terminal.result_line(result, seat)}")
    if result.rummy:
        write("  rummy! every card laid in one turn: the hand values count double")


def _shown_line(result: DealResult, seat: int) -> str:
    """A seat's hand at the end of a deal where hands are shown: its points and why."""
    return f"{result.points[seat]} points ({result.reasons[seat]}): {result.hands[seat]}"


def _laid_line(result: DealResult, seat: int) -> str:
    """A seat's hand at the end of a round where melds lie on the table: what it laid,
    what it was left holding and what the round does to its score."""
    hand = result.hands[seat]
    laid = " | ".join(" ".join(c.label for c in g) for g in hand.groups) or "nothing"
    if seat == result.winner:
        return f"out ({result.reason}), collects {result.changes[seat]}; laid {laid}"
    left = " ".join(c.label for c in hand.ungrouped) or "no cards"
    return (f"{result.points[seat]} left in hand ({left}), score"
            f" {result.changes[seat]:+d}; laid {laid}")


def _standing(game: Session, me: int, write: Write) -> None:
    match = game.match
    scores = ", ".join(f"{_name(s, me)} {t}" + (" (out)" if match.out[s] else "")
                       for s, t in enumerate(match.totals))
    deal = match.variant.shape.deal_word
    write(f"  after {deal} {len(match.sheet)}: {scores} (the match: {describe(match.variant)})")


def _final(game: Session, me: int, write: Write) -> None:
    match = game.match
    if match.over and match.winner is not None:
        who = "you win" if match.winner == me else f"seat {match.winner} wins"
        write(f"match over: {who} ({match.totals[match.winner]} points)")


def _name(seat: int, me: int) -> str:
    return "you" if seat == me else f"seat {seat}"


def _table_text(view: PlayerView) -> str:
    """The table as the person's seat sees it, and what to do now."""
    if view.spread is not None:
        return spread_text(view)
    return terminal_of(view).table_text(view)


def spread_text(view: PlayerView) -> str:
    """The deck spread face down for picking: ``#`` a card still face down, the picked
    ones face up."""
    spread = view.spread
    assert spread is not None
    shown = {position: card for _, position, card in spread.turned}
    cards = " ".join(shown[p].label if p in shown else "#" for p in range(spread.size))
    what = "the wild joker" if spread.purpose == "joker" else "a card for the toss"
    return (f"the deck is spread face down: {cards}\n"
            f"your move: pick {what}: p N (1 to {spread.size}, from the left)")


def _hand_text(view: PlayerView) -> str:
    fresh = [c for c in view.hand if c == view.drawn or c in view.taken]
    hand = " ".join(c.label + ("*" if c in fresh else "")
                    for c in sorted(view.hand, key=Card.sort_key))
    return f"your hand: {hand}{'   (* just drawn)' if fresh else ''}"


def _declare_text(view: PlayerView) -> str:
    best = best_arrangement(view.variant, view.hand, cut=view.wild_joker)
    groups = "  ".join("[" + " ".join(c.label for c in g) + "]" for g in best.groups)
    wild = "none"
    if view.wild_joker is not None and view.wild_rank is not None:
        wild = f"{view.wild_joker.label} (every {view.wild_rank.text} is wild)"
    top = view.open_top.label if view.open_top is not None else "empty"
    verdict = "a valid show!" if best.valid else f"count {best.count}"
    todo = ("draw: c (closed) or o (open)" if view.drawn is None
            else f"discard a card (e.g. {view.hand[0].face}), or f CARD to declare")
    return (f"wild joker {wild} | open deck {top} | closed deck {view.closed_size} cards\n"
            f"{_hand_text(view)}\n"
            f"best groups: {groups or 'none yet'}   ({verdict})\n"
            f"your move: {todo}")


def _melds_text(view: PlayerView) -> str:
    """Classic and contract rummy: the melds on the table by number, the piles, the other
    seats, the hand and its value if someone went out now, and what to do now."""
    contracts = view.rules.lays_down_contracts
    round_no = f"round {view.melding.round_no + 1}"
    if contracts and view.melding.contract is not None:
        round_no += (f" of {len(view.variant.contract.contracts)}, contract:"
                     f" {contract_words(*view.melding.contract)}")
    if len(view.melding.open_cards) > 1:
        pile = "discard pile (top last): " + " ".join(c.label for c in view.melding.open_cards)
    else:
        pile = "discard pile: " + (view.open_top.label if view.open_top else "empty")
    lines = [f"{round_no} | stock {view.closed_size} cards | {pile}", "melds on the table:"]
    for number, meld in enumerate(view.melding.melds, 1):
        owner = "yours" if meld.owner == view.seat else f"seat {meld.owner}'s"
        lines.append(f"  {number}. {owner} {meld}")
    if not view.melding.melds:
        lines[-1] += " none yet"
    others = []
    for seat in view.seats:
        if seat.seat != view.seat:
            down = " (laid down)" if contracts and view.melding.laid_down[seat.seat] else ""
            cards = "card" if seat.hand_size == 1 else "cards"
            others.append(f"seat {seat.seat} holds {seat.hand_size} {cards}{down}")
    lines.append("; ".join(others))
    lines.append(_hand_text(view))
    lines.append(f"{_melds_in_hand(view)}   (your hand counts {value_if_out(view)}"
                 " if someone goes out now)")
    lines.append(f"your move: {_todo(view)}")
    return "\n".join(lines)


DECLARE_TERMINAL = Terminal(help=declare_help, read=declare_move, table_text=_declare_text,
                            result_line=_shown_line)
"""How the declare family plays in the terminal (``Declare.pieces`` names it)."""
MELD_TERMINAL = Terminal(help=meld_help, read=meld_move, table_text=_melds_text,
                         result_line=_laid_line)
"""How classic and contract rummy play in the terminal (their pieces name it)."""


def _melds_in_hand(view: PlayerView) -> str:
    """Classic: the melds the hand holds; contract, before laying down: the contract's
    melds when the hand holds them (what ``l`` would lay)."""
    from rummy.model.families.contract import find_contract
    from rummy.model.solver_melds import best_arrangement as best_melds
    from rummy.model.table_melds import MeldRules

    if view.rules.lays_down_contracts:
        if view.melding.laid_down[view.seat] or view.melding.contract is None:
            return "you have laid down"
        groups = find_contract(MeldRules.of(view.variant), view.melding.contract, view.hand)
        if groups is None:
            return "your contract is not in your hand yet"
        return "your contract: " + typed(LayDown(view.seat, groups))
    found = best_melds(view.variant, view.hand).groups
    return "melds in your hand: " + ("  ".join(
        "[" + " ".join(c.label for c in g) + "]" for g in found) or "none")


def _todo(view: PlayerView) -> str:
    if view.phase is Phase.DRAW:
        todo = f"draw: c (the stock) or o (take {view.open_top.label if view.open_top else '-'})"
        if len(view.melding.open_cards) > 1:
            todo += f" or t N (the top N discards, N up to {len(view.melding.open_cards)})"
        if view.closed_size == 0 and not view.rules.lays_down_contracts:
            todo += "; the stock is empty: flip turns the discard pile over"
        return todo
    end = f"then discard a card (e.g. {view.hand[0].face})" if view.hand else "discard"
    if not view.rules.lays_down_contracts:
        return f"m CARDS = lay a meld, o CARD N = lay off onto meld N; {end}"
    if not view.melding.laid_down[view.seat]:
        return f"l CARDS / CARDS = lay down your contract; {end}"
    return f"o CARD N = lay off onto meld N (from the turn after laying down); {end}"


__all__ = ["cmd_play", "event_text", "play_match"]
