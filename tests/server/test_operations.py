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
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

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
