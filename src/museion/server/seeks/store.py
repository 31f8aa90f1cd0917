"""Seeks in the database. Synchronous calls on the server's engine (the routes run them on a reader or writer
thread). Pairing never seats one seek twice: :func:`claim` turns every seek of a group from ``waiting`` to
``pairing`` with one conditional ``UPDATE`` each, in one transaction that is rolled back whole when any of them was
no longer waiting (another process claimed it, its player cancelled it): a row lock on PostgreSQL, the single
writer on SQLite."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, and_, delete, func, insert, or_, select, update

from museion.server.accounts import store as account_store
from museion.server.accounts.schema import accounts_t
from museion.server.friends.schema import blocks_t
from museion.server.seeks.schema import seeks_t

TTL = 300.0
"""Seconds a seek waits for its game before it expires."""
CLAIM_TTL = 60.0
"""Seconds a claimed seek may stay ``pairing`` (its process died while making the table): then it expires."""
KEEP = 3600.0
"""Seconds a seek's row (and a paired seek's seat token) is kept after it expired."""
MAX_WAITING = 3
"""Seeks one network may have waiting at once."""
CANDIDATES = 50
"""Waiting seeks of one kind read per pairing attempt (the oldest first)."""
OPEN = 50
"""Seeks the lobby lists."""


class Lost(Exception):
    """A seek of the group was no longer waiting: the claim is rolled back whole."""


@dataclass(frozen=True)
class Seeker:
    """A waiting seek as pairing sees it."""

    id: str
    account_id: int | None
    username: str | None
    network: str
    request: dict[str, Any]
    game: str
    players: int


def add(engine: Engine, key: str, game: str, players: int, request: dict[str, Any], account_id: int | None,
        network: str) -> str | None:
    """Store a waiting seek; its id, or None when the network already has ``MAX_WAITING`` waiting."""
    now = time.time()
    with engine.begin() as conn:
        waiting = conn.execute(select(func.count()).select_from(seeks_t).where(
            seeks_t.c.network == network, seeks_t.c.status == "waiting", seeks_t.c.expires > now)).scalar_one()
        if waiting >= MAX_WAITING:
            return None
        seek_id = secrets.token_urlsafe(18)
        conn.execute(insert(seeks_t).values(id=seek_id, key=key, game=game, players=players, request=request,
                                            account_id=account_id, network=network, status="waiting", created=now,
                                            expires=now + TTL))
    return seek_id


def get(engine: Engine, seek_id: str) -> dict[str, Any] | None:
    with engine.connect() as conn:
        row = conn.execute(select(seeks_t).where(seeks_t.c.id == seek_id)).first()
    if row is None:
        return None
    status = "expired" if row.status in ("waiting", "pairing") and row.expires < time.time() else row.status
    return {"id": row.id, "status": status, "game": row.game, "players": row.players, "table": row.table_id,
            "seat": row.seat, "token": row.token, "error": row.error, "expires": row.expires,
            "account_id": row.account_id, **row.request}


def cancel(engine: Engine, seek_id: str) -> bool:
    """Cancel a waiting seek (True), or leave a seek that was paired or had ended as it is (False)."""
    with engine.begin() as conn:
        return bool(conn.execute(update(seeks_t).where(seeks_t.c.id == seek_id, seeks_t.c.status == "waiting")
                                 .values(status="cancelled")).rowcount)


def ripe(engine: Engine) -> list[str]:
    """The kinds (keys) with enough waiting seeks to make a table, after expiring the old ones; one read and
    one write."""
    now = time.time()
    with engine.begin() as conn:
        conn.execute(update(seeks_t).where(or_(and_(seeks_t.c.status == "waiting", seeks_t.c.expires < now),
                                               and_(seeks_t.c.status == "pairing",
                                                    seeks_t.c.expires < now - CLAIM_TTL)))
                     .values(status="expired"))
        conn.execute(delete(seeks_t).where(seeks_t.c.expires < now - KEEP))
        rows = conn.execute(select(seeks_t.c.key, seeks_t.c.players, func.count().label("n"))
                            .where(seeks_t.c.status == "waiting", seeks_t.c.expires > now)
                            .group_by(seeks_t.c.key, seeks_t.c.players)).all()
    return [r.key for r in rows if r.n >= r.players]


def waiting_any(engine: Engine) -> bool:
    with engine.connect() as conn:
        return conn.execute(select(seeks_t.c.id).where(seeks_t.c.status.in_(("waiting", "pairing")))
                            .limit(1)).first() is not None


def fitting(engine: Engine, key: str) -> list[Seeker]:
    """The oldest group of waiting seeks of kind ``key`` that may play each other (as many as the game's
    players; none of one account twice, none where one account blocked another), or [] (two reads)."""
    now = time.time()
    with engine.connect() as conn:
        rows = conn.execute(select(seeks_t, accounts_t.c.username)
                            .outerjoin(accounts_t, accounts_t.c.id == seeks_t.c.account_id)
                            .where(seeks_t.c.status == "waiting", seeks_t.c.key == key, seeks_t.c.expires > now)
                            .order_by(seeks_t.c.created).limit(CANDIDATES)).all()
        accounts = {r.account_id for r in rows if r.account_id is not None}
        blocked = {(b.account_id, b.blocked_id) for b in conn.execute(
            select(blocks_t.c.account_id, blocks_t.c.blocked_id).where(
                blocks_t.c.account_id.in_(accounts), blocks_t.c.blocked_id.in_(accounts)))} if accounts else set()
    group: list[Seeker] = []
    for r in rows:
        if r.account_id is not None and any(_apart(r.account_id, g.account_id, blocked) for g in group):
            continue
        group.append(Seeker(r.id, r.account_id, r.username, r.network, r.request, r.game, r.players))
        if len(group) == r.players:
            return group
    return []


def _apart(a: int, b: int | None, blocked: set[tuple[int, int]]) -> bool:
    """Whether two accounts' seeks may not be paired: one account, or one blocked the other."""
    return b is not None and (a == b or (a, b) in blocked or (b, a) in blocked)


