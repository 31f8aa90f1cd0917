"""Sign-in attempts held back per account and per network, with delays that grow with each failure.

A guess (a wrong password, an unknown username, a wrong recovery code) counts against the username asked for
(whether or not it has an account: the answer must not tell) and against the caller's network (IPv4 /24, IPv6
/64: one machine has many addresses of its network). The first ``free`` failures cost nothing; each one after
waits twice as long as the one before, up to ``cap`` seconds. A success clears the account's count; a network's
count is forgotten after a day without failures. While a key must wait, its requests are refused with 429 and
``retry_after`` before any password is hashed: guessing costs the attacker time and the server nothing.

Counts live in memory (a restart forgets them; one server process serves a database).
"""

from __future__ import annotations

import ipaddress
import time
from collections.abc import Callable
from dataclasses import dataclass

ACCOUNT_FREE = 5
NETWORK_FREE = 30
CAP = 900.0
FORGET = 86400.0
MAX_KEYS = 100_000
"""Keys remembered; beyond, those idle longest are forgotten first (a flood of made-up usernames costs memory)."""


def network(address: str) -> str:
    """The network an address counts in: IPv4 /24, IPv6 /64 (an IPv4-mapped IPv6 address counts as IPv4)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = 24 if ip.version == 4 else 64
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


@dataclass
class Count:
    failures: int = 0
    last: float = 0.0


class Throttle:
    def __init__(self, free: int, cap: float = CAP, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = free
        self.cap = cap
        self.clock = clock
        self.counts: dict[str, Count] = {}

    def delay(self, failures: int) -> float:
        """Seconds to wait after ``failures`` failures in a row: 0 for the free ones, then 1, 2, 4 ... ``cap``."""
        over = failures - self.free
        return 0.0 if over <= 0 else min(2.0 ** (over - 1), self.cap)

    def wait(self, key: str) -> float:
        """Seconds ``key`` must still wait before its next attempt (0: it may try now)."""
        count = self.counts.get(key)
        if count is None:
            return 0.0
        now = self.clock()
        if now - count.last > FORGET:
            del self.counts[key]
            return 0.0
        return max(0.0, count.last + self.delay(count.failures) - now)

    def failed(self, key: str) -> None:
        if len(self.counts) >= MAX_KEYS and key not in self.counts:
            oldest = sorted(self.counts, key=lambda k: self.counts[k].last)[:MAX_KEYS // 10]
            for k in oldest:
                del self.counts[k]
        count = self.counts.setdefault(key, Count())
        count.failures += 1
        count.last = self.clock()

    def succeeded(self, key: str) -> None:
        self.counts.pop(key, None)


class Guesses:
    """The two throttles a guess counts against."""

    def __init__(self, account_free: int = ACCOUNT_FREE, network_free: int = NETWORK_FREE, cap: float = CAP) -> None:
        self.accounts = Throttle(account_free, cap)
        self.networks = Throttle(network_free, cap)

    def wait(self, account_key: str, address: str) -> float:
        return max(self.accounts.wait(account_key), self.networks.wait(network(address)))

    def failed(self, account_key: str, address: str) -> None:
        self.accounts.failed(account_key)
        self.networks.failed(network(address))

    def succeeded(self, account_key: str) -> None:
        self.accounts.succeeded(account_key)
