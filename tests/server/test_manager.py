"""The table manager in-process (real SQLite file, no HTTP): a failed commit changes nothing; a restart replays
the stored actions into the same state; secret chance outcomes are masked only where something is hidden."""

from __future__ import annotations

import asyncio

import pytest

import museion
from museion.server.config import BotPolicy, ServerConfig
from museion.server.edge.errors import TableError
from museion.server.manager import Manager
from museion.server.storage.storage import Store
from museion.server.table.live import advance
from museion.server.table.seats import parse_seat_spec

CONFIG = ServerConfig(bot_workers=0, bot_delay=0)


def _run(coro):
    return asyncio.run(coro)


def test_a_move_whose_commit_fails_changes_nothing(tmp_path):
    async def scenario():
        store = Store(f"sqlite:///{tmp_path / 'm.db'}")
        manager = Manager(store, CONFIG)
        await manager.start()
        table, _, _ = await manager.lobby.create("tholos", {}, ["human", "human"], 0)
        before = table.state.history()
        action = table.state.legal_actions()[0]

        def broken(_batch):
            raise OSError("disk full")

        store.append_batch = broken
        with pytest.raises(TableError) as info:
            await manager.pipeline.play(table, 0, table.seq, action)
        assert info.value.code == "storage" and "nothing changed" in str(info.value)
        assert table.state.history() == before and len(table.log) == len(before)
        await manager.close()
        return table.id, before

    table_id, before = _run(scenario())

    async def reopened():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'm.db'}"), CONFIG)
        await manager.start()
        table = await manager.live.get(table_id)
        assert table.state.history() == before
        action = table.state.legal_actions()[0]
        await manager.pipeline.play(table, 0, table.seq, action)
        await manager.close()
        return table.state

    state = _run(reopened())
    again = Store(f"sqlite:///{tmp_path / 'm.db'}").load_table(table_id)
    assert again.actions == state.history()


def test_restart_replays_to_an_equal_state(tmp_path):
    async def scenario():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'r.db'}"), CONFIG)
        await manager.start()
        table, _, _ = await manager.lobby.create("imhotep", {"players": 3, "wrath": True}, ["human"] * 3, None)
        for _ in range(12):
            seat = table.state.current_player()
            await manager.pipeline.play(table, seat, table.seq, table.state.legal_actions()[-1])
        await manager.close()
        return table.id, table.state

    table_id, state = _run(scenario())

    async def reopened():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'r.db'}"), CONFIG)
        await manager.start()
        assert not manager.tables  # nothing is replayed at start: tables are loaded when asked for
        table = await manager.live.get(table_id)
        await manager.close()
        return table

    table = _run(reopened())
    assert table.state == state and table.state.history() == state.history()
    assert len(table.log) == state.move_number()


def test_seat_specs_and_public_chance():
    assert parse_seat_spec("human", 0, BotPolicy()).kind == "human"
    assert parse_seat_spec("bot:random", 1, BotPolicy()).bot == "random"
    assert parse_seat_spec({"kind": "bot", "bot": "random"}, 1, BotPolicy()).bot == "random"
    with pytest.raises(TableError, match="allowed: 'human' or 'bot:LEVEL'"):
        parse_seat_spec(3, 0, BotPolicy())
    state = museion.load("tholos", advanced=True).new_initial_state()
    steps = advance(state, [], chance=True)
    replay = state.game.new_initial_state()
    assert len(steps) == len(state.history()) > 0
    for step, action in zip(steps, state.history(), strict=True):  # ornaments are public: everyone sees them
        assert step.player is None
        assert step.notation(0) == step.notation(1) == step.notation(None) == replay.action_to_string(action)
        replay.apply_action(action)


def test_a_database_of_an_earlier_version_gains_the_new_columns_and_nothing_expires(tmp_path):
    import sqlite3

    from legacy_schema import before_migrations

    from museion.server.storage.rows import SeatRow, TableRow

    url = f"sqlite:///{tmp_path / 'old.db'}"
    Store(url).create_table(TableRow("t1", "tholos", {}, "running", 1.0, [SeatRow(0, "human"), SeatRow(1, "human")]))
    with sqlite3.connect(tmp_path / "old.db") as db:  # the schema before issue 12
        db.execute("DROP INDEX ix_tables_creator")
        db.execute("ALTER TABLE tables DROP COLUMN creator")
        db.execute("ALTER TABLE tables DROP COLUMN started")
        before_migrations(db)
    store = Store(url)
    assert store.load_table("t1").started == 1.0 and store.expire_open(10.0) == []
    assert store.lobby("open", 50, 0)[1] == 1
