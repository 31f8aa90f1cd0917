"""The outbox of one client in-process: bounded, coalescing, and closed with 1008 ``slow_consumer``."""

from __future__ import annotations

import asyncio

from museion.server.edge.connection import Conn


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


def test_a_closed_client_and_its_table_are_freed_without_the_cycle_collector():
    """A reference cycle would leave a closed client, and the table it renders with its whole log, to the
    collector's full pass, which stops the event loop for as long as freeing them takes (issue 12: the hostile
    load's p99). Closed while idle and while a send is blocked, both must go by reference counting alone."""
    import gc
    import weakref

    import museion
    from museion.core.observe import observe_history
    from museion.server.storage.rows import SeatRow, TableRow
    from museion.server.table.live import LiveTable

    def table() -> LiveTable:
        state = museion.load("tholos").new_initial_state()
        seats = [SeatRow(p, "human", name=f"P{p}", token_hash="x") for p in range(2)]
        row = TableRow("t", "tholos", {}, "running", 0.0, seats, state.history())
        return LiveTable(row, state, observe_history(state))

    async def scenario(blocked: bool) -> tuple[weakref.ref, weakref.ref]:
        sock = Socket()
        if not blocked:
            sock.flowing.set()
        live = table()
        conn = Conn(sock.send, 0, sock.close)
        live.register(conn)
        for _ in range(3):
            await asyncio.sleep(0)
        assert len(sock.sent) == (0 if blocked else 1)  # blocked: the full state waits in send
        live.conns.discard(conn)
        conn.close()
        for _ in range(3):
            await asyncio.sleep(0)
        return weakref.ref(conn), weakref.ref(live)

    for blocked in (False, True):
        gc.collect()
        gc.disable()
        try:
            conn, live = asyncio.run(scenario(blocked))
            assert conn() is None and live() is None, f"blocked={blocked}: left for the cycle collector"
        finally:
            gc.enable()


def test_a_flooding_client_is_closed_at_once_and_dropped_after_the_grace():
    """``Conn.end``: the close frame leaves, and the TCP connection is dropped ``grace`` seconds later whether or
    not the client answered (a flooder reads nothing, so it never would); a close frame that cannot even leave
    is not waited for longer than the grace."""

    async def scenario(flowing: bool):
        sock = Socket()
        dropped = asyncio.Event()
        conn = Conn(sock.send, 0, sock.close, send_timeout=60, abort=dropped.set)
        if not flowing:  # the client's window is full: even the close frame cannot leave
            async def stuck(code: int, reason: str) -> None:
                await asyncio.Event().wait()
            conn._close = stuck
        await conn.end(1008, "too_many_messages: over 60/second", grace=0.01)
        await asyncio.wait_for(dropped.wait(), 30)  # a bound for a broken build, not a timing claim
        conn.close()
        return conn.closing, sock.closed, dropped.is_set()

    assert asyncio.run(scenario(True)) == (True, (1008, "too_many_messages: over 60/second"), True)
    assert asyncio.run(scenario(False)) == (True, None, True)


def test_a_client_closed_while_its_message_is_being_sent_is_freed_and_its_pump_ends():
    """The client is closed (its reader saw the disconnect) while its pump is inside a send that then completes.
    ``asyncio.wait_for`` (3.11) swallowed that cancellation when the send had finished: the pump went on to wait
    for a next message forever, and the client with its socket objects (about 85 per WebSocket under uvicorn)
    stayed in a reference cycle until the collector's rare full pass (issue 12d, the memory after the attack)."""
    import gc
    import weakref

    async def scenario() -> tuple[weakref.ref, bool]:
        holder: list[Conn] = []

        async def send(text: str) -> None:
            holder[0].close()  # the reader side closes the client meanwhile; the send itself completes

        async def close(code: int, reason: str) -> None:
            return None

        conn = Conn(send, 0, close)
        holder.append(conn)
        task = conn.task
        conn.put('{"type":"pong"}')
        for _ in range(10):
            await asyncio.sleep(0)
        holder.clear()
        done = task is not None and task.done()
        del task
        return weakref.ref(conn), done

    gc.collect()
    gc.disable()
    try:
        conn, done = asyncio.run(scenario())
        assert done, "the pump still waits for a next message"
        assert conn() is None, "left for the cycle collector"
    finally:
        gc.enable()


