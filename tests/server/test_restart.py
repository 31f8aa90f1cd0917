"""Durability: the server killed with SIGKILL mid-game restarts with every acknowledged move, and every table
(human or bot to move) continues."""

from __future__ import annotations

import os
import sqlite3

import pytest

import museion
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
