"""The WebSocket play protocol (``/ws/tables/{id}``, JSON text frames), one loop per client.

The client sends hello (its seat token or none, its language), then moves, hints, resyncs and pings
(``inbound.ClientMessage``); the server sends state, hint, error and pong messages (``messages.ServerMessage``).
Both directions are published as an AsyncAPI document at ``/asyncapi.json`` (``messages.asyncapi``);
docs/protocol.md has examples.

Every message is parsed by one strict Pydantic model (``inbound.ClientMessage``): a malformed one (bad JSON, too
deep, wrong types, unknown fields, a binary frame) gets an error reply and the connection stays, so does a
message over the size limit (``too_large``); a frame over 16 times the limit is closed with 1009, invalid UTF-8
with 1007, both with a reason (``protocol.py``); a client that reads too little is closed with 1008
``slow_consumer``; one that sends more than its budget (``limit_messages``) with 1008 ``too_many_messages``, and
its address may then open no WebSocket for ``flood_pause`` seconds (refused before the handshake, like an Origin
that is not allowed); a socket beyond ``max_sockets_per_network`` of one network (IPv4 /24, IPv6 /64) gets
``too_many_sockets`` and is closed with 4429; beyond ``max_sockets`` in all, with 1013 ``server_busy`` unless its
network holds less than its fair share.

The loop asks the manager's rooms (:class:`Rooms`: the live tables, the pipeline, the endings, take-backs, clocks,
chat and hints) and imports none of the rooms above this one (the hints service is a protocol here)."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import re
import secrets
import time
from typing import Literal, Protocol

from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError

from museion.core import i18n
from museion.server.accounts.routes import Accounts, seat_key, session_headers
from museion.server.chat.chat import Chat
from museion.server.config import ServerConfig, short
from museion.server.edge import inbound, messages, models
from museion.server.edge.connection import Conn
from museion.server.edge.errors import TableError
from museion.server.edge.guard import ABORT
from museion.server.edge.networks import Share
from museion.server.edge.rates import Limits
from museion.server.edge.refusals import client as client_of
from museion.server.edge.refusals import describe
from museion.server.ops import metrics
from museion.server.play.endings import Endings
from museion.server.play.pipeline import Pipeline
from museion.server.play.takebacks import Takebacks
from museion.server.play.timekeeper import Timekeeper
from museion.server.storage.rows import dumps
from museion.server.table.live import LiveTable
from museion.server.table.tables import Tables

SOCKETS = (str(n) for n in itertools.count())
TABLE_ID = re.compile(models.ID_PATTERN)
PATH = re.compile(r"^/ws/tables/([^/]+)$")
HINT_TASKS: set[asyncio.Task[None]] = set()
Message = (inbound.Hello | inbound.Move | inbound.Hint | inbound.Undo | inbound.Resign | inbound.Claim | inbound.Resync
           | inbound.Ping | inbound.Chat | inbound.Report | inbound.TakebackAsk | inbound.TakebackAnswer)
Decision = inbound.Undo | inbound.Resign | inbound.Claim | inbound.TakebackAsk | inbound.TakebackAnswer


class Hinter(Protocol):
    async def hint(self, table: LiveTable, seat: int | None, seq: int, lang: str = ...) -> messages.HintMessage:
        ...


class Rooms(Protocol):
    """What the play loop asks of the server: the manager's rooms (``manager.py`` builds them)."""

    live: Tables
    pipeline: Pipeline
    endings: Endings
    takebacks: Takebacks
    timekeeper: Timekeeper
    chat: Chat
    hints: Hinter


def send(message: messages.StateMessage | messages.HintMessage | messages.ErrorMessage | messages.Pong
         | messages.Reported) -> str:
    """A server message as the JSON text sent."""
    return dumps(message.model_dump())


def _err(code: str, message: str, seq: int | None = None) -> str:
    return send(messages.ErrorMessage(code=code, message=message, seq=seq))


