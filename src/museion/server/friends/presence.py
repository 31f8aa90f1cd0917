"""Friends' presence (issue 40 item 3): ``GET /api/friends/presence`` tells a signed-in player which of their
friends are online and which are playing; nobody else learns it.

* **online**: the account asked for its tables (the lobby, My tables: ``POST /api/my-tables``) or followed a seek
  within ``ONLINE`` seconds, or is playing;
* **playing**: the account holds a seat at a running table whose seats are all taken and which started, or where a
  move was made (``tables.touched``, stored every few seconds), within ``PLAYING`` seconds.

When an account was last seen is kept in ``presence`` (migration ``0016_presence``), written at most once a
``WRITE_EVERY`` seconds per account and process; the answer is one read over the account's friends (at most the
friends cap)."""

from __future__ import annotations

import time
from typing import Any

from fastapi import APIRouter, FastAPI, Request
from pydantic import BaseModel, Field
from sqlalchemy import Column, Engine, Float, ForeignKey, Integer, Table, delete, exists, insert, or_, select, update

from museion.server.accounts import store as account_store
from museion.server.accounts.routes import UNAUTHORISED
from museion.server.accounts.schema import accounts_t
from museion.server.friends.schema import friendships_t
from museion.server.storage.rows import metadata, seats_t, tables_t

ONLINE = 120.0
PLAYING = 600.0
WRITE_EVERY = 60.0

presence_t = Table(
    "presence", metadata,  # when each account was last seen (its friends may know whether it is online)
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("seen", Float, nullable=False),
)


def mark(engine: Engine, account_id: int, now: float) -> None:
    with engine.begin() as conn:
        if not conn.execute(update(presence_t).where(presence_t.c.account_id == account_id).values(seen=now)).rowcount:
            conn.execute(insert(presence_t).values(account_id=account_id, seen=now))


def friends_presence(engine: Engine, me: int) -> list[dict[str, Any]]:
    """Each friend of ``me``: username, online, playing (one read)."""
    now = time.time()
    friend = friendships_t.c.friend_id
    playing = exists(select(seats_t.c.table_id).join(tables_t, tables_t.c.id == seats_t.c.table_id).where(
        seats_t.c.account_id == friend, seats_t.c.token_hash.is_not(None), tables_t.c.status == "running",
        tables_t.c.started.is_not(None),
        or_(tables_t.c.touched > now - PLAYING, tables_t.c.started > now - PLAYING)))
    query = (select(accounts_t.c.username, presence_t.c.seen, playing.label("playing"))
             .select_from(friendships_t.join(accounts_t, accounts_t.c.id == friend)
                          .outerjoin(presence_t, presence_t.c.account_id == friend))
             .where(friendships_t.c.account_id == me, accounts_t.c.status == "active")
             .order_by(accounts_t.c.username_key))
    with engine.connect() as conn:
        rows = conn.execute(query).all()
    return [{"username": r.username, "playing": bool(r.playing),
             "online": bool(r.playing) or (r.seen is not None and r.seen > now - ONLINE)} for r in rows]


class FriendPresence(BaseModel):
    username: str
    online: bool = Field(description="seen within 2 minutes (the lobby, My tables, a seek), or playing")
    playing: bool = Field(description="seated at a running table where a move was made within 10 minutes")


class Presence(BaseModel):
    friends: list[FriendPresence]


class Seen:
    """When this process last wrote each account's presence: one write a minute per account at most."""

    def __init__(self, app: FastAPI) -> None:
        self.app = app
        self.written: dict[int, float] = {}

    async def seen(self, account_id: int | None) -> None:
        if account_id is None:
            return
        now = time.time()
        if now - self.written.get(account_id, 0.0) < WRITE_EVERY:
            return
        if len(self.written) > 100_000:
            self.written.clear()
        self.written[account_id] = now
        manager = self.app.state.manager
        await manager.writer.call(mark, manager.store.engine, account_id, now)


def install(app: FastAPI) -> None:
    """``GET /api/friends/presence`` (after ``accounts`` and ``friends``: the session and the friends' limits)."""
    app.state.presence = Seen(app)
    api = APIRouter(responses=UNAUTHORISED)

    @api.get("/api/friends/presence")
    async def presence(request: Request) -> Presence:
        """Which of the signed-in player's friends are online and which are playing (friends only)."""
        me = await app.state.friends.me(request, change=False)
        manager = app.state.manager
        return Presence(friends=[FriendPresence(**f) for f in
                                 await manager.writer.read(friends_presence, manager.store.engine, me)])

    app.include_router(api)


def _export(conn: Any, account_id: int) -> dict[str, Any]:
    seen = conn.execute(select(presence_t.c.seen).where(presence_t.c.account_id == account_id)).scalar()
    return {"last_seen": seen}


def _forget(conn: Any, account_id: int) -> None:
    conn.execute(delete(presence_t).where(presence_t.c.account_id == account_id))


account_store.PARTS.append((_export, _forget))  # when the account was last seen: exported, forgotten with it
