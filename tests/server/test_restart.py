"""Durability: the server killed with SIGKILL mid-game restarts with every acknowledged move, and every table
(human or bot to move) continues."""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sqlite3

import pytest
from sqlalchemy import create_engine, select, text
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

import museion
from museion.server.storage import engine
from museion.server.storage.rows import actions_t
from museion.server.storage.storage import Store
from museion.server.table.live import advance
from museion.server.testing import Player, ServerProcess, http


def test_sigkill_mid_game_loses_no_acknowledged_move_and_games_continue(tmp_path):
    server = ServerProcess(tmp_path / "museion.db", bot_delay=0.05).start()
    try:
        _, human = http("POST", f"{server.url}/api/tables",
                        {"game": "tholos", "options": {"advanced": True}, "seats": ["human", "bot:random"], "join": 0})
        _, bots = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["bot:random", "bot:random"]})
        me = Player(server, human["id"], human["token"])
        for _ in range(6):  # six acknowledged moves of mine, each answered by the bot
            me.wait(lambda s: bool(s["legal"]))
            answer = me.move(me.state["legal"][0]["id"])
            assert answer["type"] == "state"
        acknowledged = [e["t"] for e in me.log]
        watcher = Player(server, bots["id"])
        watcher.wait(lambda s: s["seq"] >= 5)
        seen_bots = [e["t"] for e in watcher.log]
        server.kill()

        with sqlite3.connect(tmp_path / "museion.db") as db:  # what is on disk after the crash
            stored = [a for (a,) in db.execute("SELECT action FROM actions WHERE table_id=? ORDER BY seq",
                                               (human["id"],))]
        game = museion.load("tholos", advanced=True)
        assert len(stored) >= len(acknowledged)
        assert game.state_from_history(stored).move_number() == len(stored)

        server.start()
        again = Player(server, human["id"], human["token"])
        assert again.first["seat"] == 0
        assert [e["t"] for e in again.log][:len(acknowledged)] == acknowledged
        while again.state["status"] != "finished":
            again.wait(lambda s: s["legal"] or s["status"] == "finished")
            if again.state["legal"]:
                again.move(again.state["legal"][0]["id"])
        watcher = Player(server, bots["id"])
        assert [e["t"] for e in watcher.log][:len(seen_bots)] == seen_bots
        watcher.wait(lambda s: s["status"] == "finished", timeout=60)  # the bots resumed by themselves
        assert watcher.state["scores"] is not None
    finally:
        server.stop()


