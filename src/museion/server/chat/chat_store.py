"""Where table chat is kept: the players' channel of every table (``chat``) and the messages players reported to
the operator (``chat_reports``).

Only the players' channel is stored: it belongs to the table, and its players read it again in the replay. The
spectators' channel lives in memory with the live table (``LiveTable.chat``) and is never written here; a spectator
message someone reports is copied into its report, the one place it outlives the table in memory. The two tables
hang on :data:`museion.server.storage.rows.metadata` (their foreign key names ``tables``) and are created here when
missing, so that they can become one Alembic migration at merge (docs/chat.md has the DDL)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    Column,
    Connection,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Table,
    delete,
    exists,
    insert,
    select,
)

from museion.server.accounts import store as account_store
from museion.server.storage.rows import metadata, seats_t
from museion.server.storage.storage import Store

chat_t = Table(
    "chat", metadata,
    Column("id", String(16), primary_key=True),  # random, unguessable: a report names it
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("seat", Integer, nullable=False),  # the author's seat (only players' messages are stored)
    Column("name", String(64)),  # the name the author's seat had when it wrote (null: the seat's default name)
    Column("text", String(1200), nullable=False),
    Column("at", Float, nullable=False),  # Unix time
    Index("chat_table_at", "table_id", "at"),
)

reports_t = Table(
    "chat_reports", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("table_id", String(32), ForeignKey("tables.id"), nullable=False),
    Column("message", String(16), nullable=False),  # the reported message's id
    Column("channel", String(16), nullable=False),  # players | spectators
    Column("seat", Integer),  # the author's seat; null: a spectator
    Column("guest", String(16)),  # a spectator author's label at that table
    Column("name", String(64)),
    Column("text", String(1200), nullable=False),  # a copy: a spectator message is stored nowhere else
    Column("at", Float, nullable=False),  # when the message was written
    Column("reporter_seat", Integer),  # null: a spectator reported it
    Column("reported", Float, nullable=False),
    Column("reporter", String(64), nullable=False),  # hash of the reporter's network (one report per network)
)

HISTORY = 200
"""Players' messages a client gets when it connects (the newest), and in the replay."""


def save_line(store: Store, table_id: str, line: dict[str, Any]) -> None:
    with store.engine.begin() as conn:
        conn.execute(insert(chat_t).values(id=line["id"], table_id=table_id, seat=line["seat"], name=line["name"],
                                           text=line["text"], at=line["at"]))


def players_lines(store: Store, table_id: str, limit: int = HISTORY) -> list[dict[str, Any]]:
    """The newest ``limit`` messages of a table's players' channel, oldest first, shaped as ``ChatLine``."""
    query = (select(chat_t).where(chat_t.c.table_id == table_id).order_by(chat_t.c.at.desc(), chat_t.c.id)
             .limit(limit))
    with store.engine.connect() as conn:
        rows = conn.execute(query).mappings().all()
    return [line(r) for r in reversed(rows)]


def find_line(store: Store, table_id: str, message: str) -> dict[str, Any] | None:
    with store.engine.connect() as conn:
        row = conn.execute(select(chat_t).where(chat_t.c.table_id == table_id, chat_t.c.id == message)
                           ).mappings().first()
    return None if row is None else line(row)


def line(row: Any) -> dict[str, Any]:
    return {"id": row["id"], "channel": "players", "seat": row["seat"], "guest": None, "name": row["name"],
            "text": row["text"], "at": row["at"]}


def save_report(store: Store, table_id: str, reported: dict[str, Any], reporter_seat: int | None, reporter: str,
                when: float) -> bool:
    """Keep a report (``False``: this network already reported that message; nothing is stored twice)."""
    with store.engine.begin() as conn:
        seen = conn.execute(select(reports_t.c.id).where(reports_t.c.message == reported["id"],
                                                         reports_t.c.reporter == reporter)).first()
        if seen is not None:
            return False
        conn.execute(insert(reports_t).values(
            table_id=table_id, message=reported["id"], channel=reported["channel"], seat=reported["seat"],
            guest=reported["guest"], name=reported["name"], text=reported["text"], at=reported["at"],
            reporter_seat=reporter_seat, reported=when, reporter=reporter))
    return True


def reports(store: Store, limit: int = 50, table_id: str | None = None) -> list[dict[str, Any]]:
    """The newest reports first (for ``museion admin reports``), without the reporter's network hash."""
    query = select(reports_t).order_by(reports_t.c.reported.desc()).limit(limit)
    if table_id is not None:
        query = query.where(reports_t.c.table_id == table_id)
    with store.engine.connect() as conn:
        return [{k: v for k, v in r.items() if k != "reporter"} for r in conn.execute(query).mappings()]


def _written(account_id: int) -> Any:
    """The account's lines: those written from the seats bound to it (a guest's seat bound at sign-in included)."""
    return exists().where(seats_t.c.table_id == chat_t.c.table_id, seats_t.c.seat == chat_t.c.seat,
                          seats_t.c.account_id == account_id)


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The account's chat lines, oldest first (``GET /api/me/data``: the words a player wrote are their data)."""
    rows = conn.execute(select(chat_t).where(_written(account_id)).order_by(chat_t.c.at, chat_t.c.id)).mappings()
    return {"chat": [{"table": r["table_id"], "seat": r["seat"], "name": r["name"], "text": r["text"], "at": r["at"]}
                     for r in rows]}


def forget(conn: Connection, account_id: int) -> None:
    """Delete the account's chat lines with the account (its seats stay, as "deleted player"; the others' lines
    stay). A copy the operator keeps of a reported line (``chat_reports``) stays for moderation."""
    conn.execute(delete(chat_t).where(_written(account_id)))


account_store.PARTS.append((export, forget))  # the chat's share of an account's data, exported and forgotten
