"""The server's protocols: uvicorn's, with read deadlines and connection caps per network, and WebSocket closes.

HTTP (:class:`HttpProtocol`, uvicorn's httptools protocol): uvicorn times out only the wait between two requests
(keep-alive); a client that sends its headers a byte every few seconds (slowloris), or opens a connection and
sends nothing, was kept for ever. Here a request's headers must be complete within ``header_timeout`` seconds of
its first byte (of the connection, for the first request), and its body within ``body_timeout`` seconds of its
headers; otherwise the client gets 408 ``timeout`` (JSON, as every refusal) and the connection is closed. Every
TCP connection (HTTP, and WebSockets after their upgrade) is counted for its network (``networks.Share``): one
beyond the caps gets 503 ``too_many_connections`` at once, before anything is read.

WebSockets (:class:`Protocol`): uvicorn's, except that a frame it cannot deliver ends in a proper close.

uvicorn's sans-I/O implementation closes a text frame that is not UTF-8 with 1007 and no reason (logging the
decoding traceback), and a frame over the library's size limit with 1009 by dropping the TCP connection at once,
while the client may still be sending: the client then sees a reset instead of the close frame. Here both take
the path of any close the app makes: the close frame with its code and a reason, then the client's data is read
and thrown away until it closes its side, for at most ``close_timeout`` seconds. (ASGI has no event for a text
frame that is not UTF-8, so the app itself cannot see one; messages above the app's own limit but within the
library's get the app's ``too_large`` error reply and the connection stays.)
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

from museion.server.edge.connection import Flag
from museion.server.edge.networks import Share, Turnstile, network
from museion.server.storage.rows import dumps

log = logging.getLogger("museion.server")
INVALID_UTF8 = (1007, "invalid_utf8: a text frame must be UTF-8; send JSON text")


def _raw_answer(status: str, code: str, message: str) -> bytes:
    """A whole HTTP response with the API's JSON error body, for answers written before any request is parsed."""
    body = dumps({"error": code, "message": message}).encode()
    return (f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
            "connection: close\r\n\r\n").encode() + body


class Limits:
    """What the protocols share: the connection caps and the read deadlines (set by ``museion serve``)."""

    def __init__(self, connections: Share[Any], header_timeout: float, body_timeout: float,
                 handshakes: Turnstile[Any] | None = None) -> None:
        self.connections = connections
        self.header_timeout = header_timeout
        self.body_timeout = body_timeout
        self.handshakes = handshakes


def protocols(limits: Limits) -> tuple[type[HttpProtocol], type[Protocol]]:
    """The HTTP and WebSocket protocol classes of one server (uvicorn builds them with its config only)."""
    return (type("ServerHttpProtocol", (HttpProtocol,), {"limits": limits}),
            type("ServerProtocol", (Protocol,), {"limits": limits}))


class HttpProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol with header and body read deadlines and connection caps per network."""

    limits: Limits | None = None
    deadline: asyncio.TimerHandle | None = None
    net: str | None = None
    """The network this connection is counted for (``None``: not counted, or handed on to a WebSocket)."""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        if self.limits is None:
            return
        net = network(self.client[0]) if self.client else "unknown"
        refused = self.limits.connections.admit(net, self)
        if refused is not None:
            self.connections.discard(self)
            why = ("your network has too many connections open" if refused == "network" else
                   "the server has as many connections as it takes; your network has its share")
            transport.write(_raw_answer("503 Service Unavailable", "too_many_connections",
                                        f"{why}; close some or try again later"))
            transport.close()
            return
        self.net = net
        self._arm(self.limits.header_timeout, "the request's headers did not arrive in time")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        if self.net is not None and self.limits is not None:
            if self.limits.handshakes is not None:
                self.limits.handshakes.leave(self.net, self)
            self.limits.connections.leave(self.net, self)
            self.net = None
        super().connection_lost(exc)

    def _arm(self, seconds: float, why: str) -> None:
        self._disarm()
        if seconds > 0:
            self.deadline = self.loop.call_later(seconds, self._too_slow, why)

    def _disarm(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def _too_slow(self, why: str) -> None:
        """408 and the end of the connection (a request whose answer has begun is left alone)."""
        self.deadline = None
        answering = self.cycle is not None and self.cycle.response_started and not self.cycle.response_complete
        if self.transport.is_closing() or answering:
            return
        if self.cycle is not None and not self.cycle.response_complete:
            self.cycle.disconnected = True  # the app, if it waits for the body, sees the client gone
            self.cycle.message_event.set()
        self.transport.write(_raw_answer("408 Request Timeout", "timeout", f"{why}; send a whole request"))
        self.transport.close()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self.limits is not None and self.deadline is None:
            self._arm(self.limits.header_timeout, "the request's headers did not arrive in time")

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if self.limits is not None and self.scope.get("method") not in ("GET", "HEAD") and self.cycle is not None:
            self._arm(self.limits.body_timeout, "the request's body did not arrive in time")

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def handle_websocket_upgrade(self) -> None:
        """The WebSocket handshake waits its turn at ``limits.handshakes`` (nothing is read meanwhile)."""
        self._disarm()
        if self.limits is None or self.limits.handshakes is None or self.net is None:
            self._upgrade()
            return
        self.transport.pause_reading()
        self.limits.handshakes.enter(self.net, self, self._upgrade_paused)

    def _upgrade_paused(self) -> None:
        if not self.transport.is_closing():
            self.transport.resume_reading()
            self._upgrade()

    def _upgrade(self) -> None:
        """The connection becomes a WebSocket: its count goes with it (released when the socket closes). This
        protocol is done then, and uvicorn lets go of its parser only when a connection is lost, which an upgraded
        one never is here: the parser, holding this protocol's callbacks, kept both (and the transport) in a
        reference cycle until the collector's rare full pass (``app.FULL_GC_EVERY``), about 9 MB per 1,000
        WebSockets opened."""
        net, self.net = self.net, None
        if net is not None and self.limits is not None:
            self.limits.connections.leave(net, self)
        super().handle_websocket_upgrade()
        self.parser = None  # type: ignore[assignment]  # it holds this protocol's callbacks: a cycle (below)
        socket = self.transport.get_protocol()
        if net is not None and isinstance(socket, Protocol) and self.limits is not None:
            if self.limits.connections.admit(net, socket) is None:  # its place, freed just above
                socket.net = net


class Protocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with graceful closes for invalid UTF-8 (1007) and oversized frames (1009),
    counted for its network's connections until it is lost."""

    limits: Limits | None = None
    net: str | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.queue = Inbox()  # type: ignore[assignment]
        self.writable = Flag(is_set=True)  # type: ignore[assignment]

    async def send(self, message: Any) -> None:
        await super().send(message)
        if self.handshake_complete and self.request is not None:
            self.request.headers.clear()  # websockets' parser keeps the request for the socket's life (a local)
            self.request = self.response = None  # type: ignore[assignment]  # the handshake, kept for nothing

    def connection_lost(self, exc: Exception | None) -> None:
        if self.net is not None and self.limits is not None:
            self.limits.connections.leave(self.net, self)
            self.net = None
        super().connection_lost(exc)

    def send_receive_event_to_app(self) -> None:
        if self.curr_msg_data_type == "text" and not self.close_sent and not _utf8(self.frames):
            self.frames = []
            self.conn.send_close(*INVALID_UTF8)
            self._closing(*INVALID_UTF8)
            return
        super().send_receive_event_to_app()

    def handle_parser_exception(self) -> None:
        """The library failed the connection (a frame over its size limit: 1009 and its reason) and discards all
        that follows; called again for every later read, which has nothing more to do."""
        if self.close_sent:
            return
        close = self.conn.close_sent
        if close is None:  # nothing to say to the client (it broke the connection itself)
            super().handle_parser_exception()
            return
        self._closing(close.code, close.reason)

    def _closing(self, code: int, reason: str) -> None:
        """Tell the app, send the close frame (and the end of the server's stream if the library failed the
        connection), and keep reading until the client closes or ``close_timeout`` passes."""
        log.info("closing a client with %d: %s", code, reason.split(":")[0])
        self.queue.put_nowait({"type": "websocket.disconnect", "code": code, "reason": reason})
        output = self.conn.data_to_send()
        self.transport.write(b"".join(output))
        if b"" in output and self.transport.can_write_eof():  # the library's way of saying "close your side"
            self.transport.write_eof()
        self.close_sent = True
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()
        self.close_timer = self.loop.call_later(self.close_timeout, self.transport.close)


class Inbox:
    """What uvicorn's WebSocket protocol uses of its ``asyncio.Queue`` of events for the app (``put_nowait``, and
    ``get`` and ``empty`` for its one reader): a list, read from the front, and a future made only while the app
    waits. An ``asyncio.Queue`` is four deques, 3 KB per socket before its first message (issue 24)."""

    __slots__ = ("_items", "_head", "_waiter")

    def __init__(self) -> None:
        self._items: list[Any] = []
        self._head = 0
        self._waiter: asyncio.Future[None] | None = None

    def put_nowait(self, item: Any) -> None:
        self._items.append(item)
        if self._waiter is not None and not self._waiter.done():
            self._waiter.set_result(None)

    def empty(self) -> bool:
        return self._head == len(self._items)

    async def get(self) -> Any:
        while self.empty():
            self._waiter = asyncio.get_running_loop().create_future()
            try:
                await self._waiter
            finally:
                self._waiter = None
        item, self._items[self._head] = self._items[self._head], None
        self._head += 1
        if self.empty():
            self._items.clear()
            self._head = 0
        return item


def _utf8(frames: list[bytes]) -> bool:
    try:
        (frames[0] if len(frames) == 1 else b"".join(frames)).decode()
    except UnicodeDecodeError:
        return False
    return True
