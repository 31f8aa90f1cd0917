"""Two ``museion serve`` processes, one site on a throw-away PostgreSQL (docs/operations.md, "Many processes"):
a game played across them, one of them killed mid-game and the game finished on the other, a clock that runs out
handled once. Skipped without ``MUSEION_TEST_PG_URL`` (CI starts a PostgreSQL server and sets it)."""

from __future__ import annotations

import os
import time

import pytest
from sqlalchemy import create_engine, select, text
from sqlalchemy.engine import make_url

import museion
from museion.server.storage.rows import actions_t, tables_t
from museion.server.testing import GENEROUS, Player, ServerProcess, http

PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
pytestmark = pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... (PostgreSQL)")


@pytest.fixture
def site(tmp_path):
    """Two processes of one site on a database of their own (no other test's tables to take over); each is
    stopped (or already killed) at the end."""
    url = _fresh_database()
    servers = [ServerProcess(tmp_path / f"p{k}.db", db_url=url, bot_delay=0.01, args=GENEROUS).start()
               for k in range(2)]
    yield servers
    for server in servers:
        server.stop()
        assert "Traceback" not in server.log_text(), server.log_text()[-3000:]
    _drop_database(url)


def _fresh_database() -> str:
    name = f"museion_site_{os.getpid()}_{time.monotonic_ns() % 10**9}"
    engine = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    return make_url(PG_URL).set(database=name).render_as_string(hide_password=False)


def _drop_database(url: str) -> None:
    engine = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        conn.execute(text(f"DROP DATABASE IF EXISTS {make_url(url).database} WITH (FORCE)"))
    engine.dispose()


def _stored(url: str, table_id: str) -> tuple[list[int], dict]:
    engine = create_engine(url)
    with engine.connect() as conn:
        actions = [r.action for r in conn.execute(select(actions_t.c.action).where(actions_t.c.table_id == table_id)
                                                  .order_by(actions_t.c.seq))]
        row = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().one()
    engine.dispose()
    return actions, dict(row)


def _legal_replay(game: str, actions: list[int]) -> int:
    """The stored actions replay as a legal game (no move stored twice or out of turn); its length."""
    return museion.load(game).state_from_history(actions).move_number()


def test_a_game_across_two_processes(site):
    """Seat 0 plays on one process; seat 1 and a spectator watch and play on the other; each sees every move."""
    a, b = site
    _, table = http("POST", f"{a.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
    status, other = http("POST", f"{b.url}/api/tables/{table['id']}/join", {"seat": 1})
    assert status == 200, other
    players = [Player(a, table["id"], table["token"]), Player(b, table["id"], other["token"])]
    spectator = Player(b, table["id"])
    players[0].wait(lambda s: s["to_move"] is not None and s["seats"][1]["taken"])
    while players[0].state["status"] != "finished":
        mover = next(p for p in players if p.state["legal"])
        answer = mover.move(mover.state["legal"][0]["id"])
        assert answer["type"] == "state", answer
        seq = answer["seq"]
        for other_side in (p for p in (*players, spectator) if p is not mover):
            other_side.wait(lambda s, n=seq: s["seq"] >= n, timeout=20)  # at once, from the other process
    assert spectator.wait(lambda s: s["status"] == "finished")["scores"] == players[0].state["scores"]
    assert [e["t"] for e in spectator.log] == [e["t"] for e in players[0].log]
    actions, row = _stored(a.db_url, table["id"])
    assert _legal_replay("tholos", actions) == len(actions) == players[0].state["seq"]
    assert row["status"] == "finished"


def test_a_process_killed_mid_game_and_the_game_finished_on_the_other(site):
    """The process that runs the bot (it created the table) dies with SIGKILL; the player reconnects to the other
    process, which takes the bot over once the lease expires: no acknowledged move lost, none applied twice."""
    a, b = site
    _, table = http("POST", f"{a.url}/api/tables",
                    {"game": "tholos", "seats": ["human", "bot:random"], "join": 0})
    _, bots = http("POST", f"{a.url}/api/tables", {"game": "tholos", "seats": ["bot:random", "bot:random"]})
    me = Player(a, table["id"], table["token"])
    for _ in range(4):
        me.wait(lambda s: bool(s["legal"]))
        assert me.move(me.state["legal"][0]["id"])["type"] == "state"
    acknowledged = [e["t"] for e in me.log]
    a.kill()
    again = Player(b, table["id"], table["token"])
    assert [e["t"] for e in again.log][:len(acknowledged)] == acknowledged
    while again.state["status"] != "finished":  # the bot answers again once b holds the table's lease (~10 s)
        again.wait(lambda s: s["legal"] or s["status"] == "finished", timeout=60)
        if again.state["legal"]:
            assert again.move(again.state["legal"][0]["id"])["type"] == "state"
    watcher = Player(b, bots["id"])  # nobody watched it: b took it over from the expired lease
    watcher.wait(lambda s: s["status"] == "finished", timeout=90)
    for game in (table, bots):
        actions, row = _stored(a.db_url, game["id"])
        assert row["status"] == "finished" and _legal_replay("tholos", actions) == len(actions)


def test_a_clock_runs_out_once_with_both_processes_watching(site):
    """Both processes hold a clocked table; only the lease holder applies the timeout: one notice, one bot."""
    a, b = site
    _, table = http("POST", f"{a.url}/api/tables", {
        "game": "tholos", "seats": ["human", "human"], "join": 0,
        "clock": {"mode": "live", "base": 10, "increment": 0, "on_timeout": "bot", "bot": "random"}})
    _, other = http("POST", f"{b.url}/api/tables/{table['id']}/join", {"seat": 1})
    first = Player(a, table["id"], table["token"])
    second = Player(b, table["id"], other["token"])
    first.wait(lambda s: s["clock"]["running"] == 0)
    first.close()  # seat 0 thinks forever: its 10 s run out, and a bot plays it
    second.wait(lambda s: any(n["key"] == "notice.timeout_bot" for n in s["notices"]), timeout=40)
    for _ in range(3):
        second.wait(lambda s: bool(s["legal"]), timeout=30)
        assert second.move(second.state["legal"][0]["id"])["type"] == "state"
    second.wait(lambda s: bool(s["legal"]), timeout=30)
    time.sleep(1)  # a second process running the clock would time out and move too by now
    _, row = _stored(a.db_url, table["id"])
    assert [n["key"] for n in row["notices"]].count("notice.timeout_bot") == 1, row["notices"]
    since = next(n["n"] for n in row["notices"] if n["key"] == "notice.timeout_bot")
    bot_moves = sum(1 for e in second.log[since:] if e["p"] == 0)
    computed = sum(_bot_jobs(server) for server in site)
    assert bot_moves >= 3 and computed == bot_moves, (computed, bot_moves)


def _bot_jobs(server: ServerProcess) -> float:
    """Bot moves this process computed (its /metrics)."""
    import urllib.request

    with urllib.request.urlopen(f"{server.url}/metrics", timeout=10) as answer:
        lines = answer.read().decode().splitlines()
    return sum(float(line.rsplit(" ", 1)[1]) for line in lines
               if line.startswith("museion_work_seconds_count") and 'kind="move"' in line)
