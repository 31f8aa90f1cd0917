"""The FastAPI application: lobby REST API, the WebSocket play protocol and the static browser client.

WebSocket protocol (``/ws/tables/{id}``, JSON text frames):

client -> server
  ``{"type": "hello", "token": TOKEN or null, "lang": "en"}``  first message; no token: spectator; ``lang``
                                                     (en, es) is the language of the log's event texts
  ``{"type": "move", "seq": N, "action": ID}``       (or ``"move": NOTATION`` instead of ``action``)
  ``{"type": "resync"}``                             ask for the full state again
  ``{"type": "ping"}``

server -> client
  ``{"type": "state", "seq": N, "full": bool, "view": ..., "legal": [[ID, NOTATION], ...], "log": [...],
  "log_from": K, ...}``  after every change (``full``: the log is complete; otherwise it continues at K); each
  log entry is the move as this seat learned it: ``{"n", "p", "t": notation, "ev": [{"key", "args", "text"}]}``
  ``{"type": "error", "code": CODE, "message": TEXT, "seq": N}``  to the sender only; nothing changed
  ``{"type": "pong"}``
"""

from __future__ import annotations

import asyncio
import gc
import json
import multiprocessing
import os
import pathlib
from collections.abc import AsyncIterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException

import museion
from museion.bots import bot_names
from museion.core import i18n
from museion.core.errors import IllegalActionError, OptionError
from museion.core.registry import entry
from museion.server.storage import Store, dumps
from museion.server.tables import Conn, LiveTable, Manager, TableError, load_game

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"
HELLO_TIMEOUT = 20.0


