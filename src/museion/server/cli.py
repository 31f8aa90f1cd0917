"""``museion serve``: the web table (plugin of the ``museion`` command, needs the ``web`` extra)."""

from __future__ import annotations

import argparse
import logging
import pathlib
from collections.abc import Callable
from typing import Any

from museion.server.storage import default_url


def register(subparsers: Any, add_game: Callable[..., None]) -> None:
    """Add the ``serve`` subcommand (``add_game`` is unused: games and options are chosen in the lobby)."""
    p = subparsers.add_parser("serve", help="web table: lobby, play in the browser, spectate, replays")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000)
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy URL, e.g. postgresql+psycopg://user@host/db (default sqlite:///museion.db)")
    p.add_argument("--bot-workers", type=int, default=1, help="worker processes for bot moves (0: in-process)")
    p.add_argument("--bot-delay", type=float, default=0.4, help="seconds a bot waits before moving")
    p.add_argument("--tables-dir", type=pathlib.Path, default=None, metavar="DIR",
                   help="offer the *.json files of DIR to game options that take a file (Pergamon -o tables=FILE); "
                        "by default clients name no files")
    p.set_defaults(func=cmd_serve)


def cmd_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from museion.server.app import create_app

    url = args.db or default_url()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    if args.tables_dir is not None and not args.tables_dir.is_dir():
        raise ValueError(f"--tables-dir {str(args.tables_dir)!r} is not a directory")
    app = create_app(url, bot_workers=args.bot_workers, bot_delay=args.bot_delay, files_dir=args.tables_dir)
    shown = url.split("@")[-1] if "@" in url else url
    print(f"museion web table on http://{args.host}:{args.port}/  (storage: {shown})", flush=True)
    # per-message deflate costs more CPU than it saves on views of a few kB (measured: benchmarks/web_load.py)
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning", ws_max_size=1 << 16,
                ws_per_message_deflate=False)
    return 0
