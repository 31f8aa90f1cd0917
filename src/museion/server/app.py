"""The FastAPI application: the factory that puts the rooms together behind the guard, and the pages.

Its parts live in their rooms: the refusals (``edge/refusals.py``), the lobby's routes (``lobby/routes.py``), the
WebSocket play protocol (``play/socket.py``), each feature folder's router (accounts, friends, ratings, …); this
module builds the application, starts and stops the manager with it, and serves the browser client's files.
"""

from __future__ import annotations

import gc
import json
import os
import pathlib
import re
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Response, WebSocket
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

try:  # FastAPI 0.16x keeps an included router as one route; this lists the routes inside
    from fastapi.routing import iter_route_contexts
except ImportError:  # older FastAPI copies them into the application's list
    iter_route_contexts = None  # type: ignore[assignment,unused-ignore]

from museion.core.descriptor import descriptors
from museion.server import accounts
from museion.server.botapi import install as botapi_install
from museion.server.challenges.routes import install as challenges_install
from museion.server.config import ServerConfig, short
from museion.server.edge import messages, models, refusals, service, typed
from museion.server.edge.errors import TableError
from museion.server.edge.guard import Guard
from museion.server.edge.networks import Share
from museion.server.edge.rates import Limits
from museion.server.friends import presence
from museion.server.friends import service as friends
from museion.server.ladder import routes as ladder
from museion.server.lobby import lessons, openapi
from museion.server.lobby import routes as lobby_routes
from museion.server.lobby.finished import Finished
from museion.server.manager import Manager
from museion.server.notices import service as notices
from museion.server.ops.memory import Release
from museion.server.play import socket
from museion.server.ratings import routes as ratings
from museion.server.seeks import routes as seeks
from museion.server.services import compute
from museion.server.storage.cluster import process_name
from museion.server.storage.storage import Store
from museion.server.stream import install as stream_install
from museion.server.tournaments import routes as tournaments

WEB = pathlib.Path(__file__).resolve().parent.parent / "web"
FULL_GC_EVERY = 1000
"""Young-generation (gen1) collections between the cycle collector's full passes (CPython's default: 10). A full
pass walks every live object and stops the event loop meanwhile: 60-100 ms here under the hostile-load benchmark
(110-150k objects: 200 games' logs, about 800 sockets' ASGI stacks), once every 7-20 s at the default, which made
the honest moves' p99 (issue 12). At 100 one still came about once a minute under the mixed attack, 250 ms long
with its thousands of sockets, and freed nothing (``gc.callbacks``: collected 0); at 1000, none in a run. What
waits for a full pass is little, since closed clients and released tables are freed by reference counting
(``Conn.close``, and ``protocol.py`` breaks uvicorn's parser cycle)."""
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

    app = FastAPI(title="museion", lifespan=lifespan, docs_url=None, redoc_url=None, responses=refusals.ERRORS,
                  dependencies=[Depends(typed.check_request)])  # no text storage cannot hold (issue 38)
    app.state.config = config
    limits = app.state.limits = Limits(config)
    app.state.finished = Finished(config.finished_cache_mb * 2**20)
    app.state.started = f"{time.time():.0f}"
    app.state.sockets = Share(config.max_sockets, config.max_sockets_per_network, socket.abort)
    app.state.memory = Release()
    refusals.install(app)
    lobby_routes.install(app)
    _pages(app)
    accounts.install(app)
    friends.install(app)
    presence.install(app)
    notices.install(app)
    ratings.install(app)
    seeks.install(app)
    tournaments.install(app)
    ladder.install(app)
    botapi_install(app)  # bearer tokens (issue 41): after every route that reads a session
    stream_install(app)
    challenges_install(app)
    service.install(app)

    _schema(app, config)

    async def sockets(scope: Any, receive: Any, send: Any) -> None:
        """``/ws/tables/{id}``: the play protocol (the only WebSocket path; any other is closed at once)."""
        path = socket.PATH.match(scope["path"])
        if path is None:
            await send({"type": "websocket.close", "code": 1000, "reason": ""})
            return
        await socket.play_socket(WebSocket(scope, receive, send), app, path.group(1))

    return Guard(app, config.max_body, config.origins, config.hosts, limits, _route_methods(app),
                 service.unless_draining(app, sockets))


def _schema(app: FastAPI, config: ServerConfig) -> None:
    """The OpenAPI document says what this server allows (``lobby/openapi.py``); built once."""
    generate = app.openapi

    def document() -> dict[str, Any]:
        if app.openapi_schema is None:
            app.openapi_schema = openapi.describe(generate(), config.bots)
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
