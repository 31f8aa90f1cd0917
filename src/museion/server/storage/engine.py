"""The database engine of a URL: SQLite in WAL mode (a committed move survives the process being killed),
PostgreSQL with a pool sized for the writers and readers, its resting connections pinged before use."""

from __future__ import annotations

import sqlite3
import time
from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.exc import DisconnectionError

from museion.server.ops.processes import APPLICATION


def default_url(path: str = "museion.db") -> str:
    return f"sqlite:///{path}"


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL mode, NORMAL sync and a busy timeout on every connection."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            _write_ahead_log(cur)
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    engine = create_engine(url, pool_size=POOL_SIZE, max_overflow=2, connect_args={"application_name": APPLICATION})
    _ping_when_idle(engine)
    return engine


def _write_ahead_log(cur: Any, tries: int = 100) -> None:
    """Put the database in WAL mode (a setting of the file, kept once made). Changing it needs the database to
    itself, and SQLite answers "database is locked" at once, without its busy timeout, while another connection
    (a thread or process opening the same new file) holds it: try again for up to 10 s."""
    for attempt in range(tries):
        try:
            if cur.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
                cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == tries - 1:
                raise
            time.sleep(0.1)


WRITERS = 3
"""Commits of moves in flight at once with PostgreSQL (each on its own connection)."""
POOL_SIZE = WRITERS + 3
"""Connections a server uses at once: the move writers, the table writer and two readers (``BatchWriter``)."""
IDLE_PING = 10.0
"""Seconds a pooled connection may rest before it is checked with a ping when taken again."""


def _ping_when_idle(engine: Engine) -> None:
    """Check a connection that has been resting before it is used (the database may have restarted meanwhile),
    but not one in constant use: ``pool_pre_ping`` would add a round trip to every commit."""

    @event.listens_for(engine, "checkin")
    def _rested(_dbapi_conn: Any, record: Any) -> None:
        record.info["returned"] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _check(dbapi_conn: Any, record: Any, _proxy: Any) -> None:
        if time.monotonic() - record.info.get("returned", float("inf")) > IDLE_PING:
            try:
                engine.dialect.do_ping(dbapi_conn)
            except Exception as exc:
                raise DisconnectionError("a resting connection no longer answers; the pool opens a new one") from exc
