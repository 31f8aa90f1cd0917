"""One WebSocket client's outbound side: a bounded, coalescing outbox and the task that empties it.

A client that does not read must cost the server a bounded amount of memory. State changes coalesce: a full state
is not a text in the queue but a marker, rendered from the table's current state when it is about to be sent, so
any number of resyncs or missed updates cost one message; a full state replaces every state update queued
before it. Replies to the client's own messages (errors, pongs) hold back its reading: while half the outbox is
waiting, the server reads nothing more from that client (:meth:`Conn.room`), so TCP makes the client wait. A
client whose socket takes longer than ``send_timeout`` to accept one message, or that still has more than
``limit`` messages waiting, is closed with code 1008 and the reason ``slow_consumer``; one that sends more
messages than its budget is closed at once (:meth:`Conn.end`, the reader's decision).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("museion.server")
FULL = object()
"""Outbox marker: the full current state, rendered when sent."""

class _State(str):
    """A state update in the outbox (superseded by a full state)."""


SLOW = (1008, "slow_consumer: the client read too little of what was sent")
GOING_AWAY = (1012, "service_restart: this server process is stopping; connect again (to another one)")
"""The close of a draining server (SIGTERM): 1012 says "service restart", so a client reconnects, and a load
balancer sends it to a process that is still serving (docs/operations.md)."""


class Flag:
    """``asyncio.Event``'s ``set``, ``clear``, ``is_set`` and ``wait`` without its waiters' deque, made when a task
    first waits: every open WebSocket has three of them (two here, one in uvicorn's protocol), and an
    ``asyncio.Event`` costs 760 bytes before anyone waits (issue 24: memory per idle socket)."""

    __slots__ = ("_set", "_waiters")

    def __init__(self, is_set: bool = False) -> None:
        self._set = is_set
        self._waiters: list[asyncio.Future[None]] | None = None

    def is_set(self) -> bool:
        return self._set

    def set(self) -> None:
        self._set = True
        waiters, self._waiters = self._waiters, None
        for waiter in waiters or ():
            if not waiter.done():
                waiter.set_result(None)

    def clear(self) -> None:
        self._set = False

    async def wait(self) -> None:
        if self._set:
            return
        waiter = asyncio.get_running_loop().create_future()
        if self._waiters is None:
            self._waiters = []
        self._waiters.append(waiter)
        try:
            await waiter
        finally:
            if self._waiters is not None and waiter in self._waiters:
                self._waiters.remove(waiter)


class Conn:
    """One client: its seat (``None`` = spectator), its language, the last sequence number queued for it and its
    outbox."""

    def __init__(self, send: Callable[[str], Awaitable[None]], seat: int | None,
                 close: Callable[[int, str], Awaitable[None]], limit: int = 64, send_timeout: float = 20.0,
                 abort: Callable[[], None] | None = None, lang: str = "en") -> None:
        self.send = send
        self.seat = seat
        self.lang = lang
        """The language of the texts built for this client (``museion.core.i18n``), from its hello."""
        self.seq = -1
        self.render: Callable[[Conn], str] | None = None
        """Set by the table: the full state for this client (also sets ``seq``)."""
        self.limit = limit
        self.send_timeout = send_timeout
        self._close = close
        self._abort = abort
        self.outbox: list[object] = []  # at most ``limit``: a list, not a deque (a deque is 760 bytes when empty)
        self.states = 0  # state updates in the outbox
        self.last_full = float("-inf")  # when the last full state was rendered
        self.full_due = 0.0  # monotonic time before which the pending full state waits
        self.closing = False
        self._ready = Flag()
        self._drained = Flag()
        self.task: asyncio.Task[None] | None = asyncio.get_running_loop().create_task(self._pump())
        self.task.add_done_callback(self._finished)

    # -- queueing ------------------------------------------------------------------------------------------
    @property
    def full_pending(self) -> bool:
        return FULL in self.outbox

    @property
    def lagging(self) -> bool:
        """Whether state updates pile up: the next one should be a full state instead."""
        return self.states >= self.limit // 2

    def put(self, text: str, *, coalesce: bool = False) -> None:
        """Queue a message; with ``coalesce`` nothing is added when an equal one is still waiting (pongs)."""
        if self.closing or (coalesce and text in self.outbox):
            return
        if len(self.outbox) >= self.limit:
            self.shut(*SLOW)
            return
        self.outbox.append(text)
        self._ready.set()

    def put_state(self, text: str) -> None:
        """Queue a state update (the log continues from what was queued before)."""
        self.states += 1
        self.put(_State(text))

    def want_full(self, spacing: float = 0.0) -> None:
        """Queue the full current state, dropping every state update queued before (they are all in it).
        ``spacing``: not sooner than this many seconds after the last full state (a client's resyncs: however
        many it sends, it gets at most one full state per ``spacing``)."""
        due = max(time.monotonic(), self.last_full + spacing) if spacing else 0.0
        if self.full_pending:
            self.full_due = min(self.full_due, due)
            return
        if self.closing:
            return
        self.full_due = due
        if self.states:
            kept = [m for m in self.outbox if not isinstance(m, _State)]
            self.outbox.clear()
            self.outbox.extend(kept)
            self.states = 0
        self.outbox.append(FULL)
        self._ready.set()

    async def room(self) -> None:
        """Wait until fewer than half the outbox's messages are waiting (the reader calls it before reading)."""
        while len(self.outbox) >= self.limit // 2 and not self.closing:
            self._drained.clear()
            await self._drained.wait()

    # -- sending -------------------------------------------------------------------------------------------
    async def _pump(self) -> None:
        while True:
            if not self.outbox:
                self._ready.clear()
                await self._ready.wait()
                continue
            if self.outbox[0] is FULL and self.full_due > time.monotonic():
                await asyncio.sleep(self.full_due - time.monotonic())
                continue
            item = self.outbox.pop(0)
            if item is FULL:
                assert self.render is not None
                self.last_full = time.monotonic()
                text = self.render(self)
            else:
                assert isinstance(item, str)
                text = item
                if isinstance(text, _State):
                    self.states -= 1
            try:
                # not ``asyncio.wait_for``: in 3.11 it swallows a cancellation that meets a send just completed, and
                # the pump of a closed client then waits forever, in a reference cycle with the client
                async with asyncio.timeout(self.send_timeout):
                    await self.send(text)
            except TimeoutError:
                self.shut(*SLOW)
                return
            except Exception:  # noqa: BLE001 - a closed socket: the reader side unregisters the client
                return
            del item, text  # not kept while the pump waits: a whole state per idle spectator (issue 24)
            self._drained.set()

    def shut(self, code: int, reason: str) -> asyncio.Task[None] | None:
        """Close the socket with ``code`` and ``reason`` (once; the task that closes it, ``None`` if it was already
        closing); the reader side then unregisters the client."""
        if self._closing(reason, quiet=code == GOING_AWAY[0]):
            return asyncio.get_running_loop().create_task(self._shut(code, reason))
        return None

    async def end(self, code: int, reason: str, grace: float = 1.0) -> None:
        """Close the socket now (the reader calls it and then returns): the close frame gets ``grace`` seconds to
        leave and the client as long to answer it, then the TCP connection is dropped. For a client that
        floods: it reads nothing, so it would never answer, and until dropped its frames are still parsed."""
        if self._closing(reason):
            await self._shut(code, reason, grace)

    def _closing(self, reason: str, quiet: bool = False) -> bool:
        """Stop sending (once: ``False`` if already closing)."""
        if self.closing:
            return False
        self.closing = True
        self.outbox.clear()
        self.states = 0
        self._drained.set()
        if not quiet:
            log.info("closing a client: %s", reason.split(":")[0])
        return True

    async def _shut(self, code: int, reason: str, grace: float | None = None) -> None:
        """The close frame waits behind what the client did not read; if it cannot leave in time (``grace``, or
        ``send_timeout``), the TCP connection is dropped (a graceful close would keep the socket and its buffers
        for as long as the client keeps it open). With ``grace`` it is dropped that long after the frame left."""
        try:
            async with asyncio.timeout(self.send_timeout if grace is None else grace):  # not wait_for (above)
                await self._close(code, reason)
        except Exception:  # noqa: BLE001 - timeout or an already broken socket: drop the connection
            self._drop()
            return
        if grace is not None:
            asyncio.get_running_loop().call_later(grace, self._drop)

    def _drop(self) -> None:
        if self._abort is not None:
            with contextlib.suppress(Exception):
                self._abort()

    def close(self) -> None:
        """Stop sending and let go of the table (``render``): a closed client must be freed by reference counting
        the moment its socket is gone. Left in a reference cycle, a client and the table it rendered (a whole
        game's log) wait for the collector's full pass, which stops the event loop for as long as freeing them
        takes (100-230 ms per pass under the hostile-load benchmark)."""
        self.render = None
        if self.task is not None:
            self.task.cancel()

    def _finished(self, task: asyncio.Task[None]) -> None:
        """Forget the finished pump: a cancelled task keeps its CancelledError, whose traceback holds the pump's
        frame, which holds this client (a cycle)."""
        self.task = None
