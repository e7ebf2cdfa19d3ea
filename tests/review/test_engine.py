"""The review's own logic, with appraisers standing in for the expert's: which decisions
it reviews, ranks, points lost, verdicts, the summary and its reasons, stopping, and that
it is given views alone."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

import rummy.model.state as state_module
import rummy.model.view as view_module
import rummy.session as session_module
from rummy.ai.appraisal import Appraisal
from rummy.model.actions import Action, Discard, DropAtTurn, Timeout
from rummy.model.cards import parse_card
from rummy.model.families.declare_deal import DeclareState
from rummy.model.families.melding import MeldState
from rummy.model.state import legal_actions
from rummy.model.view import PlayerView
from rummy.review import ReviewStopped, review_deal, review_game, seat_decisions
from rummy.review.engine import appraise_one
from rummy.review.text import SHOWN, decision_line, review_lines, verdict_words
from rummy.review.verdicts import BLUNDER, FINE, verdict
from rummy.session import Session
from tests.bot_views import reachable
from tests.review.doubles import ScriptedAppraiser, hashed, hashed_appraiser
from tests.review.helpers import played_deal

FAMILIES = ["indian_13", "two_player_13", "super_rummy", "dummy_rummy"]


def _choices(game: Session, seat: int) -> list[Action]:
    """The seat's moves that were a choice, played through the record again by hand."""
    again = Session.lone_deal(game.variant_ref, game.players, game.seed, game.options)
    chosen: list[Action] = []
    for action in game.actions:
        legal = [a for a in legal_actions(again.state, action.seat)
                 if not isinstance(a, (Timeout, DropAtTurn))]
        if action.seat == seat and len(legal) > 1 and not isinstance(action, Timeout):
            chosen.append(action)
        again.act(action)
    return chosen


@pytest.mark.parametrize("variant", FAMILIES)
def test_every_choice_the_seat_made_is_a_decision_in_order(variant: str) -> None:
    game = played_deal(variant, seed=5)
    deal = seat_decisions(game, 1)
    assert [m.played for m in deal.decisions] == _choices(game, 1)
    assert len(deal.decisions) >= 5
    turns = [m.turn for m in deal.decisions]
    assert turns == sorted(turns) and turns[0] == 1
    for moment in deal.decisions:
        assert moment.view.seat == 1 and moment.view.turn == 1
        assert moment.played in moment.legal or moment.played.seat == 1


def test_rank_points_lost_and_verdict_come_from_the_candidates() -> None:
    game = played_deal(seed=4)
    appraiser = hashed_appraiser()
    review = review_game(game, 0, appraiser)
    assert review.decisions
    for d, asked in zip(review.decisions, appraiser.asked, strict=True):
        assert asked == (d.moment.played,)  # appraised with the candidates, same worlds
        points = sorted(hashed(d.moment.view, a) for a in d.moment.legal)
        mine = hashed(d.moment.view, d.moment.played)
        assert [c.expected_points for c in d.candidates] == points
        assert d.best.expected_points == points[0]
        assert d.points_lost == mine - points[0]
        assert d.rank == 1 + [c.action for c in d.candidates].index(d.moment.played)
        assert d.verdict == verdict(d.points_lost, d.rank, 1.0)
    verdicts = {d.verdict for d in review.decisions}
    assert {"best", "blunder"} <= verdicts


def test_verdicts_by_points_lost() -> None:
    assert verdict(0.0, 1) == "best"
    assert verdict(0.0, 3) == "fine"  # not the expert's move, but no worse on average
    assert verdict(FINE - 0.01, 2) == "fine" and verdict(FINE, 2) == "mistake"
    assert verdict(BLUNDER - 0.01, 2) == "mistake" and verdict(BLUNDER, 2) == "blunder"


def test_the_summary_adds_the_decisions_up() -> None:
    game = played_deal("super_rummy", seed=4)
    review = review_game(game, 0, hashed_appraiser())
    s, ds = review.summary, review.decisions
    assert s.decisions == len(ds)
    assert s.agreed == sum(d.verdict == "best" for d in ds)
    assert s.blunders == sum(d.verdict == "blunder" for d in ds) == len(review.blunders)
    assert s.points_lost == pytest.approx(sum(d.points_lost for d in ds))
    assert s.biggest is not None
    assert ds[s.biggest].points_lost == max(d.points_lost for d in ds)
    data = review.to_json()
    assert set(data) == {"decisions", "summary"}
    assert set(data["summary"]) == {"decisions", "agreed", "points_lost", "blunders"}


