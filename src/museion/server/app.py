"""The FastAPI application: lobby REST API, the WebSocket play protocol and the static browser client.

WebSocket protocol (``/ws/tables/{id}``, JSON text frames): the client sends hello (its seat token or none, its
language), then moves, hints, resyncs and pings (``models.ClientMessage``); the server sends state, hint, error and
pong messages (``messages.ServerMessage``). Both directions are published as an AsyncAPI document at
``/asyncapi.json`` (``messages.asyncapi``); docs/protocol.md has examples.

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
import json
import logging
import os
import pathlib
import re
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Path, Query, Request, Response, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

try:  # FastAPI 0.16x keeps an included router as one route; this lists the routes inside
    from fastapi.routing import iter_route_contexts
except ImportError:  # older FastAPI copies them into the application's list
    iter_route_contexts = None  # type: ignore[assignment,unused-ignore]

import museion
from museion.core import i18n, lesson
from museion.core.descriptor import descriptors
from museion.core.errors import OptionError, Reason
from museion.core.registry import entry
from museion.server import accounts
from museion.server.accounts.routes import UNAUTHORISED, Accounts, seat_key, session_headers
from museion.server.config import ServerConfig, short
from museion.server.edge import messages, models, service, typed
from museion.server.edge.connection import Conn
from museion.server.edge.errors import TableError
from museion.server.edge.guard import ABORT, Guard, Limits
from museion.server.edge.networks import Share, network
from museion.server.friends import presence
from museion.server.friends import service as friends
from museion.server.lobby import lessons, openapi
from museion.server.lobby.finished import Busy, Finished, replay_of, respond
from museion.server.lobby.finished import json_bytes as finished_json
from museion.server.lobby.lobby import load_game
from museion.server.manager import Manager
from museion.server.notices import service as notices
from museion.server.ops import metrics
from museion.server.ops.memory import Release
from museion.server.ratings import routes as ratings
from museion.server.seeks import routes as seeks
from museion.server.services import compute
from museion.server.services.analysis import in_words as analysis_in_words
from museion.server.storage.cluster import process_name
from museion.server.storage.storage import Store, TableRow, dumps, hash_token
from museion.server.table.live import LiveTable
from museion.server.tournaments import routes as tournaments

SOCKETS = (str(n) for n in itertools.count())
WEB = pathlib.Path(__file__).resolve().parent.parent / "web"
FULL_GC_EVERY = 1000
"""Young-generation (gen1) collections between the cycle collector's full passes (CPython's default: 10). A full
pass walks every live object and stops the event loop meanwhile: 60-100 ms here under the hostile-load benchmark
(110-150k objects: 200 games' logs, about 800 sockets' ASGI stacks), once every 7-20 s at the default, which made
the honest moves' p99 (issue 12). At 100 one still came about once a minute under the mixed attack, 250 ms long
with its thousands of sockets, and freed nothing (``gc.callbacks``: collected 0); at 1000, none in a run. What
waits for a full pass is little, since closed clients and released tables are freed by reference counting
(``Conn.close``, and ``protocol.py`` breaks uvicorn's parser cycle)."""
ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": models.ErrorBody} for code in (400, 403, 404, 409, 410, 413, 415, 429, 503)}


async def going_away(app: Guard, timeout: float) -> None:
    """Drain (``service.drain``), then close every table's sockets with 1012 (service restart: connect again,
    to another process), waiting at most ``timeout`` seconds."""
    service.drain(app.app)  # type: ignore[arg-type]
    manager = getattr(app.app.state, "manager", None)  # type: ignore[attr-defined]
    if manager is not None:
        await manager.going_away(timeout)


def create_app(db_url: str, config: ServerConfig | None = None) -> Guard:
    """The application for the database at ``db_url`` behind its guard (headers, origins, body size)."""
    config = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        pool, ray = compute.pool(config)
        manager = Manager(Store(db_url, process_name()), config, pool, limits=limits)
        compute.attach(manager.analyses.analyst, ray)
        if ray is not None:
            ray.start()
            app.state.compute_status = ray.status
        app.state.manager = manager
        friends.attach(app)
        await manager.start()
        notices.attach(app)  # after the start: the turn hook wraps the bots' (manager.live.turn)
        app.state.tournaments.start()  # rounds start by themselves (tournaments/service.py)
        lessons.prepare()  # every tutorial and rules page computed now: a request for one is a dictionary read
        gc.freeze()  # the modules and long-lived tables never become garbage: keep them out of every collection
        thresholds = gc.get_threshold()
        gc.set_threshold(thresholds[0], thresholds[1], FULL_GC_EVERY)
        try:
            yield
        finally:
            gc.set_threshold(*thresholds)
            app.state.finished.close()
            await notices.close(app)
            await app.state.tournaments.close()
            await manager.close()
            if ray is not None:
                await ray.close()

    app = FastAPI(title="museion", lifespan=lifespan, docs_url=None, redoc_url=None, responses=ERRORS,
                  dependencies=[Depends(typed.check_request)])  # no text storage cannot hold (issue 38)
    app.state.config = config
    limits = app.state.limits = Limits(config.limit_create, config.limit_join, config.limit_move,
                                       config.limit_messages, config.limit_poll, config.limit_hint,
                                       config.limit_analysis, config.flood_pause, config.limit_chat,
                                       config.limit_chat_network, config.limit_report,
                                       config.limit_builds, config.request_rate)
    app.state.finished = Finished(config.finished_cache_mb * 2**20)
    app.state.started = f"{time.time():.0f}"
    app.state.sockets = Share(config.max_sockets, config.max_sockets_per_network, _abort)
    app.state.memory = Release()
    _errors(app)
    _lobby_routes(app)
    _pages(app)
    accounts.install(app)
    friends.install(app)
    presence.install(app)
    notices.install(app)
    ratings.install(app)
    seeks.install(app)
    tournaments.install(app)
    service.install(app)

    _schema(app, config)

    async def sockets(scope: Any, receive: Any, send: Any) -> None:
        """``/ws/tables/{id}``: the play protocol (the only WebSocket path; any other is closed at once)."""
        path = WS_PATH.match(scope["path"])
        if path is None:
            await send({"type": "websocket.close", "code": 1000, "reason": ""})
            return
        await play_socket(WebSocket(scope, receive, send), app, path.group(1))

    return Guard(app, config.max_body, config.origins, config.hosts, limits, _route_methods(app),
                 service.unless_draining(app, sockets))


def _schema(app: FastAPI, config: ServerConfig) -> None:
    """The OpenAPI document says what this server allows (``lobby/openapi.py``); built once."""
    generate = app.openapi

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = openapi.describe(generate(), config.bots.levels(), config.bots.specs)
        return app.openapi_schema

    app.openapi = document  # type: ignore[method-assign]


def _route_methods(app: FastAPI) -> Any:
    """``path -> methods`` of the application's routes (``None`` for a path no route serves), so that the guard
    answers a method a path does not take with 405 and its ``Allow`` before any other check (content type).
    The routes of included routers count too: FastAPI 0.16x keeps such a router as one entry without a path, whose
    routes ``iter_route_contexts`` lists (without them, ``/api/me`` and every account, friends and ratings path
    answered ``Allow`` with every method: schemathesis ST205, issue 38)."""
    routes = [(route.path_regex, frozenset(getattr(route, "methods", None) or ("GET",)))
              for route in _flat_routes(app.router.routes) if hasattr(route, "path_regex")]

    def methods(path: str) -> frozenset[str] | None:
        found = frozenset().union(*(m for regex, m in routes if regex.match(path)))
        return found or None

    return methods


def _flat_routes(routes: list[Any]) -> list[Any]:
    """Every route, those of included routers too (older FastAPI copies them into the list itself)."""
    return list(routes) if iter_route_contexts is None else list(iter_route_contexts(routes))


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
    "chat.text": f"'text' is one line of at most {models.MAX_CHAT} characters",
    "chat.channel": "'channel' is 'players' (seated players) or 'spectators'",
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
            "colours": [{"key": c, "label": i18n.text(f"colour.{c}", lang)} for c in game.seat_colours()],
            "tutorial": descriptors()[name].tutorial is not None, "guide": descriptors()[name].guide is not None}


