"""Durable storage of tables as game records: a table row (game, options, status), its seats, and its actions.

Records are the storage format: a table's state is never stored, only the game name, the options and every
action id (chance outcomes included), so the state is a replay and ``Record`` can be rebuilt at any time.

Writes go through :class:`BatchWriter`: every move awaits its own commit, but moves that arrive while a commit
is in progress are committed together in the next transaction (group commit). SQLite runs in WAL mode with
``synchronous=NORMAL``: a committed move survives the server process being killed (it is in the WAL file);
only an operating-system crash or power loss could lose the last transactions.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
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
    return create_engine(url, pool_pre_ping=True)


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
                notices=row.notices, creator_key=row.creator_key))
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
        """Commit the actions (and final results) of several moves, possibly of several tables, at once."""
        rows = [{"table_id": a.table_id, "seq": a.start + i, "action": x}
                for a in batch for i, x in enumerate(a.actions)]
        with self.engine.begin() as conn:
            if rows:
                conn.execute(insert(actions_t), rows)
            for a in batch:
                if a.clock is not None:
                    conn.execute(update(tables_t).where(tables_t.c.id == a.table_id).values(clock_state=a.clock))
                if a.final is not None:
                    conn.execute(update(tables_t).where(tables_t.c.id == a.table_id).values(
                        status="finished", finished=time.time(), scores=a.final[0], winners=a.final[1]))

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
                    list(t["notices"] or []), t["creator_key"])


@dataclass
class Append:
    """New actions of one table from sequence number ``start`` on; ``final`` = (scores, winners) at the end."""

    table_id: str
    start: int
    actions: list[int]
    final: tuple[list[float], list[int]] | None = None
    clock: dict[str, Any] | None = None
    """The table's clock after these actions (stored with them), or None for a table without one."""


class BatchWriter:
    """Group commit on one writer thread: ``await writer.append(...)`` returns once the move is committed."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="museion-db")
        self.readers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="museion-db-read")
        self.queue: asyncio.Queue[tuple[Append, asyncio.Future[None]]] = asyncio.Queue()
        self.task: asyncio.Task[None] | None = None
        self.commits = 0

    def start(self) -> None:
        self.task = asyncio.get_running_loop().create_task(self._run())

    async def call(self, fn: Any, *args: Any) -> Any:
        """Run any other storage call on the writer thread (keeps SQLite writes on one thread)."""
        return await asyncio.get_running_loop().run_in_executor(self.thread, fn, *args)

    async def read(self, fn: Any, *args: Any) -> Any:
        """Run a read-only storage call on a reader thread, so that the lobby never waits for commits."""
        return await asyncio.get_running_loop().run_in_executor(self.readers, fn, *args)

    async def append(self, item: Append) -> None:
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        await self.queue.put((item, future))
        await future

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            batch = [await self.queue.get()]
            while not self.queue.empty():
                batch.append(self.queue.get_nowait())
            try:
                await loop.run_in_executor(self.thread, self.store.append_batch, [item for item, _ in batch])
                self.commits += 1
            except Exception as exc:  # noqa: BLE001 - every waiting move learns that it was not stored
                for _, future in batch:
                    if not future.done():
                        future.set_exception(exc)
                continue
            for _, future in batch:
                if not future.done():
                    future.set_result(None)

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        self.thread.shutdown(wait=True)
        self.readers.shutdown(wait=True)


def dumps(data: Any) -> str:
    return json.dumps(data, separators=(",", ":"))
