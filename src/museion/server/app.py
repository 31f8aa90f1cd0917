"""The FastAPI application: lobby REST API, the WebSocket play protocol and the static browser client.

WebSocket protocol (``/ws/tables/{id}``, JSON text frames):

client -> server
  ``{"type": "hello", "token": TOKEN or null, "lang": "en"}``  first message; no token: spectator; ``lang``
                                                     (en, es) is the language of the log's event texts
  ``{"type": "move", "seq": N, "action": ID}``       (or ``"move": NOTATION`` instead of ``action``)
  ``{"type": "hint", "seq": N}``                      the coach's best moves for your turn (tables with hints)
  ``{"type": "resync"}``                             ask for the full state again
  ``{"type": "ping"}``

server -> client
  ``{"type": "state", "seq": N, "full": bool, "view": ..., "legal": [{"id", "notation", "text", "highlights"}, ...],
  "log": [...], "log_from": K, "breakdown": [...] or null, ...}``  after every change (``full``: the log is complete;
  otherwise it continues at K); each log entry is the move as this seat learned it: ``{"n", "p", "t": notation,
  "text": the move in words, "ev": [{"key", "args", "text"}]}``; texts in the hello's language (docs/web.md)
  ``{"type": "hint", "seq": N, "seat": S, "moves": [{"id", "notation", "text", "highlights", "chance"}, ...]}``
  the answer to a hint, to the asker only (best first; ``chance``: the estimated win chance after the move)
  ``{"type": "error", "code": CODE, "message": TEXT, "seq": N}``  to the sender only; nothing changed
  ``{"type": "pong"}``

Every message is parsed by one strict Pydantic model (``models.ClientMessage``): a malformed one (bad JSON, too
deep, wrong types, unknown fields, a binary frame) gets an error reply and the connection stays, so does a
message over the size limit (``too_large``); a frame over 16 times the limit is closed with 1009, invalid UTF-8
with 1007, both with a reason (``protocol.py``); a client that reads too little is closed with 1008
``slow_consumer``; one that sends more than its budget (``limit_messages``) with 1008 ``too_many_messages``, and
its address may then open no WebSocket for ``flood_pause`` seconds (refused before the handshake, like an Origin
that is not allowed); a socket beyond
``max_sockets_per_network`` of one network (IPv4 /24, IPv6 /64) gets ``too_many_sockets`` and is closed with
4429; beyond ``max_sockets`` in all, with 1013 ``server_busy`` unless its network holds less than its fair share.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import itertools
import logging
import os
import pathlib
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import FastAPI, Path, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

import museion
from museion.core import i18n
from museion.core.errors import IllegalActionError, OptionError, Reason
from museion.core.registry import entry
from museion.server import models, schema
from museion.server.config import ServerConfig, short
from museion.server.connection import Conn
from museion.server.finished import Busy, Finished, replay_of, respond
from museion.server.finished import json_bytes as finished_json
from museion.server.guard import ABORT, Guard, Limits
from museion.server.networks import Share, network
from museion.server.storage import Store, TableRow, dumps, hash_token
from museion.server.tables import LiveTable, Manager, TableError, load_game
from museion.server.worker import BotPool

SOCKETS = (str(n) for n in itertools.count())
WEB = pathlib.Path(__file__).resolve().parent.parent / "web"
FULL_GC_EVERY = 100
"""Young-generation (gen1) collections between the cycle collector's full passes (CPython's default: 10). A full
pass walks every live object and stops the event loop meanwhile: 60-100 ms here under the hostile-load benchmark
(110-150k objects: 200 games' logs, about 800 sockets' ASGI stacks), once every 7-20 s at the default, which made
the honest moves' p99 (issue 12). At 100 it comes every few minutes instead; what waits for it meanwhile is
little, since closed clients and released tables are freed by reference counting (``Conn.close``)."""
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": models.ErrorBody} for code in (400, 403, 404, 409, 410, 413, 415, 429, 503)}


async def going_away(app: Guard, timeout: float) -> None:
    """Close every table's sockets with 1001 (the server is stopping), waiting at most ``timeout`` seconds."""
    manager = getattr(app.app.state, "manager", None)  # type: ignore[attr-defined]
    if manager is not None:
        await manager.going_away(timeout)