async def _receive(ws: WebSocket) -> str | bytes | None:
    """The next message (text or bytes); ``None`` once the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


def parse(data: str | bytes) -> Message | str:
    """The client message, or the error text saying what is wrong (never the input beyond a short prefix)."""
    if isinstance(data, bytes):
        return "binary frames are not accepted: send JSON text"
    try:
        return inbound.ClientMessage.validate_json(data)
    except ValidationError as exc:
        return (f"{describe(exc.errors(include_input=False))}; a message is a JSON object with type hello, move, "
                "hint, undo, takeback_request, takeback_answer, resign, claim, resync, ping, chat or report")


async def play_socket(ws: WebSocket, app: FastAPI, table_id: str) -> None:
    """One client, counted against its network's open sockets (and the server's) while it is connected."""
    config: ServerConfig = app.state.config
    sockets: Share[WebSocket] = app.state.sockets
    client = client_of(ws)
    await ws.accept()
    ws.scope["headers"] = session_headers(ws.scope["headers"])  # the guard read the rest (issue 24)
    refused = sockets.admit(client, ws)
    if refused == "network":
        limit = config.max_sockets_per_network
        await _refuse(ws, 4429, "too_many_sockets", f"your network has {limit} WebSockets open, the limit; close "
                                                    "one (another tab or table) first")
        return
    if refused is not None:
        await _refuse(ws, 1013, "server_busy", "the server has as many WebSockets open as it takes and your network "
                                               "has its share; try again later")
        return
    try:
        await _play(ws, app, table_id, client)
    finally:
        sockets.leave(client, ws)
        app.state.memory.socket_closed()


async def _table(ws: WebSocket, rooms: Rooms, table_id: str) -> LiveTable | None:
    """The table the path names, loaded; ``None`` when refused (no such table, storage down) and closed."""
    try:
        if not TABLE_ID.match(table_id) or len(table_id) > models.MAX_TABLE_ID:
            raise TableError("not_found", f"no table {short(table_id)!r}", 404)
        return await rooms.live.get(table_id)
    except TableError as exc:
        await _refuse(ws, 4404, exc.code, str(exc))
    except SQLAlchemyError:
        await _refuse(ws, 1011, "storage", "the storage is not available; try again later")
    return None


async def _play(ws: WebSocket, app: FastAPI, table_id: str, client: str) -> None:
    """A hello (token or spectator), then moves until the client disconnects."""
    rooms: Rooms = app.state.manager
    config: ServerConfig = app.state.config
    table = await _table(ws, rooms, table_id)
    if table is None:
        return
    hello = await _hello(ws, table, config.hello_timeout, app.state.accounts)
    if hello is False:
        return
    seat, lang = hello
    if seat is not None:
        await rooms.timekeeper.returned(table, seat)  # a bot standing in after a timeout gives the seat back

    async def close(code: int, reason: str) -> None:
        await ws.close(code=code, reason=reason)

    conn = Conn(ws.send_text, seat, close, config.outbox_messages, config.send_timeout, lambda: abort(ws), lang)
    table.register(conn)
    await rooms.chat.backlog(table, conn, client)
    try:
        await _loop(ws, conn, table, rooms, app.state.limits, client)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.conns.discard(conn)
        conn.close()
        rooms.live.release_if_idle(table)


async def _loop(ws: WebSocket, conn: Conn, table: LiveTable, rooms: Rooms, limits: Limits, client: str) -> None:
    """Read and answer the client's messages until it goes (or floods, or is closed)."""
    config, key, budget = rooms.live.config, next(SOCKETS), limits.messages.budget()
    while not conn.closing:
        await conn.room()
        data = await _receive(ws)
        if data is None:
            break
        if not budget.spend():  # a flood: its next handshakes are refused for a while too
            limits.pause(client)
            await conn.end(1008, f"too_many_messages: over {limits.messages.spec} on one connection")
            break
        if len(data) > config.max_body:
            conn.put(_err("too_large", f"a message may have at most {config.max_body} bytes", table.seq))
            continue
        started, message = time.perf_counter(), parse(data)
        await _handle(message, conn, table, rooms, limits, client, key)
        kind = "malformed" if isinstance(message, str) else message.type
        metrics.WS_SECONDS.labels(kind).observe(time.perf_counter() - started)


async def _refuse(ws: WebSocket, close_code: int, code: str, message: str) -> None:
    """The error message, then the close code with the error code as its reason (the client may be gone)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_text(_err(code, message))
        await ws.close(code=close_code, reason=code)


def abort(ws: WebSocket) -> None:
    """Drop the TCP connection under ``ws`` at once (see ``Guard``: ASGI has no message for it)."""
    found = ws.scope.get(ABORT)
    if found is not None:
        found()


async def _hello(ws: WebSocket, table: LiveTable, timeout: float, service: Accounts
                 ) -> tuple[int | None, str] | Literal[False]:
    """The seat of the token in the first message (``None``: a spectator) and the language of its texts
    (``"lang"``, English when absent or unknown); ``False`` if the client left."""
    try:
        async with asyncio.timeout(timeout):  # not wait_for: it may lose a cancellation (3.11)
            data = await _receive(ws)
    except (WebSocketDisconnect, RuntimeError):
        return False
    except TimeoutError:
        await ws.send_text(_err("no_hello", "send {\"type\": \"hello\", \"token\": ...} first"))
        await ws.close(code=4408, reason="no_hello")
        return False
    if data is None:
        return False
    message = parse(data)
    if not isinstance(message, inbound.Hello):
        await ws.send_text(_err("malformed", "the first message must be {\"type\": \"hello\", \"token\": TOKEN or "
                                             "null}; you are connected as a spectator", table.seq))
        return None, i18n.DEFAULT
    lang = message.lang if message.lang in i18n.LANGUAGES else i18n.DEFAULT
    if message.token is None:
        return None, lang
    return await _seat(ws, table, message.token, service), lang


async def _seat(ws: WebSocket, table: LiveTable, token: str, service: Accounts) -> int | None:
    """The seat a hello's token holds (``None``: a spectator, told why). A seat bound to an account is played only
    with that account's session cookie: by its seat token, or by the seat key (``seat_key``)."""
    session = await service.session_of(ws)
    account_id = None if session is None else session[0].id
    seat = table.seat_of(token)
    if seat is None and session is not None:
        seat = next((s.seat for s in table.row.seats if s.account_id == account_id and s.token_hash is not None
                     and secrets.compare_digest(token, seat_key(session[1], table.id, s.seat))), None)
    if seat is None:
        await ws.send_text(_err("bad_token", "this token holds no seat at this table; you are connected as a "
                                             "spectator", table.seq))
    elif table.row.seats[seat].account_id not in (None, account_id):
        await ws.send_text(_err("seat_bound", "this seat belongs to an account: sign in with it (the session "
                                              "cookie) to play it; you are connected as a spectator", table.seq))
        return None
    return seat


