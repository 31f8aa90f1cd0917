"""Caps that count networks, not addresses: an IPv4 /24 or an IPv6 /64 is one client for every limit.

One machine on IPv6 usually holds a whole /64 (18 quintillion addresses), and a rented IPv4 block holds hundreds:
a cap per address holds nobody back. :func:`network` names the network an address belongs to; :class:`Share` is
a global cap with a fair share per network: while it has room, a network may hold up to its own cap; once it is
full, a newcomer from a network that holds less than its fair share (the cap divided by the networks holding any)
takes the place of the newest holder of the network holding the most, and one from a network at or above its
share is refused. :class:`Turnstile` paces work (WebSocket handshakes) the same way: the waiting are served one
network at a time in turn. :class:`Pace` gives each network a rate of its own (HTTP requests): those beyond it wait.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections.abc import Callable
from functools import lru_cache
from typing import Generic, TypeVar

V4_PREFIX = 24
V6_PREFIX = 64


@lru_cache(maxsize=4096)
def network(host: str) -> str:
    """The network of ``host`` as a short key (``"203.0.113.0/24"``, ``"2001:db8:1:2::/64"``); a name that is not
    an address (a Unix socket, "testclient") is its own network."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    prefix = V4_PREFIX if address.version == 4 else V6_PREFIX
    return str(ipaddress.ip_network(f"{address}/{prefix}", strict=False))


H = TypeVar("H")
log = logging.getLogger("museion.server")
EPSILON = 1e-9
"""Tokens short of a whole one by rounding only (a timer due when one is whole fires with 0.9999999...)."""


class Share(Generic[H]):
    """Holders (connections, sockets) counted per network under a global ``cap`` and a ``per_network`` cap.

    ``admit`` says whether a new holder may come in, and may name one to evict (its owner closes it; ``leave`` is
    then called for it as for any other). Holders are kept per network in arrival order, so the evicted one is the
    newest of the largest network: the one that arrived when that network was already over its share."""

    def __init__(self, cap: int, per_network: int, evict: Callable[[H], None] | None = None) -> None:
        self.cap = cap
        self.per_network = per_network
        self.evict = evict
        self.held: dict[str, dict[H, None]] = {}
        """Network -> its holders (a dict: ordered, O(1) removal)."""
        self.total = 0

    def count(self, net: str) -> int:
        holders = self.held.get(net)
        return len(holders) if holders else 0

    def fair(self, net: str) -> int:
        """A network's fair share now: the cap divided by the networks holding any (the newcomer's included)."""
        networks = len(self.held) + (net not in self.held)
        return max(1, self.cap // networks)

    def admit(self, net: str, holder: H) -> str | None:
        """Count ``holder`` for ``net`` and return ``None``, or return why it is refused (``"network"``: its
        network holds ``per_network``; ``"full"``: the cap is reached and its network holds its share)."""
        mine = self.count(net)
        if mine >= self.per_network:
            return "network"
        if self.total >= self.cap:
            if mine >= self.fair(net) or self.evict is None:
                return "full"
            largest = max(self.held, key=lambda n: len(self.held[n]))
            victim = next(reversed(self.held[largest]))
            self.leave(largest, victim)
            self.evict(victim)
        self.held.setdefault(net, {})[holder] = None
        self.total += 1
        return None

    def leave(self, net: str, holder: H) -> None:
        holders = self.held.get(net)
        if holders is None or holder not in holders:
            return
        del holders[holder]
        self.total -= 1
        if not holders:
            del self.held[net]


class Turnstile(Generic[H]):
    """Work let through at most ``rate`` times a second (a burst of ``burst`` at once), the waiting served one
    network at a time in turn.

    A WebSocket's handshake and first view cost the server about a millisecond; 1,000 sockets opened at once held
    its event loop for half a second, and every honest move waited behind them. Through the turnstile a burst
    costs at most ``burst`` handshakes in a row, and a new network waits behind one handshake of each network
    already waiting, not behind all of theirs."""

    def __init__(self, rate: float, burst: int, loop: asyncio.AbstractEventLoop | None = None) -> None:
        self.rate = rate
        self.burst = max(1, burst)
        self.tokens = float(self.burst)
        self.last = 0.0
        self.waiting: dict[str, dict[H, Callable[[], None]]] = {}
        """Network -> its waiting holders and what each runs when let through (networks in turn order)."""
        self._loop = loop
        self._timer: asyncio.TimerHandle | None = None

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            self._loop = asyncio.get_running_loop()
        return self._loop

    def enter(self, net: str, holder: H, through: Callable[[], None]) -> None:
        """Run ``through`` now if the turnstile has room and nobody waits, else when ``holder``'s turn comes."""
        self._refill()
        if not self.waiting and self.tokens >= 1 - EPSILON:
            self.tokens -= 1
            through()
            return
        self.waiting.setdefault(net, {})[holder] = through
        self._schedule()

    def leave(self, net: str, holder: H) -> None:
        """``holder`` no longer waits (its connection was lost)."""
        holders = self.waiting.get(net)
        if holders is not None and holders.pop(holder, None) is not None and not holders:
            del self.waiting[net]

    def __len__(self) -> int:
        return sum(len(holders) for holders in self.waiting.values())

    def _refill(self) -> None:
        now = self.loop.time()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now

    def _schedule(self) -> None:
        if self._timer is None and self.waiting:
            self._timer = self.loop.call_later(max(0.0, (1 - self.tokens) / self.rate), self._turn)

    def _turn(self) -> None:
        """Let through as many as the tokens allow, the first waiting of each network in turn."""
        self._timer = None
        self._refill()
        while self.waiting and self.tokens >= 1 - EPSILON:
            net = next(iter(self.waiting))
            holders = self.waiting.pop(net)
            holder = next(iter(holders))
            through = holders.pop(holder)
            if holders:
                self.waiting[net] = holders  # to the end of the line
            self.tokens -= 1
            try:
                through()
            except Exception:  # noqa: BLE001 - one failed handshake must not stop the others
                log.exception("a connection let through failed")
        self._schedule()


class Pace:
    """At most ``rate`` requests a second per network after a burst of ``burst``; one beyond waits its turn.

    A client looping on a cheap route (a finished game's cached replay, answered as fast as it asks) took a sixth of
    the event loop with four connections: refusing it faster only makes it ask faster, while a request that waits
    costs a sleeping coroutine, and a network waits alone (the waiting per network are bounded by its connections).
    The generic cell rate algorithm: one "theoretical arrival time" per network, no counters, no windows."""

    MAX_KEPT = 10_000
    """Networks remembered before those whose burst is whole again are forgotten."""

    def __init__(self, rate: float, burst: int) -> None:
        self.interval = 1.0 / rate
        self.tolerance = max(0, burst - 1) * self.interval
        self.due: dict[str, float] = {}
        """Network -> when its bucket would be full again (monotonic time)."""

    def delay(self, net: str, now: float | None = None) -> float:
        """Count one request of ``net``; the seconds it must wait before it is served (0.0: at once)."""
        now = time.monotonic() if now is None else now
        if len(self.due) >= self.MAX_KEPT:
            self.due = {n: t for n, t in self.due.items() if t > now}
        due = max(self.due.get(net, now), now) + self.interval
        self.due[net] = due
        return max(0.0, due - now - self.interval - self.tolerance)