def create_app(db_url: str, config: ServerConfig | None = None) -> Guard:
    """The application for the database at ``db_url`` behind its guard (headers, origins, body size)."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool = BotPool(config.bot_workers, config.bot_seconds, config.bot_nice) if config.bot_workers > 0 else None
        manager = Manager(Store(db_url), config, pool)
        app.state.manager = manager
        await manager.start()
        gc.freeze()  # the modules and long-lived tables never become garbage: keep them out of every collection
        thresholds = gc.get_threshold()
        gc.set_threshold(thresholds[0], thresholds[1], FULL_GC_EVERY)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            app.state.finished.close()
            await manager.close()

    app = FastAPI(title="museion", lifespan=lifespan, docs_url=None, redoc_url=None, responses=ERRORS)
    app.state.config = config
    limits = app.state.limits = Limits(config.limit_create, config.limit_join, config.limit_move,
                                       config.limit_messages, config.limit_poll, config.limit_hint,
                                       config.limit_analysis, config.flood_pause, config.limit_builds)
    app.state.finished = Finished(config.finished_cache_mb * 2**20)
    app.state.started = f"{time.time():.0f}"
    app.state.sockets = Share(config.max_sockets, config.max_sockets_per_network, _abort)
    _errors(app)
    _lobby_routes(app)
    _pages(app)

    _schema(app, config)

    async def sockets(scope: Any, receive: Any, send: Any) -> None:
        """``/ws/tables/{id}``: the play protocol (the only WebSocket path; any other is closed at once)."""
        path = WS_PATH.match(scope["path"])
        if path is None:
            await send({"type": "websocket.close", "code": 1000, "reason": ""})
            return
        await play_socket(WebSocket(scope, receive, send), app, path.group(1))

    return Guard(app, config.max_body, config.origins, config.hosts, limits, _route_methods(app), sockets)


def _schema(app: FastAPI, config: ServerConfig) -> None:
    """The OpenAPI document says what this server allows (``schema.py``); built once."""
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = schema.describe(generate(), config.bots.levels(), config.bots.specs)
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


def _route_methods(app: FastAPI) -> Any:
    """``path -> methods`` of the application's routes (``None`` for a path no route serves), so that the guard
    answers a method a path does not take with 405 and its ``Allow`` before any other check (content type)."""
    routes = [(route.path_regex, frozenset(getattr(route, "methods", None) or ("GET",))) for route in app.router.routes
              if hasattr(route, "path_regex")]

    def methods(path: str) -> frozenset[str] | None:
        found = frozenset().union(*(m for regex, m in routes if regex.match(path)))
        return found or None

    return methods


# -- errors --------------------------------------------------------------------------------------------------
def _error(status: int, code: str, message: str, reason: Reason | None = None) -> JSONResponse:
    """The answer to a refused request: its code, the English message and, when the error has one, the
    ``reason`` a client says in its player's language from the texts catalogue."""
    body: dict[str, Any] = {"error": code, "message": message}
    if reason is not None:
        body["reason"] = reason
    return JSONResponse(body, status_code=status)


HINTS = {
    "move.seq": "a move needs 'seq': the sequence number (integer) of the state it was made in",
    "move.action": "'action' is an integer action id from your legal moves (or 'move': its notation)",
    "move.move": f"'move' is the notation of one of your legal moves (at most {models.MAX_MOVE} characters)",
    "hello.token": f"'token' is your seat token (at most {models.MAX_TOKEN} characters) or null",
}


FIELD_CODES = {
    ("query", "lang"): ("bad_language", f"unknown language; allowed: {', '.join(i18n.LANGUAGES)}"),
    ("body", "game"): ("bad_game", f"'game' must be one of {', '.join(museion.available_games())}"),
    ("path", "name"): ("bad_game", f"the game is one of {', '.join(museion.available_games())}"),
}
"""Request fields whose refusal has its own code (the rest are ``bad_request`` with the validator's words)."""


def describe(errors: list[Any]) -> str:
    """A validation error list as one line, without echoing what the client sent beyond short prefixes."""
    parts = []
    for e in errors[:5]:
        loc = ".".join(short(str(x), 20) for x in e.get("loc", ()) if x != "body")
        hint = next((text for key, text in HINTS.items() if loc.startswith(key)), None)
        parts.append(f"{loc or 'body'}: {short(str(e.get('msg', 'invalid')), 80)}" + (f" ({hint})" if hint else ""))
    return "; ".join(parts) or "malformed request"


