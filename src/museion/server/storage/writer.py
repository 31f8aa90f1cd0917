"""Group commit: every move awaits its own commit, and the moves that arrive while a commit is in progress are
committed together in the next one (``docs/web.md``, hostile-load benchmark). Reads and other writes run on threads
of their own, so the event loop never waits for the database."""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from museion.server.ops.metrics import ACTIONS, COMMITS, STORAGE_ERRORS
from museion.server.storage.engine import WRITERS
from museion.server.storage.rows import Append, Conflict
from museion.server.storage.storage import Store


@dataclass
class _Job:
    """Another write for the move thread (SQLite: one writer at a time)."""

    fn: Any
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


_STOP = object()


class BatchWriter:
    """Group commit: ``await writer.append(...)`` returns once the move is committed.

    Writer threads take moves straight from a thread-safe queue: a writer that is free starts a commit at once
    (no turn of the event loop in between) with every move that is waiting, and hands the results back to the
    loop in one callback. SQLite has one writer thread, which also runs the other writes (a second writer would
    only wait in SQLite's busy handler). PostgreSQL has ``WRITERS``, so a move need not wait for the commit in
    flight, and its other writes (tables created, seats taken, expiry: transactions of several statements) run
    on a thread of their own, so they never hold up a move."""

    MAX_BATCH = 256
    """Moves per commit at most: a statement stays far below the databases' limits on bound parameters."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sqlite = store.url.startswith("sqlite")
        self.pending: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.writers = [threading.Thread(target=self._write, name=f"museion-db-{i}", daemon=True)
                        for i in range(1 if self.sqlite else WRITERS)]
        self.tables = None if self.sqlite else ThreadPoolExecutor(1, thread_name_prefix="museion-db-tables")
        self.readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="museion-db-read")
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        for thread in self.writers:
            thread.start()

    async def append(self, item: Append) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.put((item, future))
        await future

    async def call(self, fn: Any, *args: Any) -> Any:
        """Run any other storage write (with SQLite on the move thread: one writer)."""
        if self.tables is not None:
            return await asyncio.get_running_loop().run_in_executor(self.tables, fn, *args)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.put(_Job(fn, args, future))
        return await future

    async def read(self, fn: Any, *args: Any) -> Any:
        """Run a read-only storage call on a reader thread, so that the lobby never waits for commits."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)
        except Exception:
            STORAGE_ERRORS.labels("read").inc()
            raise

    def _write(self) -> None:
        """A writer thread: a job alone, or every waiting move (up to ``MAX_BATCH``) in one commit."""
        carry = None
        while True:
            item: Any = carry if carry is not None else self.pending.get()
            carry = None
            if item is _STOP:
                return
            if isinstance(item, _Job):
                self._settle([item.future], *self._attempt(item.fn, *item.args))
                continue
            moves: list[tuple[Append, asyncio.Future[None]]] = [item]
            while len(moves) < self.MAX_BATCH:
                try:
                    item = self.pending.get_nowait()
                except queue.Empty:
                    break
                if isinstance(item, _Job) or item is _STOP:
                    carry = item
                    break
                moves.append(item)
            stored, error = self._attempt(self.store.append_batch, [move for move, _ in moves])
            if error is not None:
                self._settle([future for _, future in moves], None, error)
                continue
            COMMITS.inc()
            ACTIONS.inc(sum(len(move.actions) for (move, _), ok in zip(moves, stored, strict=True) if ok))
            self._settle([future for (_, future), ok in zip(moves, stored, strict=True) if ok], None, None)
            self._settle([future for (_, future), ok in zip(moves, stored, strict=True) if not ok], None,
                         Conflict("another server process stored a move of this table at this sequence number first"))

    @staticmethod
    def _attempt(fn: Any, *args: Any) -> tuple[Any, BaseException | None]:
        try:
            return fn(*args), None
        except Exception as exc:  # noqa: BLE001 - handed to every waiting caller: nothing of theirs was stored
            STORAGE_ERRORS.labels("write").inc()
            return None, exc

    def _settle(self, futures: list[asyncio.Future[Any]], result: Any, error: BaseException | None) -> None:
        def settle() -> None:
            for future in futures:
                if future.done():  # the caller went away; what it asked for is stored all the same
                    continue
                if error is None:
                    future.set_result(result)
                else:
                    future.set_exception(error)

        assert self.loop is not None
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            self.loop.call_soon_threadsafe(settle)

    async def close(self) -> None:
        for _ in self.writers:
            self.pending.put(_STOP)
        for thread in self.writers:
            if thread.is_alive():
                await asyncio.to_thread(thread.join)
        for pool in (self.tables, self.readers):
            if pool is not None:
                pool.shutdown(wait=True)
