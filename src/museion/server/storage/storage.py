"""Durable storage of tables as game records: a table row (game, options, status), its seats, and its actions.

Records are the storage format: a table's state is never stored, only the game name, the options and every
action id (chance outcomes included), so the state is a replay and ``Record`` can be rebuilt at any time.

Writes go through :class:`~museion.server.storage.writer.BatchWriter`: every move awaits its own commit, but
moves that arrive while a commit is in progress are committed together in the next one (group commit). A batch is
one multi-row ``INSERT`` in autocommit mode, a single statement and so atomic, which costs PostgreSQL one round trip
instead of four (pool ping, ``BEGIN``, ``INSERT``, ``COMMIT``); only a batch that ends a game also updates its table
row, in one transaction. Round trips are what a loaded machine makes expensive: each one waits for the database
process to be scheduled (``docs/web.md``, hostile-load benchmark). SQLite runs in WAL mode with
``synchronous=NORMAL``: a committed move survives the server process being killed (it is in the WAL file); only an
operating-system crash or power loss could lose the last transactions. PostgreSQL keeps its own default
(``synchronous_commit`` on): a move is acknowledged once its commit is flushed.

The schema and the row values are in :mod:`~museion.server.storage.rows`, the engine in
:mod:`~museion.server.storage.engine`.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import and_, exists, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from museion.server import migrations
from museion.server.storage.engine import make_engine
from museion.server.storage.rows import (
    CHANNEL,
    NOTIFY_BYTES,
    Append,
    Conflict,
    SeatRow,
    TableRow,
    _announced,
    actions_t,
    analyses_t,
    seat_row,
    seats_t,
    table_row,
    tables_t,
)


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
                    seats[r.table_id].append(seat_row(r))
        return [table_row(t, seats[t["id"]], []) for t in rows], total

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
        seats = [seat_row(r) for r in conn.execute(
            select(seats_t).where(seats_t.c.table_id == t["id"]).order_by(seats_t.c.seat))]
        actions = [r.action for r in conn.execute(
            select(actions_t.c.action).where(actions_t.c.table_id == t["id"], actions_t.c.seq >= since)
            .order_by(actions_t.c.seq))]
        return table_row(t, seats, actions)


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
