"""Running ``museion serve`` as a service: readiness, Prometheus metrics, JSON logs and draining (docs/operations.md).

- ``/healthz`` (app.py) answers while the process is alive; ``/readyz`` answers 200 while storage answers a
  trivial query and the server is not draining, else 503 with the reason, so a load balancer sends new clients
  elsewhere. Its storage check runs at most once per ``READY_CACHE`` seconds whoever asks (one read, shared).
- ``/metrics`` is the Prometheus text format of the standard client library (``prometheus_client``). It tells
  about the site's load, so only loopback clients may read it by default (``--metrics any`` opens it to every
  address, ``--metrics off`` removes it): scrape it from the host, or let the proxy in front forward it.
- ``--log-format json`` writes one JSON object per log line (time, level, logger, message, pid).
- Draining (SIGTERM): readiness turns 503, new WebSockets are refused before the handshake (HTTP 403), every open
  socket is closed with 1012 (service restart: clients reconnect, through the load balancer to another process),
  queued moves are committed, then the process ends (``cli.Server``).

Metric labels never carry what a client sent: HTTP latency is labelled by the route's template
(``/api/tables/{table_id}``), not the path, and WebSocket latency by the message's type after parsing.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.responses import JSONResponse
from prometheus_client import CONTENT_TYPE_LATEST
from sqlalchemy import Engine, text

from museion.server.edge import inbound
from museion.server.ops import metrics
from museion.server.ops.metrics import DRAINING, HTTP_SECONDS, LIVE_TABLES, OPEN_SOCKETS, QUEUES, STORAGE_ERRORS

READY_CACHE = 1.0
"""Seconds one storage check answers every readiness probe (so probes cannot load the database)."""
READY_SECONDS = 2.0
"""A storage check slower than this counts as storage unreachable."""
LOOPBACK = ("127.0.0.1", "::1")
GAUGE_SECONDS = 1.0
log = logging.getLogger("museion.server")
"""How often a process writes its gauges when the metrics of several processes are shared (metrics.py)."""

def install(app: FastAPI) -> None:
    """Add readiness, metrics and the HTTP latency middleware to ``app`` (its config says who reads metrics)."""
    app.state.draining = False
    app.state.ready = Readiness()
    who = app.state.config.metrics
    if who not in ("loopback", "any", "off"):
        raise ValueError(f"--metrics {who!r}: allowed: loopback, any, off")
    _gauges(app)
    metrics.precreate(inbound.ClientMessage.json_schema()["discriminator"]["mapping"])
    app.add_middleware(Observe)

    @app.get("/readyz", include_in_schema=False)
    async def ready() -> JSONResponse:
        reason = "draining" if app.state.draining else await app.state.ready.check(app)
        compute = getattr(app.state, "compute_status", lambda: "local")()  # degraded: Ray away (compute.py)
        return JSONResponse({"ready": reason is None, "reason": reason, "pid": os.getpid(), "compute": compute},
                            status_code=200 if reason is None else 503)

    if who != "off":
        @app.get("/metrics", include_in_schema=False)
        async def scrape(request: Request) -> Response:
            if who == "loopback" and (request.client is None or request.client.host not in LOOPBACK):
                return JSONResponse({"error": "forbidden", "message": "metrics are readable from this host only "
                                              "(the operator may allow others: museion serve --metrics any)"}, 403)
            if not metrics.shared():
                return Response(metrics.exposition(), media_type=CONTENT_TYPE_LATEST)
            _read(app.state.gauges)  # this process's own figures as of now; the others' are at most a second old
            text = await asyncio.to_thread(metrics.exposition)  # every process's files read: not on the loop
            return Response(text, media_type=CONTENT_TYPE_LATEST)


def _gauges(app: FastAPI) -> None:
    """Gauges read when scraped, from the app's own structures (nothing is counted twice or kept in sync). With
    the metrics of several processes shared (metrics.py), a scrape reads the other processes' files, not their
    structures: each process then writes its gauges there every ``GAUGE_SECONDS`` (a thread)."""
    def manager() -> Any:
        return getattr(app.state, "manager", None)

    def size(get: Callable[[Any], int]) -> Callable[[], float]:
        return lambda: float(get(manager())) if manager() is not None else 0.0

    gauges: list[tuple[Any, Callable[[], float]]] = [
        (OPEN_SOCKETS, lambda: float(app.state.sockets.total)),
        (LIVE_TABLES, size(lambda m: len(m.tables))),
        (QUEUES.labels("bot_quick"), size(lambda m: len(m.pool.quick) if m.pool else 0)),
        (QUEUES.labels("bot_search"), size(lambda m: len(m.pool.costly) if m.pool else 0)),
        (QUEUES.labels("analysis"), size(lambda m: sum(map(len, m.analyses.analyst.waiting.values())))),
        (QUEUES.labels("storage"), size(lambda m: m.writer.pending.qsize())),
        (DRAINING, lambda: float(app.state.draining))]
    app.state.gauges = gauges
    if not metrics.shared():
        for gauge, read in gauges:
            gauge.set_function(read)
        return

    def write() -> None:
        while True:
            _read(gauges)
            time.sleep(GAUGE_SECONDS)

    threading.Thread(target=write, daemon=True, name="metrics-gauges").start()


def _read(gauges: list[tuple[Any, Callable[[], float]]]) -> None:
    """Each gauge set to its reading (from another thread: a structure changing meanwhile is read next time)."""
    for gauge, read in gauges:
        with contextlib.suppress(RuntimeError):  # "dictionary changed size during iteration"
            gauge.set(read())


def unless_draining(app: FastAPI, sockets: Any) -> Any:
    """The WebSocket handler ``sockets`` (the guard sends WebSockets there, not through the app's middleware),
    refusing new WebSockets with 1012 while the server drains."""
    async def handle(scope: Any, receive: Any, send: Any) -> None:
        if app.state.draining:
            await receive()  # the connect event
            await send({"type": "websocket.close", "code": 1012, "reason": "draining"})
            return
        await sockets(scope, receive, send)

    return handle


class Observe:
    """ASGI middleware: HTTP latency per route template."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        try:
            await self.app(scope, receive, send)
        finally:
            route = scope.get("route")
            name = getattr(route, "path", None) or "unmatched"
            HTTP_SECONDS.labels(scope["method"] if name != "unmatched" else "-", name).observe(
                time.perf_counter() - started)


class Readiness:
    """Whether storage answers: one check at a time, its answer reused for ``READY_CACHE`` seconds."""

    def __init__(self) -> None:
        self.checked = float("-inf")
        self.reason: str | None = None
        self.lock = asyncio.Lock()

    async def check(self, app: FastAPI) -> str | None:
        async with self.lock:
            if time.monotonic() - self.checked >= READY_CACHE:
                self.reason = await self._storage(app)
                self.checked = time.monotonic()
            return self.reason

    @staticmethod
    async def _storage(app: FastAPI) -> str | None:
        manager = getattr(app.state, "manager", None)
        if manager is None:
            return "starting"
        try:
            async with asyncio.timeout(READY_SECONDS):
                await manager.writer.read(ping, manager.store.engine)
        except Exception as exc:  # noqa: BLE001 - whatever it is, this process cannot serve now
            STORAGE_ERRORS.labels("ready").inc()
            return f"storage: {type(exc).__name__}"
        return None


def ping(engine: Engine) -> None:
    with engine.connect() as conn:
        conn.execute(text("SELECT 1"))


def drain(app: FastAPI) -> None:
    """Begin draining: not ready any more, and new WebSockets are refused (``Observe``)."""
    app.state.draining = True


DRAIN_LOOK = 0.2
"""Seconds between two counts of the open sockets while draining."""


async def drain_period(app: FastAPI, seconds: float, forced: Callable[[], bool]) -> None:
    """The first phase of a stop (``cli.Server``), while the listener still answers: ``/readyz`` says 503
    ``draining`` (a load balancer sends new clients elsewhere), new tables and new WebSockets are refused, and the
    open sockets play on for at most ``seconds``, until none is open, or until ``forced`` (a second Ctrl-C)."""
    drain(app)
    began = time.monotonic()
    log.info("draining for at most %g s: /readyz answers 503 draining, new tables and sockets are refused; "
             "%d open sockets play on", seconds, open_sockets(app))
    while time.monotonic() - began < seconds and open_sockets(app) and not forced():
        await asyncio.sleep(DRAIN_LOOK)
    log.info("drain over after %.1f s: closing %d open sockets with 1012", time.monotonic() - began,
             open_sockets(app))


def open_sockets(app: FastAPI) -> int:
    """The tables' open WebSockets (players and spectators)."""
    manager = getattr(app.state, "manager", None)
    return 0 if manager is None else sum(len(table.conns) for table in list(manager.tables.values()))


# -- logs ----------------------------------------------------------------------------------------------------
class JsonFormatter(logging.Formatter):
    """One JSON object per record, for log collectors: time (UTC, ISO 8601), level, logger, message, pid and the
    exception's text when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(), "logger": record.name, "message": record.getMessage(),
            "pid": record.process}
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def configure_logging(fmt: str) -> None:
    """Text lines (``LEVEL logger: message``) or JSON objects (``--log-format json``) on stderr."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter() if fmt == "json" else
                         logging.Formatter("%(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(logging.INFO)
