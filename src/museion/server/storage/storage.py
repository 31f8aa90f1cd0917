"""Durable storage of tables as game records: a table row (game, options, status), its seats, and its actions.

Records are the storage format: a table's state is never stored, only the game name, the options and every
action id (chance outcomes included), so the state is a replay and ``Record`` can be rebuilt at any time.

Writes go through :class:`BatchWriter`: every move awaits its own commit, but moves that arrive while a commit
is in progress are committed together in the next one (group commit). A batch is one multi-row ``INSERT`` in
autocommit mode, a single statement and so atomic, which costs PostgreSQL one round trip instead of four (pool
ping, ``BEGIN``, ``INSERT``, ``COMMIT``); only a batch that ends a game also updates its table row, in one
transaction. Round trips are what a loaded machine makes expensive: each one waits for the database process
to be scheduled (``docs/web.md``, hostile-load benchmark). SQLite runs in WAL mode with ``synchronous=NORMAL``:
a committed move survives the server process being killed (it is in the WAL file); only an operating-system
crash or power loss could lose the last transactions. PostgreSQL keeps its own default (``synchronous_commit``
on): a move is acknowledged once its commit is flushed.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import queue
import sqlite3
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson
from sqlalchemy import (
    JSON,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    and_,
    create_engine,
    event,
    exists,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import DisconnectionError, IntegrityError

from museion.server import migrations
from museion.server.ops.metrics import ACTIONS, COMMITS, STORAGE_ERRORS
from museion.server.ops.processes import APPLICATION

metadata = MetaData()
"""The tables as the code reads and writes them; their schema in a database is made by the migrations (a test
checks that both agree: tests/server/test_migrations.py)."""

tables_t = Table(
    "tables", metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),  # running | finished | expired
    Column("created", Float, nullable=False),
    Column("creator", String(64), index=True),  # hash of the creating client's address (per-client caps)
    Column("started", Float),  # when every human seat was first taken; open tables never started expire
    Column("finished", Float),
    Column("scores", JSON),
    Column("winners", JSON),
    Column("clock", JSON),  # the time control (clocks.ClockSpec); null: none
    Column("clock_state", JSON),  # each seat's bank and the running seat's spent seconds (clocks.ClockState)
    Column("notices", JSON),  # what happened besides moves (timeouts, bots taking over, returns), in order
    Column("creator_key", String(64)),  # hash of the creator token (hand a seat to a bot, re-invite)
    Column("hints", Integer),  # 1: a seat may ask the coach for hints (chosen at creation, shown to everyone)
    Column("undo", Integer),  # 1: a seat may take back its own moves within its turn (chosen at creation, shown)
    Column("touched", Float),  # when a move was last made (stored every few seconds, not with every move)
    Column("rated", Integer),  # 1: the game changes its players' ratings (chosen at creation; ratings/)
    Column("accounts_only", Integer),  # 1: only signed-in accounts take its seats (issue 38; 0011_fair_play)
)

seats_t = Table(
    "seats", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(8), nullable=False),  # human | bot
    Column("bot", String(32)),
    Column("name", String(64)),
    Column("token_hash", String(64)),
    Column("standin", String(32)),  # a bot level playing this human seat after a timeout
    Column("forfeit", Integer),  # 1: the seat forfeited on time (ranked last; its stand-in plays it out)
    Column("account_id", Integer, index=True),  # the account the seat is bound to (null: a guest's seat)
)

analyses_t = Table(
    "analyses", metadata,  # the coach's analysis of a finished table, computed once (apart: the lobby never reads it)
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("data", JSON, nullable=False),
)

actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),  # the database decides between two processes' moves (docs/operations.md)
    Column("action", Integer, nullable=False),
)

leases_t = Table(
    "leases", metadata,  # which server process runs a table's bots and clocks (PostgreSQL sites; cluster.py)
    Column("table_id", String(32), primary_key=True),
    Column("owner", String(80), nullable=False),
    Column("until", Float, nullable=False),  # the database's clock (epoch seconds): expired leases are taken over
)

CHANNEL = "museion_tables"
"""The PostgreSQL notification channel on which every committed change names its tables (``Store._notify``)."""
NOTIFY_BYTES = 7000
"""Payload bytes per notification (PostgreSQL's limit is 8000)."""


class Conflict(Exception):
    """Another server process committed actions of this table at these sequence numbers first: nothing of this
    append was stored, and the table in memory is behind the database."""


TAKEBACK = -1
"""An actions row that takes back the last action still standing (undo within a turn). Rows are only ever
appended, so every move a player was told of stays in the table's history, followed by its take-back."""


ENDED = -2
"""An actions row that ends the game before its rules do (a resignation, a claim: ``endings.py``): no move follows
it, and two processes' last moves are told apart by the database as for any other row (how it ended is in the
table's notices)."""


def standing(actions: Sequence[int]) -> list[int]:
    """``actions`` as stored (with take-backs and an end) → the actions that stand, in order."""
    out: list[int] = []
    for action in actions:
        if action == TAKEBACK:
            out.pop()
        elif action != ENDED:
            out.append(action)
    return out


def hash_token(token: str) -> str:
    """Seat tokens are stored hashed: a leaked database file does not let anyone move for a seat."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class SeatRow:
    seat: int
    kind: str
    bot: str | None = None
    name: str | None = None
    token_hash: str | None = None
    standin: str | None = None
    forfeit: bool = False
    account_id: int | None = None
    """The account this seat is bound to: only a session of that account may play it (the token alone no more)."""

    @property
    def plays_bot(self) -> str | None:
        """The bot that moves for this seat (its own, or one standing in for its player), or None."""
        return self.bot if self.kind == "bot" else self.standin


@dataclass
class TableRow:
    id: str
    game: str
    options: dict[str, Any]
    status: str
    created: float
    seats: list[SeatRow] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    finished: float | None = None
    scores: list[float] | None = None
    winners: list[int] | None = None
    creator: str | None = None
    started: float | None = None
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    notices: list[dict[str, Any]] = field(default_factory=list)
    creator_key: str | None = None
    hints: bool = False
    undo: bool = False
    touched: float | None = None
    """When a move was last made (``None``: none stored yet; the table's start or creation then)."""
    rated: bool = False
    """The game's end changes its players' ratings (``server/ratings``)."""
    accounts_only: bool = False
    """Only signed-in accounts take its seats (a guest gets 403 ``accounts_only``; docs/accounts.md)."""

    def standing(self) -> list[int]:
        """The actions still standing: the stored list with each take-back applied (the state is their replay)."""
        return standing(self.actions)

    def free_seats(self) -> list[int]:
        return [s.seat for s in self.seats if s.kind == "human" and s.token_hash is None]


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


class Store:
    """Synchronous storage operations (called from a worker thread by the server)."""

    def __init__(self, url: str, origin: str = "") -> None:
        self.url = url
        self.engine = make_engine(url)
        self.notifies = self.engine.dialect.name == "postgresql"
        """PostgreSQL: every write names its tables on ``CHANNEL`` (other processes catch up; cluster.py)."""
        self.origin = origin
        """This process's name in its notifications (it ignores its own)."""
        migrations.upgrade(self.engine)  # the schema is the migrations' (server/migrations), never create_all

    def checkpoint(self) -> bool:
        """At a clean stop, SQLite's write-ahead log is copied into the main file and emptied
        (``wal_checkpoint(TRUNCATE)``): the file alone then holds every committed move, so a copy of it made while
        the server is stopped is whole (issue 39: after a stop the main file was 4 KB and the WAL 3.6 MB). False
        for other databases. A reader elsewhere (``museion admin backup``) may keep it from finishing: the WAL then
        stays, complete, and the next start uses it."""
        if self.engine.dialect.name != "sqlite":
            return False
        with self.engine.connect() as conn:
            busy = conn.exec_driver_sql("PRAGMA wal_checkpoint(TRUNCATE)").one()[0]
        self.engine.dispose()
        if busy:
            raise sqlite3.OperationalError("another connection reads the database: the WAL was not truncated")
        return True

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=row.id, game=row.game, options=row.options, status=row.status, created=row.created,
                creator=row.creator, started=row.started, clock=row.clock, clock_state=row.clock_state,
                notices=row.notices, creator_key=row.creator_key, hints=int(row.hints),
                undo=int(row.undo), rated=int(row.rated), accounts_only=int(row.accounts_only)))
            conn.execute(insert(seats_t), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash, "account_id": s.account_id} for s in row.seats])
            if row.actions:
                conn.execute(insert(actions_t), [
                    {"table_id": row.id, "seq": i, "action": a} for i, a in enumerate(row.actions)])
            self._notify(conn, [row.id + "!"])

    def set_seat(self, table_id: str, seat: int, name: str | None, token_hash: str | None,
                 started: float | None = None, account_id: int | None = None) -> None:
        """Take or free a seat (``account_id``: the signed-in player's); ``started``: the table is full for the
        first time. Taking a seat that is not free in the database (another process gave it away first) raises
        :class:`Conflict`."""
        with self.engine.begin() as conn:
            query = update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
            if token_hash is not None:
                query = query.where(seats_t.c.token_hash.is_(None))
            if conn.execute(query.values(name=name, token_hash=token_hash, account_id=account_id)).rowcount != 1:
                raise Conflict(f"seat {seat} of table {table_id} was taken meanwhile")
            if started is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.started.is_(None))
                             .values(started=started))
            self._notify(conn, [table_id + "!"])

    def update(self, table_id: str, table: dict[str, Any], seats: dict[int, dict[str, Any]]) -> None:
        """Change columns of a table and of its seats in one transaction (clock events, creator actions)."""
        with self.engine.begin() as conn:
            if table:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**table))
            for seat, values in seats.items():
                conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                             .values(**values))
            self._notify(conn, [table_id + "!"])

    def account_seats(self, account_id: int, limit: int) -> list[tuple[str, int]]:
        """The (table, seat) pairs bound to an account, newest tables first (expired ones left out)."""
        query = (select(seats_t.c.table_id, seats_t.c.seat).join(tables_t, tables_t.c.id == seats_t.c.table_id)
                 .where(seats_t.c.account_id == account_id, tables_t.c.status != "expired")
                 .order_by(tables_t.c.created.desc()).limit(limit))
        with self.engine.connect() as conn:
            return [(r.table_id, r.seat) for r in conn.execute(query)]

    def save_clocks(self, states: Sequence[tuple[str, dict[str, Any]]]) -> None:
        """Checkpoint running clocks: (table id, stored clock state) each."""
        with self.engine.begin() as conn:
            for table_id, state in states:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(clock_state=state))

    def clocked_running(self) -> list[str]:
        """The unfinished tables with a time control (loaded at start so that their clocks run)."""
        query = select(tables_t.c.id, tables_t.c.clock).where(tables_t.c.status == "running",
                                                               tables_t.c.clock.is_not(None))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query) if r.clock and r.clock.get("mode", "none") != "none"]

    def count_unfinished(self, creator: str | None = None) -> int:
        query = select(func.count()).select_from(tables_t).where(tables_t.c.status == "running")
        if creator is not None:
            query = query.where(tables_t.c.creator == creator)
        with self.engine.connect() as conn:
            return int(conn.execute(query).scalar_one())

    def touch(self, times: Sequence[tuple[str, float]]) -> None:
        """Store when each table last saw a move: (table id, time) each (one statement per table, every few
        seconds for the tables that moved: not a round trip per move)."""
        if times:
            with self.engine.begin() as conn:
                for table_id, when in times:
                    conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(touched=when))

    def expire_idle(self, before: float) -> list[str]:
        """Mark running tables without a clock that have been full but untouched since ``before`` as expired
        (tables with a clock end by it: a seat out of time is played by a bot or forfeits)."""
        last = func.coalesce(tables_t.c.touched, tables_t.c.started, tables_t.c.created)
        cond = and_(tables_t.c.status == "running", tables_t.c.started.is_not(None), last < before)
        with self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(select(tables_t.c.id, tables_t.c.clock).where(cond))
                   if not r.clock or r.clock.get("mode", "none") == "none"]
            if ids:
                conn.execute(update(tables_t).where(tables_t.c.id.in_(ids)).values(status="expired"))
                self._notify(conn, [i + "!" for i in ids])
        return ids

    def creators(self) -> dict[str, int]:
        """Each creator's (client network's hash) unfinished tables."""
        query = (select(tables_t.c.creator, func.count()).where(tables_t.c.status == "running")
                 .group_by(tables_t.c.creator))
        with self.engine.connect() as conn:
            return {r[0]: int(r[1]) for r in conn.execute(query)}

    def expire_stalest(self, creator: str) -> str | None:
        """Expire the unfinished table of ``creator`` where a move was made longest ago (to make room for a
        network below its fair share on a full server); its id, or ``None`` when it has none."""
        last = func.coalesce(tables_t.c.touched, tables_t.c.started, tables_t.c.created)
        with self.engine.begin() as conn:
            found = conn.execute(select(tables_t.c.id).where(tables_t.c.creator == creator,
                                                             tables_t.c.status == "running")
                                 .order_by(last, tables_t.c.id).limit(1)).scalar()
            if found is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == found).values(status="expired"))
                self._notify(conn, [found + "!"])
        return found

    def expire_open(self, before: float) -> list[str]:
        """Mark unfinished tables created before ``before`` whose seats were never all taken as expired (counted
        from ``touched`` where it is set: the upgrade to 0010_keep_old_games gave old open tables its time)."""
        last = func.coalesce(tables_t.c.touched, tables_t.c.created)
        cond = and_(tables_t.c.status == "running", tables_t.c.started.is_(None), last < before)
        with self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(select(tables_t.c.id).where(cond))]
            if ids:
                conn.execute(update(tables_t).where(tables_t.c.id.in_(ids)).values(status="expired"))
                self._notify(conn, [i + "!" for i in ids])
        return ids

    def lobby(self, status: str, limit: int, offset: int) -> tuple[list[TableRow], int]:
        """One page of the lobby list ``status`` (open, running, finished), newest first, and the list's size."""
        free = exists().where(seats_t.c.table_id == tables_t.c.id, seats_t.c.kind == "human",
                              seats_t.c.token_hash.is_(None))
        cond = {"open": and_(tables_t.c.status == "running", free),
                "running": and_(tables_t.c.status == "running", ~free),
                "finished": tables_t.c.status == "finished"}[status]
        with self.engine.connect() as conn:
            total = int(conn.execute(select(func.count()).select_from(tables_t).where(cond)).scalar_one())
            rows = conn.execute(select(tables_t).where(cond).order_by(tables_t.c.created.desc(), tables_t.c.id)
                                .limit(limit).offset(offset)).mappings().all()
            seats: dict[str, list[SeatRow]] = {r["id"]: [] for r in rows}
            if seats:
                for r in conn.execute(select(seats_t).where(seats_t.c.table_id.in_(list(seats)))
                                      .order_by(seats_t.c.table_id, seats_t.c.seat)):
                    seats[r.table_id].append(_seat_row(r))
        return [_table_row(t, seats[t["id"]], []) for t in rows], total

    def append_batch(self, batch: Sequence[Append]) -> list[bool]:
        """Commit the actions (and final results and clocks) of several moves, possibly of several tables, at once;
        whether each one was stored. All of a batch goes in one statement when no game ends and no table has a
        clock (committed as it returns), else in one transaction with the table rows (a clock is committed with
        its move). A move whose sequence numbers another process filled first (the actions' primary key) makes
        the batch fail as a whole: then each move is committed on its own, and those refused are ``False``."""
        try:
            self._append(batch)
            return [True] * len(batch)
        except IntegrityError:
            if len(batch) == 1:
                return [False]
        return [self._append_alone(a) for a in batch]

    def _append_alone(self, item: Append) -> bool:
        try:
            self._append([item])
            return True
        except IntegrityError:
            return False

    def _append(self, batch: Sequence[Append]) -> None:
        rows = [{"table_id": a.table_id, "seq": a.start + i, "action": x}
                for a in batch for i, x in enumerate(a.actions)]
        changed = [_announced(a) for a in batch]
        if not any(a.final is not None or a.clock is not None or a.notices is not None or a.settle is not None
                   or a.seats for a in batch):
            if rows and self.notifies:  # PostgreSQL: one statement, one round trip, the news in it
                self._insert_notifying(rows, changed)
            elif rows:  # SQLite: no round trips; one cached statement costs the writer a third of a fresh one
                with self.engine.begin() as conn:
                    conn.execute(insert(actions_t), rows)
            return
        with self.engine.begin() as conn:
            if rows:
                conn.execute(insert(actions_t).values(rows))
            for a in batch:
                _rows_of(conn, a)
            self._notify(conn, changed)

    # -- notifications (PostgreSQL) ----------------------------------------------------------------------------
    def _payloads(self, changed: Sequence[str]) -> list[str]:
        """``ORIGIN TOKEN TOKEN ...`` in as few notifications as fit (tokens: ``_announced``)."""
        out: list[str] = []
        for token in dict.fromkeys(changed):
            if out and len(out[-1]) + len(token) < NOTIFY_BYTES:
                out[-1] += " " + token
            else:
                out.append(f"{self.origin} {token}")
        return out

    def _notify(self, conn: Any, changed: Sequence[str]) -> None:
        """Name ``changed`` on ``CHANNEL`` in this transaction: PostgreSQL delivers it when it commits, only then."""
        if self.notifies:
            for payload in self._payloads(changed):
                conn.execute(select(func.pg_notify(CHANNEL, payload)))

    def _insert_notifying(self, rows: list[dict[str, Any]], changed: Sequence[str]) -> None:
        """The actions and their notifications in one statement (a data-modifying WITH), one round trip, written
        as the driver's SQL: every move's commit passes here, on a writer thread that shares the interpreter lock
        with the event loop, and SQLAlchemy's building and caching of a fresh multi-row statement cost that thread
        three times the CPU (1.0-1.5 ms against 0.4 per batch of three moves). Every value is a bound parameter."""
        payloads = self._payloads(changed)
        sql = ("WITH added AS (INSERT INTO actions (table_id, seq, action) VALUES "
               + ", ".join(["(%s, %s, %s)"] * len(rows)) + ") SELECT "
               + ", ".join(["pg_notify(%s, %s)"] * len(payloads)))
        params = [v for r in rows for v in (r["table_id"], r["seq"], r["action"])]
        params += [v for payload in payloads for v in (CHANNEL, payload)]
        with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
            conn.exec_driver_sql(sql, tuple(params))

    def save_analysis(self, table_id: str, data: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(analyses_t).values(table_id=table_id, data=data))

    def load_analysis(self, table_id: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            return conn.execute(select(analyses_t.c.data).where(analyses_t.c.table_id == table_id)).scalar()

    def status(self, table_id: str) -> str | None:
        """A table's status (running, finished, expired), or ``None`` when there is no such table: one read."""
        with self.engine.connect() as conn:
            return conn.execute(select(tables_t.c.status).where(tables_t.c.id == table_id)).scalar()

    def holders(self, pairs: Sequence[tuple[str, str]]) -> tuple[set[str], set[tuple[str, str]]]:
        """Of the (table id, token hash) pairs: the tables that exist (not expired), and the pairs whose hash
        holds a seat (two indexed reads, whatever the pairs: "my tables" loads only the tables that match)."""
        ids = list({table_id for table_id, _ in pairs})
        if not ids:
            return set(), set()
        with self.engine.connect() as conn:
            known = {r.id for r in conn.execute(select(tables_t.c.id).where(tables_t.c.id.in_(ids),
                                                                             tables_t.c.status != "expired"))}
            held = {(r.table_id, r.token_hash) for r in conn.execute(
                select(seats_t.c.table_id, seats_t.c.token_hash).where(
                    seats_t.c.table_id.in_(ids), seats_t.c.token_hash.in_([h for _, h in pairs])))}
        return known, {(table_id, digest) for table_id, digest in held if table_id in known}

    def load_table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            t = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            if t is None:
                return None
            return self._row(conn, t)

    def load_since(self, table_id: str, seq: int) -> TableRow | None:
        """The table's row and seats with its actions from ``seq`` on only (a process catching up with others)."""
        with self.engine.connect() as conn:
            t = conn.execute(select(tables_t).where(tables_t.c.id == table_id)).mappings().first()
            return None if t is None else self._row(conn, t, seq)

    def _row(self, conn: Any, t: Any, since: int = 0) -> TableRow:
        seats = [_seat_row(r) for r in conn.execute(
            select(seats_t).where(seats_t.c.table_id == t["id"]).order_by(seats_t.c.seat))]
        actions = [r.action for r in conn.execute(
            select(actions_t.c.action).where(actions_t.c.table_id == t["id"], actions_t.c.seq >= since)
            .order_by(actions_t.c.seq))]
        return _table_row(t, seats, actions)


def _rows_of(conn: Any, a: Append) -> None:
    """What an append changes besides its actions, in its transaction: the table row (clock, notices, the end),
    seats (a resignation's forfeit), and a rated game's ratings (with its last move, or neither)."""
    values: dict[str, Any] = {} if a.clock is None else {"clock_state": a.clock}
    if a.notices is not None:
        values["notices"] = a.notices
    if a.final is not None:
        values.update(status="finished", finished=time.time(), scores=a.final[0], winners=a.final[1])
    if values:
        conn.execute(update(tables_t).where(tables_t.c.id == a.table_id).values(**values))
    for seat, columns in (a.seats or {}).items():
        conn.execute(update(seats_t).where(seats_t.c.table_id == a.table_id, seats_t.c.seat == seat)
                     .values(**columns))
    if a.settle is not None:
        a.settled = a.settle(conn)


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(r.seat, r.kind, r.bot, r.name, r.token_hash, r.standin, bool(r.forfeit), r.account_id)


def _table_row(t: Any, seats: list[SeatRow], actions: list[int]) -> TableRow:
    return TableRow(t["id"], t["game"], t["options"], t["status"], t["created"], seats, actions, t["finished"],
                    t["scores"], t["winners"], t["creator"], t["started"], t["clock"], t["clock_state"],
                    list(t["notices"] or []), t["creator_key"], bool(t["hints"]), bool(t["undo"]),
                    t["touched"], bool(t["rated"]), bool(t["accounts_only"]))


def _announced(item: Append) -> str:
    """How a notification names a commit: ``ID:START:A.B.C`` the actions stored from START on (a process at START
    applies them without reading anything), ``ID`` the actions and the row's clock changed (read them),
    ``ID!`` the row changed in a way the lobby shows (the game ended); seat changes and new tables are ``ID!``
    too (``Store._notify``)."""
    if item.final is not None:
        return item.table_id + "!"
    if item.clock is not None or len(item.actions) > ANNOUNCED_ACTIONS:
        return item.table_id
    return f"{item.table_id}:{item.start}:{'.'.join(map(str, item.actions))}"


ANNOUNCED_ACTIONS = 16
"""Actions of one move a notification carries at most (a longer chain of chance outcomes is read instead)."""


@dataclass
class Append:
    """New actions rows of one table from row number ``start`` on (a :data:`TAKEBACK` among them); ``final`` =
    (scores, winners) at the end."""

    table_id: str
    start: int
    actions: list[int]
    final: tuple[list[float], list[int]] | None = None
    clock: dict[str, Any] | None = None
    """The table's clock after these actions (stored with them), or None for a table without one."""
    notices: list[dict[str, Any]] | None = None
    """The table's notices after these actions (a take-back is told there), or None: unchanged."""
    settle: Callable[[Any], Any] | None = None
    """Run on the connection of the transaction that stores the final move of a rated game (``ratings.store``):
    the ratings change in that transaction; what it returns is kept in ``settled``."""
    settled: Any = None
    seats: dict[int, dict[str, Any]] | None = None
    """Seat columns to change with these actions, by seat (a game ended by a resignation: the seat's forfeit)."""


@dataclass
class _Job:
    """Another write for the move thread (SQLite: one writer at a time)."""

    fn: Any
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


_STOP = object()


class BatchWriter:
    """Group commit: ``await writer.append(...)`` returns once the move is committed.

    Writer threads take moves straight from a thread-safe queue: a writer that is free starts a commit at once
    (no turn of the event loop in between) with every move that is waiting, and hands the results back to the
    loop in one callback. SQLite has one writer thread, which also runs the other writes (a second writer would
    only wait in SQLite's busy handler). PostgreSQL has ``WRITERS``, so a move need not wait for the commit in
    flight, and its other writes (tables created, seats taken, expiry: transactions of several statements) run
    on a thread of their own, so they never hold up a move."""

    MAX_BATCH = 256
    """Moves per commit at most: a statement stays far below the databases' limits on bound parameters."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.sqlite = store.url.startswith("sqlite")
        self.pending: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self.writers = [threading.Thread(target=self._write, name=f"museion-db-{i}", daemon=True)
                        for i in range(1 if self.sqlite else WRITERS)]
        self.tables = None if self.sqlite else ThreadPoolExecutor(1, thread_name_prefix="museion-db-tables")
        self.readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="museion-db-read")
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        self.loop = asyncio.get_running_loop()
        for thread in self.writers:
            thread.start()

    async def append(self, item: Append) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.pending.put((item, future))
        await future

    async def call(self, fn: Any, *args: Any) -> Any:
        """Run any other storage write (with SQLite on the move thread: one writer)."""
        if self.tables is not None:
            return await asyncio.get_running_loop().run_in_executor(self.tables, fn, *args)
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self.pending.put(_Job(fn, args, future))
        return await future

    async def read(self, fn: Any, *args: Any) -> Any:
        """Run a read-only storage call on a reader thread, so that the lobby never waits for commits."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)
        except Exception:
            STORAGE_ERRORS.labels("read").inc()
            raise

    def _write(self) -> None:
        """A writer thread: a job alone, or every waiting move (up to ``MAX_BATCH``) in one commit."""
        carry = None
        while True:
            item: Any = carry if carry is not None else self.pending.get()
            carry = None
            if item is _STOP:
                return
            if isinstance(item, _Job):
                self._settle([item.future], *self._attempt(item.fn, *item.args))
                continue
            moves: list[tuple[Append, asyncio.Future[None]]] = [item]
            while len(moves) < self.MAX_BATCH:
                try:
                    item = self.pending.get_nowait()
                except queue.Empty:
                    break
                if isinstance(item, _Job) or item is _STOP:
                    carry = item
                    break
                moves.append(item)
            stored, error = self._attempt(self.store.append_batch, [move for move, _ in moves])
            if error is not None:
                self._settle([future for _, future in moves], None, error)
                continue
            COMMITS.inc()
            ACTIONS.inc(sum(len(move.actions) for (move, _), ok in zip(moves, stored, strict=True) if ok))
            self._settle([future for (_, future), ok in zip(moves, stored, strict=True) if ok], None, None)
            self._settle([future for (_, future), ok in zip(moves, stored, strict=True) if not ok], None,
                         Conflict("another server process stored a move of this table at this sequence number first"))

    @staticmethod
    def _attempt(fn: Any, *args: Any) -> tuple[Any, BaseException | None]:
        try:
            return fn(*args), None
        except Exception as exc:  # noqa: BLE001 - handed to every waiting caller: nothing of theirs was stored
            STORAGE_ERRORS.labels("write").inc()
            return None, exc

    def _settle(self, futures: list[asyncio.Future[Any]], result: Any, error: BaseException | None) -> None:
        def settle() -> None:
            for future in futures:
                if future.done():  # the caller went away; what it asked for is stored all the same
                    continue
                if error is None:
                    future.set_result(result)
                else:
                    future.set_exception(error)

        assert self.loop is not None
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            self.loop.call_soon_threadsafe(settle)

    async def close(self) -> None:
        for _ in self.writers:
            self.pending.put(_STOP)
        for thread in self.writers:
            if thread.is_alive():
                await asyncio.to_thread(thread.join)
        for pool in (self.tables, self.readers):
            if pool is not None:
                pool.shutdown(wait=True)


def dumps(data: Any) -> str:
    """Compact JSON text, by ``orjson`` (every state message to every seat passes here: the standard library's
    encoder was a third of a state message's cost); integer keys become strings, as ``json.dumps`` makes them."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()
