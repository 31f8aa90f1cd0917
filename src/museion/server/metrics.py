"""The server's Prometheus metrics (``prometheus_client``, default registry), defined once for every module that
counts: storage, the bot pool, the analyst, the app (docs/operations.md lists them with what each means)."""

from __future__ import annotations

from prometheus_client import Counter, Gauge, Histogram

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
OPEN_SOCKETS = Gauge("museion_open_sockets", "WebSockets open")
LIVE_TABLES = Gauge("museion_live_tables", "tables held in memory")
QUEUES = Gauge("museion_queue_length", "jobs waiting: bot_quick, bot_search (bots and hints), analysis, storage",
               ["queue"])
DRAINING = Gauge("museion_draining", "1 while the server drains (SIGTERM) and refuses new clients")
FOLLOWED = Counter("museion_followed", "other processes' changes applied to tables held here (PostgreSQL sites): "
                                       "carried (the notification's actions) or read (from the database)", ["path"])
