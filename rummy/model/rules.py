"""Rule families, each registered once by name: the one place a variant's ``family`` is read.

A :class:`RuleFamily` gives everything the rest of the game asks of a family: the deal
(start, legal actions, apply), how a finished deal counts in a match and what deal comes
next, and the family's traits that other code branches on. Adding a family is one module
in ``rummy/model/families/`` plus one :class:`RuleFamily` registered here (and its shape in
:mod:`rummy.model.variant_fields`). See docs/rules.md for the rules themselves.

>>> from rummy.model.variant import load_variant
>>> family_of(load_variant("super_rummy")).name
'classic'
>>> sorted(FAMILIES)
['classic', 'contract', 'declare']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from rummy.model.melds import classify_group
from rummy.model.table_melds import classify_meld
from rummy.model.variant_fields import FirstTurn, MatchFormat
from rummy.model.variant_parts import SHAPES, FamilyShape
from rummy.model.variant_type import Variant

from .actions import DECKS, STOCK, Action, Piles
from .cards import Card, Rank
from .events import CardPicked, DeckSpread, Event
from .families import SeatStatus, classic, contract, declare
from .families.classic import DRAW_CHOICE_DEPTH
from .families.declare_deal import DeclareState
from .families.melding import MeldState
from .families.toss import quick_pick
from .match_state import GameState, MatchState
from .randomness import Seed
from .view_parts import DeclareView, MeldTableView, SeatView, SeenDeal, ViewPart

POOL_LIMITS = {MatchFormat.POOL_101: 101, MatchFormat.POOL_201: 201}
"""Declare family pools: a seat whose total reaches this is out."""
DEAL_COUNTS = {MatchFormat.POINTS: 1, MatchFormat.DEALS_2: 2, MatchFormat.DEALS_3: 3,
               MatchFormat.DEALS_6: 6}
"""Declare family fixed-deal matches: how many deals."""


@dataclass(frozen=True)
class MatchTerms:
    """How long a match of a variant lasts and how it is scored, as a table shows it."""

    deals: int | None
    """A fixed number of deals (rounds) the match is played in; None for a pool or a
    target score."""
    limit: int | None = None
    """A pool: a total at which a seat is out (the last seat left wins)."""
    target: int | None = None
    """The score that wins the match (the highest total wins)."""
    sheet: bool = False
    """Every round's score per seat is shown (the score sheet of contract rummy)."""


@dataclass(frozen=True)
class Pieces:
    """Where a family's pieces in the layers above the model live, each as
    ``"module:attribute"``: the model names them without importing them (it never imports
    the bots, the terminal or pygame), and :meth:`RuleFamily.piece` imports one on first
    use. So a family's every piece is found from the family, and registered beside it."""

    bots: str
    """Its bots by name: ``dict[str, Callable[[int], Bot]]`` (``rummy.ai``)."""
    table: str
    """Its table parts: a ``FamilyParts`` class (``rummy.ui.table``)."""
    rules_page: str
    """Its summary on the Rules screen: ``Callable[[Variant], str]`` (``rummy.ui``)."""
    terminal: str
    """How the terminal front end reads its moves and shows its table: a ``Terminal``
    (``rummy.cli_play``)."""


