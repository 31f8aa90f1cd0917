"""HTTP hygiene and rate limits: security headers, body size, POST content type and Origin, Host, per-client limits.

:class:`Guard` is plain ASGI middleware in front of the whole application (REST, pages, WebSockets): it answers
a bad request itself with the JSON error body of the API, before any route runs. Rate limits use the ``limits``
library (sliding window counters in memory).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from museion.server.config import ServerConfig
from museion.server.edge.networks import Pace, network
from museion.server.storage.storage import dumps

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


ABORT = "museion.abort"
"""Scope key of a callable that drops a WebSocket's TCP connection: a client that reads nothing cannot even
receive the close frame, and a graceful close would keep its socket open with full buffers."""


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


METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE")
"""The HTTP methods of the API and the pages (DELETE: signing out, closing sessions and the account; PUT: the
notice choices); any other (TRACE, PATCH...) is 405 before anything else, and so is one a path does not take."""
HOLD = 1.0
"""Seconds a client refused again is kept waiting before its answer (at most its remaining wait)."""
MAX_HELD = 256
"""Refused requests held at once; beyond, the answer is immediate (many held connections would cost memory)."""
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


ONE_CLICK = "/unsubscribe/"
"""RFC 8058's one-click unsubscribe: a mail provider posts a form to it from anywhere (the URL's unguessable token
is its only credential, so neither the Origin nor a JSON body is asked for)."""
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


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


def error_body(code: str, message: str) -> bytes:
    return dumps({"error": code, "message": message}).encode()


class Guard:
    """ASGI middleware: headers on every HTTP response; Host, Origin, content type and body size checked."""

    def __init__(self, app: ASGIApp, max_body: int, origins: tuple[str, ...] = (), hosts: tuple[str, ...] = (),
                 limits: Limits | None = None, methods: Callable[[str], tuple[str, ...] | None] | None = None,
                 websocket: ASGIApp | None = None) -> None:
        self.app = app
        self.websocket = websocket
        """Where WebSockets go (default: the application): straight to the play protocol, without the framework's
        routing and exception layers, whose frames every open socket would keep for its lifetime."""
        self.methods = methods
        """The methods a path answers (``None``: no such path; the application says 404), for 405 and ``Allow``."""
        self.limits = limits
        self.max_body = max_body
        self.origins = set(origins)
        self.hosts = {h.lower() for h in hosts}
        self.held = 0
        """Refused requests being held (``hold``)."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        if scope["type"] == "http" and self.limits is not None and self.limits.requests is not None:
            wait = self.limits.requests.delay(_client(scope))
            if wait > 0:  # over its network's rate: served in its turn, nothing done meanwhile
                await asyncio.sleep(wait)
        early = self.still_refused(scope)
        if early is not None:  # a client already over its limit: refused before anything else is looked at
            await self.hold(early[0])
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": early[1][:120]})
            else:
                await _answer(send, 429, "rate_limited", early[1], [(b"retry-after", f"{early[0]:.0f}".encode())])
            return
        refusal = self.refuse(scope, _headers(scope))  # the dict is not kept for a WebSocket's lifetime
        if refusal is not None:
            if scope["type"] == "websocket":
                await send({"type": "websocket.close", "code": 1008, "reason": refusal[1][:120]})
            else:
                allow = [(b"allow", ", ".join(self.allowed(scope["path"])).encode())] if refusal[0] == 405 else None
                await _answer(send, *refusal, allow)
            return
        if scope["type"] == "websocket":
            transport = getattr(getattr(send, "__self__", None), "transport", None)  # uvicorn's protocol object
            if transport is not None:
                scope[ABORT] = transport.abort
                _small_receive_buffer(transport)
            await (self.websocket or self.app)(scope, receive, send)
            return
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, _with_headers(send))
            return
        limited = self.rate_limited(scope)
        if limited is not None:
            await _answer(send, 429, "rate_limited", limited[1], [(b"retry-after", f"{limited[0]:.0f}".encode())])
            return
        body = await self.read_body(receive)
        if body is None:
            await _answer(send, 413, "too_large", f"a request body may have at most {self.max_body} bytes")
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if sent:
                return await receive()  # the disconnect, if the client goes away
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, _with_headers(send))

    def refuse(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, str] | None:
        """Why this request is refused, as (status, code, message), or ``None``."""
        host = headers.get("host", "")
        if self.hosts and host.rsplit(":", 1)[0].lower() not in self.hosts:
            return 400, "bad_host", "this server does not answer for that host name"
        if scope["type"] == "http":
            allowed = self.allowed(scope["path"])
            if scope["method"] not in allowed:
                return 405, "bad_method", f"this path answers {', '.join(allowed)} only"
        unsafe = scope["type"] == "websocket" or scope["method"] not in ("GET", "HEAD", "OPTIONS")
        one_click = scope["type"] == "http" and scope["path"].startswith(ONE_CLICK)
        origin = headers.get("origin")
        if unsafe and origin is not None and not one_click and not self.origin_allowed(origin, host, scope):
            return 403, "bad_origin", "requests from other sites are not accepted (Origin not allowed)"
        bodiless = scope.get("method") == "DELETE" and headers.get("content-length", "0") == "0"  # preflighted
        if scope["type"] == "http" and unsafe and not bodiless:
            return self.body_refusal(headers, one_click)
        return None

    def body_refusal(self, headers: dict[str, str], form: bool) -> tuple[int, str, str] | None:
        """A body must be JSON (``form``: or a form, the one-click unsubscribe's) of at most ``max_body`` bytes."""
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json" and not (form and kind in FORMS):
            return 415, "bad_content_type", "a POST body must be JSON with Content-Type: application/json"
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, "too_large", f"a request body may have at most {self.max_body} bytes"
        return None

    def allowed(self, path: str) -> tuple[str, ...]:
        """The methods ``path`` answers (HEAD with GET); every method the server answers for an unknown path."""
        found = self.methods(path) if self.methods is not None else None
        if found is None:
            return METHODS
        return tuple(m for m in METHODS if m in found or (m == "HEAD" and "GET" in found))

    async def hold(self, wait: float) -> None:
        """Keep a client that was already refused waiting (at most ``HOLD`` seconds, and only ``MAX_HELD`` at a
        time) before it is refused again. A flood is a loop that sends its next request when the last one is
        answered: the faster the refusal, the more requests; a held one costs a sleeping coroutine, no CPU."""
        if self.held >= MAX_HELD:
            return
        self.held += 1
        try:
            await asyncio.sleep(min(wait, HOLD))
        finally:
            self.held -= 1

    def limit_of(self, scope: Scope) -> RateLimit | None:
        """The rate limit this request counts against (POSTs that create or change something), if any."""
        if self.limits is None or scope["type"] != "http" or scope["method"] != "POST":
            return None
        path = scope["path"]
        seat_change = path.startswith("/api/tables/") and path.endswith(("/join", "/bot", "/invite"))
        return (self.limits.create if path == "/api/tables" else self.limits.join if seat_change else
                self.limits.poll if path == "/api/my-tables" or _chat_history(path)
                or path.endswith(("/tutorial", "/guide")) else None)

    def still_refused(self, scope: Scope) -> tuple[float, str] | None:
        """(seconds to wait, message) for a client that was refused moments ago and must still wait: a WebSocket
        from an address paused for flooding, a POST over a limit it already exceeded. No headers are parsed and
        no counter is touched, so a flood of such requests costs the server as little as it can."""
        if self.limits is None:
            return None
        if scope["type"] == "websocket":
            wait = self.limits.flooded.waiting(_client(scope))
            return None if wait is None else (wait, f"flooding: your address sent too many messages; wait "
                                                    f"{max(1.0, wait):.0f} s")
        limit = self.limit_of(scope)
        wait = None if limit is None else limit.refused.waiting(_client(scope))
        if limit is None or wait is None:
            return None
        return max(1.0, wait), _too_many(limit, wait)

    def rate_limited(self, scope: Scope) -> tuple[float, str] | None:
        """(seconds to wait, message) when this POST is over its client's limit; checked before the body is read,
        so a flood costs as little as possible."""
        limit = self.limit_of(scope)
        wait = None if limit is None else limit.hit(_client(scope))
        if limit is None or wait is None:
            return None
        return wait, _too_many(limit, wait)

    def origin_allowed(self, origin: str, host: str, scope: Scope) -> bool:
        if self.origins:
            return origin in self.origins
        scheme = "https" if scope.get("scheme") in ("https", "wss") else "http"
        return origin == f"{scheme}://{host}"

    async def read_body(self, receive: Receive) -> bytes | None:
        """The whole body, or ``None`` when it is longer than ``max_body`` (whatever its Content-Length said)."""
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return b"".join(chunks)
            seen += len(message.get("body", b""))
            if seen > self.max_body:
                return None
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                return b"".join(chunks)


