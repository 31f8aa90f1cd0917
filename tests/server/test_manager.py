"""The table manager in-process (real SQLite file, no HTTP): a failed commit changes nothing; a restart replays
the stored actions into the same state; secret chance outcomes are masked only where something is hidden."""

from __future__ import annotations

import asyncio

import pytest

import museion
from museion.server.storage import Store
from museion.server.tables import Manager, TableError, advance, parse_seat_spec


def _run(coro):
    return asyncio.run(coro)


def test_a_move_whose_commit_fails_changes_nothing(tmp_path):
    async def scenario():
        store = Store(f"sqlite:///{tmp_path / 'm.db'}")
        manager = Manager(store, None, bot_delay=0)
        await manager.start()
        table, _ = await manager.create("tholos", {}, ["human", "human"], 0)
        before = table.state.history()
        action = table.state.legal_actions()[0]

        def broken(_batch):
            raise OSError("disk full")

        store.append_batch = broken
        with pytest.raises(TableError) as info:
            await manager.play(table, 0, table.seq, action)
        assert info.value.code == "storage" and "nothing changed" in str(info.value)
        assert table.state.history() == before and len(table.log) == len(before)
        await manager.close()
        return table.id, before

    table_id, before = _run(scenario())

    async def reopened():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'm.db'}"), None, bot_delay=0)
        await manager.start()
        table = await manager.get(table_id)
        assert table.state.history() == before
        action = table.state.legal_actions()[0]
        await manager.play(table, 0, table.seq, action)
        await manager.close()
        return table.state

    state = _run(reopened())
    again = Store(f"sqlite:///{tmp_path / 'm.db'}").load_table(table_id)
    assert again.actions == state.history()


def test_restart_replays_to_an_equal_state(tmp_path):
    async def scenario():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'r.db'}"), None, bot_delay=0)
        await manager.start()
        table, _ = await manager.create("imhotep", {"players": 3, "wrath": True}, ["human"] * 3, None)
        for _ in range(12):
            seat = table.state.current_player()
            await manager.play(table, seat, table.seq, table.state.legal_actions()[-1])
        await manager.close()
        return table.id, table.state

    table_id, state = _run(scenario())

    async def reopened():
        manager = Manager(Store(f"sqlite:///{tmp_path / 'r.db'}"), None, bot_delay=0)
        await manager.start()
        table = manager.tables[table_id]
        await manager.close()
        return table

    table = _run(reopened())
    assert table.state == state and table.state.history() == state.history()
    assert len(table.log) == state.move_number()


def test_seat_specs_and_public_chance():
    assert parse_seat_spec("human", 0).kind == "human"
    assert parse_seat_spec("bot:random", 1).bot == "random"
    assert parse_seat_spec({"kind": "bot", "bot": "random"}, 1).bot == "random"
    with pytest.raises(TableError, match="allowed: 'human' or 'bot:NAME'"):
        parse_seat_spec(3, 0)
    state = museion.load("tholos", advanced=True).new_initial_state()
    steps = advance(state, [], chance=True)
    replay = state.game.new_initial_state()
    assert len(steps) == len(state.history()) > 0
    for step, action in zip(steps, state.history(), strict=True):  # ornaments are public: everyone sees them
        assert step.player is None
        assert step.notation(0) == step.notation(1) == step.notation(None) == replay.action_to_string(action)
        replay.apply_action(action)
