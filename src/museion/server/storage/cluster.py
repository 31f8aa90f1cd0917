"""Many server processes, one site: what they share through PostgreSQL (docs/operations.md, "Many processes").

Every process holds the tables its clients asked for in memory and validates moves there. Three things make
them one site:

* **A move is committed once: the database decides.** Actions are rows keyed by (table, sequence number). Two
  processes that accept a move at the same sequence number both insert that row; the primary key lets one
  commit and refuses the other (``rows.Conflict``), whose table then catches up and answers ``stale``. No
  lock is taken and no round trip added: the insert that stores a move is the check.
* **Everyone sees it at once.** Every write names its tables on the ``storage.CHANNEL`` notification channel in
  the same statement or transaction (PostgreSQL delivers it when it commits, and only then). :class:`Listener`
  holds one connection per process with ``LISTEN``; a process that holds a named table reads what it lacks
  (``Store.load_since``) and sends its clients the new state. After a lost connection it catches up every
  table it holds, since notifications sent meanwhile are gone.
* **Bots and clocks run once per table: a lease.** A table that needs upkeep (a bot to move, a clock to run) has
  a row in ``leases``: its owner process and an expiry on the database's clock. Only the owner runs its bots and
  clocks; it renews all its leases in one statement every ``RENEW`` seconds. When a process dies, its leases
  expire after ``LEASE`` seconds and any other process takes them over (:meth:`Leases.claim_orphans`). A process
  acts for a lease only until ``LEASE - MARGIN`` seconds after its last successful renewal (its own clock), so
  two processes never both believe they own one. Even then a bot move is an ordinary move: the primary key
  still admits one move per sequence number.

SQLite stays one process (``museion serve --workers N`` refuses it), where :class:`Solo` owns every table.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import make_url

from museion.server.ops.processes import APPLICATION
from museion.server.storage.rows import CHANNEL
from museion.server.storage.storage import Store

log = logging.getLogger("museion.server")
LEASE = 10.0
"""Seconds a lease lasts without renewal: how long a dead process's bots and clocks wait for a new owner."""
RENEW = 2.5
"""Seconds between two renewals of every lease a process holds (and its look for orphaned tables)."""
MARGIN = 2.0
"""Seconds before its lease's expiry at which a process stops acting for it (clock skew and a slow renewal)."""
ORPHANS = 50
"""Tables whose lease expired that one process takes over per look (the rest at the next one or by others)."""

NOW = "extract(epoch from clock_timestamp())"
CLAIM = text(f"""
INSERT INTO leases (table_id, owner, until) SELECT id, :owner, {NOW} + :lease FROM unnest(CAST(:ids AS text[])) AS id
ON CONFLICT (table_id) DO UPDATE SET owner = excluded.owner, until = excluded.until
WHERE leases.owner = excluded.owner OR leases.until < {NOW}
RETURNING table_id""")
RENEW_ALL = text(f"UPDATE leases SET until = {NOW} + :lease WHERE owner = :owner RETURNING table_id")
RELEASE = text("DELETE FROM leases WHERE owner = :owner AND table_id = ANY(CAST(:ids AS text[]))")
ORPHANED = text(f"""
SELECT l.table_id FROM leases l JOIN tables t ON t.id = l.table_id
WHERE l.until < {NOW} AND t.status = 'running' ORDER BY l.until LIMIT :n""")
GONE = text("DELETE FROM leases l USING tables t WHERE t.id = l.table_id AND t.status <> 'running'")