def test_an_upgraded_connection_is_freed_without_the_collector():
    """The HTTP protocol of a connection that became a WebSocket lets go of its parser (which holds the protocol's
    callbacks): otherwise the pair, with the transport, waits in a reference cycle for the collector's rare full
    pass, about 9 MB per 1,000 WebSockets (the hostile-load benchmark's idle sockets)."""
    import gc
    import socket
    import weakref

    import uvicorn
    from websockets.asyncio.client import connect

    from museion.server.edge.networks import Share
    from museion.server.edge.protocol import Limits, protocols

    http_class, ws_class = protocols(Limits(Share(100, 100), 5.0, 5.0))
    seen: list[weakref.ref] = []

    class Watched(http_class):  # type: ignore[misc, valid-type]
        def connection_made(self, transport):  # noqa: ANN001, ANN202
            seen.append(weakref.ref(self))
            super().connection_made(transport)

    async def app(scope, receive, send):  # noqa: ANN001, ANN202 - an ASGI echo of one message
        if scope["type"] != "websocket":
            return
        await receive()
        await send({"type": "websocket.accept"})
        message = await receive()
        await send({"type": "websocket.send", "text": message.get("text", "")})
        await receive()

    async def scenario() -> None:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, http=Watched, ws=ws_class, log_level="error", lifespan="off"))
        serving = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            await asyncio.sleep(0.01)
        async with connect(f"ws://127.0.0.1:{port}/") as ws:
            await ws.send("hello")
            assert await ws.recv() == "hello"
        await asyncio.sleep(0.2)  # the server sees the close
        server.should_exit = True
        await serving

    gc.collect()
    gc.disable()
    try:
        asyncio.run(scenario())
        assert seen and all(ref() is None for ref in seen), "an upgraded HTTP protocol is kept alive by a cycle"
    finally:
        gc.enable()


def test_closed_sockets_give_their_memory_back_every_few_hundred(monkeypatch):
    """Every ``EVERY`` closed sockets the allocator is asked to return its free pages (on a thread), not before."""
    from museion.server.ops import memory

    calls: list[int] = []
    monkeypatch.setattr(memory, "TRIM", calls.append)

    async def close(n: int) -> None:
        release = memory.Release(every=3)
        for _ in range(n):
            release.socket_closed()
        await asyncio.sleep(0.05)  # the executor's thread runs the trim

    asyncio.run(close(2))
    assert calls == []
    asyncio.run(close(7))
    assert calls == [0, 0]


def test_flag_wakes_every_waiter_and_forgets_a_cancelled_one():
    """``Flag``: ``asyncio.Event``'s behaviour without its deque (issue 24: memory per idle socket)."""
    from museion.server.edge.connection import Flag

    async def scenario() -> None:
        flag = Flag()
        waiters = [asyncio.create_task(flag.wait()) for _ in range(3)]
        await asyncio.sleep(0)
        waiters[0].cancel()
        await asyncio.sleep(0)
        assert not flag.is_set() and not any(w.done() for w in waiters[1:])
        flag.set()
        await asyncio.gather(*waiters[1:])
        assert flag.is_set()
        await asyncio.wait_for(flag.wait(), 0.1)  # set: returns at once
        flag.clear()
        late = asyncio.create_task(flag.wait())
        await asyncio.sleep(0.01)
        assert not late.done()
        flag.set()
        await asyncio.wait_for(late, 0.1)

    asyncio.run(scenario())


