"""``museion admin``: the operator's commands on a server's database (plugin of the ``museion`` command, needs the
``web`` extra). Run them beside the server or while it is stopped: they write the database, which the server
reads on every request (a suspended or deleted account's sessions end at once).

  museion admin [--db URL] migrate            upgrade the schema to the newest revision (serve does it at start)
  museion admin [--db URL] revision           the schema revision of the database, and the newest shipped
  museion admin [--db URL] downgrade REV [--drop-data]
                                              step the schema back to REV (servers stopped); a step that would drop
                                              stored data is refused unless --drop-data
  museion admin [--db URL] accounts           list the accounts: username, created, status
  museion admin [--db URL] reset-password USER [--password-stdin]
                                              a new password (random, printed once; or read from standard input);
                                              every session of the account ends
  museion admin [--db URL] suspend USER       the account can no longer sign in; its sessions end
  museion admin [--db URL] reinstate USER     undo a suspension
  museion admin [--db URL] totp-off USER      turn the account's second factor off (the phone and every recovery
                                              code lost; check who asks first)
  museion admin [--db URL] delete USER --yes  delete the account and its personal data
  museion admin [--db URL] reports [--table ID] [--limit N] [--json]
                                              chat messages players and spectators reported, newest first
  museion admin [--db URL] backup FILE        copy a SQLite database while the server runs (online backup)
  museion admin [--db URL] restore FILE       replace a SQLite database by a backup (stop the server first)
  museion admin [--db URL] house-bot NAME --bot SPEC [--server URL] [--accept GAME,…]
                                              create (or find) a house bot account nobody signs in to; print a new
                                              token once (earlier ones revoked) and the museion bot connect command

``backup`` and ``restore`` are for SQLite, through SQLite's online backup API: a backup taken while the server
runs is a consistent copy of one moment (moves committed after it are not in it). A restore replaces the
database while no server uses it, and keeps what it replaced beside it (``FILE.before-restore``). PostgreSQL has
its own tools, which do it better than a copy through this process could (pg_dump, pg_restore, continuous
archiving): docs/operations.md gives the procedures.

Registration hook: a module that adds subcommands names itself in :data:`EXTENSIONS` and defines
``add_admin(subparsers)``, which adds its parsers (each sets ``func``, taking the parsed arguments and returning the
exit code; the database URL is ``args.db``, :func:`open_store` opens the storage). Every subcommand also takes
``--db`` after its name (``museion admin revision --db URL``, the order docs/cli.md shows): :func:`_database`.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import json
import os
import pathlib
import secrets
import sqlite3
import sys
import time
from typing import Any

from sqlalchemy.engine import make_url

from museion.server.storage.engine import default_url
from museion.server.storage.storage import Store

REQUIRED_TABLES = {"tables", "seats", "actions"}
"""What a file must hold to be restored as a museion database."""

EXTENSIONS: list[str] = ["museion.server.botapi.house"]
"""Modules with ``add_admin(subparsers)`` that add subcommands to ``museion admin``."""


def register(subparsers: Any) -> None:
    """Add the ``admin`` subcommand."""
    p = subparsers.add_parser("admin", help="operator: database migrations, accounts (reset a password, "
                                            "suspend, delete) and chat reports")
    p.add_argument("--db", default=None, metavar="URL", help="SQLAlchemy URL of the server's database (default "
                                                             "sqlite:///museion.db)")
    sub = p.add_subparsers(dest="admin_command", required=True)
    _database(sub.add_parser("migrate", help="upgrade the database's schema to the newest revision"))
    _database(sub.add_parser("revision", help="the database's schema revision and the newest shipped"))
    _database(sub.add_parser("accounts", help="list the accounts"))
    reset = sub.add_parser("reset-password", help="set a new password (printed once) and end every session")
    _database(reset)
    reset.add_argument("username")
    reset.add_argument("--password-stdin", action="store_true", help="read the new password from standard input")
    for name, text in (("suspend", "the account can no longer sign in; its sessions end"),
                       ("reinstate", "undo a suspension"),
                       ("totp-off", "turn the account's second factor off (its player lost the phone and every "
                                    "recovery code)")):
        one = sub.add_parser(name, help=text)
        _database(one)
        one.add_argument("username")
    delete = sub.add_parser("delete", help="delete the account and its personal data")
    _database(delete)
    delete.add_argument("username")
    delete.add_argument("--yes", action="store_true", help="confirm: this cannot be undone")
    p.set_defaults(func=cmd_admin)
    add_downgrade(sub)
    add_reports(sub)
    backup_commands(sub)
    for module in EXTENSIONS:
        importlib.import_module(module).add_admin(sub)


def open_store(args: argparse.Namespace) -> Store:
    return Store(args.db or default_url())


def add_downgrade(sub: Any) -> None:
    p = sub.add_parser("downgrade", help="step the schema back to an older revision (servers stopped); refuses a "
                                         "step that drops data unless --drop-data")
    _database(p)
    p.add_argument("rev", metavar="REV", help="the revision to go back to (museion admin revision lists where "
                                                 "the database is; base: before the first)")
    p.add_argument("--drop-data", action="store_true",
                   help="go on even where a step drops stored data (back the database up first)")
    p.set_defaults(func=cmd_downgrade)


def cmd_downgrade(args: argparse.Namespace) -> int:
    """Every step's losses are counted first (``migrations.losses``): with any, nothing is done unless
    ``--drop-data``; then every step runs (on PostgreSQL in one transaction)."""
    from museion.server import migrations
    from museion.server.storage.engine import make_engine

    engine = make_engine(args.db or os.environ.get("MUSEION_DB") or default_url())
    try:
        before = migrations.revision(engine)
        losses = migrations.losses(engine, args.rev)
        if losses and not args.drop_data:
            raise ValueError(f"refused: going from {before} to {args.rev} drops stored data:\n  "
                             + "\n  ".join(map(str, losses))
                             + "\nback the database up (museion admin backup, pg_dump), then add --drop-data")
        migrations.downgrade(engine, args.rev)
    except ValueError as exc:
        print(f"museion admin downgrade: {exc}", file=sys.stderr)
        return 2
    finally:
        engine.dispose()
    for loss in losses:
        print(f"dropped: {loss}")
    print(f"database at revision {args.rev} (was {before})")
    return 0


def add_reports(sub: Any) -> None:
    p = sub.add_parser("reports", help="chat messages players and spectators reported, newest first")
    _database(p)
    p.add_argument("--limit", type=int, default=50, help="how many reports at most (default 50)")
    p.add_argument("--table", default=None, metavar="ID", help="only the reports of this table")
    p.add_argument("--json", action="store_true", help="print them as JSON lines")
    p.set_defaults(func=cmd_reports)


def cmd_reports(args: argparse.Namespace) -> int:
    from museion.server.chat import chat_store  # its tables join the storage's metadata

    store = open_store(args)
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


def cmd_admin(args: argparse.Namespace) -> int:
    from museion.server import migrations
    from museion.server.accounts import passwords
    from museion.server.accounts.store import AccountStore
    from museion.server.accounts.totp import TotpStore
    from museion.server.friends import store as friends_store
    from museion.server.ratings import store as _ratings  # noqa: F401 - an account's ratings are deleted with it
    from museion.server.storage.engine import make_engine

    assert friends_store.export is not None  # its part of an account's data is deleted with the account

    engine = make_engine(args.db or default_url())
    command = args.admin_command
    if command == "revision":
        print(f"database: {migrations.revision(engine) or 'none (before migrations)'}; newest: {migrations.head()}")
        return 0
    migrations.upgrade(engine)
    if command == "migrate":
        print(f"database at revision {migrations.revision(engine)}")
        return 0
    store = AccountStore(engine)
    if command == "accounts":
        for listed in store.list():
            created = time.strftime("%Y-%m-%d %H:%M", time.gmtime(listed.created))
            print(f"{listed.username}\t{created} UTC\t{listed.status}")
        return 0
    account = store.find(args.username)
    if account is None:
        raise ValueError(f"no account is named {args.username!r}")
    if command == "reset-password":
        password = sys.stdin.readline().rstrip("\n") if args.password_stdin else secrets.token_urlsafe(12)
        store.set_password(account.id, passwords.hash_password(passwords.check_password(password, account.username)))
        print(f"new password of {account.username}: {password}" if not args.password_stdin else
              f"password of {account.username} set")
        print("every session of the account has ended")
    elif command == "totp-off":
        TotpStore(engine).turn_off(account.id)
        print(f"{account.username}: second factor off; sign-in asks for the password alone")
    elif command in ("suspend", "reinstate"):
        store.set_status(account.id, "suspended" if command == "suspend" else "active")
        print(f"{account.username}: {'suspended; its sessions have ended' if command == 'suspend' else 'active'}")
    elif command == "delete":
        if not args.yes:
            raise ValueError(f"deleting {account.username!r} cannot be undone: add --yes")
        store.delete(account.id)
        print(f"{account.username}: deleted")
    return 0


def _database(p: argparse.ArgumentParser) -> None:
    """``--db`` after the subcommand too (``museion admin backup --db URL FILE``); not given, the group's stays."""
    p.add_argument("--db", default=argparse.SUPPRESS, metavar="URL",
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
