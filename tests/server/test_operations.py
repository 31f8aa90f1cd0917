"""What an operator does to a running site (issue 39, docs/operations.md): stop it (SIGTERM drains for
``--drain-seconds``, then closes the sockets with 1012; a clean stop leaves SQLite's main file holding every game),
and step its schema back (``museion admin downgrade``, which refuses a step that drops data unless told)."""

from __future__ import annotations

import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, text
from test_upgrade import STORAGES, old_database  # noqa: F401 - a fixture: the old release's database
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from museion import cli
from museion.server import migrations
from museion.server.storage.engine import make_engine
from museion.server.storage.storage import Store
from museion.server.testing import GENEROUS, Player, ServerProcess, http

DRAIN = 3.0
TABLE = {"game": "tholos", "seats": [{"kind": "human"}, "random"], "join": 0}


def play(me: Player, moves: int | None) -> None:
    """``moves`` moves at ``me``'s seat (``None``: to the end of the game), the bot answering."""
    made = 0
    while moves is None or made < moves:
        me.wait(lambda s: bool(s["legal"]) or s["status"] == "finished", timeout=60)
        if me.state["status"] == "finished":
            return
        assert me.move(me.state["legal"][0]["id"])["type"] == "state"
        made += 1


def during_drain(server: ServerProcess, me: Player, table_id: str) -> dict[str, Any]:
    """What clients see while the server drains: readiness, a new table, a new socket, a move on an open one."""
    seen: dict[str, Any] = {}
    deadline = time.monotonic() + 10
    while (ready := http("GET", f"{server.url}/readyz"))[0] == 200:
        assert time.monotonic() < deadline, "readiness never turned 503"
        time.sleep(0.05)
    seen["readyz"] = ready
    seen["create"] = http("POST", f"{server.url}/api/tables", TABLE)
    with pytest.raises(InvalidStatus) as refused:
        connect(f"{server.ws_url}/ws/tables/{table_id}", open_timeout=5)
    seen["new_socket"] = refused.value.response.status_code
    me.wait(lambda s: bool(s["legal"]))
    seen["move"] = me.move(me.state["legal"][0]["id"])["type"]
    seen["moved_at"] = time.monotonic()
    return seen