def test_inbox_hands_events_in_order_to_a_reader_that_waits():
    """``protocol.Inbox``: what uvicorn's protocol uses of an ``asyncio.Queue``, in order, waiting when empty."""
    from museion.server.edge.protocol import Inbox

    async def scenario() -> list[int]:
        inbox = Inbox()
        assert inbox.empty()
        reader = asyncio.create_task(inbox.get())
        await asyncio.sleep(0.01)
        assert not reader.done()
        inbox.put_nowait(1)
        first = await asyncio.wait_for(reader, 0.1)
        for i in (2, 3, 4):
            inbox.put_nowait(i)
        rest = [await inbox.get() for _ in range(3)]
        assert inbox.empty()
        return [first, *rest]

    assert asyncio.run(scenario()) == [1, 2, 3, 4]


def test_an_idle_client_costs_little_memory():
    """Issue 24: 1,000 idle spectators held 36 MB at the peak of the hostile benchmark, and the allocator keeps much of
    it after they leave. A waiting ``Conn`` held three deques (an ``asyncio.Event`` has one, 760 bytes each): 4.0 kB
    traced per client, now 1.8."""
    import tracemalloc

    async def scenario() -> float:
        async def send(text: str) -> None: ...

        async def close(code: int, reason: str) -> None: ...

        conns = [Conn(send, None, close) for _ in range(5)]
        await asyncio.sleep(0)
        tracemalloc.start()
        before = tracemalloc.take_snapshot()
        conns += [Conn(send, None, close) for _ in range(100)]
        await asyncio.sleep(0)  # every pump waits for a first message
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "filename"))
        tracemalloc.stop()
        for conn in conns:
            conn.close()
        await asyncio.sleep(0)
        return grown / 100

    assert asyncio.run(scenario()) < 2500


def test_an_idle_websocket_costs_little_memory_in_the_protocol():
    """Issue 24: uvicorn's WebSocket protocol kept an ``asyncio.Queue`` (four deques) and an ``asyncio.Event`` per
    socket, and the handshake's headers for the socket's whole life (a local of the websockets parser's generator):
    15.4 kB traced per open socket in uvicorn's frames, now 9.0 (``protocol.Protocol``)."""
    import socket
    import tracemalloc

    import uvicorn
    from websockets.asyncio.client import connect

    from museion.server.edge.networks import Share
    from museion.server.edge.protocol import Limits, protocols

    http_class, ws_class = protocols(Limits(Share(1000, 1000), 5.0, 5.0))

    async def app(scope, receive, send):  # noqa: ANN001, ANN202 - accepts, says hello, waits
        if scope["type"] != "websocket":
            return
        await receive()
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.send", "text": "hello"})
        await receive()

    async def scenario() -> float:
        sock = socket.socket()
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        server = uvicorn.Server(uvicorn.Config(app, http=http_class, ws=ws_class, log_level="error", lifespan="off",
                                               ws_per_message_deflate=False))  # as ``museion serve``
        serving = asyncio.create_task(server.serve(sockets=[sock]))
        while not server.started:
            await asyncio.sleep(0.01)

        async def idle(n: int) -> list:
            sockets = [await connect(f"ws://127.0.0.1:{port}/", compression=None) for _ in range(n)]
            for ws in sockets:
                assert await ws.recv() == "hello"
            return sockets

        held = await idle(5)
        tracemalloc.start(30)
        before = tracemalloc.take_snapshot()
        held += await idle(40)
        await asyncio.sleep(0.1)
        after = tracemalloc.take_snapshot()
        tracemalloc.stop()
        server_side = [tracemalloc.Filter(True, "*uvicorn*", all_frames=True)]  # the client never runs uvicorn
        grown = sum(s.size_diff for s in after.filter_traces(server_side).compare_to(
            before.filter_traces(server_side), "filename"))
        for ws in held:
            await ws.close()
        server.should_exit = True
        await serving
        return grown / 40

    assert asyncio.run(scenario()) < 12000
