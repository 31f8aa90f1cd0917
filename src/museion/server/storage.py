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
import json
import queue
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

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
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.exc import DisconnectionError

metadata = MetaData()

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
    Column("touched", Float),  # when a move was last made (stored every few seconds, not with every move)
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
)

analyses_t = Table(
    "analyses", metadata,  # the coach's analysis of a finished table, computed once (apart: the lobby never reads it)
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("data", JSON, nullable=False),
)

actions_t = Table(
    "actions", metadata,
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", Integer, nullable=False),
)


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
    touched: float | None = None
    """When a move was last made (``None``: none stored yet; the table's start or creation then)."""

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
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.close()

        return engine
    engine = create_engine(url, pool_size=POOL_SIZE, max_overflow=2)
    _ping_when_idle(engine)
    return engine


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

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        metadata.create_all(self.engine)
        self._migrate()

    def _migrate(self) -> None:
        """Add the columns that databases made by earlier versions lack (nullable ones: an old table has no clock,
        no notices, no creator token, no stand-ins). Their tables count as started (they predate expiry: none of
        them expires)."""
        have = {c["name"] for c in inspect(self.engine).get_columns("tables")}
        with self.engine.begin() as conn:
            for table in (tables_t, seats_t):
                present = {c["name"] for c in inspect(self.engine).get_columns(table.name)}
                for column in table.columns:
                    if column.name not in present:
                        kind = column.type.compile(self.engine.dialect)
                        conn.execute(text(f'ALTER TABLE {table.name} ADD COLUMN "{column.name}" {kind}'))
            if "started" not in have:
                conn.execute(update(tables_t).values(started=tables_t.c.created))

    def create_table(self, row: TableRow) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(tables_t).values(
                id=row.id, game=row.game, options=row.options, status=row.status, created=row.created,
                creator=row.creator, started=row.started, clock=row.clock, clock_state=row.clock_state,
                notices=row.notices, creator_key=row.creator_key, hints=int(row.hints)))
            conn.execute(insert(seats_t), [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "bot": s.bot, "name": s.name,
                 "token_hash": s.token_hash} for s in row.seats])
            if row.actions:
                conn.execute(insert(actions_t), [
                    {"table_id": row.id, "seq": i, "action": a} for i, a in enumerate(row.actions)])

    def set_seat(self, table_id: str, seat: int, name: str | None, token_hash: str | None,
                 started: float | None = None) -> None:
        """Take or free a seat; ``started``: the table is full for the first time."""
        with self.engine.begin() as conn:
            conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                         .values(name=name, token_hash=token_hash))
            if started is not None:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id, tables_t.c.started.is_(None))
                             .values(started=started))

    def update(self, table_id: str, table: dict[str, Any], seats: dict[int, dict[str, Any]]) -> None:
        """Change columns of a table and of its seats in one transaction (clock events, creator actions)."""
        with self.engine.begin() as conn:
            if table:
                conn.execute(update(tables_t).where(tables_t.c.id == table_id).values(**table))
            for seat, values in seats.items():
                conn.execute(update(seats_t).where(seats_t.c.table_id == table_id, seats_t.c.seat == seat)
                             .values(**values))

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
        return found

    def expire_open(self, before: float) -> list[str]:
        """Mark unfinished tables created before ``before`` whose seats were never all taken as expired."""
        cond = and_(tables_t.c.status == "running", tables_t.c.started.is_(None), tables_t.c.created < before)
        with self.engine.begin() as conn:
            ids = [r.id for r in conn.execute(select(tables_t.c.id).where(cond))]
            if ids:
                conn.execute(update(tables_t).where(tables_t.c.id.in_(ids)).values(status="expired"))
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

    def append_batch(self, batch: Sequence[Append]) -> None:
        """Commit the actions (and final results and clocks) of several moves, possibly of several tables, at once:
        one statement when no game ends and no table has a clock (committed as it returns), else one transaction
        with the table rows (a clock is committed with its move)."""
        rows = [{"table_id": a.table_id, "seq": a.start + i, "action": x}
                for a in batch for i, x in enumerate(a.actions)]
        if not any(a.final is not None or a.clock is not None for a in batch):
            if rows:
                with self.engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                    conn.execute(insert(actions_t).values(rows))
            return
        with self.engine.begin() as conn:
            if rows:
                conn.execute(insert(actions_t).values(rows))
            for a in batch:
                values: dict[str, Any] = {} if a.clock is None else {"clock_state": a.clock}
                if a.final is not None:
                    values.update(status="finished", finished=time.time(), scores=a.final[0], winners=a.final[1])
                if values:
                    conn.execute(update(tables_t).where(tables_t.c.id == a.table_id).values(**values))

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

    def _row(self, conn: Any, t: Any) -> TableRow:
        seats = [_seat_row(r) for r in conn.execute(
            select(seats_t).where(seats_t.c.table_id == t["id"]).order_by(seats_t.c.seat))]
        actions = [r.action for r in conn.execute(
            select(actions_t.c.action).where(actions_t.c.table_id == t["id"]).order_by(actions_t.c.seq))]
        return _table_row(t, seats, actions)


def _seat_row(r: Any) -> SeatRow:
    return SeatRow(r.seat, r.kind, r.bot, r.name, r.token_hash, r.standin, bool(r.forfeit))


def _table_row(t: Any, seats: list[SeatRow], actions: list[int]) -> TableRow:
    return TableRow(t["id"], t["game"], t["options"], t["status"], t["created"], seats, actions, t["finished"],
                    t["scores"], t["winners"], t["creator"], t["started"], t["clock"], t["clock_state"],
                    list(t["notices"] or []), t["creator_key"], bool(t["hints"]), t["touched"])


@dataclass
class Append:
    """New actions of one table from sequence number ``start`` on; ``final`` = (scores, winners) at the end."""

    table_id: str
    start: int
    actions: list[int]
    final: tuple[list[float], list[int]] | None = None
    clock: dict[str, Any] | None = None
    """The table's clock after these actions (stored with them), or None for a table without one."""


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
        return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)

    def _write(self) -> None:
        """A writer thread: a job alone, or every waiting move (up to ``MAX_BATCH``) in one commit."""
        carry = None
        while True:
            item = carry if carry is not None else self.pending.get()
            carry = None
            if item is _STOP:
                return
            if isinstance(item, _Job):
                self._settle([item.future], *self._attempt(item.fn, *item.args))
                continue
            moves = [item]
            while len(moves) < self.MAX_BATCH:
                try:
                    item = self.pending.get_nowait()
                except queue.Empty:
                    break
                if isinstance(item, _Job) or item is _STOP:
                    carry = item
                    break
                moves.append(item)
            self._settle([future for _, future in moves],
                         *self._attempt(self.store.append_batch, [move for move, _ in moves]))

    @staticmethod
    def _attempt(fn: Any, *args: Any) -> tuple[Any, BaseException | None]:
        try:
            return fn(*args), None
        except Exception as exc:  # noqa: BLE001 - handed to every waiting caller: nothing of theirs was stored
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
    return json.dumps(data, separators=(",", ":"))
