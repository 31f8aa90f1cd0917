"""The outbox of one client in-process: bounded, coalescing, and closed with 1008 ``slow_consumer``."""

from __future__ import annotations

import asyncio

from museion.server.connection import Conn


class Socket:
    """A fake socket whose sends complete only when ``flowing`` is set (a client that does not read)."""

    def __init__(self) -> None:
        self.flowing = asyncio.Event()
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send(self, text: str) -> None:
        await self.flowing.wait()
        self.sent.append(text)

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _conn(sock: Socket, **kw) -> Conn:
    conn = Conn(sock.send, 0, sock.close, **kw)
    renders = []

    def render(c: Conn) -> str:
        renders.append(1)
        return f'{{"type":"state","full":true,"n":{len(renders)}}}'

    conn.render = render
    return conn


def test_full_states_coalesce_and_replace_queued_updates():
    async def scenario():
        sock = Socket()
        conn = _conn(sock)
        await asyncio.sleep(0)
        for i in range(10):
            conn.put_state(f'{{"type":"state","full":false,"i":{i}}}')
        for _ in range(10000):
            conn.want_full()
        conn.put('{"type":"pong"}', coalesce=True)
        conn.put('{"type":"pong"}', coalesce=True)
        assert len(conn.outbox) <= 3  # one state being sent at most, one full state, one pong
        sock.flowing.set()
        while conn.outbox:
            await asyncio.sleep(0.01)
        conn.close()
        return sock.sent

    sent = asyncio.run(scenario())
    assert sum('"full":true' in t for t in sent) == 1 and sum("pong" in t for t in sent) == 1


def test_a_send_that_never_completes_closes_with_1008_slow_consumer():
    async def scenario():
        sock = Socket()
        conn = _conn(sock, send_timeout=0.05)
        conn.put('{"type":"error"}')
        while sock.closed is None:
            await asyncio.sleep(0.01)
        conn.close()
        return sock.closed

    code, reason = asyncio.run(scenario())
    assert code == 1008 and reason.startswith("slow_consumer")


def test_too_many_waiting_messages_close_and_the_reader_waits_for_room():
    async def scenario():
        sock = Socket()
        conn = _conn(sock, limit=8, send_timeout=60)
        waiter = asyncio.get_running_loop().create_task(conn.room())
        for i in range(4):
            conn.put(f'{{"type":"error","i":{i}}}')
        await asyncio.sleep(0.01)
        blocked = not waiter.done() or len(conn.outbox) < 4
        for i in range(10):
            conn.put(f'{{"type":"error","i":{i}}}')
        await asyncio.sleep(0.01)
        conn.close()
        return blocked, sock.closed, len(conn.outbox)

    blocked, closed, waiting = asyncio.run(scenario())
    assert blocked and closed is not None and closed[0] == 1008 and waiting == 0
