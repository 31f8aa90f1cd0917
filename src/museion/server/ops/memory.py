"""Memory that a crowd of closed sockets leaves behind is given back to the system.

A WebSocket costs the server about 25 KB while it is open (uvicorn's and websockets' protocol objects, the ASGI
tasks, the client's outbox). Once 1,000 idle spectators close, Python has freed all of it, but the C allocator
keeps most of the pages for later use, so the process stayed about 20 MB larger than before they came (the
hostile-load benchmark's memory goal: after an attack, at most 1.2 times the memory before it). Every
``EVERY`` closed sockets the allocator is asked to return its free pages (glibc's ``malloc_trim``, a few
milliseconds, on a thread); elsewhere (another C library) nothing is done."""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
from collections.abc import Callable

EVERY = 256
"""Closed sockets between two trims: a trim costs a few milliseconds, and a few hundred sockets are megabytes."""


def _trim() -> Callable[[int], object] | None:
    try:
        trim: Callable[[int], object] = ctypes.CDLL(ctypes.util.find_library("c")).malloc_trim
        return trim
    except (OSError, AttributeError, TypeError):  # not glibc
        return None


TRIM = _trim()


class Release:
    """Counts closed sockets; every ``EVERY`` of them, the free pages go back to the system."""

    def __init__(self, every: int = EVERY) -> None:
        self.every = every
        self.closed = 0
        self.trims = 0

    def socket_closed(self) -> None:
        self.closed += 1
        if self.closed >= self.every and TRIM is not None:
            self.closed = 0
            self.trims += 1
            asyncio.get_running_loop().run_in_executor(None, TRIM, 0)
