"""Challenges in the database: synchronous calls on the server's engine (the routes run them in a thread). An
answer settles a challenge with one conditional ``UPDATE`` (``pending`` to what it becomes), so of two answers
(accept and cancel, or two processes) exactly one wins."""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, func, insert, or_, select, update
from sqlalchemy.orm import aliased

from museion.server.accounts import store as account_store
from museion.server.accounts.passwords import username_key
from museion.server.accounts.schema import accounts_t
from museion.server.challenges.schema import challenges_t
from museion.server.friends.schema import blocks_t
from museion.server.storage.rows import seats_t, tables_t

TTL = 600.0
"""Seconds a challenge waits for its answer before it expires (ten minutes)."""
KEEP = 86400.0
"""Seconds a settled challenge's row is kept (its players may look it up), then deleted."""
MAX_PENDING = 5
"""Challenges one account may have waiting for an answer at once."""
MAX_RECEIVED = 20
"""Challenges one account may have waiting for its answer at once (more are refused to their senders)."""


@dataclass(frozen=True)
class Player:
    id: int
    username: str
    bot: bool


def player(engine: Engine, username: str, me: int) -> Player | None:
    """The active account named ``username``, unless one of the two blocked the other (then None, the same as
    no such player: a block is not revealed)."""
    with engine.connect() as conn:
        row = conn.execute(select(accounts_t.c.id, accounts_t.c.username, accounts_t.c.bot).where(
            accounts_t.c.username_key == username_key(username), accounts_t.c.status == "active")).first()
        if row is None:
            return None
        blocked = conn.execute(select(blocks_t.c.account_id).where(or_(
            and_(blocks_t.c.account_id == me, blocks_t.c.blocked_id == row.id),
            and_(blocks_t.c.account_id == row.id, blocks_t.c.blocked_id == me))).limit(1)).first()
    return None if blocked is not None else Player(row.id, row.username, bool(row.bot))


def add(engine: Engine, me: int, to: int, game: str, request: dict[str, Any], network: str) -> str:
    """Store a pending challenge: its id; or the refusal's code (``too_many_challenges``, ``their_challenges_full``,
    ``already_challenged``) prefixed by ``!``."""
    now = time.time()
    pending = (challenges_t.c.status == "pending") & (challenges_t.c.expires > now)
    with engine.begin() as conn:
        sent = conn.execute(select(func.count()).select_from(challenges_t)
                            .where(challenges_t.c.challenger_id == me, pending)).scalar_one()
        if sent >= MAX_PENDING:
            return "!too_many_challenges"
        received = conn.execute(select(func.count()).select_from(challenges_t)
                                .where(challenges_t.c.challenged_id == to, pending)).scalar_one()
        if received >= MAX_RECEIVED:
            return "!their_challenges_full"
        if conn.execute(select(challenges_t.c.id).where(challenges_t.c.challenger_id == me,
                                                        challenges_t.c.challenged_id == to, pending)).first():
            return "!already_challenged"
        conn.execute(delete(challenges_t).where(challenges_t.c.expires < now - KEEP))
        challenge_id = secrets.token_urlsafe(12)
        conn.execute(insert(challenges_t).values(id=challenge_id, challenger_id=me, challenged_id=to, game=game,
                                                 request=request, network=network, status="pending", created=now,
                                                 expires=now + TTL))
    return challenge_id


def _query() -> Any:
    challenger, challenged = aliased(accounts_t), aliased(accounts_t)
    return (select(challenges_t, challenger.c.username.label("from_name"), challenger.c.bot.label("from_bot"),
                   challenged.c.username.label("to_name"), challenged.c.bot.label("to_bot"))
            .join(challenger, challenger.c.id == challenges_t.c.challenger_id)
            .join(challenged, challenged.c.id == challenges_t.c.challenged_id))


def _shape(row: Any) -> dict[str, Any]:
    status = "expired" if row.status == "pending" and row.expires < time.time() else row.status
    return {"id": row.id, "status": status, "from": row.from_name, "from_bot": bool(row.from_bot),
            "to": row.to_name, "to_bot": bool(row.to_bot), "game": row.game, "options": row.request["options"],
            "clock": row.request["clock"], "rated": row.request["rated"], "created": row.created,
            "expires": row.expires, "table": row.table_id, "challenger_id": row.challenger_id,
            "challenged_id": row.challenged_id, "network": row.network}


def get(engine: Engine, challenge_id: str) -> dict[str, Any] | None:
    with engine.connect() as conn:
        row = conn.execute(_query().where(challenges_t.c.id == challenge_id)).first()
    return None if row is None else _shape(row)


def pending(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    """The account's challenges waiting for an answer, both ways, newest first (one read)."""
    now = time.time()
    with engine.connect() as conn:
        rows = conn.execute(_query().where(
            or_(challenges_t.c.challenger_id == account_id, challenges_t.c.challenged_id == account_id),
            challenges_t.c.status == "pending", challenges_t.c.expires > now)
            .order_by(challenges_t.c.created.desc()).limit(MAX_PENDING + MAX_RECEIVED)).all()
    return [_shape(r) for r in rows]


def settle(engine: Engine, challenge_id: str, status: str, table_id: str | None = None, was: str = "pending",
           late: bool = False) -> bool:
    """Move a challenge from ``was`` to ``status`` (a pending one only while it has not expired, unless ``late``:
    the sweep marking it expired): whether this call did (another answer, or its expiry, may have come first)."""
    where = [challenges_t.c.id == challenge_id, challenges_t.c.status == was]
    if was == "pending" and not late:
        where.append(challenges_t.c.expires > time.time())
    with engine.begin() as conn:
        return bool(conn.execute(update(challenges_t).where(*where)
                                 .values(status=status, table_id=table_id)).rowcount)


def due(engine: Engine) -> list[dict[str, Any]]:
    """Pending challenges past their expiry (at most a hundred a sweep)."""
    with engine.connect() as conn:
        rows = conn.execute(_query().where(challenges_t.c.status == "pending",
                                           challenges_t.c.expires <= time.time()).limit(100)).all()
    return [_shape(r) for r in rows]


def any_pending(engine: Engine) -> bool:
    with engine.connect() as conn:
        return conn.execute(select(challenges_t.c.id).where(challenges_t.c.status == "pending").limit(1)
                            ).first() is not None


def running_seats(engine: Engine, account_id: int, limit: int = 50) -> list[tuple[str, int, str]]:
    """The account's seats at tables that have not finished (table, seat, game), newest first: a program that
    reconnects is told them again (``tableStart``)."""
    with engine.connect() as conn:
        rows = conn.execute(select(seats_t.c.table_id, seats_t.c.seat, tables_t.c.game)
                            .join(tables_t, tables_t.c.id == seats_t.c.table_id)
                            .where(seats_t.c.account_id == account_id, tables_t.c.status.in_(("open", "running")))
                            .order_by(tables_t.c.created.desc()).limit(limit)).all()
    return [(r.table_id, r.seat, r.game) for r in rows]


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The challenges the account sent (``GET /api/me/data``): what and when."""
    rows = conn.execute(select(challenges_t).where(challenges_t.c.challenger_id == account_id)).all()
    return {"challenges": [{"game": r.game, "status": r.status, "created": r.created, **r.request} for r in rows]}


def forget(conn: Connection, account_id: int) -> None:
    conn.execute(delete(challenges_t).where(or_(challenges_t.c.challenger_id == account_id,
                                                challenges_t.c.challenged_id == account_id)))


account_store.PARTS.append((export, forget))  # the challenges' share of an account's data
