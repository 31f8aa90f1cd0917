"""``museion admin``: the operator's commands on a site's database (plugin of the ``museion`` command).

Each group of subcommands is a function in :data:`COMMANDS` that adds its parsers to the ``admin`` group; a
module with commands of its own adds its function there (one line), so ``museion admin --help`` lists them all.

``backup`` and ``restore`` are for SQLite, through SQLite's online backup API: a backup taken while the server
runs is a consistent copy of one moment (moves committed after it are not in it). A restore replaces the
database while no server uses it, and keeps what it replaced beside it (``FILE.before-restore``). PostgreSQL has
its own tools, which do it better than a copy through this process could (pg_dump, pg_restore, continuous
archiving): docs/operations.md gives the procedures.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import sqlite3
import sys
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import make_url

from museion.server.storage import default_url

REQUIRED_TABLES = {"tables", "seats", "actions"}
"""What a file must hold to be restored as a museion database."""


def register(subparsers: Any) -> None:
    p = subparsers.add_parser("admin", help="operator commands on the site's database (backup, restore)")
    sub = p.add_subparsers(dest="admin_command", required=True, metavar="COMMAND",
                           help="what to do (each has its own --help)")
    for add in COMMANDS:
        add(sub)


def _database(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default=None, metavar="URL",
                   help="the site's database (default: MUSEION_DB, else sqlite:///museion.db)")


def backup_commands(sub: Any) -> None:
    p = sub.add_parser("backup", help="copy a SQLite database while the server runs (online backup)")
    _database(p)
    p.add_argument("out", type=pathlib.Path, metavar="FILE", help="the backup file to write (must not exist)")
    p.set_defaults(func=cmd_backup)
    p = sub.add_parser("restore", help="replace a SQLite database by a backup (stop the server first)")
    _database(p)
    p.add_argument("backup", type=pathlib.Path, metavar="FILE", help="a file written by museion admin backup")
    p.set_defaults(func=cmd_restore)


COMMANDS: list[Callable[[Any], None]] = [backup_commands]


def sqlite_path(url: str | None) -> pathlib.Path:
    """The file of a SQLite URL; for any other database a :class:`ValueError` pointing at its procedures."""
    url = url or os.environ.get("MUSEION_DB") or default_url()
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or not parsed.database or parsed.database == ":memory:":
        raise ValueError(f"{parsed.get_backend_name()}: museion admin backs up SQLite files only; for PostgreSQL "
                         "use pg_dump / pg_restore or continuous archiving (docs/operations.md, 'Backups')")
    return pathlib.Path(parsed.database)


def copy(source: pathlib.Path, target: pathlib.Path) -> int:
    """Copy ``source`` into ``target`` with SQLite's online backup API (pages copied under SQLite's own locks, so
    a server writing meanwhile is neither stopped nor copied half-way); the number of pages."""
    src = sqlite3.connect(f"file:{source}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        return int(dst.execute("PRAGMA page_count").fetchone()[0])
    finally:
        dst.close()
        src.close()


def check(path: pathlib.Path) -> None:
    """A :class:`ValueError` unless ``path`` is an intact SQLite file holding museion's tables."""
    try:
        db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
        try:
            intact = db.execute("PRAGMA integrity_check").fetchone()[0]
            names = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            db.close()
    except sqlite3.DatabaseError as exc:
        raise ValueError(f"{path}: not a SQLite database ({exc})") from None
    if intact != "ok":
        raise ValueError(f"{path}: damaged ({intact})")
    if not REQUIRED_TABLES <= names:
        raise ValueError(f"{path}: not a museion database (it lacks {', '.join(sorted(REQUIRED_TABLES - names))})")


def cmd_backup(args: argparse.Namespace) -> int:
    try:
        source = sqlite_path(args.db)
        if not source.is_file():
            raise ValueError(f"{source}: no such database")
        if args.out.exists():
            raise ValueError(f"{args.out} exists; name a new file")
        pages = copy(source, args.out)
        check(args.out)
    except ValueError as exc:
        print(f"museion admin backup: {exc}", file=sys.stderr)
        return 2
    print(f"backed up {source} to {args.out} ({pages} pages)")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """The backup is checked first; the database it replaces is kept as ``FILE.before-restore``."""
    try:
        target = sqlite_path(args.db)
        check(args.backup)
        kept = target.with_name(target.name + ".before-restore")
        if target.exists():
            if kept.exists():
                raise ValueError(f"{kept} exists (an earlier restore's): move it away first")
            copy(target, kept)
        copy(args.backup, target)
        check(target)
    except ValueError as exc:
        print(f"museion admin restore: {exc}", file=sys.stderr)
        return 2
    print(f"restored {target} from {args.backup}" + (f"; the replaced database is {kept}" if kept.exists() else ""))
    return 0
