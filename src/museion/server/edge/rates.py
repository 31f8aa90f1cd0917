"""Per-client rate limits: one named limit per setting (``limit_NAME``), counted per network in one in-memory
storage (the ``limits`` library's sliding window counters, swept by the server's upkeep), a refused client kept
refused cheaply, a WebSocket's message budget counted on the connection, and the addresses paused for flooding.
The guard (:mod:`guard`) and the rooms ask them; ``museion serve`` sets them (docs/web.md)."""

from __future__ import annotations

import time

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from museion.server.config import ServerConfig
from museion.server.edge.networks import Pace, network


class Blocklist:
    """Keys refused until a given time: a refused client's next requests cost one dictionary lookup each."""

    def __init__(self) -> None:
        self.until: dict[str, float] = {}
        """Refused keys and the monotonic time until which they stay refused."""

    def waiting(self, key: str) -> float | None:
        """Seconds ``key`` must still wait, or ``None``."""
        until = self.until.get(key)
        if until is None:
            return None
        now = time.monotonic()
        if now < until:
            return until - now
        del self.until[key]
        return None

    def block(self, key: str, seconds: float) -> None:
        now = time.monotonic()
        if len(self.until) >= MAX_BLOCKED:  # many addresses: forget those whose wait is over
            self.until = {k: t for k, t in self.until.items() if t > now}
        self.until[key] = now + seconds


MAX_BLOCKED = 10_000
"""Refused keys remembered before the expired ones are swept out."""
REQUEST_BURST = 4.0
"""Seconds of ``--request-rate`` a network may spend at once (a page and its assets, or a few hundred API calls)."""


class Counters(MemoryStorage):
    """The ``limits`` library's memory storage, its expired counters swept by the server's upkeep, not a thread.

    The library starts a ``threading.Timer`` 10 ms after a hit whenever the previous one has finished, and that
    thread walks every key under the interpreter lock: under load some 50 threads a second, each start holding the
    event loop about a millisecond (a profile of 200 tables at 600 moves/s: 1,565 thread starts in 30 s, 5 % of the
    loop's time). An expired counter is dropped when it is next read anyway (``get``); :meth:`sweep` frees the
    memory of the keys nobody reads again (``Manager.sweep`` calls it every few seconds)."""

    def _MemoryStorage__schedule_expiry(self) -> None:  # the library's private hook: no thread per hit
        pass

    def sweep(self) -> None:
        self._MemoryStorage__expire_events()  # type: ignore[attr-defined]


class RateLimit:
    """One named limit (``"20/minute;200/hour"``) counted per client key.

    A key the library has refused stays refused until the time the library gave (``refused``), so a flood of
    requests over the limit costs a dictionary lookup each instead of the library's window arithmetic."""

    def __init__(self, spec: str, limiter: SlidingWindowCounterRateLimiter, name: str) -> None:
        self.items = parse_many(spec)
        self.limiter = limiter
        self.name = name
        self.spec = spec
        self.refused = Blocklist()

    def hit(self, key: str) -> float | None:
        """Count one request; ``None`` if allowed, else the seconds until the client may try again."""
        wait = self.refused.waiting(key)
        if wait is not None:
            return max(1.0, wait)
        for item in self.items:  # the library's hit counts only what it allows: one call per window
            if not self.limiter.hit(item, self.name, key):
                wait = self.limiter.get_window_stats(item, self.name, key).reset_time - time.time()
                self.refused.block(key, wait)
                return max(1.0, wait)
        return None

    def budget(self) -> Budget:
        """A budget of this limit for one connection (``limit_messages``)."""
        return Budget(self.items)


class Budget:
    """The messages one WebSocket may send (a burst, then a steady rate), counted on the connection itself in
    fixed windows; the first refusal ends the connection, so a window boundary's double burst is all it gains.

    Every message of every socket passes here: the library's storage cost four dictionary reads, a lock and a
    formatted key per window and message (a profile at 600 moves/s: 5 % of the event loop) for a key that only
    this connection ever used."""

    def __init__(self, items: list[RateLimitItem]) -> None:
        self.windows = [(item.amount, item.get_expiry()) for item in items]
        self.starts = [0.0] * len(items)
        self.counts = [0] * len(items)

    def spend(self) -> bool:
        """Count one message; ``False`` once a window's budget is spent."""
        now = time.monotonic()
        for i, (amount, seconds) in enumerate(self.windows):
            if now - self.starts[i] >= seconds:
                self.starts[i], self.counts[i] = now, 0
            self.counts[i] += 1
            if self.counts[i] > amount:
                return False
        return True


class Limits:
    """Every rate limit of the server over one in-memory storage, and the addresses paused for flooding.

    Built once from the server's settings (:class:`~museion.server.config.ServerConfig`, which ``museion serve``
    fills from its flags, the environment and the config file): a limit is the setting ``limit_NAME``, read by its
    name (:meth:`rate`), so a new limit is one field of the settings, and a feature folder's router takes its own
    limits the same way (``app.state.limits.rate("profiles")``)."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.flood_pause = config.flood_pause
        requests = config.request_rate
        self.requests = Pace(requests, int(requests * REQUEST_BURST)) if requests > 0 else None
        """HTTP requests per network (``--request-rate``): those beyond it wait their turn (``None``: no pacing)."""
        self.flooded = Blocklist()
        """Addresses that may open no WebSocket for a while (one of theirs sent too many messages)."""
        self.storage = Counters()
        self.limiter = SlidingWindowCounterRateLimiter(self.storage)
        self.create, self.join, self.move = self.rate("create"), self.rate("join"), self.rate("move")
        self.messages, self.poll, self.hint = self.rate("messages"), self.rate("poll"), self.rate("hint")
        self.analysis, self.report, self.builds = self.rate("analysis"), self.rate("report"), self.rate("builds")
        self.chat = self.rate("chat")
        """Chat messages per connection."""
        self.chat_network = self.rate("chat_network", "chat-network")
        """Chat messages per network (``network_of``): many connections or addresses of one network share it."""

    def rate(self, name: str, key: str | None = None) -> RateLimit:
        """The limit of the setting ``limit_NAME``, counted in this storage under ``key`` (default: ``name``)."""
        spec: str = getattr(self.config, f"limit_{name}")
        return RateLimit(spec, self.limiter, key or name)

    def sweep(self) -> None:
        """Forget expired counters (the server's upkeep calls it)."""
        self.storage.sweep()

    def pause(self, address: str) -> None:
        """``address`` flooded a WebSocket: refuse its new ones for ``flood_pause`` seconds."""
        if self.flood_pause > 0:
            self.flooded.block(address, self.flood_pause)


network_of = network
"""The network an address belongs to, as caps count clients (``networks.network``: IPv4 /24, IPv6 /64)."""
