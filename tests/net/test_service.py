"""Several server processes as one service, on real Redis and PostgreSQL (skipped where
they are not installed): a client reaches a table's owner from any process (a
``redirect``), a new table goes to the least loaded process, ``list`` shows every
process's public tables, and when the owner is killed (SIGKILL) or stopped (SIGTERM)
another process takes its table within 10 s: the same hands, the same turn, the clock
where it stood, and the deal's fairness proof still verifies. A process paused past its
lease loses its table and hands its players over; a Redis emptied mid-game loses nothing
that matters."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from rummy.model.actions import Action, Discard, Draw
from rummy.net.directory import Directory
from rummy.net.lease import Lease
from rummy.net.mirror import Mirror

from .backends import Backends, ServiceProcess, running_backends, running_service
from .helpers import Chooser, Player, showing_after

pytestmark = [pytest.mark.network, pytest.mark.timeout(120)]


@pytest.fixture(scope="module")
def backends() -> Iterator[Backends]:
    with running_backends() as started:
        yield started


def steady(seed: int) -> Chooser:
    """Draws and discards (no drop: the server deals at random, and a drop ends a
    two-player deal before the kill), then, after 10 moves, shows (wrongly, nearly
    always), which ends the deal."""
    rng = random.Random(seed)

    def plain(mirror: Mirror) -> Action:
        return rng.choice([a for a in mirror.legal if isinstance(a, (Draw, Discard))]
                          or mirror.legal)

    return showing_after(plain, 10)


async def ask(player: Player, url: str, answer: str, **message: Any) -> dict[str, Any]:
    """Connect at ``url``, send ``message`` and follow redirects: the ``answer`` (or an
    error) and the URL it came from in ``player.url``."""
    for _ in range(3):
        try:
            await player.connect(url)
        except OSError:  # sent to an owner just killed (its lease has not run out yet)
            return {"type": "error", "code": "unreachable"}
        await player.send(**message)
        while True:
            msg = await player.recv()
            if msg["type"] == "redirect":
                message["redirected"] = True
                assert msg["url"].startswith("ws://127.0.0.1:"), msg
                url = msg["url"]
                await player.close()
                break
            if msg["type"] in (answer, "error"):
                player.url = url  # type: ignore[attr-defined]
                return msg
    raise AssertionError("more than two redirects in a row")


async def started_table(processes: list[ServiceProcess], seed: int
                        ) -> tuple[Player, Player, str, ServiceProcess, ServiceProcess]:
    """A two-seat table created at the first process and joined at the second, started:
    its players, its code, its owner and the other process."""
    asha, bo = Player("Asha", steady(seed)), Player("Bo", steady(seed + 1))
    joined = await ask(asha, processes[0].url, "joined", type="create",
                       variant="indian_13", name="Asha", seats=2, deals=1)
    code: str = joined["code"]
    await ask(bo, processes[1].url, "joined", type="join", code=code, name="Bo")
    owner = next(p for p in processes if p.url == asha.url)  # type: ignore[attr-defined]
    other = next(p for p in processes if p is not owner)
    await bo.send(type="ready")
    await asha.expect("lobby")
    await asha.send(type="start")
    for p in (asha, bo):
        await p.expect("state")
    return asha, bo, code, owner, other


async def rejoin_within(player: Player, url: str, code: str, since: float,
                        seconds: float = 10) -> dict[str, Any]:
    """What a client does after a kill: rejoin at ``url`` again and again until the
    table is found (its ``state``), within ``seconds`` of ``since``."""
    while True:
        assert time.monotonic() - since < seconds, f"not back within {seconds} s"
        player.mirror.view = None
        answer = await ask(player, url, "state", type="rejoin", code=code,
                           token=player.mirror.token)
        if answer["type"] == "state":
            return answer
        assert answer["code"] in ("no_table", "unreachable"), answer
        await player.close()
        await asyncio.sleep(0.2)


def test_any_process_reaches_the_owner_and_lists_every_table(backends: Backends,
                                                             tmp_path: Path) -> None:
    with running_service(backends, 2, tmp_path) as (one, two):
        async def scenario() -> None:
            asha, bo, cy = Player("Asha"), Player("Bo"), Player("Cy")
            joined = await ask(asha, one.url, "joined", type="create", variant="indian_13",
                               name="Asha", seats=3, public=True)
            assert asha.url == one.url  # type: ignore[attr-defined]
            code = joined["code"]
            # joining at the other process: sent to the owner, seated there
            seated = await ask(bo, two.url, "joined", type="join", code=code, name="Bo")
            assert seated["code"] == code and bo.url == one.url  # type: ignore[attr-defined]
            # the other process lists the owner's public table (its next heartbeat)
            deadline = time.monotonic() + 10
            while True:
                await cy.connect(two.url)
                await cy.send(type="list")
                rows = (await cy.expect("tables"))["tables"]
                await cy.close()
                if rows or time.monotonic() > deadline:
                    break
                await asyncio.sleep(0.1)
            assert [(r["code"], r["free"], r["creator"]) for r in rows] == [(code, 1, "Asha")]
            # a code no table has is refused as by one process, not redirected
            wrong = await ask(cy, two.url, "joined", type="join", code="ACDEFHJKMN",
                              name="Cy")
            assert wrong["type"] == "error" and wrong["code"] == "no_table"
            for p in (asha, bo, cy):
                await p.close()
        asyncio.run(scenario())


def test_a_live_process_stays_listed_when_its_heartbeat_is_late(backends: Backends) -> None:
    """The lease is renewed on a thread, the list by the heartbeat on the event loop: a
    loop busy past a lease's time (replaying tables it took over, a loaded machine) keeps
    its process, and so its public tables must stay in the others' lists; a process whose
    lease has run out is listed no more."""
    redis_url, _ = backends.fresh()
    lease_seconds = 1.5
    row = {"code": "ACDEFHJKMN", "free": 1, "creator": "Asha"}

    async def scenario() -> None:
        one = Directory(redis_url, "one", lease=lease_seconds)
        two = Directory(redis_url, "two", lease=lease_seconds)
        lease = Lease(redis_url, "one", one.lease_ms)
        try:
            await one.enter("ws://127.0.0.1:9", 1)
            lease.start(one.address)
            await one.publish(1, [row])
            await asyncio.sleep(lease_seconds * 2)  # renewed, but no heartbeat since
            names = list(await two.processes())
            assert names == ["one"]
            assert await two.listed(names) == [row]
            lease.stop()
            await asyncio.sleep(lease_seconds + 0.5)
            assert await two.processes() == {}
        finally:
            lease.stop()
            await one.close()
            await two.close()

    asyncio.run(scenario())


def test_a_new_table_goes_to_the_least_loaded_process(backends: Backends,
                                                      tmp_path: Path) -> None:
    with running_service(backends, 2, tmp_path) as (one, two):
        async def scenario() -> None:
            players = [Player(f"p{i}") for i in range(4)]
            where = []
            for p in players:
                await ask(p, one.url, "joined", type="create", variant="indian_13",
                          name=p.name)
                where.append(p.url)  # type: ignore[attr-defined]
            # the first two stay (the other is not SPREAD fewer); then the other process
            # is the less loaded one
            assert where[:2] == [one.url, one.url] and two.url in where[2:], where
            for p in players:
                await p.close()
        asyncio.run(scenario())


def _left(mirror: Mirror) -> float:
    left = mirror.clock_left()
    assert left is not None
    return left


@pytest.mark.parametrize("stop", ["kill", "terminate"])
def test_a_killed_owners_table_is_taken_over_as_it_stood(backends: Backends,
                                                        tmp_path: Path, stop: str) -> None:
    """SIGKILL (no goodbye, no last heartbeat) or SIGTERM (the process gives its lease up
    and writes its last heartbeat: the clock resumes to within milliseconds)."""
    with running_service(backends, 2, tmp_path) as processes:
        async def scenario() -> None:
            asha, bo, code, owner, other = await started_table(processes, 1)
            await asyncio.gather(asha.play(until_seq=6), bo.play(until_seq=6))
            await asyncio.sleep(2.5)  # the clock runs 2.5 s into the turn; then the kill
            before = {p.name: (p.mirror.view, list(p.mirror.legal), p.mirror.turn)
                      for p in (asha, bo)}
            left = _left(asha.mirror)
            assert asha.mirror.proofs.current is not None
            commitment = asha.mirror.proofs.current.commitment
            getattr(owner.process, stop)()
            killed = time.monotonic()
            for p in (asha, bo):
                await p.close()
            states = {p.name: await rejoin_within(p, other.url, code, killed)
                      for p in (asha, bo)}
            for p in (asha, bo):
                view, legal, turn = before[p.name]
                assert p.mirror.view is not None and view is not None
                assert p.mirror.view.hand == view.hand
                assert p.mirror.view.history == view.history
                assert p.mirror.legal == legal and p.mirror.turn == turn
            # the clock: what it had at the kill, give or take a heartbeat (1 s), no fresh turn
            clock = states["Asha"]["clock"]
            assert left - 0.5 <= clock <= left + 1.5, (left, clock)
            assert asha.mirror.proofs.current.commitment == commitment
            assert states["Bo"]["commitment"] == commitment
            # play the deal out at the new owner: its reveal matches the commitment
            await asyncio.gather(asha.play(timeout=60), bo.play(timeout=60))
            assert asha.mirror.over and bo.mirror.over
            assert asha.mirror.proofs.checked and all(
                v.ok for v in asha.mirror.proofs.verdicts.values())
            for p in (asha, bo):
                await p.close()
        asyncio.run(scenario())


@pytest.mark.parametrize("record", ["over", "unsaid"])
def test_a_table_whose_owner_was_killed_at_its_end_shows_its_players_the_result(
        backends: Backends, tmp_path: Path, record: str) -> None:
    """The owner is killed after the deal's last move: a player who had not heard the end
    rejoins at another process and gets the result ("over"); and where the kill came
    between writing the last move and the table's status ("unsaid": the status is put
    back to playing here), the process that takes the table writes it over."""
    import psycopg
    with running_service(backends, 2, tmp_path) as processes:
        postgres = processes[0].urls[1]

        async def scenario() -> str:
            asha, bo, code, owner, other = await started_table(processes, 3)
            await asyncio.gather(asha.play(), bo.play())
            assert asha.mirror.over and bo.mirror.over
            if record == "unsaid":
                with psycopg.connect(postgres, autocommit=True) as db:
                    db.execute("UPDATE tables SET status='playing' WHERE code=%s", (code,))
            owner.process.kill()
            killed = time.monotonic()
            for p in (asha, bo):
                await p.close()
                p.mirror.over = False  # it missed the end
                await rejoin_within(p, other.url, code, killed)
                assert p.mirror.over and p.mirror.match is not None
                await p.close()
            return code

        code = asyncio.run(scenario())
        with psycopg.connect(postgres) as db:
            row = db.execute("SELECT status FROM tables WHERE code=%s", (code,)).fetchone()
        assert row == ("over",)


def test_a_process_paused_past_its_lease_loses_its_table(backends: Backends,
                                                         tmp_path: Path) -> None:
    """SIGSTOP the owner past its lease: another process takes the table; when the first
    wakes it plays no move of it (its token is old) and hands its players over."""
    import signal

    from .backends import ServiceProcess as Process

    with running_service(backends, 2, tmp_path) as processes:
        async def scenario() -> None:
            asha, bo = Player("Asha", steady(1)), Player("Bo", steady(2))
            joined = await ask(asha, processes[0].url, "joined", type="create",
                               variant="indian_13", name="Asha", seats=2, deals=1)
            code = joined["code"]
            await ask(bo, processes[0].url, "joined", type="join", code=code, name="Bo")
            owner: Process = next(p for p in processes
                                  if p.url == asha.url)  # type: ignore[attr-defined]
            other = next(p for p in processes if p is not owner)
            await bo.send(type="ready")
            while len(asha.mirror.lobby) < 2 or not all(s["ready"]
                                                        for s in asha.mirror.lobby):
                await asha.expect("lobby")
            await asha.send(type="start")
            for p in (asha, bo):
                await p.expect("state")
            await asyncio.gather(asha.play(until_seq=4), bo.play(until_seq=4))
            owner.process.send_signal(signal.SIGSTOP)
            try:
                mover = asha if asha.mirror.my_turn else bo
                seen = mover.mirror.seq
                # the other process has it once the lease has run out
                for _ in range(100):
                    probe = Player("probe")
                    answer = await ask(probe, other.url, "state", type="rejoin",
                                       code=code, token=mover.mirror.token)
                    await probe.close()
                    if answer["type"] == "state":
                        break
                    await asyncio.sleep(0.2)
                assert answer["type"] == "state" and answer["seq"] == seen
            finally:
                owner.process.send_signal(signal.SIGCONT)
            # the woken process notices at its next heartbeat and closes its players'
            # connections (1012): they come back through the service to the new owner
            for p in (asha, bo):
                with pytest.raises(ConnectionClosed):
                    for _ in range(100):
                        await p.recv(timeout=10)
                assert p.ws is not None and p.ws.close_code == 1012
                p.mirror.view = None
                again = await ask(p, owner.url, "state", type="rejoin", code=code,
                                  token=p.mirror.token)
                assert again["type"] == "state" and p.url == other.url  # type: ignore[attr-defined]
            await asyncio.gather(asha.play(timeout=60), bo.play(timeout=60))
            assert asha.mirror.over and bo.mirror.over
            for p in (asha, bo):
                await p.close()
        asyncio.run(scenario())


def test_a_restarted_redis_forgets_nothing_that_matters(backends: Backends,
                                                        tmp_path: Path) -> None:
    """Redis emptied (restarted without persistence) in the middle of a game: each process
    names itself owner of its tables again at its next heartbeat, and a later takeover
    still gets a token above the records' (the counters were lost too)."""
    import redis

    with running_service(backends, 2, tmp_path) as processes:
        async def scenario() -> None:
            asha, bo = Player("Asha", steady(1)), Player("Bo", steady(2))
            joined = await ask(asha, processes[0].url, "joined", type="create",
                               variant="indian_13", name="Asha", seats=2, deals=1)
            code = joined["code"]
            await ask(bo, processes[0].url, "joined", type="join", code=code, name="Bo")
            owner = next(p for p in processes if p.url == asha.url)  # type: ignore[attr-defined]
            other = next(p for p in processes if p is not owner)
            await bo.send(type="ready")
            while len(asha.mirror.lobby) < 2 or not all(s["ready"]
                                                        for s in asha.mirror.lobby):
                await asha.expect("lobby")
            await asha.send(type="start")
            for p in (asha, bo):
                await p.expect("state")
            client = redis.Redis.from_url(backends.redis)
            client.flushall()
            await asyncio.sleep(2.5)  # two heartbeats
            assert client.get(f"rummy:room:{code}") is not None
            client.close()
            await asyncio.gather(asha.play(until_seq=4), bo.play(until_seq=4))
            owner.process.kill()
            for p in (asha, bo):
                await p.close()
            for p in (asha, bo):
                for _ in range(100):
                    p.mirror.view = None
                    answer = await ask(p, other.url, "state", type="rejoin", code=code,
                                       token=p.mirror.token)
                    if answer["type"] == "state":
                        break
                    await p.close()
                    await asyncio.sleep(0.2)
                assert answer["type"] == "state", answer
            await asyncio.gather(asha.play(timeout=60), bo.play(timeout=60))
            assert asha.mirror.over and bo.mirror.over
            for p in (asha, bo):
                await p.close()
        asyncio.run(scenario())
