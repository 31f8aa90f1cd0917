"""The composition root of the live server: the rooms (lobby and seats, the move pipeline) and the services
(bot moves, hints, analysis, clocks) wired around the live tables they share, and the upkeep that runs beside
them. The application (``app.py``) holds this one object, and every caller asks its rooms themselves
(``manager.lobby.create``, ``manager.live.get``, ``manager.pipeline.play``); docs/architecture.md draws the rooms."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import logging
import sys
import time
from collections.abc import Callable

from museion.server.chat.chat import Chat
from museion.server.config import ServerConfig
from museion.server.edge.connection import GOING_AWAY
from museion.server.edge.errors import TableError
from museion.server.edge.rates import Limits
from museion.server.lobby.lobby import Lobby
from museion.server.play.endings import Endings
from museion.server.play.follow import Follower
from museion.server.play.pipeline import Pipeline
from museion.server.play.takebacks import Takebacks
from museion.server.play.timekeeper import Timekeeper
from museion.server.ratings.store import changes_of
from museion.server.services import worker
from museion.server.services.analysis import Analysis
from museion.server.services.bot_moves import BotMoves
from museion.server.services.hints import Hints
from museion.server.storage.cluster import Cluster
from museion.server.storage.rows import Conflict
from museion.server.storage.storage import Store
from museion.server.table.live import LiveTable
from museion.server.table.tables import Tables

log = logging.getLogger("museion.server")
LIBC = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6") if sys.platform.startswith("linux") else None


class Manager:
    """All live tables of one server, its rooms, its services and its upkeep."""

    def __init__(self, store: Store, config: ServerConfig, pool: worker.BotPool | None = None,
                 clock: Callable[[], float] = time.monotonic, limits: Limits | None = None) -> None:
        self.config = config
        self.pool = pool
        self.live = Tables(store, config, clock)
        self.timekeeper = Timekeeper(self.live)
        self.pipeline = Pipeline(self.live, self.timekeeper)
        self.bots = BotMoves(self.live, pool, self.pipeline.play)
        self.lobby = Lobby(self.live, self.timekeeper)
        self.hints = Hints(self.live, pool)
        self.analyses = Analysis(self.live)
        self.chat = Chat(self.live, limits)
        self.limits = limits
        self.live.turn = self.bots.schedule
        self.live.loaded = self._loaded
        self.follower = Follower(self.live)
        self.live.catch_up = self.follower.catch_up
        # the storage and the tables in memory every room shares (the feature folders' routers read them)
        self.store, self.writer, self.tables = store, self.live.writer, self.live.tables
        self.sweeper: asyncio.Task[None] | None = None
        self.ticker: asyncio.Task[None] | None = None
        self.endings = Endings(self.live, self.timekeeper)
        self.takebacks = Takebacks(self.live, self.timekeeper)

    async def _loaded(self, table: LiveTable) -> None:
        if table.row.rated and table.over:  # its players are told their rating changes again
            table.rating_changes = await self.writer.read(changes_of, self.store.engine, table.id)
        await self.lobby.rate_seats(table)
        await self.live.claim(table)
        # a chance follow-up never stored: draw it (a game ended early rests at a player's turn: none)
        if table.state.is_chance_node() and not table.over and self.live.owns(table.id):
            with contextlib.suppress(Conflict):  # another process drew it meanwhile: its notification follows
                await self.pipeline.commit_chance(table)
        self.bots.schedule(table)

    async def _orphans(self, table_ids: list[str]) -> None:
        """Tables whose process stopped renewing their lease (it died): load them here, take their leases, and
        their bots and clocks go on."""
        for table_id in table_ids:
            with contextlib.suppress(TableError):
                table = await self.live.get(table_id)  # loaded now: claimed by ``_loaded``; held already: claimed here
                await self.live.claim(table)
                self.bots.schedule(table)

    async def start(self, tick: bool = True) -> None:
        """Start storage, bots and upkeep; load every unfinished table with a clock so that its clock runs again
        (paused while the server was down). ``tick``: run the clock loop (tests call :meth:`tick` themselves)."""
        self.writer.start()
        if self.pool is not None:
            await self.pool.start()
        self.sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())
        self.analyses.analyst.start()
        if self.store.notifies:  # PostgreSQL: other processes may serve the same site
            self.live.cluster = Cluster(self.store, self.store.origin)
            await self.live.cluster.start(self.follower.heard, self._orphans)
        for table_id in await self.writer.read(self.store.clocked_running):
            with contextlib.suppress(TableError):
                await self.live.get(table_id)
        if tick:
            self.ticker = asyncio.get_running_loop().create_task(self.timekeeper.tick_forever())

    async def going_away(self, timeout: float) -> None:
        """Close every client's socket with 1012 (service restart) as the server begins to stop, waiting at most
        ``timeout`` seconds for the close frames to leave (a client that reads nothing is dropped by its
        ``Conn``'s send deadline, or when the process ends)."""
        closing = [task for table in self.tables.values() for conn in list(table.conns)
                   if (task := conn.shut(*GOING_AWAY)) is not None]
        if closing:
            await asyncio.wait(closing, timeout=timeout)

    async def close(self) -> None:
        for task in (self.sweeper, self.ticker):
            if task:
                task.cancel()
        for table in self.tables.values():
            if table.bot_task:
                table.bot_task.cancel()
            for conn in table.conns:
                conn.close()
        if self.pool is not None:
            await self.pool.close()
        await self.analyses.analyst.close()
        await self.live.cluster.close()  # its leases released: other processes take its tables over at once
        await self.writer.close()
        await asyncio.to_thread(self._checkpoint)

    def _checkpoint(self) -> None:
        """The last write is in: SQLite's WAL goes into the main file (``Store.checkpoint``), logged."""
        try:
            done = self.store.checkpoint()
        except Exception as exc:  # noqa: BLE001 - the WAL stays whole; the next start reads it
            log.warning("stopping: the SQLite WAL was not checkpointed (%s); keep the -wal file with the database",
                        exc)
            return
        if done:
            log.info("stopping: SQLite WAL checkpointed into the main file and emptied")

    # -- upkeep ------------------------------------------------------------------------------------------
    async def _sweep_forever(self) -> None:
        period = max(0.5, min(10.0, self.config.open_table_ttl / 4, self.config.idle_release / 2,
                              self.config.idle_table_ttl / 4))
        while True:
            await asyncio.sleep(period)
            try:
                await self.sweep()
            except Exception as exc:  # noqa: BLE001 - storage may be briefly unavailable; try again next time
                log.warning("table upkeep failed: %s", exc)

    async def sweep(self) -> None:
        """Store when tables last moved; expire open tables nobody joined in time and running tables without a
        clock where nobody moved for ``idle_table_ttl``; let idle tables leave memory."""
        moved = [(t.id, t.touched) for t in self.tables.values() if t.touched > t.flushed]
        if moved:
            await self.writer.call(self.store.touch, moved)
            for table_id, when in moved:
                if table_id in self.tables:
                    self.tables[table_id].flushed = when
        now = time.time()
        expired = await self.writer.call(self.store.expire_open, now - self.config.open_table_ttl)
        self.live.expired(expired, "open_table_ttl", "nobody joined this table in time: it has expired")
        idle = await self.writer.call(self.store.expire_idle, now - self.config.idle_table_ttl)
        self.live.expired(idle, "idle_table_ttl",
                          f"nobody moved at this table for {self.config.idle_table_ttl:g} s: it has expired")
        if expired or idle:
            log.info("expired %d open tables and %d idle ones", len(expired), len(idle))
        idle_since = time.monotonic() - self.config.idle_release
        for table in list(self.tables.values()):
            busy = table.conns or table.lock.locked() or (table.bot_task and not table.bot_task.done())
            busy = busy or (table.clock is not None and not table.over  # its clock must run here
                            and self.live.owns(table.id))
            if not busy and table.used < idle_since:
                self.tables.pop(table.id, None)
        if self.limits is not None:
            self.limits.sweep()
        release_free_memory()


def release_free_memory() -> None:
    """Give the C allocator's free pages back to the system (glibc keeps them after a burst of clients, so the
    process would stay at its peak size); elsewhere nothing."""
    with contextlib.suppress(Exception):
        if LIBC is not None:
            LIBC.malloc_trim(0)
