"""The hard level (declare family): medium's play, plus card counting, opponent modelling
and a lookahead over the unseen cards.

- It races: hands are counted in *cards* left loose (every natural card 1 point), not in
  points, since the first valid show wins the deal.
- Hand value: a 13-card hand is worth its expected count after the next draw, over the
  cards that may still come, each face weighted by its *live copies* (the deck less its
  own hand, the cut joker, the open deck and the cards other seats are known to hold; see
  :mod:`rummy.ai.tracking`). For each face that can join the hand, the solver counts the
  hand with it and the worst loose card let go; a face that joins nothing changes nothing.
  A valid show counts below everything.
- Deficiency: how many cards the hand still needs for a valid show (see
  :mod:`rummy.ai.deficiency`; partial groups count what they lack). Unlike the count of
  loose cards, it tells hands apart before the pure sequence is there.
- Discard: first the least deficiency left; among those, candidates are medium's choice,
  the cards that belong least with the rest and a few more of the least deficiency; each
  is valued as above (one solver call per sampled face serves every candidate), plus
  small terms: links to the rest of the hand, live outs, and *feeding*: how likely the
  next player could make a group with it, over opponent hands sampled from the unseen
  cards (the open-deck cards it took and kept included), and what the opponents took
  from and threw to the open deck. Declares whenever it can.
- Draw: the open card only when it is a joker or a valid show, when it makes a group of
  three with the hand and lowers its deficiency, or when it joins a group and the hand
  with it counts below what a closed draw is expected to give (so never just to swap a
  high card for a low one; for the deficiency, never a card it threw itself earlier).
  Drops a hopeless opening hand, as medium does.
- Budget: at most ``samples`` faces per decision (a seeded sample weighted by live
  copies when more can join) and ``candidates`` discards, calibrated so that a decision
  takes a few milliseconds; the play depends only on the seed and the view. A cap
  counted in work (``work``: hand evaluations per decision, never seconds) stops a search
  that would run unusually long; each time it does, ``cap_hits`` goes up. Since it counts
  work, the same seed plays the same moves on a fast machine and a slow one.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from rummy.model.actions import Action, Discard, Draw, DrawSource, Drop, Finish
from rummy.model.cards import Card, parse_card
from rummy.model.melds import is_joker
from rummy.model.view import PlayerView

from .common import (
    VALID_SCORE,
    HandSolver,
    discard_of,
    finish_with,
    hopeless_opening,
    keep_value,
    taken_from_open,
    threw_before,
)
from .deficiency import Deficiency
from .medium import MediumBot
from .tracking import Tracker, danger, feed_chances, forms_group, near, outs

DEFAULT_SAMPLES = 14
"""Faces looked at per decision (calibrated: a median decision of a few ms)."""
DEFAULT_CANDIDATES = 6
"""Discards valued by the lookahead per decision."""
DEFAULT_WORK = 120
"""Hand evaluations (deficiency counts and lookahead draws) allowed per decision: a cap
about four times what a decision needs (measured: at most 28 over 16 deals of 2 to 6 hard
seats), so it only stops a search that would otherwise run unusually long."""
LINK_WEIGHT = 0.3
"""Cards of count one link of a discard to the rest of the hand is worth."""
OUTS_WEIGHT = 0.1
"""Cards of count one live out of a discard candidate is worth (keep cards that may still
become groups)."""
FEED_SAMPLES = 40
"""Opponent hands sampled to tell how likely a discard is to make the next player a group."""
FEED_POINTS = 3.0
"""Cards of count a sure feed costs (scaled by its chance)."""
FEED_WEIGHT = 1.5
"""Cards of count one unit of :func:`~rummy.ai.tracking.danger` is worth."""
DEFICIENCY_WEIGHT = 100.0
"""Cards of count one card of deficiency (:mod:`~rummy.ai.deficiency`) is worth in a
discard: more than every other term, so the deficiency comes first and they break ties
(measured: weights 3, 10 and 100 play almost alike)."""
DEFICIENCY_EXTRA = 2
"""Discards of the least deficiency valued beyond ``candidates``."""


class HardBot(MediumBot):
    """Lookahead over live cards with opponent modelling; see the module docstring."""

    name = "hard"
    # Tuning knobs (class attributes, so experiments can subclass):
    unit_points = 1.0
    """Count cards, not points (1), or points as medium does (0)."""
    relaxed = 0.0
    """Count hands short of sequences as if they had them, plus a penalty (experimental;
    measured no better, so off)."""
    lookahead_weight = 1.0
    link_weight = LINK_WEIGHT
    outs_weight = OUTS_WEIGHT
    feed_samples = FEED_SAMPLES
    feed_points = FEED_POINTS
    feed_weight = FEED_WEIGHT
    deficiency_weight = DEFICIENCY_WEIGHT
    deficiency_open = True
    """Take the open card when it makes a group of three and lowers the deficiency."""
    deficiency_extra = DEFICIENCY_EXTRA

    def __init__(self, seed: int = 0, samples: int = DEFAULT_SAMPLES,
                 candidates: int = DEFAULT_CANDIDATES, work: int = DEFAULT_WORK) -> None:
        super().__init__(seed)
        self.samples = samples
        self.candidates = candidates
        self.work = work
        self.work_peak = 0
        """The most work one decision has used so far (for calibrating ``work``)."""
        self.cap_hits = 0
        self.hands = HandSolver(unit=bool(self.unit_points), relaxed=bool(self.relaxed))
        self.tracker = Tracker()
        self.deficiency = Deficiency()
        self._work_left = 0
        self._capped = False

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        self._start(view)
        self.hands.start(view)
        self.tracker.update(view)
        self._work_left = self.work
        self._capped = False
        try:
            return self._choose(view, legal)
        finally:
            self.work_peak = max(self.work_peak, self.work - self._work_left)
            if self._capped:
                self.cap_hits += 1

    def _spend(self) -> bool:
        """Count one hand evaluation; False (and the decision marked capped) once the
        decision's work is used up."""
        if self._work_left <= 0:
            self._capped = True
            return False
        self._work_left -= 1
        return True

    def _choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        draws = {a.source: a for a in legal if isinstance(a, Draw)}
        drop = next((a for a in legal if isinstance(a, Drop)), None)
        if draws or drop is not None:
            if drop is not None and self.should_drop(view):
                return drop
            open_draw = draws.get(DrawSource.OPEN)
            if open_draw is not None and (DrawSource.CLOSED not in draws
                                          or self._take_open(view)):
                return open_draw
            if DrawSource.CLOSED in draws:
                return draws[DrawSource.CLOSED]
        if any(isinstance(a, (Discard, Finish)) for a in legal):
            card, finish = self.pick_discard(view, view.hand)
            let_go = (finish_with(legal, card) if finish else None) or discard_of(legal, card)
            if let_go is not None:
                return let_go
        return legal[0]

    def should_drop(self, view: PlayerView) -> bool:
        return view.seats[view.seat].turns_done == 0 and hopeless_opening(view)

    # ------------------------------------------------------------------ decisions

    def _take_open(self, view: PlayerView) -> bool:
        top = view.open_top
        if top is None:
            return False
        if is_joker(top, view.wild_rank):
            return True
        hand = list(view.hand)
        if not any(near(top, c) for c in hand):
            return False  # joins nothing
        if (self.deficiency_open and not threw_before(view, top)
                and forms_group(top, hand, view.wild_rank)):
            d = self.deficiency.of(view.variant, hand, view.wild_rank)
            if self.deficiency.of(view.variant, [*hand, top], view.wild_rank) < d:
                return True  # a sure step towards a show
        with_top = self.hands.score_after_draw([*hand, top], view.wild_rank)
        now = self.hands.score(hand)
        if with_top == VALID_SCORE:
            return True
        arr = self.hands.solve([*hand, top])
        if with_top >= now or not any(c == top for g in arr.groups for c in g):
            return False  # a card that joins no group only swaps points
        return with_top < self.value(view, hand, salt="closed")

    def pick_discard(self, view: PlayerView, hand: Sequence[Card]) -> tuple[Card, bool]:
        """The card to let go and whether letting it go leaves a valid show.

        One solver call per sampled face ``x`` arranges the 15 cards ``hand + x``; a
        candidate that stays loose there scores the count less itself and the next worst
        loose card, one that is grouped with ``x`` is taken not to gain from it (a slight
        underestimate). The same faces serve every candidate, so they compare fairly.
        """
        greedy_card, greedy_arr = self.tuned_discard(view, hand)
        if greedy_arr.valid:
            return greedy_card, True
        wild = view.wild_rank
        value = view.variant.card_value
        taken = taken_from_open(view)
        naturals = [c for c in hand if not is_joker(c, wild) and c != taken]
        if not naturals:
            return greedy_card, False
        order = sorted(naturals, key=lambda c: (keep_value(c, hand, wild), -value(c, wild),
                                                c.sort_key()))
        cands: list[Card] = [greedy_card] if greedy_card != taken else []
        for c in order:
            if len(cands) >= self.candidates:
                break
            if all(c.face != k.face for k in cands):
                cands.append(c)
        base: dict[str, int] = {}
        short: dict[str, int] = {}  # the deficiency left by letting each face go
        if self.deficiency_weight:
            for c in naturals:
                if c.face not in short:
                    if not self._spend():
                        short.clear()
                        break
                    rest = list(hand)
                    rest.remove(c)
                    short[c.face] = self.deficiency.of(view.variant, rest, wild)
        if short:
            least = min(short.values())
            for c in order:
                if short[c.face] == least and all(c.face != k.face for k in cands):
                    cands.append(c)
                    if len(cands) >= self.candidates + self.deficiency_extra:
                        break
        for card in cands:
            rest = list(hand)
            rest.remove(card)
            base[card.face] = self.hands.score(rest)
        picked, weight, total = self._faces(view, hand, salt="discard")
        gains = dict.fromkeys(base, 0.0)
        seen = 0
        for copies, x in picked:
            if not self._spend() and seen:
                break
            arr, arr_count = self.hands.evaluate([*hand, x])
            unit = self.hands.card_value
            loose = sorted((unit(c, wild), c.face) for c in arr.ungrouped
                           if not is_joker(c, wild))
            for face, now in base.items():
                rest_loose = list(loose)
                for i, (_v, f) in enumerate(rest_loose):
                    if f == face:
                        del rest_loose[i]
                        break
                else:
                    continue  # the candidate is grouped with x: no gain counted
                after = arr_count - unit(card_of(face), wild)
                after -= rest_loose[-1][0] if rest_loose else 0
                if after <= 0 and arr.groups and arr_count == arr.count:
                    after = VALID_SCORE
                gains[face] += copies * max(now - after, 0)
            seen += copies
        scale = (weight / total / seen) if seen and total else 0.0
        best: tuple[float, int, Card] | None = None
        feed = feed_chances(view, cands, int(self.feed_samples),
                            f"{self.seed}/{len(view.history)}", self.tracker.holdings,
                            self.tracker.live) if self.feed_samples else {}
        for i, card in enumerate(cands):
            score = base[card.face] - self.lookahead_weight * gains[card.face] * scale
            score += self.feed_points * feed.get(card.face, 0.0)
            score += self.link_weight * keep_value(card, hand, wild)
            score += self.feed_weight * danger(view, card, self.tracker.holdings)
            score += self.outs_weight * outs(card, hand, self.tracker.live, wild)
            if short:
                score += self.deficiency_weight * short.get(card.face, len(hand))
            if best is None or (score, i) < best[:2]:
                best = (score, i, card)
        assert best is not None
        return best[2], False

    # ------------------------------------------------------------------ lookahead

    def _faces(self, view: PlayerView, hand: Sequence[Card], salt: str,
               limit: int | None = None) -> tuple[list[tuple[int, Card]], int, int]:
        """The faces that may join ``hand`` (jokers, suit neighbours, same ranks), a seeded
        sample of at most ``limit`` (``samples``) of them drawn by live copies; their total
        live copies and the total over every face."""
        limit = self.samples if limit is None else limit
        wild = view.wild_rank
        live = self.tracker.live
        total = sum(live.values())
        naturals = [c for c in hand if not is_joker(c, wild)]
        joinable: list[tuple[int, Card]] = []
        for face, copies in sorted(live.items()):
            card = card_of(face)
            if is_joker(card, wild) or any(near(card, c) for c in naturals):
                joinable.append((copies, card))
        weight = sum(copies for copies, _ in joinable)
        if len(joinable) > limit:
            rng = random.Random(f"{self.seed}/{len(view.history)}/{salt}")
            joinable = _weighted_sample(rng, joinable, limit)
            joinable = [(1, card) for _, card in joinable]
        return joinable, weight, total

    def value(self, view: PlayerView, hand: Sequence[Card], salt: str = "") -> float:
        """Expected score of a 13-card ``hand`` after one more draw (lower is better)."""
        wild = view.wild_rank
        now = self.hands.score(hand)
        if now == VALID_SCORE:
            return float(VALID_SCORE)
        picked, weight, total = self._faces(view, hand, salt, max(1, self.samples // 2))
        gain = 0.0
        seen = 0
        for copies, card in picked:
            if not self._spend() and seen:
                break
            after = self.hands.score_after_draw([*hand, card], wild)
            gain += copies * max(now - after, 0)
            seen += copies
        if not seen or not total:
            return float(now)
        return now - gain / seen * weight / total


_CARDS: dict[str, Card] = {}


def card_of(face: str) -> Card:
    """The card of a face (``"7H"``), parsed once."""
    card = _CARDS.get(face)
    if card is None:
        card = _CARDS[face] = parse_card(face)
    return card


def _weighted_sample(rng: random.Random, items: list[tuple[int, Card]],
                     k: int) -> list[tuple[int, Card]]:
    """``k`` distinct items, drawn one by one with probability by their copies (seeded)."""
    pool = list(items)
    out: list[tuple[int, Card]] = []
    while pool and len(out) < k:
        pick = rng.uniform(0, sum(w for w, _ in pool))
        acc = 0.0
        for i, item in enumerate(pool):
            acc += item[0]
            if acc >= pick:
                out.append(pool.pop(i))
                break
        else:
            out.append(pool.pop())
    return out


__all__ = ["DEFAULT_SAMPLES", "DEFAULT_WORK", "HardBot", "card_of"]