def test_an_appraiser_that_leaves_out_the_move_played_is_refused() -> None:
    deal = seat_decisions(played_deal(seed=4), 0)

    class Forgetful(ScriptedAppraiser):
        def appraise(self, view: PlayerView, legal: Sequence[Action],
                     include: Sequence[Action] = ()) -> list[Appraisal]:
            return [a for a in super().appraise(view, legal, include)
                    if a.action not in include]

    with pytest.raises(ValueError, match="the appraiser left out the move played"):
        review_deal(deal, Forgetful(hashed))


def test_a_copy_of_the_card_the_expert_would_throw_is_its_move() -> None:
    """With two packs, throwing 7♥ or the other 7♥ is one move."""
    twins = (
        (deal, m) for deal in (seat_decisions(played_deal(seed=s), 0) for s in range(4, 30))
        for m in deal.decisions if isinstance(m.played, Discard) and any(
            isinstance(a, Discard) and a != m.played and a.card.face == m.played.card.face
            for a in m.legal))
    deal, twin = next(twins)

    def points(view: PlayerView, action: Action) -> float:
        if view == twin.view and isinstance(action, Discard) and isinstance(
                twin.played, Discard) and action.card.face == twin.played.card.face:
            return 0.0 if action != twin.played else 0.5
        return 9.0

    class OneCopy(ScriptedAppraiser):  # lists the other copy only, as the expert may
        def appraise(self, view: PlayerView, legal: Sequence[Action],
                     include: Sequence[Action] = ()) -> list[Appraisal]:
            return [a for a in super().appraise(view, legal, ()) if a.action != twin.played]

    review = review_deal(deal, OneCopy(points))
    decision = next(d for d in review.decisions if d.moment is twin)
    assert decision.rank == 1 and decision.verdict == "best"


def test_a_move_kept_below_the_experts_with_fewer_points_is_called_as_good() -> None:
    """The expert keeps its own choice first unless another move beats it by more than
    the noise; a move played that ranks below it with fewer points expected reads as good
    as the expert's, not as "0.0 points lost" under a lower rank."""
    moment = next(m for m in seat_decisions(played_deal(seed=4), 0).decisions
                  if len(m.legal) > 2)

    class KeepsItsOwn(ScriptedAppraiser):  # its first choice first, whatever the points
        def appraise(self, view: PlayerView, legal: Sequence[Action],
                     include: Sequence[Action] = ()) -> list[Appraisal]:
            out = super().appraise(view, legal, include)
            own = next(a for a in out if a.action != moment.played)
            return [own, *(a for a in out if a is not own)]

    decision = appraise_one(moment, KeepsItsOwn(
        lambda view, action: 3.0 if action == moment.played else 4.5))
    assert decision.rank == 2 and decision.verdict == "fine" and decision.points_lost == 0
    assert verdict_words(decision) == (f"Fine · rank 2 of {len(decision.candidates)} · as"
                                       " good as the expert's move (1.5 points better by"
                                       " its estimate, within the noise)")
    assert decision_line(decision).endswith("(1.5 points better by its estimate, within the"
                                            " noise)")
    assert "as good as the expert's:" in decision_line(decision)


def test_the_review_lines_show_the_move_played_even_below_the_best_few() -> None:
    review = review_game(played_deal(seed=4), 0, hashed_appraiser())
    lines = review_lines(review)
    low = [d for d in review.decisions if d.rank > SHOWN]
    assert low  # fourteen discards: some of the moves played rank below the best three
    marked = [line for line in lines if line.startswith("    * ")]
    assert len(marked) == len(review.decisions)  # one move played a decision, every time


def test_the_review_is_given_views_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """The record is replayed into views first; appraising them and finding the reasons
    runs with every engine entry point failing, and no view holds a state."""
    game = played_deal(seed=10)
    deal = seat_decisions(game, 0)
    appraiser = hashed_appraiser()

    def forbidden(*_: object, **__: object) -> None:
        raise AssertionError("the review reached for the game state")

    with monkeypatch.context() as m:
        for module in (state_module, view_module, session_module):
            for attr in ("apply", "legal_actions", "start_deal", "view_for", "check_action"):
                if hasattr(module, attr):
                    m.setattr(module, attr, forbidden)
        review = review_deal(deal, appraiser)
    assert len(appraiser.views) == len(review.decisions) > 3
    for view in appraiser.views:
        assert not [v for v in reachable(view) if isinstance(v, (DeclareState, MeldState))]


