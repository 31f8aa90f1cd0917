"""Upgrades change no game's fate (issue 39): databases written by an EARLIER RELEASE (``fixtures/``: made by the
code of commit 4010342, migration head 0006_seat_accounts, whose tables were then aged 20 days; README.md there)
are opened by today's server, on SQLite and on PostgreSQL. Every table's status and record are the same before
and after the upgrade and after the idle sweep has run; the old seat link plays on; nothing is expired."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
import uuid
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import create_engine, make_url, text

from museion.server import migrations
from museion.server.storage.engine import make_engine
from museion.server.testing import GENEROUS, Player, ServerProcess, http

FIXTURES = Path(__file__).resolve().parent / "fixtures"
MANIFEST = json.loads((FIXTURES / "old_tables.json").read_text())
PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
STORAGES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL or not shutil.which("psql"),
    reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... (and have psql) to test PostgreSQL storage"))]
COLUMNS = ("status", "game", "created", "started", "finished", "creator")
JSON_COLUMNS = ("options", "scores", "winners", "clock", "clock_state")
SWEEPS = ("--idle-release", "1")
"""The sweep every 0.5 s (it runs at most every ``idle_release / 2``); the expiry rules keep their defaults."""


@pytest.fixture
def old_database(request, tmp_path):  # noqa: ANN001 - a pytest request
    """The storage's fixture database, loaded afresh: a copy of the SQLite file, or the plain-SQL dump restored
    into a new PostgreSQL database (dropped afterwards)."""
    if request.param == "sqlite":
        shutil.copy(FIXTURES / "old-0006.sqlite", tmp_path / "museion.db")
        yield "sqlite", f"sqlite:///{tmp_path / 'museion.db'}"
        return
    name = f"museion_old_{uuid.uuid4().hex[:12]}"
    admin = create_engine(PG_URL, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    url = make_url(PG_URL).set(database=name)
    try:
        subprocess.run(["psql", "-q", "-v", "ON_ERROR_STOP=1", "-f", str(FIXTURES / "old-0006.postgresql.sql"),
                        url.set(drivername="postgresql").render_as_string(hide_password=False)],
                       check=True, capture_output=True)
        yield "postgresql", url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def _json(value: Any) -> Any:
    return json.loads(value) if isinstance(value, str) else value  # SQLite returns JSON columns as text here


def snapshot(url: str) -> dict[str, dict[str, Any]]:
    """Every table as stored, read with plain SQL (the columns both releases have): its row, seats and moves."""
    engine = make_engine(url)
    found: dict[str, dict[str, Any]] = {}
    with engine.connect() as conn:
        for row in conn.execute(text(f"SELECT id, {', '.join(COLUMNS + JSON_COLUMNS)} FROM tables")).mappings():
            found[row["id"]] = {c: row[c] for c in COLUMNS} | {c: _json(row[c]) for c in JSON_COLUMNS}
        for row in conn.execute(text("SELECT table_id, seat, kind, bot, name, token_hash FROM seats "
                                     "ORDER BY table_id, seat")):
            found[row[0]].setdefault("seats", []).append(tuple(row[1:]))
        for row in conn.execute(text("SELECT table_id, action FROM actions ORDER BY table_id, seq")):
            found[row[0]].setdefault("actions", []).append(row[1])
    engine.dispose()
    return found


def touched(url: str, table_id: str) -> float | None:
    engine = make_engine(url)
    with engine.connect() as conn:
        when = conn.execute(text("SELECT touched FROM tables WHERE id = :id"), {"id": table_id}).scalar()
    engine.dispose()
    return when


def wait_for_sweeps(server: ServerProcess, url: str) -> None:
    """Wait until the server's upkeep has run twice over (a sweep stores ``touched`` and then expires by every
    rule): a new table's move is seen stored, then a second one."""
    _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "random"],
                                                         "join": 0})
    me = Player(server, table["id"], table["token"])
    for _ in range(2):
        me.wait(lambda s: bool(s["legal"]))
        me.move(me.state["legal"][0]["id"])
        moved = time.time() - 0.01
        deadline = time.monotonic() + 30
        while (touched(url, table["id"]) or 0) < moved:
            assert time.monotonic() < deadline, "the sweep never stored the move"
            time.sleep(0.1)
    me.close()


def check_before(before: dict[str, dict[str, Any]], tables: dict[str, dict[str, str]]) -> None:
    """The fixture is what its README says: four tables of an old release, 20 days old."""
    assert set(before) == {t["id"] for t in tables.values()}
    assert [before[tables[k]["id"]]["status"] for k in ("finished", "unfinished", "open", "clocked")] == [
        "finished", "running", "running", "running"]
    assert before[tables["open"]["id"]]["started"] is None
    assert all(time.time() - row["created"] > MANIFEST["age"] for row in before.values())


@pytest.mark.parametrize("old_database", STORAGES, indirect=True)
def test_an_old_releases_database_keeps_every_game_through_the_upgrade(old_database, tmp_path):
    storage, url = old_database
    tables = MANIFEST[storage]
    before = snapshot(url)
    check_before(before, tables)
    assert migrations.revision(make_engine(url)) == "0006_seat_accounts"
    upgraded = time.time()
    server = ServerProcess(tmp_path / "server.db", db_url=url, bot_delay=0.01, args=(*GENEROUS, *SWEEPS)).start()
    try:
        assert migrations.revision(make_engine(url)) == migrations.head()
        wait_for_sweeps(server, url)
        after = snapshot(url)
        clocked = tables["clocked"]["id"]
        spent = after[clocked]["clock_state"].pop("spent") - before[clocked]["clock_state"].pop("spent")
        assert 0 <= spent <= time.time() - upgraded  # its clock runs again, for the seat to move, since the start
        assert {k: after[k] for k in before} == before  # every table's status, seats, moves, clock and times
        for row_id in before:
            assert upgraded <= touched(url, row_id) <= time.time()  # 0010_keep_old_games: the upgrade's time
        statuses = {kind: http("GET", f"{server.url}/api/tables/{t['id']}") for kind, t in tables.items()}
        assert {kind: (code, info["status"]) for kind, (code, info) in statuses.items()} == {
            "finished": (200, "finished"), "unfinished": (200, "running"), "open": (200, "open"),
            "clocked": (200, "running")}, statuses
        _, record = http("GET", f"{server.url}/api/tables/{tables['finished']['id']}/record")
        assert record["actions"] == before[tables["finished"]["id"]]["actions"]
        assert http("GET", f"{server.url}/api/tables/{tables['finished']['id']}/replay")[0] == 200
        me = Player(server, tables["unfinished"]["id"], tables["unfinished"]["token"])  # the old seat link
        assert me.first["seat"] == 0 and len(me.log) >= len(before[tables["unfinished"]["id"]]["actions"])
        me.wait(lambda s: bool(s["legal"]))
        assert me.move(me.state["legal"][0]["id"])["type"] == "state"
        me.close()
    except BaseException:
        print(server.log_text()[-4000:])  # shown by pytest with the failure: what the server said meanwhile
        raise
    finally:
        server.stop()
    log = server.log_text()
    assert "expired by" not in log and "Traceback" not in log, log[-3000:]  # nothing expired, by any rule
