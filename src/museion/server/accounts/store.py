"""Account storage: synchronous calls on the server's database engine (the routes run them in a thread)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from museion.server.accounts.passwords import code_hash, username_key
from museion.server.accounts.schema import accounts_t, recovery_t, sessions_t, totp_t
from museion.server.storage.rows import seats_t
from museion.server.table.names import name_key
from museion.server.table.seats import DELETED

PARTS: list[tuple[Callable[[Connection, int], dict[str, Any]], Callable[[Connection, int], None]]] = []
"""What other parts keep about an account, as (export, forget): ``export(conn, account_id)``'s keys join the
account's data and ``forget(conn, account_id)`` runs in its deletion's transaction. A part adds itself when
imported (``friends.store``, ``ratings.store``), so accounts import none."""
SESSION_DAYS = 30
"""A session lasts this long from sign-in, then the player signs in again (NIST 800-63B: 30 days at AAL1)."""


def session_id(token: str) -> str:
    """Sessions are stored by the SHA-256 of the cookie's value: the database alone opens none."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Account:
    id: int
    username: str
    password_hash: str
    created: float
    status: str


class Taken(Exception):
    """The username belongs to another account."""


class AccountStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def create(self, username: str, password_hash: str, codes: list[str]) -> Account:
        now = time.time()
        try:
            with self.engine.begin() as conn:
                if conn.execute(select(accounts_t.c.id).where(accounts_t.c.name_key == name_key(username))
                                .limit(1)).first() is not None:  # a look-alike of a name taken (fair.py)
                    raise Taken(username)
                key = conn.execute(insert(accounts_t).values(
                    username=username, username_key=username_key(username), password_hash=password_hash,
                    created=now, status="active",
                    name_key=name_key(username))).inserted_primary_key  # name_key: reserved for guests (fair.py)
                assert key is not None  # an insert of one row has the row's key
                account_id = key[0]
                if codes:
                    conn.execute(insert(recovery_t), [{"account_id": account_id, "code_hash": code_hash(c)}
                                                      for c in codes])
        except IntegrityError:
            raise Taken(username) from None
        return Account(account_id, username, password_hash, now, "active")

    def find(self, username: str) -> Account | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_t).where(accounts_t.c.username_key == username_key(username))).first()
        return None if row is None else _account(row)

    def start_session(self, account_id: int, token: str, replaces: str | None = None) -> None:
        """Store a new session; ``replaces``: the token the browser held before, ended (rotation at sign-in)."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.expires < now))
            if replaces is not None:
                conn.execute(delete(sessions_t).where(sessions_t.c.id == session_id(replaces)))
            conn.execute(insert(sessions_t).values(id=session_id(token), account_id=account_id, created=now,
                                                   expires=now + SESSION_DAYS * 86400))

    def session(self, token: str) -> Account | None:
        """The active account of a session that has not expired (one read)."""
        query = (select(accounts_t).join(sessions_t, sessions_t.c.account_id == accounts_t.c.id)
                 .where(sessions_t.c.id == session_id(token), sessions_t.c.expires > time.time(),
                        accounts_t.c.status == "active"))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else _account(row)

    def end_session(self, token: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_t).where(sessions_t.c.id == session_id(token)))

    def end_sessions(self, account_id: int) -> int:
        """Log out everywhere: every session of the account ends; how many there were."""
        with self.engine.begin() as conn:
            return conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id)).rowcount

    def overview(self, account_id: int) -> dict[str, Any]:
        """What the account page shows besides the name: sessions open, recovery codes left, whether the second
        factor is on (never its secret)."""
        with self.engine.connect() as conn:
            sessions = conn.execute(select(sessions_t.c.created, sessions_t.c.expires)
                                    .where(sessions_t.c.account_id == account_id,
                                           sessions_t.c.expires > time.time())
                                    .order_by(sessions_t.c.created)).all()
            codes = conn.execute(select(func.count()).select_from(recovery_t)
                                 .where(recovery_t.c.account_id == account_id)).scalar_one()
            totp = conn.execute(select(totp_t.c.confirmed).where(totp_t.c.account_id == account_id)).scalar()
        return {"sessions": [{"created": s.created, "expires": s.expires} for s in sessions],
                "recovery_codes_left": int(codes), "totp": bool(totp)}

    def use_code(self, account_id: int, code: str) -> bool:
        """Spend a recovery code: whether it was one of the account's unused codes."""
        with self.engine.begin() as conn:
            return conn.execute(delete(recovery_t).where(recovery_t.c.account_id == account_id,
                                                         recovery_t.c.code_hash == code_hash(code))).rowcount == 1

    def replace_codes(self, account_id: int, codes: list[str]) -> None:
        """New recovery codes; the old ones stop working."""
        with self.engine.begin() as conn:
            conn.execute(delete(recovery_t).where(recovery_t.c.account_id == account_id))
            conn.execute(insert(recovery_t), [{"account_id": account_id, "code_hash": code_hash(c)} for c in codes])

    def set_password(self, account_id: int, password_hash: str, end_sessions: bool = True) -> None:
        """A new password hash; every session ends with it (whoever knew the old password is signed out)."""
        with self.engine.begin() as conn:
            conn.execute(update(accounts_t).where(accounts_t.c.id == account_id)
                         .values(password_hash=password_hash))
            if end_sessions:
                conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id))

    def set_status(self, account_id: int, status: str) -> None:
        """Suspend (every session ends) or reinstate an account."""
        with self.engine.begin() as conn:
            conn.execute(update(accounts_t).where(accounts_t.c.id == account_id).values(status=status))
            if status != "active":
                conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id))

    def delete(self, account_id: int) -> None:
        """Remove the account and everything stored about it. Its games keep their records: its seats are bound
        to nobody and named "deleted player" (a name the player gave is personal data)."""
        with self.engine.begin() as conn:
            for _export, forget in PARTS:  # first: a part may find what is the account's by its seats (chat)
                forget(conn, account_id)
            conn.execute(update(seats_t).where(seats_t.c.account_id == account_id)
                         .values(name=DELETED, account_id=None))
            conn.execute(delete(sessions_t).where(sessions_t.c.account_id == account_id))
            conn.execute(delete(recovery_t).where(recovery_t.c.account_id == account_id))
            conn.execute(delete(totp_t).where(totp_t.c.account_id == account_id))
            conn.execute(delete(accounts_t).where(accounts_t.c.id == account_id))

    def export(self, account_id: int) -> dict[str, Any]:
        """Everything stored about the account, for the player to download (never the hashes: they are not
        personal data the player gave, and a copy of them would only help someone guess the password)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(accounts_t).where(accounts_t.c.id == account_id)).one()
            seats = conn.execute(select(seats_t.c.table_id, seats_t.c.seat, seats_t.c.name)
                                 .where(seats_t.c.account_id == account_id)).all()
            parts = {key: value for export, _forget in PARTS for key, value in export(conn, account_id).items()}
        return {"account": {"username": row.username, "created": row.created, "status": row.status},
                **self.overview(account_id),
                "tables": [{"table": s.table_id, "seat": s.seat, "name": s.name} for s in seats], **parts}

    def list(self) -> list[Account]:
        with self.engine.connect() as conn:
            return [_account(r) for r in conn.execute(select(accounts_t).order_by(accounts_t.c.username_key))]


def _account(row: Any) -> Account:
    return Account(row.id, row.username, row.password_hash, row.created, row.status)
