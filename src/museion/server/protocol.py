"""The server's WebSocket protocol: uvicorn's, except that a frame it cannot deliver ends in a proper close.

uvicorn's sans-I/O implementation closes a text frame that is not UTF-8 with 1007 and no reason (logging the
decoding traceback), and a frame over the library's size limit with 1009 by dropping the TCP connection at once,
while the client may still be sending: the client then sees a reset instead of the close frame. Here both take
the path of any close the app makes: the close frame with its code and a reason, then the client's data is read
and thrown away until it closes its side, for at most ``close_timeout`` seconds. (ASGI has no event for a text
frame that is not UTF-8, so the app itself cannot see one; messages above the app's own limit but within the
library's get the app's ``too_large`` error reply and the connection stays.)
"""

from __future__ import annotations

import logging

from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol

log = logging.getLogger("museion.server")
INVALID_UTF8 = (1007, "invalid_utf8: a text frame must be UTF-8; send JSON text")


class Protocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol with graceful closes for invalid UTF-8 (1007) and oversized frames (1009)."""

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


def _utf8(frames: list[bytes]) -> bool:
    try:
        (frames[0] if len(frames) == 1 else b"".join(frames)).decode()
    except UnicodeDecodeError:
        return False
    return True