def texts(wanted: str | None) -> dict[str, Any]:
    """The catalogue in the first supported language of ``wanted`` ("es,en"; English when none is), with the
    name of every language in itself (for the language switch)."""
    codes = [code.strip().lower()[:2] for code in (wanted or "").split(",")]
    lang = next((code for code in codes if code in i18n.LANGUAGES), i18n.DEFAULT)
    return {"lang": lang, "languages": {code: i18n.text("web.language_name", code) for code in i18n.LANGUAGES},
            "texts": {key: i18n.template(key, lang) for key in i18n.keys()}}


def _lobby_routes(app: FastAPI) -> None:
    def manager() -> Manager:
        found: Manager = app.state.manager
        return found

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
        return models.Catalogue.model_validate({"games": found, "bots": bots.levels(), "bot_specs": bots.specs})

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
    async def rules(name: models.GameName, lang: models.Language | None = None, spec: bool = False
                    ) -> models.Rules:
        """The rules in ``lang`` (the table page's rules panel): the rules for players when the game has them, else
        (or with ``spec``) the summary of the specification with its rule IDs, for the default configuration."""
        lang = _language(lang)
        try:
            text = None if spec else lesson.guide_text(name, lang)
            return models.Rules(game=name, rules=text or entry(name).summary(lang), guide=text is not None)
        except OptionError as exc:
            raise TableError("bad_game", short(str(exc), 300), 404) from None

    @app.get("/api/games/{name}/tutorial")
    async def tutorial(name: Annotated[str, Path(max_length=64)], lang: models.Language | None = None
                       ) -> models.Tutorial:
        """The game's tutorial in ``lang``: every step's text, position and the learner's move (computed once)."""
        return models.Tutorial(**lessons.tutorial(name, _language(lang)))

    @app.get("/api/games/{name}/guide")
    async def guide(name: Annotated[str, Path(max_length=64)], lang: models.Language | None = None
                    ) -> models.Guide:
        """The game's rules for players in ``lang``: sections with pictures drawn from positions (computed once)."""
        return models.Guide(**lessons.guide(name, _language(lang)))

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

    async def account_id(request: Request) -> int | None:
        """The signed-in account of a request's session cookie (seats it takes are bound to it), if any."""
        session = await app.state.accounts.session_of(request)
        return None if session is None else session[0].id

    async def seat_account(request: Request) -> tuple[int | None, str | None]:
        """The signed-in account's id and username (the name of the seats it takes: players know whom they
        play), or (None, None) for a guest, whose seat takes the name it gives."""
        session = await app.state.accounts.session_of(request)
        return (None, None) if session is None else (session[0].id, session[0].username)

    @app.post("/api/tables", status_code=201)
    async def create(request: Request, body: models.CreateTable) -> models.Created:
        if app.state.draining:  # the drain (cli.Server): the open tables play on, new ones go to another process
            raise TableError("draining", "this server is restarting: create the table again in a moment", 503,
                             {"key": "web.code.draining", "args": {}})
        seats = [s.model_dump() if isinstance(s, models.SeatSpec) else s for s in body.seats]
        clock = body.clock.model_dump(exclude_none=True) if body.clock else None
        me, my_name = await seat_account(request)
        table, token, creator_token = await manager().create(body.game, body.options, seats, body.join, body.name,
                                                             _client(request), clock, body.hints, body.undo,
                                                             me, rated=body.rated, network=_client(request),
                                                             accounts_only=body.accounts_only, account_name=my_name)
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
    async def my_tables(request: Request, body: models.MyTablesRequest) -> models.MyTables:
        """The tables of the seat tokens a browser holds (sent in the body, never in a URL) and, when signed in,
        of the account's seats on every device: whose turn it is and the clocks."""
        pairs = [(held.table, held.token) for held in body.seats]
        digests = [(table, hash_token(token)) for table, token in pairs]
        known, holding = await manager().writer.read(manager().store.holders, digests)
        matched = [pair in holding for pair in digests]
        me = await account_id(request)
        await app.state.presence.seen(me)  # friends see the player online (friends/presence.py)
        mine = iter(await manager().my_tables([pair for pair, ok in zip(pairs, matched, strict=True) if ok], me))
        found = [next(mine) if ok else {"table": t, "error": "bad_token" if t in known else "not_found"}
                 for (t, _), ok in zip(pairs, matched, strict=True)]  # a token that holds nothing: one read
        found += mine  # signed in: the account's other seats
        invitations, notify = await app.state.friends.invitations(me)  # signed in: seats friends hold for you
        return models.MyTables(tables=[models.MyTable(**t) for t in found],
                               waiting=sum(bool(t.get("your_turn")) for t in found),
                               invitations=invitations, notify_invites=notify)

    @app.get("/api/tables/{table_id}")
    async def table(table_id: TableIdPath) -> models.TableInfo:
        return models.TableInfo(**(await manager().get(table_id)).summary())

    @app.post("/api/tables/{table_id}/join")
    async def join(request: Request, table_id: TableIdPath, body: models.JoinRequest) -> models.Joined:
        """Take a free seat; signed in, the seat is bound to the account (it follows the player)."""
        rated = (await manager().get(table_id)).row.rated
        try:
            me, my_name = await seat_account(request)
            token = await manager().join(table_id, body.seat, body.name, me, _client(request), my_name)
        except TableError as exc:
            if exc.code == "bad_seat":  # a seat this table does not have: a conflict with the table, not bad JSON
                exc.status = 409
            raise
        unrated = rated and not (await manager().get(table_id)).row.rated  # two accounts of one network (fair.py)
        return models.Joined(table=table_id, seat=body.seat, token=token,
                             unrated={"key": "web.code.unrated_network", "args": {}} if unrated else None)

    @app.post("/api/tables/{table_id}/my-seat", responses=UNAUTHORISED)
    async def my_seat(request: Request, table_id: TableIdPath, _body: models.Empty) -> models.MySeat:
        """The signed-in account's seat at this table and the key its WebSocket hello sends (session cookie and
        CSRF token needed): a player opens their seat on another device. No seat (a spectator, or an invitation
        not taken yet): ``seat`` and ``key`` null, not an error the browser's console would show."""
        account, token = await app.state.accounts.changing(request)
        seat = await manager().account_seat(table_id, account.id)
        return models.MySeat(table=table_id, seat=seat, key=None if seat is None else seat_key(token, table_id, seat))

    @app.post("/api/tables/{table_id}/leave")
    async def leave(request: Request, table_id: TableIdPath, body: models.LeaveRequest) -> models.Left:
        seat = await manager().leave(table_id, body.token, await account_id(request))
        return models.Left(table=table_id, seat=seat, left=True)

    @app.post("/api/tables/{table_id}/chat")
    async def chat(table_id: TableIdPath, body: models.ChatRequest) -> models.ChatHistory:
        """The players' chat of a table, for one of its seat tokens (in the body, never in a URL): the replay's
        chat, only for those who were there. Spectators' chat is not kept."""
        return models.ChatHistory(**await manager().chat.history(table_id, body.token))

    @app.get("/api/tables/{table_id}/record", response_model=models.RecordAnswer)
    async def record(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
        """The full record, or while a hidden-information game runs what a spectator has learned so far (a
        finished table's from the cache: ``finished.py``)."""
        lang = _language(lang)
        built = await _finished(request, ("record", table_id, lang), lambda row: finished_json(
            models.RecordAnswer.model_validate(manager().live.live(row).record_json(lang))))
        if built is not None:
            return built
        answer = models.RecordAnswer.model_validate(await manager().record(table_id, lang))
        return JSONResponse(answer.model_dump(mode="json"))

    @app.get("/api/tables/{table_id}/replay", response_model=models.Replay)
    async def replay(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
        """Every step of a finished game, each move in words in ``lang`` (built once, then served from the cache
        with an ``ETag``)."""
        lang = _language(lang)
        built = await _finished(request, ("replay", table_id, lang), lambda row: finished_json(
            models.Replay(**replay_of(manager().live.live(row), lang))))
        if built is not None:
            return built
        await manager().get(table_id)  # 404 for no such table
        raise TableError("not_finished", "a replay is available once the game is over", 409)

    @app.get("/api/tables/{table_id}/analysis", response_model=models.AnalysisAnswer)
    async def analysis(request: Request, table_id: TableIdPath, lang: models.Language | None = None) -> Response:
        """The coach's analysis of a finished table (once done, from the cache), or how far its computation is."""
        lang = _language(lang)
        job = manager().analyses.analyst.job(table_id)
        if job is not None and job.status in ("queued", "running"):  # polled while it runs: nothing to build
            return JSONResponse(models.AnalysisAnswer(status=job.status, progress=job.progress)  # type: ignore[arg-type]
                                .model_dump(mode="json"))

        def in_words(row: TableRow) -> bytes | None:
            stored = manager().store.load_analysis(row.id)
            if stored is None:
                raise NotAnalysed
            words = analysis_in_words(manager().live.live(row), stored, lang)
            return finished_json(models.AnalysisAnswer(status="done", analysis=words))

        try:
            built = await _finished(request, ("analysis", table_id, lang), in_words)
        except NotAnalysed:
            job = manager().analyses.analyst.job(table_id)
            answer = models.AnalysisAnswer(status="none") if job is None else models.AnalysisAnswer(
                status=job.status, progress=job.progress, error=job.error or None)  # type: ignore[arg-type]
            return JSONResponse(answer.model_dump(mode="json"))
        if built is not None:
            return built
        return JSONResponse(models.AnalysisAnswer(**await manager().analysis(table_id, False, lang))
                            .model_dump(mode="json"))

    async def _finished(request: Request, key: tuple[str, ...], build: Callable[[TableRow], bytes | None]
                        ) -> Response | None:
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


BOARD_FILE = re.compile(r"[A-Za-z0-9_-]{1,64}\.(css|svg|png|webp)")
"""The files a game's board folder serves beside its board module (``/games/<name>/<file>``): names only."""


def _pages(app: FastAPI) -> None:
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    @app.get("/games/{name}/board.js", include_in_schema=False)
    async def board(name: Annotated[str, Path(max_length=64)]) -> FileResponse:
        """A game's board module for the web table: the file its descriptor names, in the game's own folder (the
        client names a game, never a file). 404 for a game without one: the page then draws the generic board."""
        found = descriptors().get(name)
        path = found.path(found.board) if found is not None else None
        if path is None or not path.is_file():
            raise TableError("bad_game", f"no board module for the game {short(name, 64)!r}", 404)
        return FileResponse(path, media_type="text/javascript")

    @app.get("/games/{name}/{file}", include_in_schema=False)
    async def board_file(name: Annotated[str, Path(max_length=64)],
                         file: Annotated[str, Path(max_length=80)]) -> FileResponse:
        """A file beside a game's board module, which the board names relative to itself (its ``board.css``, its
        pictures): one mechanism for every game's board assets. A plain name of a kind in ``BOARD_FILE`` from the
        board's own folder, nothing else; 404 otherwise."""
        found = descriptors().get(name)
        board = found.path(found.board) if found is not None else None
        path = board.parent / file if board is not None and BOARD_FILE.fullmatch(file) else None
        if path is None or not path.is_file():
            raise TableError("bad_game", f"no file {short(file, 80)!r} beside the board module of the game "
                             f"{short(name, 64)!r} (a name such as board.css; kinds: css, svg, png, webp)", 404)
        return FileResponse(path)

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(WEB / "index.html")

    @app.get("/tables/mine", include_in_schema=False)
    async def my_tables_page() -> FileResponse:
        return FileResponse(WEB / "mytables.html")

    @app.get("/table/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(WEB / "table.html")

    @app.get("/learn/{name}", include_in_schema=False)
    async def learn_page(name: str) -> FileResponse:
        return FileResponse(WEB / "tutorial.html")

    @app.get("/rules/{name}", include_in_schema=False)
    async def rules_page(name: str) -> FileResponse:
        return FileResponse(WEB / "rules.html")

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB / "favicon.ico", media_type="image/x-icon",
                            headers={"Cache-Control": "public, max-age=86400"})

    protocol = json.dumps(messages.asyncapi()).encode()

    @app.get("/asyncapi.json", include_in_schema=False)
    async def asyncapi() -> Response:
        """The WebSocket protocol, both directions, as an AsyncAPI 3.0 document generated from its models."""
        return Response(protocol, media_type="application/json")

    @app.get("/healthz")
    async def health() -> models.Health:
        return models.Health(ok=True, pid=os.getpid())


# -- play ----------------------------------------------------------------------------------------------------
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


Message = (models.Hello | models.Move | models.Hint | models.Undo | models.Resign | models.Claim | models.Resync
           | models.Ping | models.Chat | models.Report | models.TakebackAsk | models.TakebackAnswer)


def parse(data: str | bytes) -> Message | str:
    """The client message, or the error text saying what is wrong (never the input beyond a short prefix)."""
    if isinstance(data, bytes):
        return "binary frames are not accepted: send JSON text"
    try:
        return models.ClientMessage.validate_json(data)
    except ValidationError as exc:
        return (f"{describe(exc.errors(include_input=False))}; a message is a JSON object with type hello, move, "
                "hint, undo, takeback_request, takeback_answer, resign, claim, resync, ping, chat or report")


async def play_socket(ws: WebSocket, app: FastAPI, table_id: str) -> None:
    """One client, counted against its network's open sockets (and the server's) while it is connected."""
    config: ServerConfig = app.state.config
    sockets: Share[WebSocket] = app.state.sockets
    client = _client(ws)
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
    hello = await _hello(ws, table, config.hello_timeout, app.state.accounts)
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
    await manager.chat.backlog(table, conn, client)
    limits: Limits = app.state.limits
    budget = limits.messages.budget()
    try:
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
            await _handle(message, conn, table, manager, limits, client, key)
            kind = "malformed" if isinstance(message, str) else message.type
            metrics.WS_SECONDS.labels(kind).observe(time.perf_counter() - started)
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


async def _hello(ws: WebSocket, table: LiveTable, timeout: float, service: Accounts
                 ) -> tuple[int | None, str] | Literal[False]:
    """The seat of the token in the first message (``None``: a spectator) and the language of its texts
    (``"lang"``, English when absent or unknown); ``False`` if the client left. A seat bound to an account is
    played only with that account's session cookie: by its seat token, or by the seat key (``seat_key``)."""
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
    session = await service.session_of(ws)
    account_id = None if session is None else session[0].id
    seat = table.seat_of(message.token)
    if seat is None and session is not None:
        seat = next((s.seat for s in table.row.seats if s.account_id == account_id and s.token_hash is not None
                     and secrets.compare_digest(message.token, seat_key(session[1], table.id, s.seat))), None)
    if seat is None:
        await ws.send_text(_err("bad_token", "this token holds no seat at this table; you are connected as a "
                                             "spectator", table.seq))
    elif table.row.seats[seat].account_id not in (None, account_id):
        await ws.send_text(_err("seat_bound", "this seat belongs to an account: sign in with it (the session "
                                              "cookie) to play it; you are connected as a spectator", table.seq))
        return None, lang
    return seat, lang


def _language(lang: str | None) -> str:
    """A supported language from a request parameter (English when absent), or a 400 saying which exist."""
    try:
        return i18n.language(lang)
    except OptionError as exc:
        raise TableError("bad_language", short(str(exc), 200)) from None


async def _handle(message: Message | str, conn: Conn, table: LiveTable, manager: Manager, limits: Limits,
                  client: str, key: str = "") -> None:
    if isinstance(message, models.Chat | models.Report):
        await _chat(message, conn, table, manager, client, key)
    elif isinstance(message, str):
        conn.put(_err("malformed", message, table.seq))
    elif isinstance(message, models.Ping):
        conn.put(send(messages.Pong()), coalesce=True)
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
    elif isinstance(message, models.Undo | models.Resign | models.Claim | models.TakebackAsk | models.TakebackAnswer):
        try:
            if limits.move.hit(client) is not None:
                raise TableError("rate_limited", "too many moves from your address; wait a moment")
            await _decide(message, conn, table, manager)
        except TableError as exc:
            conn.put(_err(exc.code, str(exc), table.seq))
    else:
        try:
            if limits.move.hit(client) is not None:
                raise TableError("rate_limited", "too many moves from your address; wait a moment")
            await manager.play(table, conn.seat, message.seq, _move(message), lang=conn.lang)
        except TableError as exc:
            conn.put(_err(exc.code, str(exc), table.seq))


HINT_TASKS: set[asyncio.Task[None]] = set()


async def _decide(message: models.Undo | models.Resign | models.Claim | models.TakebackAsk | models.TakebackAnswer,
                  conn: Conn, table: LiveTable, manager: Manager) -> None:
    """A player's decision besides a move: a take-back (or a request for one, or its answer: ``takebacks.py``), a
    resignation, a claim (``endings.py``)."""
    if isinstance(message, models.Undo):
        await manager.undo(table, conn.seat, message.seq)
    elif isinstance(message, models.TakebackAsk):
        await manager.takebacks.request(table, conn.seat)
    elif isinstance(message, models.TakebackAnswer):
        await manager.takebacks.answer(table, conn.seat, message.accept)
    elif isinstance(message, models.Resign):
        await manager.resign(table, conn.seat)
    else:
        await manager.claim(table, conn.seat, message.seat, message.end)


async def _chat(message: models.Chat | models.Report, conn: Conn, table: LiveTable, manager: Manager, client: str,
                key: str) -> None:
    """A chat message for the table, or a report of one (``chat.py``); a refusal goes to the sender only."""
    try:
        if isinstance(message, models.Chat):
            await manager.chat.say(table, conn, message.text, message.channel, key, client)
        else:
            reported = await manager.chat.report(table, conn, message.id, client)
            conn.put(send(messages.Reported(id=reported)))
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


async def _hint(seq: int, conn: Conn, table: LiveTable, manager: Manager) -> None:
    """Compute a hint in a bot worker and send it to the asker only (or the error saying why not)."""
    try:
        conn.put(send(await manager.hint(table, conn.seat, seq, conn.lang)))
    except TableError as exc:
        conn.put(_err(exc.code, str(exc), table.seq))


def _move(message: models.Move) -> int | str:
    """The move a client sent: its action id, else its notation (the pipeline reads it on the seat's turn)."""
    if message.action is not None:
        return message.action
    if message.move is not None:
        return message.move
    raise TableError("malformed", "a move needs 'action': an integer action id from your legal moves (or "
                                  "'move': its notation)")
