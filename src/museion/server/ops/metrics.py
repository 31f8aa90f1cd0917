"""The server's Prometheus metrics (``prometheus_client``, default registry), defined once for every module that
counts: storage, the bot pool, the analyst, the app (docs/operations.md lists them with what each means).

One process, one set of figures; with ``PROMETHEUS_MULTIPROC_DIR`` (``museion serve --workers N`` sets it for
its processes) the client library's multiprocess mode keeps every process's figures in files of that directory,
and :func:`exposition` sums them: one scrape of any process shows the host's totals. Counters and histograms
keep a process's counts after it ends (totals); gauges count live processes only (``livesum``: the supervisor
calls :func:`process_ended` for a child that ended). The mode is chosen when ``prometheus_client`` is imported,
so the variable must be in the environment when the process starts.
"""

from __future__ import annotations

import os
from collections.abc import Iterable

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest, multiprocess

SHARED = "PROMETHEUS_MULTIPROC_DIR"

SECONDS = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
THINKING = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 300.0, 600.0)

ACTIONS = Counter("museion_actions_stored", "actions committed to storage: moves, bot moves and chance outcomes "
                                           "(rate(): moves per second)")
COMMITS = Counter("museion_commits", "group commits of actions (each holds one or more moves)")
STORAGE_ERRORS = Counter("museion_storage_errors", "storage calls that failed (nothing of theirs was stored)",
                         ["kind"])
HTTP_SECONDS = Histogram("museion_http_request_seconds", "HTTP request latency by route template", ["method", "route"],
                         buckets=SECONDS)
WS_SECONDS = Histogram("museion_ws_message_seconds", "time to handle one WebSocket message (validated, stored, "
                                                    "broadcast) by its type", ["type"], buckets=SECONDS)
WORK_SECONDS = Histogram("museion_work_seconds", "bot moves and hints in the worker pool, queue wait included, by "
                                                 "kind and outcome", ["kind", "outcome"], buckets=THINKING)
ANALYSIS_SECONDS = Histogram("museion_analysis_seconds", "analyses of finished tables, by outcome", ["outcome"],
                             buckets=THINKING)
OPEN_SOCKETS = Gauge("museion_open_sockets", "WebSockets open", multiprocess_mode="livesum")
LIVE_TABLES = Gauge("museion_live_tables", "tables held in memory", multiprocess_mode="livesum")
QUEUES = Gauge("museion_queue_length", "jobs waiting: bot_quick, bot_search (bots and hints), analysis, storage",
               ["queue"], multiprocess_mode="livesum")
DRAINING = Gauge("museion_draining", "1 while the server drains (SIGTERM) and refuses new clients (shared: how many "
                                     "processes drain)", multiprocess_mode="livesum")
FOLLOWED = Counter("museion_followed", "other processes' changes applied to tables held here (PostgreSQL sites): "
                                       "carried (the notification's actions) or read (from the database)", ["path"])


def precreate(message_types: Iterable[str]) -> None:
    """Every labelled series a process can count, made at 0 when it starts (``message_types``: the WebSocket
    messages a client may send). A series made at its first event is missing from scrapes until then, and most
    of all with ``--workers``, where each process writes only the series it has made: a dashboard showed
    "no data" and ``rate()`` missed the first counts (issue 39). HTTP routes are left to their first request."""
    for kind in ("write", "read", "ready"):
        STORAGE_ERRORS.labels(kind)
    for message in (*message_types, "malformed"):
        WS_SECONDS.labels(message)
    for work in ("move", "hint"):
        for outcome in ("ok", "timeout", "failed"):
            WORK_SECONDS.labels(work, outcome)
    for outcome in ("ok", "failed"):
        ANALYSIS_SECONDS.labels(outcome)
    for path in ("carried", "read"):
        FOLLOWED.labels(path)


def exposition() -> bytes:
    """The text a scrape gets: this process's metrics, or with ``PROMETHEUS_MULTIPROC_DIR`` those of every process
    of the directory, summed (the client library's ``MultiProcessCollector``)."""
    if not os.environ.get(SHARED):
        return generate_latest()
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry)  # type: ignore[no-untyped-call]
    return generate_latest(registry)


def shared() -> bool:
    """Whether this process's metrics are kept in the shared directory (set at import: see the docstring)."""
    return bool(os.environ.get(SHARED))


def process_ended(pid: int, directory: str) -> None:
    """Forget a process's gauges (its counters and histograms stay in the totals)."""
    multiprocess.mark_process_dead(pid, directory)  # type: ignore[no-untyped-call]


def helper_environ() -> dict[str, str]:
    """The environment for the server's helper processes (bot workers, the analyst): without the shared directory,
    since they count nothing and each would leave files of its own there."""
    return {name: value for name, value in os.environ.items() if name != SHARED}