def process_name() -> str:
    """This process among all of the site's: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()[:40]}:{os.getpid()}:{secrets.token_hex(3)}"


class Solo:
    """One process (SQLite, or PostgreSQL with one process): it owns every table and hears nothing."""

    name = ""

    def owns(self, _table_id: str) -> bool:
        return True

    async def claim(self, ids: Iterable[str]) -> set[str]:
        return set(ids)

    async def release(self, _ids: Iterable[str]) -> None:
        return None

    async def start(self, _on_change: Callable[..., Awaitable[None]],
                    _on_orphans: Callable[[list[str]], Awaitable[None]]) -> None:
        return None

    async def close(self) -> None:
        return None


class Cluster:
    """One process of a PostgreSQL site: its leases and its listener (see the module docstring)."""

    def __init__(self, store: Store, name: str) -> None:
        self.store = store
        self.name = name
        self.held: dict[str, float] = {}
        """Leases held: table id -> the monotonic time until which this process acts for it."""
        self.tasks: list[asyncio.Task[None]] = []
        self.listener: Listener | None = None

    def owns(self, table_id: str) -> bool:
        return self.held.get(table_id, 0.0) > time.monotonic()

    async def claim(self, ids: Iterable[str]) -> set[str]:
        """Take the leases of ``ids`` that are free, expired or already ours; the ones now held."""
        wanted = list(ids)
        if not wanted:
            return set()
        sent = time.monotonic()
        got = await asyncio.to_thread(self._run, CLAIM, owner=self.name, lease=LEASE, ids=wanted)
        for table_id in wanted:
            if table_id in got:
                self.held[table_id] = sent + LEASE - MARGIN
            else:
                self.held.pop(table_id, None)  # another process holds it
        return set(got)

    async def release(self, ids: Iterable[str]) -> None:
        """Give up leases (a finished table; a draining process, so that others take over at once)."""
        gone = [i for i in ids if self.held.pop(i, None) is not None]
        if gone:
            await asyncio.to_thread(self._run, RELEASE, owner=self.name, ids=gone, rows=False)

    def _run(self, query: Any, rows: bool = True, **params: Any) -> list[str]:
        with self.store.engine.begin() as conn:
            result = conn.execute(query, params)
            return [r[0] for r in result] if rows else []

    async def start(self, on_change: Callable[..., Awaitable[None]],
                    on_orphans: Callable[[list[str]], Awaitable[None]]) -> None:
        """Listen for other processes' changes (``on_change(table id or None for all, row changed)``) and keep the
        leases: renew ours, hand expired ones to ``on_orphans`` (which loads those tables and claims them)."""
        self.listener = Listener(self.store.url, self.name, on_change)
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(self.listener.run()), loop.create_task(self._keep(on_orphans))]
        await self.listener.ready.wait()

    async def _keep(self, on_orphans: Callable[[list[str]], Awaitable[None]]) -> None:
        while True:
            await asyncio.sleep(RENEW)
            try:
                sent = time.monotonic()
                kept = set(await asyncio.to_thread(self._run, RENEW_ALL, owner=self.name, lease=LEASE))
                self.held = {t: sent + LEASE - MARGIN for t in kept}
                await asyncio.to_thread(self._run, GONE, rows=False)
                orphans = await asyncio.to_thread(self._run, ORPHANED, n=ORPHANS)
                if orphans:
                    await on_orphans(orphans)
            except Exception as exc:  # noqa: BLE001 - the database may be away a moment; leases lapse meanwhile
                log.warning("lease upkeep failed: %s", exc)

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        if self.tasks:
            await asyncio.wait(self.tasks, timeout=2.0)
        try:
            await self.release(list(self.held))
        except Exception as exc:  # noqa: BLE001 - they expire by themselves
            log.warning("releasing leases failed: %s", exc)


class Listener:
    """``LISTEN`` on one psycopg connection; each notification of another process becomes ``on_change`` calls."""

    def __init__(self, url: str, name: str, on_change: Callable[..., Awaitable[None]]) -> None:
        self.dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        self.name = name
        self.on_change = on_change
        self.ready = asyncio.Event()
        self.heard = 0

    async def run(self) -> None:
        import psycopg

        while True:
            try:
                async with await psycopg.AsyncConnection.connect(self.dsn, autocommit=True,
                                                                 application_name=APPLICATION) as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    if self.ready.is_set():
                        await self.on_change(None, True)  # reconnected: what was sent meanwhile is lost
                    self.ready.set()
                    async for note in conn.notifies():
                        await self._heard(note.payload)
            except (psycopg.Error, OSError) as exc:
                log.warning("listening for other server processes failed (%s); again in a second", exc)
                self.ready.set()
                await asyncio.sleep(1.0)

    async def _heard(self, payload: str) -> None:
        origin, _, rest = payload.partition(" ")
        if origin == self.name:
            return
        self.heard += 1
        for token in rest.split():
            await self.on_change(*parse(token))


def parse(token: str) -> tuple[str, bool, tuple[int, list[int]] | None]:
    """A notification's token (``storage._announced``): the table, whether its lobby entry changed, and the
    actions it carries (start, actions) if any."""
    if token.endswith("!"):
        return token[:-1], True, None
    table_id, _, rest = token.partition(":")
    if not rest:
        return table_id, False, None
    start, _, actions = rest.partition(":")
    return table_id, False, (int(start), [int(a) for a in actions.split(".") if a])