class RuleFamily:
    """One rule family. Subclasses set the deal functions of their module, the match
    rules and where their pieces are; instances are registered in :data:`FAMILIES`."""

    name: ClassVar[str]
    pieces: ClassVar[Pieces]
    winner_collects: ClassVar[bool] = False
    """The round's winner gains the others' points (classic rummy); else every seat adds
    its own points and the lowest total wins."""
    lays_down_contracts: ClassVar[bool] = False
    """Each round has a contract to lay down before laying off (contract rummy)."""
    has_match_formats: ClassVar[bool] = False
    """The match's length is the variant's ``match_format`` (pools and fixed deals)."""
    deals_replay_alone: ClassVar[bool] = False
    """A deal is dealt from its seed alone (not from where the match stands), so one deal
    of a match replays on its own from a deal record."""
    unmatched_word: ClassVar[str] = "Left in hand"
    """What the round panel calls a hand's cards that are in no meld."""
    piles: ClassVar[Piles] = STOCK
    """What players read the two piles called: the stock and the discard pile, or Indian
    rummy's closed and open decks."""

    def __init__(self, module: Any) -> None:
        self._module = module

    @property
    def shape(self) -> FamilyShape:
        """The family's parameters as the variant layer holds them: its own keys, the
        dataclass of its part of a variant (``shape.part``) and how they fill the shared
        fields. They sit below the rules, since a variant file is read before any rule
        is asked (:mod:`rummy.model.variant_parts`)."""
        return SHAPES[self.name]

    def piece(self, kind: str) -> Any:
        """The family's piece ``kind`` (a field of :class:`Pieces`), imported on first
        use; the layer that asks gives it its type."""
        module, _, attribute = getattr(self.pieces, kind).partition(":")
        return getattr(importlib.import_module(module), attribute)

    # -- one deal

    def start_deal(self, variant: Variant, players: int, seed: Seed, **where: int
                   ) -> GameState:
        """A new deal; ``where`` is the match's position (``round_no``, ``first_player``
        in classic rummy, ``dealer`` in contract rummy). With ``ceremony`` a deal whose toss
        or joker is picked starts in the ``PICK`` phase, the seats to pick; without it
        (Quick start) the picks are made for them, as :func:`quick_pick` makes them, and the
        deal starts at the first turn, as it always did (docs/rules.md, "The toss and the
        dealer")."""
        ceremony = bool(where.pop("ceremony", False))
        start: Callable[..., GameState] = self._module.start_deal
        state = start(variant, players, seed, **where)
        return state if ceremony else self.skip_ceremony(state)

    def skip_ceremony(self, state: GameState) -> GameState:
        """``state`` with every pick still to make made for its seat; the picking itself
        (the spreads and the picked cards) leaves no event, only the toss's outcome."""
        if state.spread is None:
            return state
        while state.spread is not None:
            state, _ = self.apply(state, quick_pick(state.spread, state.seed))
        history = tuple(e for e in state.history if not isinstance(e, (DeckSpread, CardPicked)))
        return replace(state, history=history)

    def apply(self, state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
        result: tuple[GameState, tuple[Event, ...]] = self._module.apply(state, action)
        return result

    def legal_actions(self, state: GameState, seat: int) -> list[Action]:
        actions: list[Action] = self._module.legal_actions(state, seat)
        return actions

    def check_action(self, state: GameState, action: Action) -> None:
        self._module.check_action(state, action)

    def world(self, view: SeenDeal, hands: Sequence[Sequence[Card]],
              open_deck: Sequence[Card], closed_deck: Sequence[Card], seed: Seed,
              dead: Sequence[Sequence[Card]] = ()) -> GameState:
        """A deal as ``view`` shows it, with the cards its seat cannot see placed as given
        (every seat's hand, the whole open deck and the closed deck, bottom first, and any
        cards out of play per seat): a world the expert samples and plays on, built from
        the view alone (docs/architecture.md, "The bots")."""
        build: Callable[..., GameState] = self._module.world_from_view
        return build(view, hands, open_deck, closed_deck, seed, dead)

    def group_kind(self, variant: Variant, cards: Sequence[Card], cut: Card | None) -> str:
        """What one group of cards counts as in this family: a meld on the table (``run``,
        ``set``) or ``invalid``."""
        return classify_meld(variant, cards).value

    def hand_size(self, variant: Variant) -> int | None:
        """The cards a hand holds between turns; None where it changes during a deal (as
        melds are laid on the table)."""
        return None

    def deal_args(self, state: GameState) -> dict[str, int]:
        """The match's position (``where`` of :meth:`start_deal`) that deals ``state``'s
        deal again from its seed: a seat checking a revealed deal rebuilds it with them.
        A deal dealt with its ceremony says so (``ceremony``: 1)."""
        args = {"round_no": _round_no(state)} if _round_no(state) else {}
        return {**args, **_ceremony(state)}

    def layout(self, state: GameState) -> list[str]:
        """Where every card of a deal lies, as lines of card codes: each seat's hand as
        dealt, the open deck and the closed deck (bottom first, the top card last), and a
        deck spread face down for picking (left to right). A deal's fairness commitment is
        over these lines (docs/protocol.md, "Fair deals")."""
        lines = [f"hand {seat}: {_codes(hand)}" for seat, hand in enumerate(state.hands)]
        lines.append(f"open: {_codes(state.open_deck)}")
        lines.append(f"closed: {_codes(state.closed_deck)}")
        if state.spread is not None:
            lines.append(f"spread ({state.spread.purpose}): {_codes(state.spread.cards)}")
        return lines

    # -- what a seat sees of it (rummy.model.view puts these together)

    view_part_type: ClassVar[type[ViewPart]]
    """The class of the family's own part of a view."""

    def view_part(self, state: GameState, seat: int) -> ViewPart:
        """The family's own part of ``seat``'s view of ``state``."""
        raise NotImplementedError

    def seat_views(self, state: GameState) -> tuple[SeatView, ...]:
        """Every seat's public facts: here, how many cards it holds and its turns (a
        family where seats drop out, pay penalties or show says so too)."""
        return tuple(SeatView(seat=s, status=SeatStatus.PLAYING, hand_size=len(hand),
                              penalty=0, turns_done=state.turns_done[s], missed_turns=0,
                              shown=None)
                     for s, hand in enumerate(state.hands))

    def wild(self, state: GameState) -> tuple[Card | None, Rank | None]:
        """The cut wild joker and the rank it makes wild; none where the only wild cards
        are printed jokers."""
        return None, None

    # -- the match

    def describe_match(self, variant: Variant) -> str:
        """The match's end condition in words."""
        raise NotImplementedError

    def total(self, before: int, change: int) -> int:
        """A seat's match total after a deal changed it by ``change``."""
        return before + change

    def settle(self, match: MatchState) -> MatchState:
        """``match`` with its newest deal scored into the totals: over (with its winner),
        or seats knocked out, as the family's match rules say."""
        raise NotImplementedError

    def next_deal(self, match: MatchState, seed: Seed, players: int) -> GameState:
        """The match's next deal, among ``players`` seats (the ones still in)."""
        return self.start_deal(match.variant, players, seed, ceremony=match.ceremony,
                               round_no=match.deal_no + 1)

    def terms(self, variant: Variant) -> MatchTerms:
        """The match's length and scoring, for the standing a table shows."""
        raise NotImplementedError

    def contract(self, variant: Variant, round_no: int) -> tuple[int, int] | None:
        """(sets, runs) round ``round_no`` (from 0) must lay down; None where rounds have
        no contract, or past the last."""
        return None

    def missed_turns(self, variant: Variant) -> tuple[int, int] | None:
        """(missed turns in a row that drop a seat, the points it is dropped for) where the
        turn clock drops a seat; None where it never does."""
        return None


class Declare(RuleFamily):
    """Indian rummy: hands private until a declaration on the finish slot."""

    name = "declare"
    pieces = Pieces(bots="rummy.ai:DECLARE_BOTS", table="rummy.ui.table.parts_declare:DeclareParts",
                    rules_page="rummy.ui.rules_families:declare",
                    terminal="rummy.cli_play:DECLARE_TERMINAL")
    unmatched_word = "Loose"
    has_match_formats = True
    deals_replay_alone = True
    piles = DECKS

    def start_deal(self, variant: Variant, players: int, seed: Seed, **where: int
                   ) -> GameState:
        # one deal knows no position; the deal is dealt where the family's state is made
        return super().start_deal(variant, players, seed, ceremony=where.get("ceremony", 0))

    def deal_args(self, state: GameState) -> dict[str, int]:
        return _ceremony(state)

    def group_kind(self, variant: Variant, cards: Sequence[Card], cut: Card | None) -> str:
        return classify_group(variant, cards, cut=cut).value

    def hand_size(self, variant: Variant) -> int | None:
        return variant.hand_size

    def layout(self, state: GameState) -> list[str]:
        assert isinstance(state, DeclareState)
        wild = "-" if state.wild_joker is None else state.wild_joker.code
        return [*super().layout(state), f"wild joker: {wild}"]

    view_part_type = DeclareView

    def view_part(self, state: GameState, seat: int) -> DeclareView:
        assert isinstance(state, DeclareState)
        return DeclareView(drop_at_turn=bool(state.drop_at_turn) and state.drop_at_turn[seat])

    def seat_views(self, state: GameState) -> tuple[SeatView, ...]:
        assert isinstance(state, DeclareState)
        return tuple(SeatView(seat=s, status=state.status[s], hand_size=len(state.hands[s]),
                              penalty=state.penalties[s], turns_done=state.turns_done[s],
                              missed_turns=state.missed[s], shown=state.shows[s])
                     for s in range(state.players))

    def wild(self, state: GameState) -> tuple[Card | None, Rank | None]:
        assert isinstance(state, DeclareState)
        return state.wild_joker, state.wild_rank

    def missed_turns(self, variant: Variant) -> tuple[int, int] | None:
        rules = variant.declare
        if rules.missed_turns_to_drop <= 0:
            return None
        return rules.missed_turns_to_drop, rules.auto_drop_penalty

    def describe_match(self, variant: Variant) -> str:
        fmt = variant.declare.match_format
        if fmt in POOL_LIMITS:
            limit = POOL_LIMITS[fmt]
            return f"pool {limit}: out at {limit}, last player left wins"
        if fmt is MatchFormat.POINTS:
            return "one deal"
        return f"{DEAL_COUNTS[fmt]} deals, lowest total wins"

    def terms(self, variant: Variant) -> MatchTerms:
        fmt = variant.declare.match_format
        return MatchTerms(DEAL_COUNTS.get(fmt), POOL_LIMITS.get(fmt))

    def settle(self, match: MatchState) -> MatchState:
        fmt, totals = match.variant.declare.match_format, match.totals
        if fmt in POOL_LIMITS:
            out = tuple(o or t >= POOL_LIMITS[fmt]
                        for o, t in zip(match.out, totals, strict=True))
            left = [s for s in range(match.players) if not out[s]]
            match = replace(match, out=out)
            if len(left) <= 1:
                winner = left[0] if left else min(range(match.players), key=lambda s: totals[s])
                return replace(match, over=True, winner=winner)
            return match
        if len(match.sheet) < DEAL_COUNTS[fmt]:
            return match
        if fmt is MatchFormat.POINTS:
            result = match.state.result
            assert result is not None and result.winner is not None
            return replace(match, over=True, winner=match.seats[result.winner])
        return replace(match, over=True, winner=totals.index(min(totals)))


class Melding(RuleFamily):
    """What the two families with melds on the table share: their part of a view."""

    view_part_type = MeldTableView

    def view_part(self, state: GameState, seat: int) -> MeldTableView:
        assert isinstance(state, MeldState)
        depth = DRAW_CHOICE_DEPTH if state.variant.params.draw_choice else 1
        return MeldTableView(
            melds=state.melds, open_cards=state.open_deck[-depth:],
            taken=state.taken if seat == state.turn else (),
            laid_down=tuple(state.laid_down(s) for s in range(state.players)),
            contract=state.contract, round_no=state.round_no,
        )


class Classic(Melding):
    """Classic rummy with melds on the table, played to a target score."""

    name = "classic"
    pieces = Pieces(bots="rummy.ai:CLASSIC_BOTS", table="rummy.ui.table.parts_melds:MeldParts",
                    rules_page="rummy.ui.rules_families:classic",
                    terminal="rummy.cli_play:MELD_TERMINAL")
    winner_collects = True

    def describe_match(self, variant: Variant) -> str:
        return f"to {variant.classic.target_score} points"

    def terms(self, variant: Variant) -> MatchTerms:
        return MatchTerms(None, target=variant.classic.target_score)

    def total(self, before: int, change: int) -> int:
        return max(0, before + change)  # a score never goes below 0 (docs/rules.md)

    def settle(self, match: MatchState) -> MatchState:
        best = max(match.totals)
        if best >= match.variant.classic.target_score:
            return replace(match, over=True, winner=match.totals.index(best))
        return match

    def next_deal(self, match: MatchState, seed: Seed, players: int) -> GameState:
        state = match.state
        assert isinstance(state, MeldState)
        result = state.result
        if match.variant.classic.first_turn is FirstTurn.PREV_WINNER:
            first = state.first_player if result is None or result.winner is None \
                else result.winner
        else:
            first = state.first_player + 1
        return self.start_deal(match.variant, players, seed, first_player=first % players,
                               ceremony=match.ceremony, round_no=match.deal_no + 1)

    def deal_args(self, state: GameState) -> dict[str, int]:
        return {**super().deal_args(state), "first_player": state.first_player}


class Contract(Melding):
    """Contract rummy: one round per contract, the lowest total wins."""

    name = "contract"
    pieces = Pieces(bots="rummy.ai:CONTRACT_BOTS",
                    table="rummy.ui.table.parts_contract:ContractParts",
                    rules_page="rummy.ui.rules_families:contract",
                    terminal="rummy.cli_play:MELD_TERMINAL")
    lays_down_contracts = True

    def describe_match(self, variant: Variant) -> str:
        return f"{len(variant.contract.contracts)} rounds, lowest total wins"

    def terms(self, variant: Variant) -> MatchTerms:
        return MatchTerms(len(variant.contract.contracts), sheet=True)

    def contract(self, variant: Variant, round_no: int) -> tuple[int, int] | None:
        contracts = variant.contract.contracts
        return contracts[round_no] if round_no < len(contracts) else None

    def settle(self, match: MatchState) -> MatchState:
        if len(match.sheet) >= len(match.variant.contract.contracts):
            return replace(match, over=True, winner=match.totals.index(min(match.totals)))
        return match

    def next_deal(self, match: MatchState, seed: Seed, players: int) -> GameState:
        state = match.state
        assert isinstance(state, MeldState)
        dealer = ((state.dealer or 0) + 1) % players
        return self.start_deal(match.variant, players, seed, dealer=dealer,
                               ceremony=match.ceremony, round_no=match.deal_no + 1)

    def deal_args(self, state: GameState) -> dict[str, int]:
        # the first round's dealer is drawn from the seed (its toss replays with it)
        if not _round_no(state) or state.dealer is None:
            return _ceremony(state)
        return {**super().deal_args(state), "dealer": state.dealer}


def _ceremony(state: GameState) -> dict[str, int]:
    """``start_deal``'s ``ceremony`` for a deal as dealt: 1 when its seats pick."""
    return {"ceremony": 1} if state.spread is not None else {}


def _round_no(state: GameState) -> int:
    return state.round_no if isinstance(state, MeldState) else 0


def _codes(cards: tuple[Card, ...]) -> str:
    return " ".join(card.code for card in cards)


FAMILIES: dict[str, RuleFamily] = {
    family.name: family for family in (Declare(declare), Classic(classic), Contract(contract))
}
"""Family name (a variant's ``family``) -> its rules."""


def family_of(variant: Variant) -> RuleFamily:
    """The rules of the variant's family; ValueError for a family not written yet."""
    try:
        return FAMILIES[variant.family]
    except KeyError:
        known = ", ".join(sorted(FAMILIES))
        raise ValueError(f"no rules for family {variant.family!r} (known: {known})") from None


__all__ = ["DEAL_COUNTS", "FAMILIES", "POOL_LIMITS", "DeclareState", "GameState", "MatchTerms",
           "Melding", "Pieces", "RuleFamily", "family_of"]
