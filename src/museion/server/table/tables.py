"""The live tables in memory, and what every room of the server shares: storage, the clock, the lobby version.

Tables are loaded lazily: when a client asks for one, its stored actions are replayed. Unfinished tables
nobody watches leave memory after ``config.idle_release`` seconds, finished ones at once; the lobby is read
from storage, so it never needs a table in memory."""

from __future__ import annotations

import dataclasses
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import museion
from museion.server.config import ServerConfig, short
from museion.server.edge.errors import TableError
from museion.server.edge.messages import ErrorMessage
from museion.server.storage.cluster import Cluster, Solo
from museion.server.storage.rows import TableRow, dumps
from museion.server.storage.storage import Store
from museion.server.storage.writer import BatchWriter
from museion.server.table.clocks import ClockSpec, ClockState
from museion.server.table.live import LiveTable, advance
from museion.server.table.seats import MAX_NOTICES

log = logging.getLogger("museion.server")


async def _nothing(_table: LiveTable) -> None:
    return None


async def _caught_up(_table_id: str) -> bool:
    return False


class Tables:
    """Every live table of one server by id, with the storage writer they share."""

    def __init__(self, store: Store, config: ServerConfig, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.config = config
        self.clock = clock
        """The monotonic clock of every time control (tests pass a fake one)."""
        self.writer = BatchWriter(store)
        self.tables: dict[str, LiveTable] = {}
        self.lobby_version = 0
        """Changes whenever a lobby list may have changed (tables created, seats taken or freed, games over)."""
        self.loaded: Callable[[LiveTable], Awaitable[None]] = _nothing
        """Called once a table is replayed into memory (set by the composition root: chance, then a bot's move)."""
        self.turn: Callable[[LiveTable], None] = lambda _table: None
        """Called whenever whose turn it is may have changed (set by the composition root: a bot's move)."""
        self.cluster: Solo | Cluster = Solo()
        """Which tables' bots and clocks this process runs: all (one process), or those it holds the lease of (a
        PostgreSQL site of several processes, cluster.py)."""
        self.catch_up: Callable[[str], Awaitable[bool]] = _caught_up
        """Read and apply what other processes committed to a table (set by the composition root, follow.py)."""

    def owns(self, table_id: str) -> bool:
        """Whether this process runs the table's bots and clocks."""
        return self.cluster.owns(table_id)

    async def claim(self, table: LiveTable) -> None:
        """Take the table's lease if it needs upkeep (a bot to move or a clock to run) and nobody else runs it."""
        if not table.over and (table.clock is not None or any(s.plays_bot for s in table.row.seats)):
            await self.cluster.claim([table.id])

    def live(self, row: TableRow) -> LiveTable:
        """The table of a stored row, replayed, its clock running again (paused while it was not in memory)."""
        state = museion.load(row.game, **row.options).new_initial_state()
        marks: list[list[Any]] = []
        table = LiveTable(row, state, advance(state, row.standing(), marks=marks), marks, len(row.actions),
                          now=self.clock)
        table.touched = table.flushed = row.touched or row.started or row.created
        table.absence = self.config.seat_absence
        spec = ClockSpec.from_json(row.clock)
        if spec.timed:
            table.clock = ClockState.restore(spec, len(row.seats), row.clock_state)
            table.run_clock(self.clock())
        return table

    async def get(self, table_id: str) -> LiveTable:
        """The live table (replayed from storage when it is not in memory); 404 for unknown or expired ones."""
        table = self.tables.get(table_id)
        if table is None:
            row = await self.writer.read(self.store.load_table, table_id)
            if row is None or row.status == "expired":
                raise TableError("not_found", f"no table {short(table_id)!r}", 404)
            table = self.tables.get(table_id)
            if table is None:
                try:
                    table = self.live(row)
                except Exception as exc:  # noqa: BLE001 - a broken record is reported, it does not stop the server
                    log.error("table %s cannot be replayed: %s", row.id, exc)
                    raise TableError("broken", "this table's record cannot be replayed", 410) from None
                self.tables[table_id] = table
                await self.loaded(table)
        table.used = time.monotonic()
        return table

    def release_if_idle(self, table: LiveTable) -> None:
        """Finished tables nobody watches leave memory (they are reloaded from the database when asked for)."""
        if table.over and not table.conns:
            self.tables.pop(table.id, None)

    def expired(self, table_ids: list[str], rule: str, message: str) -> None:
        """Tables marked expired in storage leave memory: their bots stop, their clients are told and closed with
        4410. Each is logged with the ``rule`` that expired it (the setting's name): no game ends unseen."""
        for table_id in table_ids:
            log.info("table %s expired by %s: %s", table_id, rule, message)
            table = self.tables.pop(table_id, None)
            if table is None:
                continue
            if table.bot_task:
                table.bot_task.cancel()
            said = dumps(ErrorMessage(code="expired", seq=table.seq, message=message).model_dump())
            for conn in list(table.conns):
                conn.put(said)
                conn.shut(4410, "expired")
        if table_ids:
            self.lobby_version += 1

    def run_clock(self, table: LiveTable) -> None:
        table.run_clock(self.clock())

    def seats_changed(self, table: LiveTable) -> None:
        """A seat changed hands: the lobby lists change, every client gets the full state."""
        self.lobby_version += 1
        table.broadcast(None)

    def copy_clock(self, table: LiveTable) -> ClockState | None:
        """A copy of the table's clock to change and store before it replaces the live one."""
        return None if table.clock is None else dataclasses.replace(table.clock, bank=list(table.clock.bank))

    async def store_event(self, table: LiveTable, clock: ClockState | None, key: str, seat: int,
                          seat_values: dict[str, Any], **args: Any) -> None:
        """Store a seat change with its notice in the table log (and the clock), before anything is published."""
        notice = {"n": table.seq, "key": key, "args": {"player": seat, **args}}
        notices = (table.row.notices + [notice])[-MAX_NOTICES:]
        values: dict[str, Any] = {"notices": notices}
        if clock is not None:
            values["clock_state"] = clock.stored(self.clock())
        await self.writer.call(self.store.update, table.id, values, {seat: seat_values})
        table.row.notices = notices