def claim(engine: Engine, ids: list[str]) -> bool:
    """Take every seek of ``ids`` from waiting to pairing, all or none (atomic: see the module)."""
    try:
        with engine.begin() as conn:
            for seek_id in ids:
                if conn.execute(update(seeks_t).where(seeks_t.c.id == seek_id, seeks_t.c.status == "waiting")
                                .values(status="pairing")).rowcount != 1:
                    raise Lost(seek_id)
    except Lost:
        return False
    return True


def paired(engine: Engine, seats: dict[str, tuple[str, int, str]]) -> None:
    """The claimed seeks seated: each its table, seat and seat token; kept ``KEEP`` seconds for their players."""
    now = time.time()
    with engine.begin() as conn:
        for seek_id, (table_id, seat, token) in seats.items():
            conn.execute(update(seeks_t).where(seeks_t.c.id == seek_id).values(
                status="paired", table_id=table_id, seat=seat, token=token, expires=now))


def failed(engine: Engine, ids: list[str], error: str) -> None:
    with engine.begin() as conn:
        conn.execute(update(seeks_t).where(seeks_t.c.id.in_(ids)).values(status="failed", error=error[:32]))


def open_seeks(engine: Engine) -> list[dict[str, Any]]:
    """The waiting seeks as the lobby lists them (no ids: taking one is asking for the same game), one read."""
    now = time.time()
    with engine.connect() as conn:
        rows = conn.execute(select(seeks_t.c.game, seeks_t.c.players, seeks_t.c.request, seeks_t.c.created,
                                   accounts_t.c.username)
                            .outerjoin(accounts_t, accounts_t.c.id == seeks_t.c.account_id)
                            .where(seeks_t.c.status == "waiting", seeks_t.c.expires > now)
                            .order_by(seeks_t.c.created.desc()).limit(OPEN)).all()
    return [{"game": r.game, "players": r.players, "player": r.username, "waiting": round(now - r.created),
             **r.request} for r in rows]


def search(engine: Engine, prefix: str, limit: int) -> list[tuple[str, bool]]:
    """Usernames of active accounts starting with ``prefix`` (folded as ``username_key``), in order, each with
    whether it is a bot account: one indexed read (PostgreSQL: a ``LIKE`` on ``ix_accounts_username_prefix``;
    SQLite: a range on the unique key)."""
    key = accounts_t.c.username_key
    where: ColumnElement[bool]
    if engine.dialect.name == "postgresql":
        escaped = prefix.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        where = key.like(escaped + "%", escape="\\")
    else:
        where = and_(key >= prefix, key < prefix + "\U0010ffff")
    with engine.connect() as conn:
        rows = conn.execute(select(accounts_t.c.username, accounts_t.c.bot)
                            .where(where, accounts_t.c.status == "active").order_by(key).limit(limit)).all()
    return [(row.username, bool(row.bot)) for row in rows]


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The account's seeks (``GET /api/me/data``): what it asked for and when (no seat tokens)."""
    return {"seeks": [{"game": r.game, "players": r.players, "status": r.status, "created": r.created, **r.request}
                      for r in conn.execute(select(seeks_t).where(seeks_t.c.account_id == account_id))]}


def forget(conn: Connection, account_id: int) -> None:
    conn.execute(delete(seeks_t).where(seeks_t.c.account_id == account_id))


account_store.PARTS.append((export, forget))  # the seeks' share of an account's data, exported and forgotten
