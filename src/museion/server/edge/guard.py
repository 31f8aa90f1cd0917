"""HTTP hygiene and rate limits: security headers, body size, POST content type and Origin, Host, per-client limits.

:class:`Guard` is plain ASGI middleware in front of the whole application (REST, pages, WebSockets): it answers
a bad request itself with the JSON error body of the API, before any route runs. Rate limits use the ``limits``
library (sliding window counters in memory).
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from museion.server.edge.networks import network
from museion.server.edge.rates import Limits, RateLimit
from museion.server.storage.rows import dumps

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


METHODS = ("GET", "HEAD", "POST", "PUT", "DELETE")
"""The HTTP methods of the API and the pages (DELETE: signing out, closing sessions and the account; PUT: the
notice choices); any other (TRACE, PATCH...) is 405 before anything else, and so is one a path does not take."""
HOLD = 1.0
"""Seconds a client refused again is kept waiting before its answer (at most its remaining wait)."""
MAX_HELD = 256
"""Refused requests held at once; beyond, the answer is immediate (many held connections would cost memory)."""
ONE_CLICK = "/unsubscribe/"
"""RFC 8058's one-click unsubscribe: a mail provider posts a form to it from anywhere (the URL's unguessable token
is its only credential, so neither the Origin nor a JSON body is asked for)."""
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


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
