"""A table in this process's memory follows what other processes of the site commit (cluster.py).

When another process stores a move, a seat change or a clock event of a table held here, its notification makes
this process read what it lacks — the table's row and seats, and its actions from the sequence number it is at
(``Store.load_since``) — and apply it: the actions are replayed (the chance outcomes among them were drawn by
the process that committed them), the row replaces the one in memory, the clock is restored from the stored
clock state, and the clients here get the new state like after a move of their own.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import time
from typing import Any

from museion.server.ops.metrics import FOLLOWED
from museion.server.storage.rows import TAKEBACK, TableRow, standing
from museion.server.table.clocks import ClockSpec, ClockState
from museion.server.table.live import LiveTable, advance
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")


def apply(table: LiveTable, row: TableRow, now: float) -> bool:
    """Bring ``table`` up to ``row`` (its actions rows from ``table.stored`` on) and tell its clients; whether
    anything changed. Rows that take a move back (undo) replay the table from its start: the log and the board's
    marks lose the moves taken back. The caller holds ``table.lock``, or calls this between two awaits."""
    start = table.seq
    moved = bool(row.actions)
    changed = _row_changed(table.row, row)
    if not moved and not changed:
        return False
    rebuilt = TAKEBACK in row.actions
    if rebuilt:
        state = table.state.game.new_initial_state()
        marks: list[list[Any]] = []
        table.log[:] = advance(state, standing(table.state.history() + row.actions), marks=marks)
        table.marks[:] = marks
        table.state = state
    elif moved:
        state = table.state.clone()
        marks = []
        table.log.extend(advance(state, standing(row.actions), marks=marks))  # an ENDED row is no move
        table.marks.extend(marks)
        table.state = state
    if moved:  # the seat to move waits from now (the process that stored the move stores when: not flushed here)
        table.touched = table.flushed = time.time()
    table.stored += len(row.actions)
    table.row = dataclasses.replace(row, actions=[])
    spec = ClockSpec.from_json(row.clock)
    if spec.timed:
        table.clock = ClockState.restore(spec, len(row.seats), row.clock_state)
        table.run_clock(now)
    table.broadcast(start if moved and not changed and not rebuilt else None)
    return True


def _row_changed(old: TableRow, new: TableRow) -> bool:
    """Whether the seats, the notices or the start changed: what a state update after a move does not carry (the
    clock, the status and the results it does)."""
    return (old.seats, old.notices, old.started) != (new.seats, new.notices, new.started)


class Follower:
    """Catches up the live tables that other processes changed: one read per table at a time (a table named again
    meanwhile is read once more after it)."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.running: set[str] = set()
        self.again: set[str] = set()
        self.tasks: set[asyncio.Task[None]] = set()

    async def heard(self, table_id: str | None, row_changed: bool,
                    actions: tuple[int, list[int]] | None = None) -> None:
        """A notification: ``table_id`` changed (``None``: anything may have, after a lost connection); with the
        ``actions`` stored from a sequence number on, a table at that number applies them without a read."""
        live = self.tables
        if row_changed:
            live.lobby_version += 1
        table = live.tables.get(table_id) if table_id is not None else None
        if table is not None and actions is not None and table_id not in self.running and not table.lock.locked():
            start, added = actions
            if start == table.stored:  # the usual case: apply what the notification carries, no read
                apply(table, dataclasses.replace(table.row, actions=added), live.clock())
                FOLLOWED.labels("carried").inc()
                live.turn(table)
                live.release_if_idle(table)
                return
        for name in list(live.tables) if table_id is None else [table_id]:
            if name not in live.tables:
                continue
            if name in self.running:
                self.again.add(name)
                continue
            self.running.add(name)
            task = asyncio.get_running_loop().create_task(self._follow(name))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

    async def _follow(self, table_id: str) -> None:
        try:
            while True:
                self.again.discard(table_id)
                await self.catch_up(table_id)
                if table_id not in self.again:
                    return
        except Exception as exc:  # noqa: BLE001 - the next notification or a client's resync tries again
            log.warning("catching up table %s failed: %s", table_id, exc)
        finally:
            self.running.discard(table_id)

    async def catch_up(self, table_id: str) -> bool:
        """Read what ``table_id`` lacks and apply it (then its bot moves here if this process runs its bots)."""
        live = self.tables
        table = live.tables.get(table_id)
        if table is None:
            return False
        async with table.lock:
            row = await live.writer.read(live.store.load_since, table_id, table.stored)
            FOLLOWED.labels("read").inc()
            if row is None or not apply(table, row, live.clock()):
                return False
        live.turn(table)
        live.release_if_idle(table)
        return True