@pytest.fixture(scope="module")
def stopped(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A SQLite server with two finished games and one being played, stopped by SIGTERM mid-game: what the
    clients saw, when the socket was closed and how, and what the server left on disk."""
    path = tmp_path_factory.mktemp("drain") / "museion.db"
    server = ServerProcess(path, bot_delay=0.01, args=(*GENEROUS, "--drain-seconds", str(DRAIN))).start()
    finished = []
    for _ in range(2):
        _, table = http("POST", f"{server.url}/api/tables", TABLE)
        me = Player(server, table["id"], table["token"])
        play(me, None)
        me.close()
        finished.append((table["id"], len(http("GET", f"{server.url}/api/tables/{table['id']}/record")[1]["actions"])))
    _, table = http("POST", f"{server.url}/api/tables", TABLE)
    me = Player(server, table["id"], table["token"])
    play(me, 2)
    assert server.proc is not None
    signalled = time.monotonic()
    server.proc.send_signal(signal.SIGTERM)
    seen = during_drain(server, me, table["id"])
    try:
        while True:
            me.recv(timeout=DRAIN + 5)
    except ConnectionClosed as closed:
        seen["close"] = closed.rcvd.code if closed.rcvd else None
    seen["closed_after"] = time.monotonic() - signalled
    seen["exit"] = server.proc.wait(30)
    return {"seen": seen, "finished": finished, "playing": table["id"], "path": path, "log": server.log_text(),
            "played": me.state["seq"]}


def test_sigterm_drains_while_open_sockets_play_on_then_closes_them_with_1012(stopped):
    seen = stopped["seen"]
    status, body = seen["readyz"]
    assert status == 503 and body["reason"] == "draining"
    status, body = seen["create"]
    assert status == 503 and body["error"] == "draining" and body["reason"]["key"] == "web.code.draining"
    assert seen["new_socket"] == 403  # a new socket is refused before its handshake: it goes elsewhere
    assert seen["move"] == "state"  # the open one plays on
    assert DRAIN - 0.5 <= seen["closed_after"] <= DRAIN + 5 and seen["close"] == 1012
    assert seen["exit"] in (0, -signal.SIGTERM)  # uvicorn raises the signal again once stopped: a clean stop
    log = stopped["log"]
    phases = ["draining for at most 3 s", "drain over after", "closing 1 open sockets with 1012",
              "stopping: the listener closes", "SQLite WAL checkpointed", "stopped"]
    places = [log.find(p) for p in phases]
    assert -1 not in places and places == sorted(places), (places, log[-3000:])


def test_a_clean_stop_leaves_every_game_in_the_main_file_alone(stopped, tmp_path):
    path: Path = stopped["path"]
    wal = path.with_name(path.name + "-wal")
    assert not wal.exists() or wal.stat().st_size == 0
    alone = tmp_path / "copy.db"
    alone.write_bytes(path.read_bytes())  # the bare copy docs/operations.md warns about: safe after a clean stop
    db = sqlite3.connect(alone)
    try:
        statuses = dict(db.execute("SELECT id, status FROM tables").fetchall())
        moves = dict(db.execute("SELECT table_id, count(*) FROM actions GROUP BY table_id").fetchall())
    finally:
        db.close()
    for table_id, actions in stopped["finished"]:
        assert (statuses[table_id], moves[table_id]) == ("finished", actions)
    assert moves[stopped["playing"]] == stopped["played"]  # the move made while draining is there too


# -- downgrades --------------------------------------------------------------------------------------------------
def admin(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = cli.main(["admin", *args])
    out, err = capsys.readouterr()
    return code, out, err


def count(url: str, table: str) -> int:
    engine = make_engine(url)
    with engine.connect() as conn:
        found = int(conn.execute(text(f"SELECT count(*) FROM {table}")).scalar_one())
    engine.dispose()
    return found


@pytest.mark.parametrize("old_database", STORAGES, indirect=True)
def test_a_downgrade_that_drops_data_is_refused_unless_told(old_database, capsys):  # noqa: F811 - the fixture
    """The old release's four tables, upgraded: going back to base would drop them (refused, nothing done);
    back to 0005_undo drops values of columns added since (refused, then done with --drop-data: every game
    kept, the columns gone, the database usable by the release of 0005 on)."""
    _, url = old_database
    Store(url).engine.dispose()  # upgraded to the newest revision
    code, _, err = admin(capsys, "downgrade", "base", "--db", url)
    assert code == 2 and "refused" in err and "0001_tables: drops 4 rows of tables" in err, err
    assert "--drop-data" in err and migrations.revision(make_engine(url)) == migrations.head()
    code, _, err = admin(capsys, "downgrade", "0005_undo", "--db", url)
    assert code == 2 and "0006_seat_accounts" not in err  # no seat was bound to an account: nothing lost there
    assert "0007_touched: drops 4 values of tables.touched" in err, err
    assert migrations.revision(make_engine(url)) == migrations.head() and count(url, "tables") == 4
    code, out, _ = admin(capsys, "downgrade", "0005_undo", "--drop-data", "--db", url)
    assert code == 0 and f"database at revision 0005_undo (was {migrations.head()})" in out
    assert "dropped: 0007_touched: drops 4 values of tables.touched" in out
    assert migrations.revision(make_engine(url)) == "0005_undo" and count(url, "tables") == 4
    assert "account_id" not in {c["name"] for c in inspect(make_engine(url)).get_columns("seats")}


def test_a_downgrade_that_keeps_every_value_runs_and_bad_targets_are_said(tmp_path, capsys):
    url = f"sqlite:///{tmp_path / 'museion.db'}"
    Store(url).engine.dispose()
    code, out, err = admin(capsys, "downgrade", "0009_ratings", "--db", url)
    assert code == 0 and "database at revision 0009_ratings" in out and "dropped" not in out, err
    code, _, err = admin(capsys, "downgrade", "0012_totp", "--db", url)
    assert code == 2 and "newer than the database's 0009_ratings: museion admin migrate upgrades" in err
    code, _, err = admin(capsys, "downgrade", "0042_nothing", "--db", url)
    assert code == 2 and "no revision '0042_nothing'; the revisions are base, 0001_tables" in err
    code, out, _ = admin(capsys, "revision", "--db", url)  # --db after the subcommand (docs/cli.md's order)
    assert code == 0 and f"database: 0009_ratings; newest: {migrations.head()}" in out