def _chat_history(path: str) -> bool:
    return path.startswith("/api/tables/") and path.endswith("/chat")


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


def _client(scope: Scope) -> str:
    """The client's network (IPv4 /24, IPv6 /64): every limit counts networks, not addresses."""
    return network(scope["client"][0]) if scope.get("client") else "unknown"


def _too_many(limit: RateLimit, wait: float) -> str:
    return f"too many requests of this kind (limit {limit.spec}); try again in {max(1.0, wait):.0f} s"


WS_RECEIVE_BUFFER = 4 * 1024
"""Bytes the kernel buffers for one WebSocket before the client must wait. uvicorn parses everything one read
returns in one go: with the default buffers a flooding client's 256 KB read is over 10,000 frames, parsed while
every other client waits. ``benchmarks/web_hostile.py``, resync flood only, honest p99: default buffers 1,076 ms,
16 KiB 237 ms, 4 KiB 71 ms. Honest messages are a few dozen bytes."""


def _small_receive_buffer(transport: Any) -> None:
    sock = transport.get_extra_info("socket")
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, WS_RECEIVE_BUFFER)


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
        await send(message)

    return wrapped


async def _answer(send: Send, status: int, code: str, message: str,
                  extra: list[tuple[bytes, bytes]] | None = None) -> None:
    body = error_body(code, message)
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            *SECURITY_HEADERS, *(extra or [])]})
    await send({"type": "http.response.body", "body": body})