def test_a_card_fed_to_the_next_player_is_the_reason() -> None:
    """Seat 0 threw 10♥ (seed 10), which seat 1 picked up and showed in a group."""
    game = played_deal(seed=10)

    def points(view: PlayerView, action: Action) -> float:
        return 20.0 if action == Discard(0, parse_card("10H")) else 0.0

    review = review_game(game, 0, ScriptedAppraiser(points), names=["You", "Medium 2"])
    assert review.summary.reason is not None
    assert review.summary.reason.startswith("You threw 10♥, which Medium 2 picked up to"
                                            " finish a ")


def test_a_card_held_to_the_end_is_the_reason() -> None:
    """Seat 0 lost (seed 10) holding 4♠ loose: the expert would have thrown it."""
    game = played_deal(seed=10)
    deal = seat_decisions(game, 0)
    four = parse_card("4S")
    fed = Discard(0, parse_card("10H"))  # that one would be the reason of the test above
    moment = next(m for m in deal.decisions
                  if Discard(0, four) in m.legal and m.played not in (Discard(0, four), fed))

    def points(view: PlayerView, action: Action) -> float:
        if view == moment.view:
            return 0.0 if action == Discard(0, four) else 15.0
        return 0.0

    review = review_deal(deal, ScriptedAppraiser(points), ["You", "Medium 2"])
    assert review.summary.reason == "Holding 4♠ cost 4 points when Medium 2 declared"


def test_progress_is_told_and_stop_stops() -> None:
    game = played_deal(seed=4)
    told: list[tuple[int, int]] = []
    review = review_game(game, 0, hashed_appraiser(), progress=lambda d, t: told.append((d, t)))
    n = len(review.decisions)
    assert told == [(i, n) for i in range(n + 1)]
    with pytest.raises(ReviewStopped):
        review_game(game, 0, hashed_appraiser(), stop=lambda: len(told) > n + 3,
                    progress=lambda d, t: told.append((d, t)))
    assert told[n + 1:] == [(0, n), (1, n), (2, n)]  # stopped before the third


def test_a_round_of_a_match_is_reviewed_from_where_the_match_stood() -> None:
    from rummy.ai import make_bot

    game = Session.new("dummy_rummy", players=2, seed=2)
    bots = [make_bot("medium", s) for s in range(2)]
    while len(game.deals) < 3:
        seat = game.state.turn
        game.act(bots[seat].choose(game.view(seat), game.legal_actions(seat)))
    second = seat_decisions(game, 1, deal=1)
    assert second.decisions and second.final is not None
    assert second.final.melding.round_no == 1
    assert second.decisions[0].view.melding.round_no == 1
    assert [m.played for m in second.decisions][0] in game.deals[1]


@pytest.mark.parametrize(("seat", "deal", "message"), [
    (2, 0, "there is no seat 2: the game has seats 0 to 1"),
    (-1, 0, "there is no seat -1"),
    (0, 1, "there is no deal 2: the record has 1"),
])
def test_a_seat_or_deal_the_record_does_not_have_is_refused(seat: int, deal: int,
                                                             message: str) -> None:
    game = played_deal(seed=4)
    with pytest.raises(ValueError, match=message):
        seat_decisions(game, seat, deal)


def test_a_deal_without_a_mistake_has_no_biggest_mistake() -> None:
    """Every move played a point worse than the expert's: fine, and nothing to blame."""
    game = played_deal(seed=4)
    deal = seat_decisions(game, 0)
    played = {m.played for m in deal.decisions}
    review = review_deal(deal, ScriptedAppraiser(lambda v, a: 1.0 if a in played else 0.0))
    assert {d.verdict for d in review.decisions} == {"fine"}
    assert review.summary.biggest is None and review.summary.reason is None
    assert review.summary.points_lost == pytest.approx(len(review.decisions))


def test_two_copies_of_a_card_are_one_candidate() -> None:
    twins = (
        m for deal in (seat_decisions(played_deal(seed=s), 0) for s in range(4, 30))
        for m in deal.decisions if isinstance(m.played, Discard) and any(
            isinstance(a, Discard) and a != m.played and a.card.face == m.played.card.face
            for a in m.legal))
    twin = next(twins)
    assert isinstance(twin.played, Discard)
    other = next(a for a in twin.legal if isinstance(a, Discard) and a != twin.played
                 and a.card.face == twin.played.card.face)
    decision = appraise_one(twin, ScriptedAppraiser(
        lambda v, a: 1.0 if a == other else 2.0 if a == twin.played else 9.0))
    faces = [c.action.card.face for c in decision.candidates if isinstance(c.action, Discard)]
    assert len(faces) == len(set(faces))
    assert decision.best.action == other and decision.played.action == twin.played
    assert decision.verdict == "best"
