"""Statistics in SQLite: the figures, persistence, reset, and a damaged database."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.session import Session
from rummy.store.stats import DB_NAME, Statistics, deal_outcome, level_of
from tests.store.helpers import play


@pytest.fixture
def stats(tmp_path: Path) -> Iterator[Statistics]:
    s = Statistics(tmp_path)
    yield s
    s.close()


def test_figures_per_variant_and_level(stats: Statistics) -> None:
    results = [(True, 0), (True, 0), (False, 35), (True, 0), (True, 0), (True, 0),
               (False, 80)]
    for won, points in results:
        stats.record_deal("indian_13", ["hard"], won=won, points=points, seconds=30)
    stats.record_deal("indian_13", ["easy"], won=False, points=12, seconds=10,
                      match_won=False, match_seconds=10)
    stats.record_deal("two_player_13", ["hard"], won=True, points=0, seconds=5,
                      match_won=True, match_seconds=5)
    by_key = {(s.variant, s.level): s for s in stats.summary()}
    assert set(by_key) == {("indian_13", "easy"), ("indian_13", "hard"),
                           ("two_player_13", "hard")}
    hard = by_key["indian_13", "hard"]
    assert (hard.deals, hard.deals_won, hard.matches) == (7, 5, 0)
    assert hard.win_rate == pytest.approx(5 / 7)
    assert hard.average_points == pytest.approx(115 / 7)
    assert (hard.best, hard.worst) == (0, 80)
    assert (hard.current_streak, hard.longest_streak) == (0, 3)
    assert hard.seconds == pytest.approx(210)
    easy = by_key["indian_13", "easy"]
    assert (easy.matches, easy.matches_won, easy.current_streak) == (1, 0, 0)
    two = by_key["two_player_13", "hard"]
    assert (two.matches_won, two.current_streak, two.longest_streak) == (1, 1, 1)
    assert [s.variant for s in stats.summary("two_player_13")] == ["two_player_13"]


def test_higher_is_better_in_the_table_family(stats: Statistics) -> None:
    for points in (12, -3, 40):
        stats.record_deal("super_rummy", ["medium"], won=points > 0, points=points,
                          seconds=1, lower_is_better=False)
    s = stats.summary()[0]
    assert (s.best, s.worst) == (40, -3)
    assert not s.lower_is_better


def test_a_mixed_table_counts_under_its_levels() -> None:
    assert level_of(["hard", "easy", "hard"]) == "easy+hard"
    assert level_of(["medium"]) == "medium"


def test_points_over_time_oldest_first_and_limited(stats: Statistics) -> None:
    for points in range(10):
        stats.record_deal("indian_13", ["hard"], won=False, points=points, seconds=1)
    stats.record_deal("two_player_13", ["hard"], won=False, points=99, seconds=1)
    series = stats.points_over_time("indian_13", limit=4)
    assert [p for _, p in series] == [6, 7, 8, 9]
    assert [t for t, _ in series] == sorted(t for t, _ in series)
    assert [p for _, p in stats.points_over_time(level="hard", limit=2)] == [9, 99]


def test_statistics_survive_a_restart_and_reset(tmp_path: Path) -> None:
    first = Statistics(tmp_path)
    first.record_deal("indian_13", ["hard"], won=True, points=0, seconds=3)
    first.record_deal("two_player_13", ["hard"], won=True, points=0, seconds=3)
    first.close()
    again = Statistics(tmp_path)
    assert again.message == ""
    assert [s.deals for s in again.summary()] == [1, 1]
    again.reset("indian_13")
    assert [s.variant for s in again.summary()] == ["two_player_13"]
    again.reset()
    assert again.summary() == [] and again.points_over_time() == []
    again.close()


def test_every_deal_is_committed_at_once(tmp_path: Path) -> None:
    """Another connection sees the deal without any close: it is on disk already."""
    stats = Statistics(tmp_path)
    stats.record_deal("indian_13", ["hard"], won=True, points=0, seconds=3)
    other = sqlite3.connect(tmp_path / DB_NAME)
    assert other.execute("SELECT COUNT(*) FROM deals").fetchone() == (1,)
    other.close()
    stats.close()


def damaged(tmp_path: Path) -> Statistics:
    stats = Statistics(tmp_path)
    assert "damaged" in stats.message and "New statistics" in stats.message
    kept = list(tmp_path.glob(DB_NAME + ".bad-*"))
    assert len(kept) == 1 and kept[0].stat().st_size > 0
    assert str(kept[0]) in stats.message
    stats.record_deal("indian_13", ["hard"], won=True, points=0, seconds=3)
    assert stats.summary()[0].deals == 1
    return stats


def test_a_file_that_is_not_a_database_is_set_aside(tmp_path: Path) -> None:
    (tmp_path / DB_NAME).write_bytes(b"this is not sqlite at all" * 100)
    damaged(tmp_path).close()


def many_deals(tmp_path: Path, count: int = 400) -> None:
    """``count`` deals written at once (one transaction: quicker than one per deal)."""
    Statistics(tmp_path).close()
    db = sqlite3.connect(tmp_path / DB_NAME)
    with db:
        db.executemany("INSERT INTO deals (finished_at, variant, level, won, points,"
                       " lower_is_better, seconds) VALUES (?, 'indian_13', 'hard', ?, ?, 1, 1)",
                       [(float(n), n % 3 == 0, n) for n in range(count)])
    db.close()


def test_a_database_with_damaged_pages_is_set_aside(tmp_path: Path) -> None:
    many_deals(tmp_path)
    path = tmp_path / DB_NAME
    data = bytearray(path.read_bytes())
    assert len(data) > 4 * 4096
    data[2 * 4096:3 * 4096] = b"\x5a" * 4096  # scribble over a page of the table
    path.write_bytes(bytes(data))
    damaged(tmp_path).close()


def test_a_truncated_database_is_set_aside(tmp_path: Path) -> None:
    many_deals(tmp_path)
    path = tmp_path / DB_NAME
    path.write_bytes(path.read_bytes()[:5000])
    damaged(tmp_path).close()


def test_an_unknown_schema_version_is_set_aside(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / DB_NAME)
    db.execute("CREATE TABLE deals (x)")
    db.execute("PRAGMA user_version = 7")
    db.commit()
    db.close()
    damaged(tmp_path).close()


def test_an_unwritable_folder_runs_without_statistics(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the folder should be")
    stats = Statistics(blocker / "data")
    assert "off" in stats.message
    stats.record_deal("indian_13", ["hard"], won=True, points=0, seconds=1)  # no error
    assert stats.summary() == []


def test_deal_outcome_of_real_games() -> None:
    game = play(Session.lone_deal("indian_13", players=3, seed=21))
    assert game.lone and game.state.is_over
    result = game.state.result
    assert result is not None
    outcomes = [deal_outcome(game.state, seat) for seat in range(3)]
    assert [won for won, _, _ in outcomes].count(True) == 1
    assert all(lower for _, _, lower in outcomes)
    assert [points for _, points, _ in outcomes] == list(result.points)
    with pytest.raises(ValueError, match="not over"):
        deal_outcome(Session.lone_deal("indian_13", players=2, seed=1).state, 0)


def test_deal_outcome_in_the_table_family_is_the_score_change() -> None:
    game = play(Session.lone_deal("super_rummy", players=2, seed=5))
    assert game.state.is_over
    result = game.state.result
    assert result is not None
    for seat in range(2):
        assert deal_outcome(game.state, seat) == (result.winner == seat,
                                                  result.changes[seat], False)
