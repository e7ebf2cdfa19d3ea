"""The two stores behind :class:`rummy.net.records.Records` keep the same records: SQLite
(one process) and PostgreSQL (a service; run on a real PostgreSQL, skipped where it is not
installed). PostgreSQL's fencing: a process whose table was claimed with a newer token
cannot write it any more, and the new owner's clocks resume from the old owner's last
heartbeat."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rummy.net.records import LostTable, Records
from rummy.net.store import Store

from .backends import Backends, running_backends

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def backends() -> Iterator[Backends]:
    with running_backends() as started:
        yield started


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Records]:
    opened: Records
    if request.param == "sqlite":
        opened = Store(tmp_path / "tables.sqlite3")
    else:
        from rummy.net.pgstore import PostgresStore
        _, url = request.getfixturevalue("backends").fresh()
        opened = PostgresStore(url, "one")
    try:
        yield opened
    finally:
        opened.close()


def test_a_table_is_recorded_and_read_back(store: Records) -> None:
    assert store.claim("ACDEF", 1)
    store.save_room("ACDEF", {"format": "x", "seats": []}, "lobby")
    store.save_room("ACDEF", {"format": "x", "seats": [1]}, "playing")
    store.add_action("ACDEF", 1, {"type": "drop", "seat": 0})
    store.add_action("ACDEF", 2, {"type": "drop", "seat": 1})
    assert store.code_taken("ACDEF") and not store.code_taken("HJKMN")
    assert store.room("ACDEF") == ("ACDEF", {"format": "x", "seats": [1]},
                                   [{"type": "drop", "seat": 0}, {"type": "drop", "seat": 1}])
    assert [code for code, _, _ in store.open_rooms()] == ["ACDEF"]
    with pytest.raises(Exception):  # noqa: B017 - each database's own IntegrityError
        store.add_action("ACDEF", 2, {"type": "drop", "seat": 0})  # never twice
    store.set_status("ACDEF", "over")
    assert store.room("ACDEF") is None and store.open_rooms() == []
    assert store.code_taken("ACDEF")


def test_a_turn_clock_is_what_was_left_at_the_last_heartbeat(store: Records) -> None:
    assert store.claim("ACDEF", 1)
    store.save_room("ACDEF", {"format": "x"}, "playing")
    store.set_clock("ACDEF", 3, deadline=1000.0)
    store.beat(990.0)
    if isinstance(store, Store):  # one process: its own last heartbeat
        assert store.clock_at_stop("ACDEF", 3) == pytest.approx(10.0)
    assert store.clock_at_stop("ACDEF", 4) is None  # another turn than the one recorded


def test_postgres_fences_out_a_process_that_lost_its_table(backends: Backends) -> None:
    from rummy.net.pgstore import PostgresStore
    _, url = backends.fresh()
    old, new = PostgresStore(url, "old"), PostgresStore(url, "new")
    try:
        assert old.claim("ACDEF", 1)
        old.save_room("ACDEF", {"format": "x"}, "playing")
        old.add_action("ACDEF", 1, {"type": "drop", "seat": 0})
        old.set_clock("ACDEF", 1, deadline=1030.0)
        old.beat(1012.5)  # killed after this heartbeat
        assert not new.claim("ACDEF", 1)  # the same token is not newer
        assert new.claim("ACDEF", 2)
        assert new.clock_at_stop("ACDEF", 1) == pytest.approx(17.5)
        new.beat(2000.0)
        assert new.silent(1999.0) == set() and new.silent(2001.0) == {"new"}
        assert new.held_by("new") == ["ACDEF"]
        assert old.held_by("old") == []
        with pytest.raises(LostTable):
            old.add_action("ACDEF", 2, {"type": "drop", "seat": 1})
        old.fences["ACDEF"] = 1  # as if it had not noticed: every write is refused
        with pytest.raises(LostTable):
            old.set_clock("ACDEF", 2, 2000.0)
        old.fences["ACDEF"] = 1
        with pytest.raises(LostTable):
            old.save_room("ACDEF", {"format": "y"}, "playing")
        old.fences["ACDEF"] = 1
        with pytest.raises(LostTable):
            old.set_status("ACDEF", "over")
        new.add_action("ACDEF", 2, {"type": "drop", "seat": 1})
        assert new.room("ACDEF") == ("ACDEF", {"format": "x"},
                                     [{"type": "drop", "seat": 0},
                                      {"type": "drop", "seat": 1}])
        assert not old.claim("ACDEF", 1)  # an old token never comes back
    finally:
        old.close()
        new.close()


def test_a_bad_postgres_url_names_no_password(backends: Backends) -> None:
    from rummy.net.pgstore import PostgresStore
    port = backends.postgres_server.rsplit(":", 1)[1]
    with pytest.raises(ConnectionError) as caught:
        PostgresStore(f"postgresql://rummy:s3cret@127.0.0.1:{port}/no_such_db", "one")
    assert "s3cret" not in str(caught.value) and "***" in str(caught.value)


def test_postgres_connection_lost_is_made_again(backends: Backends) -> None:
    """PostgreSQL closed the connection (restarted, or an administrator ended it): the
    next write connects again and is committed."""
    import psycopg

    from rummy.net.pgstore import PostgresStore
    _, url = backends.fresh()
    store = PostgresStore(url, "one")
    try:
        assert store.claim("ACDEF", 1)
        store.save_room("ACDEF", {"format": "x"}, "playing")
        pid = store.db.info.backend_pid
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        store.add_action("ACDEF", 1, {"type": "drop", "seat": 0})
        assert store.db.info.backend_pid != pid
        assert store.actions("ACDEF") == [{"type": "drop", "seat": 0}]
    finally:
        store.close()
