"""``museion admin``: the operator's commands on a server's database (a plugin of the ``museion`` command, with
the ``web`` extra). They open the database directly (the same ``--db`` URL as ``museion serve``); a running server
need not stop.

Registration hook: a module that adds subcommands names itself in :data:`EXTENSIONS` and defines
``add_admin(subparsers)``, which adds its parsers to ``museion admin``'s subparsers (each sets ``func``, taking the
parsed arguments and returning the exit code; :func:`add_db` gives it the ``--db`` option and :func:`open_store`
the storage). ``reports`` (the chat reports, issue 26) is this module's own.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
from typing import Any

from museion.server.storage import Store, default_url

EXTENSIONS: list[str] = []
"""Modules with ``add_admin(subparsers)`` that add subcommands to ``museion admin`` (accounts, scale, ...)."""


def register(subparsers: Any) -> None:
    """Add ``museion admin`` and its subcommands."""
    p = subparsers.add_parser("admin", help="operator commands on the web server's database (chat reports, ...)")
    sub = p.add_subparsers(dest="admin_command", required=True, metavar="COMMAND")
    add_reports(sub)
    for module in EXTENSIONS:
        importlib.import_module(module).add_admin(sub)


def add_db(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, metavar="URL",
                   help="SQLAlchemy URL of the server's database (default sqlite:///museion.db), as museion serve")


def open_store(args: argparse.Namespace) -> Store:
    return Store(args.db or default_url())


def add_reports(sub: Any) -> None:
    p = sub.add_parser("reports", help="chat messages players and spectators reported, newest first")
    add_db(p)
    p.add_argument("--limit", type=int, default=50, help="how many reports at most (default 50)")
    p.add_argument("--table", default=None, metavar="ID", help="only the reports of this table")
    p.add_argument("--json", action="store_true", help="print them as JSON lines")
    p.set_defaults(func=cmd_reports)


def cmd_reports(args: argparse.Namespace) -> int:
    from museion.server import chat_store  # its tables join the storage's metadata

    store = open_store(args)
    chat_store.ensure(store)
    found = chat_store.reports(store, args.limit, args.table)
    if args.json:
        for report in found:
            print(json.dumps(report, ensure_ascii=False))
        return 0
    if not found:
        print("no reports")
        return 0
    for r in found:  # what clients wrote is printed quoted (JSON escapes): nothing reaches the terminal raw
        when = datetime.datetime.fromtimestamp(r["reported"], datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
        author = f"seat {r['seat']}" if r["seat"] is not None else f"spectator {r['guest']}"
        if r["name"]:
            author += f" ({json.dumps(r['name'], ensure_ascii=False)})"  # quoted: a name is the client's text
        reporter = "a spectator" if r["reporter_seat"] is None else f"seat {r['reporter_seat']}"
        print(f"{when}  table {r['table_id']}  {r['channel']}  message {r['message']}  by {author}, reported by "
              f"{reporter}\n    {json.dumps(r['text'], ensure_ascii=False)}")
    return 0