def _errors(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(_request: Request, exc: TableError) -> JSONResponse:
        return _error(exc.status, exc.code, str(exc), exc.reason)

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = list(exc.errors())
        if any(e.get("type") == "json_invalid" or tuple(e.get("loc", ())) == ("body",) for e in errors):
            return _error(400, "bad_json", "the request body must be a JSON object")
        for e in errors:  # the fields with a code of their own say what is allowed in words
            code = FIELD_CODES.get(tuple(e.get("loc", ())))
            if code is not None:
                return _error(400, *code)
        return _error(400, "bad_request", describe(errors))

    @app.exception_handler(SQLAlchemyError)
    async def storage_error(_request: Request, exc: SQLAlchemyError) -> JSONResponse:
        log.warning("storage failed: %s", short(str(exc).splitlines()[0] if str(exc) else type(exc).__name__, 200))
        return _error(503, "storage", "the storage is not available; nothing changed; try again later")

    @app.exception_handler(Exception)
    async def internal_error(_request: Request, exc: Exception) -> JSONResponse:
        return _error(500, "internal", "the server failed to answer this request; nothing changed")

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "bad_method"}.get(exc.status_code, "http")
        return _error(exc.status_code, code, short(str(exc.detail), 200))


def _client(request: Request | WebSocket) -> str:
    """The client's network (IPv4 /24, IPv6 /64): the key of every limit and cap."""
    return network(request.client.host) if request.client else "unknown"


TableIdPath = Annotated[str, Path(min_length=1, max_length=models.MAX_TABLE_ID, pattern=models.ID_PATTERN)]
TABLE_ID = re.compile(models.ID_PATTERN)
WS_PATH = re.compile(r"^/ws/tables/([^/]+)$")
log = logging.getLogger("museion.server")


# -- lobby ---------------------------------------------------------------------------------------------------
def game_info(name: str, lang: str = i18n.DEFAULT) -> dict[str, Any]:
    """A game for the lobby: its description and its options' metadata (kind, choices, bounds, label and help)
    in ``lang``, all from the game's own declarations (``Game.option_info``)."""
    cls = entry(name).game_class
    game = cls()
    return {"name": name, "title": cls.title, "options": cls.option_info(lang), "default_players": game.num_players(),
            "description": cls.description(lang),
            "colours": [{"key": c, "label": i18n.text(f"colour.{c}", lang)} for c in game.seat_colours()]}


def texts(wanted: str | None) -> dict[str, Any]:
    """The catalogue in the first supported language of ``wanted`` ("es,en"; English when none is), with the
    name of every language in itself (for the language switch)."""
    codes = [code.strip().lower()[:2] for code in (wanted or "").split(",")]
    lang = next((code for code in codes if code in i18n.LANGUAGES), i18n.DEFAULT)
    for game in museion.available_games():  # each game registers its terms when its package is imported
        try:
            entry(game).game_class  # noqa: B018 - imported for its texts
        except Exception:  # noqa: BLE001 - a game still being written simply has no texts yet
            continue
    return {"lang": lang, "languages": {code: i18n.text("web.language_name", code) for code in i18n.LANGUAGES},
            "texts": {key: i18n.template(key, lang) for key in i18n.keys()}}