async def _handle(message: Message | str, conn: Conn, table: LiveTable, rooms: Rooms, limits: Limits,
                  client: str, key: str = "") -> None:
    if isinstance(message, inbound.Chat | inbound.Report):
        await _chat(message, conn, table, rooms, client, key)
    elif isinstance(message, str):
        conn.put(_err("malformed", message, table.seq))
    elif isinstance(message, inbound.Ping):
        conn.put(send(messages.Pong()), coalesce=True)
    elif isinstance(message, inbound.Resync):
        conn.want_full(rooms.live.config.resync_spacing)
    elif isinstance(message, inbound.Hello):
        conn.put(_err("malformed", "hello is the first message only; to change seats open a new connection",
                      table.seq))
    elif isinstance(message, inbound.Hint):
        if limits.hint.hit(client) is not None:
            conn.put(_err("rate_limited", "too many hints from your address; wait a minute", table.seq))
            return
        task = asyncio.get_running_loop().create_task(_hint(message.seq, conn, table, rooms))
        HINT_TASKS.add(task)  # kept until done (the loop holds tasks weakly); the connection reads on meanwhile
        task.add_done_callback(HINT_TASKS.discard)
    else:
        try:
            if limits.move.hit(client) is not None:
                raise TableError("rate_limited", "too many moves from your address; wait a moment")
            if isinstance(message, inbound.Move):
                await rooms.pipeline.play(table, conn.seat, message.seq, _move(message), lang=conn.lang)
            else:
                await _decide(message, conn, table, rooms)
        except TableError as exc:
            conn.put(_err(exc.code, str(exc), table.seq))


async def _decide(message: Decision, conn: Conn, table: LiveTable, rooms: Rooms) -> None:
    """A player's decision besides a move: a take-back (or a request for one, or its answer: ``takebacks.py``), a
    resignation, a claim (``endings.py``)."""
    if isinstance(message, inbound.Undo):
        await rooms.pipeline.undo(table, conn.seat, message.seq)
    elif isinstance(message, inbound.TakebackAsk):
        await rooms.takebacks.request(table, conn.seat)
    elif isinstance(message, inbound.TakebackAnswer):
        await rooms.takebacks.answer(table, conn.seat, message.accept)
    elif isinstance(message, inbound.Resign):
        await rooms.endings.resign(table, conn.seat)
    else:
        await rooms.endings.claim(table, conn.seat, message.seat, message.end)


async def _chat(message: inbound.Chat | inbound.Report, conn: Conn, table: LiveTable, rooms: Rooms, client: str,
                key: str) -> None:
    """A chat message for the table, or a report of one (``chat.py``); a refusal goes to the sender only."""
    try:
        if isinstance(message, inbound.Chat):
            await rooms.chat.say(table, conn, message.text, message.channel, key, client)
        else:
            reported = await rooms.chat.report(table, conn, message.id, client)
            conn.put(send(messages.Reported(id=reported)))
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


async def _hint(seq: int, conn: Conn, table: LiveTable, rooms: Rooms) -> None:
    """Compute a hint in a bot worker and send it to the asker only (or the error saying why not)."""
    try:
        conn.put(send(await rooms.hints.hint(table, conn.seat, seq, conn.lang)))
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


def _move(message: inbound.Move) -> int | str:
    """The move a client sent: its action id, else its notation (the pipeline reads it on the seat's turn)."""
    if message.action is not None:
        return message.action
    if message.move is not None:
        return message.move
    raise TableError("malformed", "a move needs 'action': an integer action id from your legal moves (or "
                                  "'move': its notation)")
