"""Personal API tokens in the database: synchronous calls on the server's engine (the routes run them in a
thread). A token is 32 random bytes (URL-safe base64 behind the ``msn_`` prefix, so a leaked one is easy to
search for); only its SHA-256 is stored: with 256 random bits no salt or slow hash is needed (the same choice as
GitHub's and PyPI's tokens), and the database alone opens nothing."""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update

from museion.server.accounts import store as account_store
from museion.server.accounts.schema import accounts_t
from museion.server.accounts.store import Account
from museion.server.botapi.schema import api_tokens_t
from museion.server.storage.rows import seats_t

PREFIX = "msn_"
SCOPES = ("read", "play", "challenge")
"""``read``: the stream and GET routes; ``play``: the tables (join, my seat, the WebSocket); ``challenge``: make,
accept, decline and cancel challenges (docs/bot-api.md "Scopes")."""
MAX_TOKENS = 10
"""Tokens one account may hold at once."""
TOUCH_EVERY = 60.0
"""Seconds between two writes of a token's ``last_used``."""


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return PREFIX + secrets.token_urlsafe(32)


def create(engine: Engine, account_id: int, name: str, scopes: list[str]) -> tuple[int, str] | None:
    """A new token for the account: its id and the token (shown once), or None at ``MAX_TOKENS``."""
    token = new_token()
    with engine.begin() as conn:
        held = conn.execute(select(func.count()).select_from(api_tokens_t)
                            .where(api_tokens_t.c.account_id == account_id)).scalar_one()
        if held >= MAX_TOKENS:
            return None
        key = conn.execute(insert(api_tokens_t).values(
            account_id=account_id, hash=token_hash(token), name=name, scopes=sorted(set(scopes)),
            created=time.time())).inserted_primary_key
    assert key is not None
    return int(key[0]), token


def listing(engine: Engine, account_id: int) -> list[dict[str, Any]]:
    """The account's tokens as its page lists them (never the token nor its hash)."""
    with engine.connect() as conn:
        rows = conn.execute(select(api_tokens_t).where(api_tokens_t.c.account_id == account_id)
                            .order_by(api_tokens_t.c.id)).all()
    return [{"id": r.id, "name": r.name, "scopes": list(r.scopes), "created": r.created, "last_used": r.last_used}
            for r in rows]


def revoke(engine: Engine, account_id: int, token_id: int) -> bool:
    with engine.begin() as conn:
        return bool(conn.execute(delete(api_tokens_t).where(api_tokens_t.c.id == token_id,
                                                            api_tokens_t.c.account_id == account_id)).rowcount)


def lookup(engine: Engine, token: str) -> tuple[Account, int, list[str], str, float | None] | None:
    """The account of a token, the token's id, scopes, the account's status and when the token was last used
    (one indexed read), or None for no such token."""
    query = (select(accounts_t, api_tokens_t.c.id.label("token_id"), api_tokens_t.c.scopes,
                    api_tokens_t.c.last_used)
             .join(api_tokens_t, api_tokens_t.c.account_id == accounts_t.c.id)
             .where(api_tokens_t.c.hash == token_hash(token)))
    with engine.connect() as conn:
        row = conn.execute(query).first()
    if row is None:
        return None
    account = Account(row.id, row.username, row.password_hash, row.created, row.status)
    return account, int(row.token_id), list(row.scopes), row.status, row.last_used


def touch(engine: Engine, token_id: int) -> None:
    with engine.begin() as conn:
        conn.execute(update(api_tokens_t).where(api_tokens_t.c.id == token_id).values(last_used=time.time()))


def is_bot(engine: Engine, account_id: int) -> bool:
    with engine.connect() as conn:
        return bool(conn.execute(select(accounts_t.c.bot).where(accounts_t.c.id == account_id)).scalar())


def bot_accounts(engine: Engine, account_ids: list[int]) -> set[int]:
    """Which of the accounts are bot accounts (one read): their seats show them as bots."""
    with engine.connect() as conn:
        return set(conn.execute(select(accounts_t.c.id).where(accounts_t.c.id.in_(account_ids),
                                                              accounts_t.c.bot == 1)).scalars())


def make_bot(engine: Engine, account_id: int) -> bool:
    """Make the account a bot account for good; False (nothing changed) when it ever held a seat: its games
    were a person's, and its rating with them."""
    with engine.begin() as conn:
        if conn.execute(select(seats_t.c.table_id).where(seats_t.c.account_id == account_id).limit(1)).first():
            return False
        conn.execute(update(accounts_t).where(accounts_t.c.id == account_id).values(bot=1))
    return True


def export(conn: Connection, account_id: int) -> dict[str, Any]:
    """The account's tokens (``GET /api/me/data``): names, scopes and dates, never a hash."""
    rows = conn.execute(select(api_tokens_t).where(api_tokens_t.c.account_id == account_id)).all()
    bot = conn.execute(select(accounts_t.c.bot).where(accounts_t.c.id == account_id)).scalar()
    return {"bot": bool(bot), "api_tokens": [{"name": r.name, "scopes": list(r.scopes), "created": r.created,
                                              "last_used": r.last_used} for r in rows]}


def forget(conn: Connection, account_id: int) -> None:
    conn.execute(delete(api_tokens_t).where(api_tokens_t.c.account_id == account_id))


account_store.PARTS.append((export, forget))  # the tokens' share of an account's data, exported and forgotten
