"""``museion serve``: the web table (plugin of the ``museion`` command, needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import logging
import pathlib
import sys
from dataclasses import fields
from typing import Any, cast

from museion.server.config import ServerConfig, raise_open_files
from museion.server.ops.processes import listening_socket, refuse_other_versions, refuse_sqlite, supervise
from museion.server.services import compute
from museion.server.settings import resolve
from museion.server.storage.engine import default_url

WS_FRAME_FACTOR = 16
NOT_FLAGS = ("bot_specs", "origins", "hosts", "tables_dir")
"""Settings with a flag of their own (not one flag per setting of the same type as its default)."""
LOOPBACK = ("127.0.0.1", "localhost", "::1", "[::1]")
log = logging.getLogger("museion.server")


def register(subparsers: Any) -> None:
    """Add the ``serve`` subcommand (no GAME argument: games and options are chosen in the lobby)."""
    p = subparsers.add_parser("serve", help="web table: lobby, play in the browser, spectate, replays")
    p.add_argument("--config", type=pathlib.Path, default=None, metavar="FILE",
                   help="a TOML file of settings (name = value, the flags' names with _); flags and MUSEION_* "
                        "environment variables win over it (docs/operations.md)")
    p.add_argument("--host", default=None, help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=None,
                   help="default 8000; 0: the system picks a free port, which the first line printed names")
    p.add_argument("--log-format", choices=("text", "json"), default=None,
                   help="text lines (default) or one JSON object per line, for log collectors")
    p.add_argument("--workers", type=int, default=None, metavar="N",
                   help="N server processes behind the one port (default 1; more need PostgreSQL: "
                        "docs/operations.md)")
    p.add_argument("--reuse-port", action="store_true", default=None,
                   help="bind the port with SO_REUSEPORT, shared with other processes (--workers sets it)")
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default sqlite:///museion.db)")
    p.add_argument("--allow-origin", action="append", default=[], metavar="ORIGIN", dest="origins",
                   help="an Origin allowed to POST and open WebSockets, e.g. https://games.example (repeat); "
                        "default: the served host only")
    p.add_argument("--allow-host", action="append", default=[], metavar="NAME", dest="hosts",
                   help="a Host name this server answers for (repeat); default: loopback names when listening on "
                        "loopback, else any")
    p.add_argument("--forwarded-allow-ips", default=None, metavar="IPS",
                   help="trust X-Forwarded-For from these proxy addresses (default: trust none; rate limits then "
                        "count the proxy as one client)")
    p.add_argument("--bot-specs", action="store_true", default=None,
                   help="operator flag: tables may seat any bot spec (e.g. mcts:sims=3000) within --bot-max-sims "
                        "and --bot-max-seconds, not only the named levels")
    p.add_argument("--model", action="append", default=[], metavar="NAME=FILE", dest="models",
                   help="operator flag: register a value model file under NAME, which bot specs may then name "
                        "(eval=learned,model=NAME; needs --bot-specs); clients never name files")
    p.add_argument("--tables-dir", type=pathlib.Path, default=None, metavar="DIR",
                   help="offer the *.json files of DIR to game options that take a file (Pergamon -o tables=FILE); "
                        "by default clients name no files")
    defaults = ServerConfig()
    for f in fields(ServerConfig):
        if f.name in NOT_FLAGS:
            continue
        value = getattr(defaults, f.name)
        flag = "--" + f.name.replace("_", "-")
        help_text = f"{f.metadata['doc']} (default {value})"
        p.add_argument(flag, type=type(value), default=None, help=help_text, metavar=type(value).__name__.upper())
    p.set_defaults(func=cmd_serve)


def config_from(args: argparse.Namespace) -> ServerConfig:
    given = {f.name: getattr(args, f.name) for f in fields(ServerConfig)
             if f.name not in NOT_FLAGS and getattr(args, f.name, None) is not None}
    hosts = tuple(args.hosts) or (LOOPBACK if args.host in LOOPBACK else ())
    return ServerConfig(**given, bot_specs=args.bot_specs, origins=tuple(args.origins), hosts=hosts,
                        tables_dir=args.tables_dir)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from museion.bots.learned import register_models
    from museion.server.app import create_app
    from museion.server.edge.networks import Share, Turnstile
    from museion.server.edge.protocol import Limits, protocols
    from museion.server.edge.service import configure_logging

    Server = _server_class()  # noqa: N806 - a class
    args = resolve(args)
    args.tables_dir = pathlib.Path(args.tables_dir) if args.tables_dir else None
    url = args.db or default_url()
    configure_logging(args.log_format)
    if (refused := refuse_sqlite(url, args.workers)) is not None:
        raise ValueError(refused)
    compute.check(args.compute, args.workers)
    if (refused := refuse_other_versions(url)) is not None:  # before --workers: the supervisor would loop
        raise ValueError(refused)
    if args.workers > 1:
        return supervise(sys.argv[1:], args.workers, args.drain_seconds + args.shutdown_seconds)
    if args.tables_dir is not None and not args.tables_dir.is_dir():
        raise ValueError(f"--tables-dir {str(args.tables_dir)!r} is not a directory")
    config = config_from(args)
    register_models(dict(_model(text) for text in args.models))  # before the bot workers start: they inherit it
    raise_open_files()
    connections: Share[Any] = Share(config.max_connections, config.max_connections_per_network,
                                    lambda protocol: protocol.transport.abort())
    handshakes: Turnstile[Any] | None = (Turnstile(config.handshake_rate, int(config.handshake_rate // 10))
                                         if config.handshake_rate > 0 else None)
    http_protocol, ws_protocol = protocols(Limits(connections, config.header_timeout, config.body_timeout,
                                                  handshakes))
    # Bound before the application starts: its start-up (a local Ray cluster picks free ports for its own
    # servers) must not take the port first. --port 0 lets the system choose; the line below says which.
    sock = listening_socket(args.host, args.port, reuse_port=args.reuse_port)
    app = create_app(url, config)
    shown = url.split("@")[-1] if "@" in url else url
    print(f"museion web table on http://{args.host}:{sock.getsockname()[1]}/  (storage: {shown}, "
          f"{config.bot_workers} bot workers)", flush=True)
    # per-message deflate costs more CPU than it saves on views of a few kB (measured: benchmarks/web_load.py).
    # Messages between max_body and ws_max_size are read whole and answered with the app's too_large error; a
    # frame above ws_max_size is closed by the library (1009, see server/edge/protocol.py), before it is read whole.
    server = Server(config.drain_seconds, uvicorn.Config(
        app, host=args.host, port=args.port, log_level="warning", http=http_protocol, ws=ws_protocol,
        ws_max_size=WS_FRAME_FACTOR * config.max_body, ws_per_message_deflate=False,
        proxy_headers=bool(args.forwarded_allow_ips), forwarded_allow_ips=args.forwarded_allow_ips or None,
        log_config=None,  # uvicorn's loggers write through ours (text or JSON)
        server_header=False, timeout_graceful_shutdown=config.shutdown_seconds))  # type: ignore[arg-type]
    server.run(sockets=[sock])
    return 0 if server.started else 3  # uvicorn's code for a server that could not start


def _model(text: str) -> tuple[str, pathlib.Path]:
    """``NAME=FILE`` of ``--model``: the file must exist (the operator's mistake is said at start)."""
    name, sep, path = text.partition("=")
    if not sep or not name or not pathlib.Path(path).is_file():
        raise ValueError(f"--model {text!r}: expected NAME=FILE with an existing FILE")
    return name, pathlib.Path(path)


def _server_class() -> type:
    import uvicorn

    from museion.server.app import going_away
    from museion.server.edge.guard import Guard
    from museion.server.edge.service import drain_period

    class Server(uvicorn.Server):
        """uvicorn's server, whose shutdown (SIGTERM, Ctrl-C) first drains for ``drain_seconds`` while it still
        listens (``service.drain_period``: readiness 503 ``draining``, new tables and WebSockets refused, the open
        sockets play on), then closes every table's sockets with 1012 (service restart: clients reconnect);
        uvicorn then closes the listener and waits for what is left at most ``shutdown_seconds``
        (``timeout_graceful_shutdown``) before the application's own shutdown, which commits the queued moves,
        kills the bot and analysis workers and checkpoints SQLite's WAL. Each phase is logged."""

        def __init__(self, drain_seconds: float, config: uvicorn.Config) -> None:
            super().__init__(config)
            self.drain_seconds = drain_seconds

        async def shutdown(self, sockets: Any = None) -> None:
            guard = cast(Guard, self.config.app)  # uvicorn types any ASGI app; ours is the Guard of create_app
            await drain_period(guard.app, self.drain_seconds, lambda: self.force_exit)  # type: ignore[arg-type]
            await going_away(guard, self.config.timeout_graceful_shutdown or 0)
            log.info("stopping: the listener closes; requests, queued moves and workers end")
            await super().shutdown(sockets)
            log.info("stopped")

    return Server