def _lobby_routes(app: FastAPI) -> None:
    def manager() -> Manager:
        return app.state.manager

    @app.get("/api/games")
    async def games(lang: models.Language | None = None) -> models.Catalogue:
        found = []
        lang = _language(lang)
        for name in museion.available_games():
            try:
                found.append(game_info(name, lang))
            except Exception:  # noqa: BLE001 - a game still being written is simply not offered
                continue
        bots = app.state.config.bots
        return models.Catalogue(games=found, bots=bots.levels(), bot_specs=bots.specs)

    @app.get("/api/texts")
    async def texts_route(request: Request, response: Response, lang: Annotated[str | None, Query(max_length=64)] = None
                          ) -> models.Texts:
        """Every text of the catalogue in one language, for the browser client (cached until the server restarts)."""
        answer = texts(lang)
        tag = f'W/"{app.state.started}-{answer["lang"]}-{len(answer["texts"])}"'
        response.headers["ETag"] = tag
        response.headers["Cache-Control"] = "no-cache"
        if request.headers.get("if-none-match") == tag:
            raise NotModified(tag)
        return models.Texts(**answer)

    @app.get("/api/games/{name}/rules")
    async def rules(name: models.GameName, lang: models.Language | None = None) -> models.Rules:
        """The rules summary of the game's default configuration in ``lang`` (the table page's rules panel)."""
        try:
            return models.Rules(game=name, rules=entry(name).summary(_language(lang)))
        except OptionError as exc:
            raise TableError("bad_game", short(str(exc), 300), 404) from None

    @app.post("/api/games/{name}/check")
    async def check(name: models.GameName, body: models.CheckRequest) -> models.Checked:
        """Validate options without creating a table; tells the lobby how many seats to offer."""
        game = load_game(name, body.options or {}, manager().config.tables_dir)
        return models.Checked(game=game.name, options=game.options_json(), num_players=game.num_players())

    @app.get("/api/tables")
    async def tables(request: Request, response: Response,
                     status: Literal["open", "running", "finished"] | None = None,
                     limit: Annotated[int, Query(ge=1, le=200)] = 50,
                     offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0) -> models.TableLists:
        """One page of each lobby list; answers 304 while nothing changed (``ETag``), so polling is cheap."""
        version = f'W/"{app.state.started}-{manager().lobby_version}-{status}-{limit}-{offset}"'
        response.headers["ETag"] = version
        response.headers["Cache-Control"] = "no-cache"
        if request.headers.get("if-none-match") == version:
            raise NotModified(version)
        return models.TableLists(**await manager().listing(status, limit, offset))

    @app.post("/api/tables", status_code=201)
    async def create(request: Request, body: models.CreateTable) -> models.Created:
        seats = [s.model_dump() if isinstance(s, models.SeatSpec) else s for s in body.seats]
        clock = body.clock.model_dump(exclude_none=True) if body.clock else None
        table, token, creator_token = await manager().create(body.game, body.options, seats, body.join, body.name,
                                                             _client(request), clock, body.hints)
        out = table.summary()
        if token is not None:
            out.update(token=token, seat=body.join)
        return models.Created(**out, creator_token=creator_token)

    @app.post("/api/tables/{table_id}/seats/{seat}/bot")
    async def hand_to_bot(table_id: TableIdPath, seat: Annotated[int, Path(ge=0, lt=models.MAX_SEATS)],
                          body: models.HandToBot) -> models.Handed:
        """The creator hands an abandoned seat (free, timed out, or nobody connected for it) to a bot for good."""
        level = await manager().hand_to_bot(table_id, seat, body.creator_token, body.bot)
        return models.Handed(table=table_id, seat=seat, bot=level)

    @app.post("/api/tables/{table_id}/seats/{seat}/invite")
    async def reinvite(table_id: TableIdPath, seat: Annotated[int, Path(ge=0, lt=models.MAX_SEATS)],
                       body: models.CreatorRequest) -> models.Invited:
        """The creator frees an abandoned seat for someone new; its old seat token stops working."""
        await manager().reinvite(table_id, seat, body.creator_token)
        return models.Invited(table=table_id, seat=seat, invite=f"/table/{table_id}?seat={seat}")

    @app.post("/api/my-tables")
    async def my_tables(body: models.MyTablesRequest) -> models.MyTables:
        """The tables of the seat tokens a browser holds (sent in the body, never in a URL): whose turn it is and
        the clocks."""
        pairs = [(held.table, held.token) for held in body.seats]
        digests = [(table, hash_token(token)) for table, token in pairs]
        known, holding = await manager().writer.read(manager().store.holders, digests)
        matched = [pair in holding for pair in digests]
        mine = iter(await manager().my_tables([pair for pair, ok in zip(pairs, matched, strict=True) if ok]))
        found = [next(mine) if ok else {"table": t, "error": "bad_token" if t in known else "not_found"}
                 for (t, _), ok in zip(pairs, matched, strict=True)]  # a token that holds nothing: one read
        return models.MyTables(tables=[models.MyTable(**t) for t in found],
                               waiting=sum(bool(t.get("your_turn")) for t in found))

    @app.get("/api/tables/{table_id}")
    async def table(table_id: TableIdPath) -> models.TableInfo:
        return models.TableInfo(**(await manager().get(table_id)).summary())

    @app.post("/api/tables/{table_id}/join")
    async def join(table_id: TableIdPath, body: models.JoinRequest) -> models.Joined:
        try:
            token = await manager().join(table_id, body.seat, body.name)
        except TableError as exc:
            if exc.code == "bad_seat":  # a seat this table does not have: a conflict with the table, not bad JSON
                exc.status = 409
            raise
        return models.Joined(table=table_id, seat=body.seat, token=token)

    @app.post("/api/tables/{table_id}/leave")
    async def leave(table_id: TableIdPath, body: models.LeaveRequest) -> models.Left:
        seat = await manager().leave(table_id, body.token)
        return models.Left(table=table_id, seat=seat, left=True)

    @app.get("/api/tables/{table_id}/record", response_model=models.RecordAnswer)
    async def record(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
        """The full record, or while a hidden-information game runs what a spectator has learned so far (a
        finished table's from the cache: ``finished.py``)."""
        lang = _language(lang)
        built = await _finished(request, ("record", table_id, lang), lambda row: finished_json(
            models.RecordAnswer(manager().live(row).record_json(lang))))
        if built is not None:
            return built
        return JSONResponse(models.RecordAnswer(await manager().record(table_id, lang)).model_dump(mode="json"))

    @app.get("/api/tables/{table_id}/replay", response_model=models.Replay)
    async def replay(request: Request, table_id: TableIdPath) -> Response:
        """Every step of a finished game (built once, then served from the cache with an ``ETag``)."""
        built = await _finished(request, ("replay", table_id),
                                lambda row: finished_json(models.Replay(**replay_of(manager().live(row)))))
        if built is not None:
            return built
        await manager().get(table_id)  # 404 for no such table
        raise TableError("not_finished", "a replay is available once the game is over", 409)

    @app.get("/api/tables/{table_id}/analysis", response_model=models.AnalysisAnswer)
    async def analysis(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
        """The coach's analysis of a finished table (once done, from the cache), or how far its computation is."""
        lang = _language(lang)
        job = manager().analyst.job(table_id)
        if job is not None and job.status in ("queued", "running"):  # polled while it runs: nothing to build
            return JSONResponse(models.AnalysisAnswer(status=job.status, progress=job.progress)  # type: ignore[arg-type]
                                .model_dump(mode="json"))

        def in_words(row: TableRow) -> bytes | None:
            stored = manager().store.load_analysis(row.id)
            if stored is None:
                raise NotAnalysed
            words = Manager._in_words(manager().live(row), stored, lang)
            return finished_json(models.AnalysisAnswer(status="done", analysis=words))

        try:
            built = await _finished(request, ("analysis", table_id, lang), in_words)
        except NotAnalysed:
            job = manager().analyst.job(table_id)
            answer = models.AnalysisAnswer(status="none") if job is None else models.AnalysisAnswer(
                status=job.status, progress=job.progress, error=job.error or None)  # type: ignore[arg-type]
            return JSONResponse(answer.model_dump(mode="json"))
        if built is not None:
            return built
        return JSONResponse(models.AnalysisAnswer(**await manager().analysis(table_id, False, lang))
                            .model_dump(mode="json"))

    async def _finished(request: Request, key: tuple[str, ...], build: Any) -> Response | None:
        """The cached answer about a finished table (304 when the client has it), else built once on the build
        thread and counted against the network's ``--limit-builds``; ``None`` when the table is not finished
        (or not there): the caller answers from the live table."""
        cache: Finished = app.state.finished
        answer = cache.cached(key)
        if answer is None:
            if await manager().writer.read(manager().store.status, key[1]) != "finished":
                return None  # a running table (or none): the caller answers from the live table
            if app.state.limits.builds.hit(_client(request)) is not None:
                raise TableError("rate_limited", "too many answers about finished tables built for your network; "
                                                 "wait a minute (those built already are served at once)", 429)

            def built() -> bytes | None:
                row = manager().store.load_table(key[1])
                if row is None or row.status != "finished":
                    return None
                return build(row)

            try:
                answer = await cache.build(key, built)
            except Busy:
                raise TableError("busy", "the server is building many answers just now; try again in a moment",
                                 503) from None
        return None if answer is None else respond(answer, request)

    @app.post("/api/tables/{table_id}/analysis", status_code=202)
    async def analyse(request: Request, table_id: TableIdPath, _body: models.AnalysisRequest,
                      lang: models.Language | None = None) -> models.AnalysisAnswer:
        """Ask for the analysis of a finished table: queued in the background (computed once, then stored)."""
        wait = app.state.limits.analysis.hit(_client(request))
        if wait is not None:
            raise TableError("rate_limited", "too many analyses asked from your address; wait a minute", 429)
        return models.AnalysisAnswer(**await manager().analysis(table_id, True, _language(lang), _client(request)))

    @app.exception_handler(NotModified)
    async def not_modified(_request: Request, exc: NotModified) -> Response:
        return Response(status_code=304, headers={"ETag": exc.etag, "Cache-Control": "no-cache"})


class NotAnalysed(Exception):
    """A finished table whose analysis is not stored (yet): its status is the analyst's."""


class NotModified(Exception):
    def __init__(self, etag: str) -> None:
        self.etag = etag


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/tables/mine", include_in_schema=False)
    async def my_tables_page() -> FileResponse:
        return FileResponse(WEB / "mytables.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.ico", media_type="image/x-icon",
                            headers={"Cache-Control": "public, max-age=86400"})

    @app.get("/healthz")
    async def health() -> models.Health:
        return models.Health(ok=True, pid=os.getpid())


# -- play ----------------------------------------------------------------------------------------------------
def _err(code: str, message: str, seq: int | None = None) -> str:
    return dumps({"type": "error", "code": code, "message": message, "seq": seq})


async def _receive(ws: WebSocket) -> str | bytes | None:
    """The next message (text or bytes); ``None`` once the client has gone."""
    message = await ws.receive()
    if message["type"] == "websocket.disconnect":
        return None
    text = message.get("text")
    return text if text is not None else message.get("bytes") or b""


def parse(data: str | bytes) -> models.Hello | models.Move | models.Hint | models.Resync | models.Ping | str:
    """The client message, or the error text saying what is wrong (never the input beyond a short prefix)."""
    if isinstance(data, bytes):
        return "binary frames are not accepted: send JSON text"
    try:
        return models.ClientMessage.validate_json(data)
    except ValidationError as exc:
        return (f"{describe(exc.errors(include_input=False))}; a message is a JSON object with type hello, move, "
                "hint, resync or ping")


async def play_socket(ws: WebSocket, app: FastAPI, table_id: str) -> None:
    """One client, counted against its network's open sockets (and the server's) while it is connected."""
    config: ServerConfig = app.state.config
    sockets: Share[WebSocket] = app.state.sockets
    client = _client(ws)
    await ws.accept()
    ws.scope["headers"] = []  # read by the guard already; not kept for the socket's lifetime (issue 24)
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


async def _play(ws: WebSocket, app: FastAPI, table_id: str, client: str) -> None:
    """A hello (token or spectator), then moves until the client disconnects."""
    manager: Manager = app.state.manager
    config: ServerConfig = app.state.config
    try:
        if not TABLE_ID.match(table_id) or len(table_id) > models.MAX_TABLE_ID:
            raise TableError("not_found", f"no table {short(table_id)!r}", 404)
        table = await manager.get(table_id)
    except TableError as exc:
        await _refuse(ws, 4404, exc.code, str(exc))
        return
    except SQLAlchemyError:
        await _refuse(ws, 1011, "storage", "the storage is not available; try again later")
        return
    hello = await _hello(ws, table, config.hello_timeout)
    if hello is False:
        return
    seat, lang = hello
    if seat is not None:
        await manager.returned(table, seat)  # a bot standing in after a timeout gives the seat back

    async def close(code: int, reason: str) -> None:
        await ws.close(code=code, reason=reason)

    conn = Conn(ws.send_text, seat, close, config.outbox_messages, config.send_timeout, lambda: _abort(ws), lang)
    table.register(conn)
    key = next(SOCKETS)
    limits: Limits = app.state.limits
    try:
        while not conn.closing:
            await conn.room()
            data = await _receive(ws)
            if data is None:
                break
            if not limits.messages.spend(key):  # a flood: its next handshakes are refused for a while too
                limits.pause(client)
                await conn.end(1008, f"too_many_messages: over {limits.messages.spec} on one connection")
                break
            if len(data) > config.max_body:
                conn.put(_err("too_large", f"a message may have at most {config.max_body} bytes", table.seq))
                continue
            await _handle(data, conn, table, manager, limits, client)
    except (WebSocketDisconnect, RuntimeError):
        pass
    finally:
        table.conns.discard(conn)
        conn.close()
        manager.release_if_idle(table)


async def _refuse(ws: WebSocket, close_code: int, code: str, message: str) -> None:
    """The error message, then the close code with the error code as its reason (the client may be gone)."""
    with contextlib.suppress(WebSocketDisconnect, RuntimeError):
        await ws.send_text(_err(code, message))
        await ws.close(code=close_code, reason=code)


def _abort(ws: WebSocket) -> None:
    """Drop the TCP connection under ``ws`` at once (see ``Guard``: ASGI has no message for it)."""
    abort = ws.scope.get(ABORT)
    if abort is not None:
        abort()


async def _hello(ws: WebSocket, table: LiveTable, timeout: float) -> tuple[int | None, str] | bool:
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
    if not isinstance(message, models.Hello):
        await ws.send_text(_err("malformed", "the first message must be {\"type\": \"hello\", \"token\": TOKEN or "
                                             "null}; you are connected as a spectator", table.seq))
        return None, i18n.DEFAULT
    lang = message.lang if message.lang in i18n.LANGUAGES else i18n.DEFAULT
    if message.token is None:
        return None, lang
    seat = table.seat_of(message.token)
    if seat is None:
        await ws.send_text(_err("bad_token", "this token holds no seat at this table; you are connected as a "
                                             "spectator", table.seq))
    return seat, lang


def _language(lang: str | None) -> str:
    """A supported language from a request parameter (English when absent), or a 400 saying which exist."""
    try:
        return i18n.language(lang)
    except OptionError as exc:
        raise TableError("bad_language", short(str(exc), 200)) from None


async def _handle(data: str | bytes, conn: Conn, table: LiveTable, manager: Manager, limits: Limits,
                  client: str) -> None:
    message = parse(data)
    if isinstance(message, str):
        conn.put(_err("malformed", message, table.seq))
    elif isinstance(message, models.Ping):
        conn.put(dumps({"type": "pong"}), coalesce=True)
    elif isinstance(message, models.Resync):
        conn.want_full(manager.config.resync_spacing)
    elif isinstance(message, models.Hello):
        conn.put(_err("malformed", "hello is the first message only; to change seats open a new connection",
                      table.seq))
    elif isinstance(message, models.Hint):
        if limits.hint.hit(client) is not None:
            conn.put(_err("rate_limited", "too many hints from your address; wait a minute", table.seq))
            return
        task = asyncio.get_running_loop().create_task(_hint(message.seq, conn, table, manager))
        HINT_TASKS.add(task)  # kept until done (the loop holds tasks weakly); the connection reads on meanwhile
        task.add_done_callback(HINT_TASKS.discard)
    else:
        try:
            if limits.move.hit(client) is not None:
                raise TableError("rate_limited", "too many moves from your address; wait a moment")
            action = _move_action(message, table, conn.seat, conn.lang)
            await manager.play(table, conn.seat, message.seq, action, lang=conn.lang)
        except TableError as exc:
            conn.put(_err(exc.code, str(exc), table.seq))


HINT_TASKS: set[asyncio.Task[None]] = set()


async def _hint(seq: int, conn: Conn, table: LiveTable, manager: Manager) -> None:
    """Compute a hint in a bot worker and send it to the asker only (or the error saying why not)."""
    try:
        conn.put(dumps(await manager.hint(table, conn.seat, seq, conn.lang)))
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


def _move_action(message: models.Move, table: LiveTable, seat: int | None, lang: str = i18n.DEFAULT) -> int:
    if message.action is None and message.move is not None:
        if seat is None or seat != table.state.current_player():
            return -1  # refused by Manager.play with the precise reason
        try:
            return table.state.string_to_action(message.move)
        except IllegalActionError:
            raise TableError("illegal", short(table.state.explain_illegal(message.move, lang), 300)) from None
    if message.action is None:
        raise TableError("malformed", "a move needs 'action': an integer action id from your legal moves (or "
                                      "'move': its notation)")
    return message.action
