"""Many processes, one PostgreSQL site, at the storage level (cluster.py): the database admits one move per
sequence number, every write is announced to the other processes when it commits, and a lease gives one process
a table's bots and clocks until it stops renewing it."""

from __future__ import annotations

import asyncio
import os
import signal
import time

import pytest
from sqlalchemy import text, update

from museion.server.storage import cluster
from museion.server.storage.rows import CHANNEL, Append, SeatRow, TableRow, leases_t
from museion.server.storage.storage import Store

PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... (PostgreSQL)")


def _table(store: Store, table_id: str) -> None:
    seats = [SeatRow(0, "human"), SeatRow(1, "human")]
    store.create_table(TableRow(table_id, "tholos", {}, "running", time.time(), seats, []))


def _id(name: str) -> str:
    return f"{name}{os.getpid() % 10000}{time.monotonic_ns() % 100000}"[:32]


def test_one_move_per_sequence_number_whoever_commits_first():
    a, b = Store(PG_URL, "a"), Store(PG_URL, "b")
    first, second = _id("c1"), _id("c2")
    _table(a, first)
    _table(a, second)
    assert a.append_batch([Append(first, 0, [3, 5])]) == [True]
    assert b.append_batch([Append(first, 0, [4])]) == [False]  # another process filled seq 0 first
    # in one batch: the refused move costs nothing to the other table's
    assert b.append_batch([Append(first, 1, [7]), Append(second, 0, [2])]) == [False, True]
    assert a.load_table(first).actions == [3, 5] and a.load_table(second).actions == [2]
    assert [r for r in a.load_since(first, 1).actions] == [5]


def test_every_commit_is_announced_with_its_origin_and_whether_the_row_changed():
    import psycopg
    from sqlalchemy.engine import make_url

    a = Store(PG_URL, "proc-a")
    table_id = _id("n")
    dsn = make_url(PG_URL).set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(dsn, autocommit=True) as listener:
        listener.execute(f"LISTEN {CHANNEL}")
        _table(a, table_id)
        a.append_batch([Append(table_id, 0, [1, 2])])
        a.append_batch([Append(table_id, 2, [0], final=([1.0, 0.0], [0]))])
        a.set_seat(table_id, 1, "Ana", "hash")
        heard = [n.payload for n in listener.notifies(timeout=5, stop_after=4)]
    # created (the lobby changed), two actions from seq 0 on (carried: no read needed), the end, a seat taken
    assert heard == [f"proc-a {table_id}!", f"proc-a {table_id}:0:1.2", f"proc-a {table_id}!", f"proc-a {table_id}!"]
    assert [cluster.parse(p.split(" ")[1]) for p in heard[:2]] == [(table_id, True, None),
                                                                    (table_id, False, (0, [1, 2]))]


def test_a_seat_taken_by_another_process_is_not_given_twice():
    from museion.server.storage.rows import Conflict

    a, b = Store(PG_URL, "a"), Store(PG_URL, "b")
    table_id = _id("s")
    _table(a, table_id)
    a.set_seat(table_id, 1, "Ana", "hash-a")
    with pytest.raises(Conflict):
        b.set_seat(table_id, 1, "Bea", "hash-b")
    assert a.load_table(table_id).seats[1].token_hash == "hash-a"


def test_a_lease_is_held_by_one_process_until_it_expires_then_taken_over():
    store = Store(PG_URL)
    table_id = _id("l")
    _table(store, table_id)

    async def main() -> None:
        one, two = cluster.Cluster(store, "one"), cluster.Cluster(store, "two")
        assert await one.claim([table_id]) == {table_id} and one.owns(table_id)
        assert await one.claim([table_id]) == {table_id}  # renewing is claiming again
        assert await two.claim([table_id]) == set() and not two.owns(table_id)
        with store.engine.begin() as conn:  # one stopped renewing: its lease ran out
            conn.execute(update(leases_t).where(leases_t.c.table_id == table_id).values(until=0))
        assert await two.claim([table_id]) == {table_id}
        assert await one.claim([table_id]) == set() and not one.owns(table_id)
        await two.release([table_id])
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM leases WHERE table_id = :t"),
                                {"t": table_id}).scalar_one() == 0

    asyncio.run(main())


def test_workers_share_one_port_and_a_dead_one_is_replaced(tmp_path):
    """``--workers 2``: two processes answer on one port (the kernel spreads connections over them); one killed
    with SIGKILL is started again by the supervisor while the other answers meanwhile."""
    import json
    import subprocess
    import sys
    import urllib.request

    from museion.server.testing import free_port

    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "museion.cli", "serve", "--workers", "2", "--port", str(port),
                             "--db", PG_URL, "--bot-workers", "0"], stdout=subprocess.DEVNULL,
                            stderr=open(tmp_path / "log", "wb"))  # noqa: SIM115 - the child's
    def answering(count: int, seen: set[int]) -> set[int]:
        deadline = time.monotonic() + 60
        while len(seen) < count and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as answer:
                    seen.add(json.load(answer)["pid"])
            except OSError:
                time.sleep(0.2)
        return seen

    try:
        pids = answering(2, set())
        assert len(pids) == 2, (tmp_path / "log").read_text()[-2000:]
        victim = min(pids)
        os.kill(victim, signal.SIGKILL)
        again = answering(2, set()) - {victim}
        assert len(again) == 2 and again != pids, (tmp_path / "log").read_text()[-2000:]
    finally:
        proc.terminate()
        assert proc.wait(40) == 0