@pytest.mark.skipif(not os.environ.get("MUSEION_TEST_PG_URL"),
                    reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
def test_postgresql_storage_survives_sigkill(tmp_path):
    server = ServerProcess(tmp_path / "unused.db", bot_delay=0.01, db_url=os.environ["MUSEION_TEST_PG_URL"]).start()
    try:
        _, table = http("POST", f"{server.url}/api/tables",
                        {"game": "imhotep", "options": {"players": 3}, "seats": ["human", "bot:random", "bot:random"],
                         "join": 0})
        me = Player(server, table["id"], table["token"])
        for _ in range(8):
            me.wait(lambda s: bool(s["legal"]))
            assert me.move(me.state["legal"][0]["id"])["type"] == "state"
        acknowledged = [e["t"] for e in me.log]
        server.kill()
        server.start()
        again = Player(server, table["id"], table["token"])
        assert [e["t"] for e in again.log][:len(acknowledged)] == acknowledged
        while again.state["status"] != "finished":
            again.wait(lambda s: s["legal"] or s["status"] == "finished", timeout=60)
            if again.state["legal"]:
                again.move(again.state["legal"][0]["id"])
        assert again.state["scores"] is not None
    finally:
        server.stop()


PG_URL = os.environ.get("MUSEION_TEST_PG_URL")
STORAGES = ["sqlite", pytest.param("postgresql", marks=pytest.mark.skipif(
    not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage"))]


async def _seat(server: ServerProcess, table_id: str, token: str, acked: list, rng: random.Random) -> None:
    """Play random legal moves for one seat as fast as the server answers, recording every acknowledged move
    (its state came back); ends when the game does or the server goes away."""
    with contextlib.suppress(ConnectionClosed, OSError):
        async with connect(f"{server.ws_url}/ws/tables/{table_id}", max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent = None
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "error":  # refused: nothing changed; the next state says what to do
                    sent = None
                if message["type"] != "state":
                    continue
                if sent is not None and message["seq"] > sent[0]:
                    acked.append((table_id, *sent))
                    sent = None
                if message["status"] == "finished":
                    return
                if message["legal"] and sent is None:
                    sent = (message["seq"], rng.choice(message["legal"])["id"])
                    await ws.send(json.dumps({"type": "move", "seq": sent[0], "action": sent[1]}))


async def _play_then_kill(server: ServerProcess, tables: list[dict], enough: int) -> list[tuple[str, int, int]]:
    acked: list[tuple[str, int, int]] = []
    rng = random.Random(7)
    seats = [asyncio.ensure_future(_seat(server, t["id"], token, acked, random.Random(rng.random())))
             for t in tables for token in (t["token"], t["other"])]
    while len(acked) < enough and not all(s.done() for s in seats):
        await asyncio.sleep(0.01)
    server.kill()  # while moves are in flight: some sent, some being committed, some acknowledged
    await asyncio.gather(*seats)
    return acked


@pytest.mark.parametrize("storage", STORAGES)
def test_sigkill_during_concurrent_moves_loses_no_acknowledged_move(tmp_path, storage):
    """Group commit under load: 16 tables moving at once (batches of several moves, several PostgreSQL
    writers), the server killed mid-stream; every move a client saw acknowledged is stored as it was played."""
    url = PG_URL if storage == "postgresql" else f"sqlite:///{tmp_path / 'museion.db'}"
    server = ServerProcess(tmp_path / "museion.db", db_url=url).start()
    try:
        tables = []
        for _ in range(16):
            _, table = http("POST", f"{server.url}/api/tables",
                            {"game": "tholos", "seats": ["human", "human"], "join": 0})
            _, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
            tables.append({**table, "other": other["token"]})
        acked = asyncio.run(_play_then_kill(server, tables, 300))
    finally:
        server.stop()
    assert len(acked) >= 300
    engine = create_engine(url)
    with engine.connect() as conn:
        stored = {(r.table_id, r.seq): r.action for r in conn.execute(
            select(actions_t).where(actions_t.c.table_id.in_([t["id"] for t in tables])))}
    engine.dispose()
    assert [m for m in acked if stored.get((m[0], m[1])) != m[2]] == []


def _drop_server_connections(url: str) -> int:
    """What a database restart does to the server: every connection but this one is terminated."""
    engine = create_engine(url)
    with engine.connect() as conn:
        dropped = conn.execute(text("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                                    "WHERE datname = current_database() AND pid <> pg_backend_pid()")).scalar_one()
    engine.dispose()
    return int(dropped)


def _move_until_stored(players: list[Player], errors: list[dict]) -> None:
    """The player to move plays its first legal move; a storage error (nothing changed) is repeated."""
    player = next(p for p in players if p.state["legal"])
    for _ in range(5):
        answer = player.move(player.state["legal"][0]["id"])
        if answer["type"] == "state":
            for other in players:
                if other is not player:
                    other.recv_answer()
            return
        assert answer["code"] == "storage" and answer["seq"] == player.state["seq"], answer
        errors.append(answer)
    raise AssertionError(f"moves still fail after the connections came back: {errors}")


@pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
def test_postgresql_connections_dropped_cost_at_most_a_storage_error_and_nothing_acknowledged(tmp_path):
    """Connections in use are not pinged before each commit (that is a round trip each): when the database
    drops them, the move in flight is answered ``storage`` (nothing changed), the next one succeeds, and what
    was acknowledged is what is stored."""
    server = ServerProcess(tmp_path / "unused.db", db_url=PG_URL).start()
    try:
        _, table = http("POST", f"{server.url}/api/tables", {"game": "tholos", "seats": ["human", "human"], "join": 0})
        _, other = http("POST", f"{server.url}/api/tables/{table['id']}/join", {"seat": 1})
        players = [Player(server, table["id"], table["token"]), Player(server, table["id"], other["token"])]
        errors: list[dict] = []
        for _ in range(4):
            _move_until_stored(players, errors)
        assert _drop_server_connections(PG_URL) >= 1
        for _ in range(4):
            _move_until_stored(players, errors)
        assert len(errors) <= 1, errors
        acknowledged = players[0].log
        server.kill()
    finally:
        server.stop()
    stored = Store(PG_URL).load_table(table["id"])
    assert stored is not None
    replayed = advance(museion.load("tholos").new_initial_state(), stored.actions)
    assert [step.notation(0) for step in replayed] == [e["t"] for e in acknowledged]


@pytest.mark.skipif(not PG_URL, reason="set MUSEION_TEST_PG_URL=postgresql+psycopg://... to test PostgreSQL storage")
def test_postgresql_a_connection_that_rested_is_checked_before_use(monkeypatch):
    """After a quiet spell (a database restart meanwhile), a pooled connection is pinged and replaced."""
    store = Store(PG_URL)
    store.count_unfinished()  # a connection rests in the pool
    assert _drop_server_connections(PG_URL) >= 1
    monkeypatch.setattr(engine, "IDLE_PING", 0.0)  # it has rested long enough
    assert store.count_unfinished() >= 0
    store.engine.dispose()