def create_app(db_url: str, bot_workers: int = 1, bot_delay: float = 0.3) -> FastAPI:
    """The application for the database at ``db_url``; ``bot_workers`` = 0 runs bots in-process (tests)."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        def new_pool() -> ProcessPoolExecutor:
            return ProcessPoolExecutor(max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn"))

        pool = new_pool() if bot_workers > 0 else None
        manager = Manager(Store(db_url), pool, bot_delay, new_pool if bot_workers > 0 else None)
        manager.warm_pool()
        app.state.manager = manager
        await manager.start()
        gc.freeze()  # the loaded tables and modules never become garbage: keep them out of every collection
        try:
            yield
        finally:
            await manager.close()
            if manager.pool is not None:
                manager.pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="museion", lifespan=lifespan)
    _errors(app)
    _lobby_routes(app)
    _pages(app)

    @app.websocket("/ws/tables/{table_id}")
    async def ws_table(ws: WebSocket, table_id: str) -> None:
        await play_socket(ws, app.state.manager, table_id)

    return app


# -- errors --------------------------------------------------------------------------------------------------
def _error(status: int, code: str, message: str) -> JSONResponse:
    return JSONResponse({"error": code, "message": message}, status_code=status)


def _errors(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return _error(exc.status, exc.code, str(exc))

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = [f"{'.'.join(str(x) for x in e.get('loc', ()))}: {e.get('msg')}" for e in exc.errors()]
        return _error(400, "bad_request", "; ".join(parts) or "malformed request")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(exc.status_code, "http", str(exc.detail))


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError("bad_json", "the request body must be a JSON object") from None
    if not isinstance(data, dict):
        raise TableError("bad_json", "the request body must be a JSON object")
    return data


# -- lobby ---------------------------------------------------------------------------------------------------
def game_info(name: str) -> dict[str, Any]:
    cls = entry(name).game_class
    options = []
    for key, opt in cls.OPTIONS.items():
        kind = "bool" if isinstance(opt.default, bool) else "int" if isinstance(opt.default, int) else "text"
        options.append({"name": key, "default": opt.default, "doc": opt.doc, "type": kind})
    players = cls().num_players()
    return {"name": name, "title": cls.title, "options": options, "default_players": players}


def _lobby_routes(app: FastAPI) -> None:
    @app.get("/api/games")
    async def games() -> dict[str, Any]:
        found = []
        for name in museion.games():
            try:
                found.append(game_info(name))
            except Exception:  # noqa: BLE001 - a game still being written is simply not offered
                continue
        return {"games": found, "bots": bot_names()}

    @app.get("/api/games/{name}/rules")
    async def rules(name: str) -> dict[str, Any]:
        try:
            return {"game": name, "rules": entry(name).rules}
        except OptionError as exc:
            raise TableError("bad_game", str(exc), 404) from None

    @app.post("/api/games/{name}/check")
    async def check(name: str, request: Request) -> dict[str, Any]:
        """Validate options without creating a table; tells the lobby how many seats to offer."""
        data = await _body(request)
        game = load_game(name, data.get("options") or {})
        return {"game": game.name, "options": game.options_json(), "num_players": game.num_players()}

    @app.get("/api/tables")
    async def tables() -> dict[str, Any]:
        return await app.state.manager.listing()

    @app.post("/api/tables", status_code=201)
    async def create(request: Request) -> dict[str, Any]:
        data = await _body(request)
        table, token = await app.state.manager.create(
            data.get("game"), data.get("options"), data.get("seats"), data.get("join"), data.get("name"))
        out = table.summary()
        if token is not None:
            out.update(token=token, seat=data.get("join"))
        return out

    @app.get("/api/tables/{table_id}")
    async def table(table_id: str) -> dict[str, Any]:
        return (await app.state.manager.get(table_id)).summary()

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        token = await app.state.manager.join(table_id, data.get("seat"), data.get("name"))
        return {"table": table_id, "seat": data.get("seat"), "token": token}

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: str, request: Request) -> dict[str, Any]:
        data = await _body(request)
        seat = await app.state.manager.leave(table_id, data.get("token"))
        return {"table": table_id, "seat": seat, "left": True}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str, lang: str | None = None) -> dict[str, Any]:
        return await app.state.manager.record(table_id, _language(lang))

    @app.get("/api/tables/{table_id}/replay")
    async def replay(table_id: str) -> dict[str, Any]:
        return await app.state.manager.replay(table_id)


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/")
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/table/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/healthz")
    async def health() -> dict[str, Any]:
        return {"ok": True, "pid": os.getpid()}


# -- play ----------------------------------------------------------------------------------------------------
def _err(code: str, message: str, seq: int | None = None) -> str:
    return dumps({"type": "error", "code": code, "message": message, "seq": seq})


async def play_socket(ws: WebSocket, manager: Manager, table_id: str) -> None:
    """One client: a hello (token or spectator), then moves until it disconnects."""
    await ws.accept()
    try:
        table = await manager.get(table_id)
    except TableError as exc:
        await ws.send_text(_err(exc.code, str(exc)))
        await ws.close(code=4404)
        return
    hello = await _hello(ws, table)
    if hello is False:
        return
    seat, lang = hello
    conn = Conn(ws.send_text, seat, lang)
    table.register(conn)
    try:
        while True:
            text = await ws.receive_text()
            await _handle(text, conn, table, manager)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.conns.discard(conn)
        conn.close()
        manager.release_if_idle(table)


async def _hello(ws: WebSocket, table: LiveTable) -> tuple[int | None, str] | bool:
    """The seat of the token in the first message (``None``: a spectator) and the language of its texts
    (``"lang"``, default English); ``False`` if the client left."""
    try:
        text = await asyncio.wait_for(ws.receive_text(), HELLO_TIMEOUT)
    except (WebSocketDisconnect, RuntimeError):
        return False
    except TimeoutError:
        await ws.send_text(_err("no_hello", "send {\"type\": \"hello\", \"token\": ...} first"))
        await ws.close(code=4408)
        return False
    message = _parse(text)
    if not isinstance(message, dict) or message.get("type") != "hello":
        await ws.send_text(_err("malformed", "the first message must be {\"type\": \"hello\", \"token\": TOKEN or "
                                             "null}; you are connected as a spectator", table.seq))
        return None, i18n.DEFAULT
    lang = message.get("lang")
    lang = lang if lang in i18n.LANGUAGES else i18n.DEFAULT
    token = message.get("token")
    if token is None:
        return None, lang
    seat = table.seat_of(token) if isinstance(token, str) else None
    if seat is None:
        await ws.send_text(_err("bad_token", "this token holds no seat at this table; you are connected as a "
                                             "spectator", table.seq))
    return seat, lang


def _language(lang: str | None) -> str:
    """A supported language from a request parameter (English when absent), or a 400 saying which exist."""
    try:
        return i18n.language(lang)
    except OptionError as exc:
        raise TableError("bad_language", str(exc)) from None


def _parse(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return None


async def _handle(text: str, conn: Conn, table: LiveTable, manager: Manager) -> None:
    message = _parse(text)
    kind = message.get("type") if isinstance(message, dict) else None
    if kind == "ping":
        conn.put(dumps({"type": "pong"}))
        return
    if kind == "resync":
        conn.put(dumps(table.state_message(conn.seat, None, conn.lang)))
        conn.seq = table.seq
        return
    if kind != "move":
        conn.put(_err("malformed", "a message is a JSON object with type hello, move, resync or ping; got "
                                   f"{text[:80]!r}", table.seq))
        return
    try:
        action = _move_action(message, table, conn.seat)
        await manager.play(table, conn.seat, message["seq"], action)
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


def _move_action(message: dict[str, Any], table: LiveTable, seat: int | None) -> int:
    seq = message.get("seq")
    if isinstance(seq, bool) or not isinstance(seq, int):
        raise TableError("malformed", "a move needs 'seq': the sequence number (integer) of the state it was made "
                                      f"in; the game is at {table.seq}")
    action = message.get("action")
    if action is None and isinstance(message.get("move"), str):
        if seat is None or seat != table.state.current_player():
            return -1  # refused by Manager.play with the precise reason
        try:
            return table.state.string_to_action(message["move"])
        except IllegalActionError as exc:
            raise TableError("illegal", str(exc)) from None
    if isinstance(action, bool) or not isinstance(action, int):
        raise TableError("malformed", "a move needs 'action': an integer action id from your legal moves (or "
                                      f"'move': its notation); got {action!r}")
    return action
