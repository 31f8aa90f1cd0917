"""The accounts' event stream: stored events, one reader per server process, the open streams of its clients.

:func:`publish` stores an event for an account (one insert, any thread, any process). Each server process that
has a stream open reads every event stored since its last read once a ``POLL`` (sooner when this process
published one) and hands each to the account's open streams here: one read a second per process, however many
streams are open, and several processes on one PostgreSQL all see every event, as seeks and invitations reach
them (rows in the database). Events are kept ``KEEP`` seconds, so a stream that reconnects with
``Last-Event-ID`` gets what it missed meanwhile."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
import weakref
from collections.abc import Callable
from typing import Any

from sqlalchemy import Engine, delete, func, insert, select

from museion.server.stream.schema import stream_events_t

log = logging.getLogger("museion.stream")
POLL = 1.0
"""Seconds between two reads of new events while any stream is open."""
KEEP = 600.0
"""Seconds an event is kept for a stream that reconnects."""
BATCH = 500
"""Events read at most at once."""
CLEAN_EVERY = 60.0
QUEUE = 100
"""Events one stream may have waiting to be sent; a stream that lags more is ended (it reconnects and resumes)."""
_HUBS: weakref.WeakSet[Hub] = weakref.WeakSet()


def publish(engine: Engine, account_id: int, event: dict[str, Any]) -> int:
    """Store ``event`` (a JSON object with a ``type``: docs/bot-api.md "The stream") for the account's streams on
    every server process; its id. Synchronous (one insert): call it from a thread (``asyncio.to_thread``) or a
    writer. Events of one account reach it in the order they were published."""
    assert isinstance(event.get("type"), str), "an event has a type"
    with engine.begin() as conn:
        key = conn.execute(insert(stream_events_t).values(account_id=account_id, created=time.time(),
                                                          event=event)).inserted_primary_key
    for hub in list(_HUBS):
        hub.wake()
    assert key is not None
    return int(key[0])


def since(engine: Engine, last: int, account_id: int | None = None) -> list[tuple[int, int, dict[str, Any]]]:
    """Events stored after id ``last`` (of one account, or of all): (id, account, event), oldest first."""
    query = select(stream_events_t.c.id, stream_events_t.c.account_id, stream_events_t.c.event).where(
        stream_events_t.c.id > last)
    if account_id is not None:
        query = query.where(stream_events_t.c.account_id == account_id,
                            stream_events_t.c.created > time.time() - KEEP)
    with engine.connect() as conn:
        return [(r.id, r.account_id, r.event) for r in conn.execute(query.order_by(stream_events_t.c.id)
                                                                    .limit(BATCH))]


def newest(engine: Engine) -> int:
    with engine.connect() as conn:
        return int(conn.execute(select(func.max(stream_events_t.c.id))).scalar() or 0)


def clean(engine: Engine) -> None:
    with engine.begin() as conn:
        conn.execute(delete(stream_events_t).where(stream_events_t.c.created < time.time() - KEEP))


class Hub:
    """The open streams of one server process and the task that reads new events for them."""

    def __init__(self, engine: Callable[[], Engine]) -> None:
        self.engine = engine
        self.streams: dict[int, set[asyncio.Queue[tuple[int, dict[str, Any]] | None]]] = {}
        self.task: asyncio.Task[None] | None = None
        self.last = -1
        self.cleaned = 0.0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.woken: asyncio.Event | None = None
        _HUBS.add(self)

    def wake(self) -> None:
        """An event was published in this process: read it now rather than at the next poll."""
        if self.loop is not None and self.woken is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed
                self.loop.call_soon_threadsafe(self.woken.set)

    def count(self, account_id: int) -> int:
        return len(self.streams.get(account_id, ()))

    async def open(self, account_id: int) -> asyncio.Queue[tuple[int, dict[str, Any]] | None]:
        """A queue that receives the account's events from now on (``close`` it when done)."""
        queue: asyncio.Queue[tuple[int, dict[str, Any]] | None] = asyncio.Queue(QUEUE)
        if self.task is None or self.task.done():
            self.loop, self.woken = asyncio.get_running_loop(), asyncio.Event()
            self.last = await asyncio.to_thread(newest, self.engine())
            self.task = asyncio.get_running_loop().create_task(self._run())
        self.streams.setdefault(account_id, set()).add(queue)
        return queue

    def close(self, account_id: int, queue: asyncio.Queue[tuple[int, dict[str, Any]] | None]) -> None:
        held = self.streams.get(account_id)
        if held is not None:
            held.discard(queue)
            if not held:
                del self.streams[account_id]

    async def _run(self) -> None:
        assert self.woken is not None
        while self.streams:
            try:
                await self._read()
            except Exception:  # the database went away: read again next round
                log.warning("reading stream events failed", exc_info=True)
            with contextlib.suppress(TimeoutError):
                async with asyncio.timeout(POLL):
                    await self.woken.wait()
            self.woken.clear()

    async def _read(self) -> None:
        engine = self.engine()
        for event_id, account_id, event in await asyncio.to_thread(since, engine, self.last):
            self.last = max(self.last, event_id)
            for queue in list(self.streams.get(account_id, ())):
                try:
                    queue.put_nowait((event_id, event))
                except asyncio.QueueFull:  # a stream that lags: end it (its client resumes with Last-Event-ID)
                    self._end(queue)
        if time.monotonic() - self.cleaned > CLEAN_EVERY:
            self.cleaned = time.monotonic()
            await asyncio.to_thread(clean, engine)

    @staticmethod
    def _end(queue: asyncio.Queue[tuple[int, dict[str, Any]] | None]) -> None:
        with contextlib.suppress(asyncio.QueueEmpty):
            queue.get_nowait()
        queue.put_nowait(None)
