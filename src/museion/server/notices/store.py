"""Notices storage: synchronous calls on the server's database engine (the routes and the sender run them in a
thread). The outbox is the one queue every process shares: a row is claimed with one conditional ``UPDATE``
(``claim``), which one process wins on SQLite and on PostgreSQL alike, so no notice goes out twice."""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Engine, and_, delete, false, func, insert, or_, select, update
from sqlalchemy.exc import IntegrityError

from museion.server.accounts import store as account_store
from museion.server.notices.schema import addresses_t, keys_t, outbox_t, push_t, settings_t

DEFAULTS = {"turn": True, "invite": False, "friend": False, "digest": False}
SETTING = {"challenge": "invite"}
"""Kinds told by another kind's setting: a challenge (server/challenges) asks to a game, as an invitation does."""
"""What an account is told once its address is verified (or a browser subscribed) before it chooses: its turn."""
KINDS = ("turn", "invite", "friend")
CODE_SECONDS = 3600.0
CODE_TRIES = 5
"""Wrong codes one address may be given before a new code must be asked for."""
CODES_PER_HOUR = 3
"""Verification mails one account may ask for in an hour."""
MAX_PUSH = 10
"""Browsers one account may subscribe (the oldest is dropped for a new one)."""
DIGEST_SECONDS = 86400.0
KEEP_SECONDS = 2 * 86400.0
"""Sent and given-up rows are kept this long (the per-address rate limit counts the sent ones), then deleted."""
CLAIM_SECONDS = 120.0
"""A claim lasts this long: a process that died sending gives its rows back to the others then."""
BACKOFF = (30.0, 120.0, 600.0, 1800.0, 3600.0, 4 * 3600.0)
"""Seconds before each retry of a notice that could not be sent; after the last one it is given up."""


def digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Row:
    id: int
    account_id: int
    channel: str
    kind: str
    args: dict[str, Any]
    attempts: int
    created: float


class NoticeStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- the server's keys -------------------------------------------------------------------------------------
    def key(self, name: str, make: Any) -> str:
        """The stored key ``name``; the first process to ask stores ``make()`` (the others read that one)."""
        with self.engine.begin() as conn:
            found = conn.execute(select(keys_t.c.value).where(keys_t.c.name == name)).scalar()
            if found is not None:
                return str(found)
        try:
            with self.engine.begin() as conn:
                value = str(make())
                conn.execute(insert(keys_t).values(name=name, value=value))
                return value
        except IntegrityError:  # another process stored it first
            with self.engine.connect() as conn:
                return str(conn.execute(select(keys_t.c.value).where(keys_t.c.name == name)).scalar_one())

    # -- the address ---------------------------------------------------------------------------------------------
    def set_address(self, me: int, email: str, code: str, nonce: str, unsub_hash: str, base_url: str,
                    lang: str) -> bool:
        """Store ``email`` (unverified) with a new code and queue the code's mail; False when the account asked
        for ``CODES_PER_HOUR`` codes in the last hour already (nothing changes then)."""
        now = time.time()
        with self.engine.begin() as conn:
            asked = conn.execute(select(func.count()).select_from(outbox_t).where(
                outbox_t.c.account_id == me, outbox_t.c.kind == "code", outbox_t.c.created > now - 3600)).scalar()
            if (asked or 0) >= CODES_PER_HOUR:
                return False
            conn.execute(delete(addresses_t).where(addresses_t.c.account_id == me))
            conn.execute(insert(addresses_t).values(
                account_id=me, email=email, verified=None, code_hash=digest(code), code_expires=now + CODE_SECONDS,
                code_tries=0, nonce=nonce, unsub_hash=unsub_hash, base_url=base_url, lang=lang, created=now))
            conn.execute(update(settings_t).where(settings_t.c.account_id == me).values(mail_off=0))
            conn.execute(update(outbox_t).where(outbox_t.c.account_id == me, outbox_t.c.channel == "mail",
                                                outbox_t.c.sent.is_(None), outbox_t.c.claim.is_(None))
                         .values(failed="address changed", args="{}"))
            _queue(conn, me, "mail", "code", f"code:{me}:{secrets.token_hex(8)}", {"code": code}, now)
        return True

    def verify(self, me: int, code: str) -> str:
        """``ok``, or why not: ``no_address``, ``expired``, ``too_many_tries``, ``wrong_code``."""
        now = time.time()
        with self.engine.begin() as conn:
            row = conn.execute(select(addresses_t).where(addresses_t.c.account_id == me)).first()
            if row is None or row.code_hash is None:
                return "no_address" if row is None else "ok"
            if row.code_expires < now:
                return "expired"
            if row.code_tries >= CODE_TRIES:
                return "too_many_tries"
            if not secrets.compare_digest(row.code_hash, digest(code.strip())):
                conn.execute(update(addresses_t).where(addresses_t.c.account_id == me)
                             .values(code_tries=addresses_t.c.code_tries + 1))
                return "wrong_code"
            conn.execute(update(addresses_t).where(addresses_t.c.account_id == me)
                         .values(verified=now, code_hash=None, code_expires=None))
            return "ok"

    def remove_address(self, me: int) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(addresses_t).where(addresses_t.c.account_id == me))
            _drop_waiting(conn, me, "mail")

    def address(self, me: int) -> Any:
        with self.engine.connect() as conn:
            return conn.execute(select(addresses_t).where(addresses_t.c.account_id == me)).first()

    def unsubscribe(self, token_hash: str) -> bool:
        """The one-click unsubscribe: no more mail to the address whose token this is (False: no such token)."""
        with self.engine.begin() as conn:
            me = conn.execute(select(addresses_t.c.account_id).where(addresses_t.c.unsub_hash == token_hash)).scalar()
            if me is None:
                return False
            _save_settings(conn, me, {**_settings(conn, me), "mail_off": True})
            _drop_waiting(conn, me, "mail")
            return True

    # -- the choices ---------------------------------------------------------------------------------------------
    def settings(self, me: int) -> dict[str, bool]:
        with self.engine.connect() as conn:
            return _settings(conn, me)

    def set_settings(self, me: int, values: dict[str, bool]) -> None:
        """Save the choices; choosing anything again ends a one-click unsubscribe. Turning the digest off sends
        what waits for it now."""
        with self.engine.begin() as conn:
            _save_settings(conn, me, {**values, "mail_off": False})
            if not values["digest"]:
                conn.execute(update(outbox_t).where(outbox_t.c.account_id == me, outbox_t.c.sent.is_(None),
                                                    outbox_t.c.failed.is_(None), outbox_t.c.due > time.time())
                             .values(due=time.time()))

    # -- browsers (Web Push) -------------------------------------------------------------------------------------
    def subscribe(self, me: int, endpoint: str, p256dh: str, auth: str, lang: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(push_t).where(push_t.c.endpoint == endpoint))
            ids = list(conn.execute(select(push_t.c.id).where(push_t.c.account_id == me).order_by(push_t.c.id))
                       .scalars())
            if len(ids) >= MAX_PUSH:  # the oldest make room
                conn.execute(delete(push_t).where(push_t.c.id.in_(ids[:len(ids) - MAX_PUSH + 1])))
            conn.execute(insert(push_t).values(account_id=me, endpoint=endpoint, p256dh=p256dh, auth=auth, lang=lang,
                                               created=time.time()))

    def unsubscribe_push(self, me: int, endpoint: str) -> bool:
        with self.engine.begin() as conn:
            return bool(conn.execute(delete(push_t).where(push_t.c.account_id == me,
                                                          push_t.c.endpoint == endpoint)).rowcount)

    def drop_endpoint(self, endpoint: str) -> None:
        """A push service said the subscription is gone (404, 410): it is forgotten."""
        with self.engine.begin() as conn:
            conn.execute(delete(push_t).where(push_t.c.endpoint == endpoint))

    def browsers(self, me: int) -> list[Any]:
        with self.engine.connect() as conn:
            return list(conn.execute(select(push_t).where(push_t.c.account_id == me).order_by(push_t.c.id)))

    # -- the outbox ----------------------------------------------------------------------------------------------
    def event(self, me: int, kind: str, key: str, args: dict[str, Any]) -> int:
        """Queue ``kind`` for account ``me`` on each channel it chose (none: nothing); ``key`` names the event, so
        an event queued twice (by two processes, or again after a restart) is sent once. Rows queued."""
        now = time.time()
        with self.engine.begin() as conn:
            chosen = _settings(conn, me)
            if not chosen[SETTING.get(kind, kind)]:
                return 0
            queued = 0
            address = conn.execute(select(addresses_t.c.verified).where(addresses_t.c.account_id == me)).first()
            if address is not None and address.verified is not None and not chosen["mail_off"]:
                due = _digest_due(conn, me, now) if chosen["digest"] else now
                queued += _queue(conn, me, "mail", kind, f"mail:{key}", args, due)
            if conn.execute(select(push_t.c.id).where(push_t.c.account_id == me).limit(1)).first() is not None:
                queued += _queue(conn, me, "push", kind, f"push:{key}", args, now)
            return queued

    def claim(self, claim: str, channels: tuple[str, ...] = ("mail", "push"), limit: int = 20) -> list[Row]:
        """Rows due now that nobody is sending, each taken with one conditional UPDATE: of several processes
        exactly one takes a row (the others' UPDATE matches nothing once it is taken)."""
        now = time.time()
        with self.engine.connect() as conn:
            ids = list(conn.execute(select(outbox_t.c.id).where(_open(now), outbox_t.c.channel.in_(channels))
                                    .order_by(outbox_t.c.due)
                                    .limit(limit)).scalars())
        return self._take(claim, ids, now)

    def claim_digest(self, claim: str, me: int) -> list[Row]:
        """Every other mail waiting for an account's digest, taken to go into the one mail."""
        now = time.time()
        with self.engine.connect() as conn:
            ids = list(conn.execute(select(outbox_t.c.id).where(
                outbox_t.c.account_id == me, outbox_t.c.channel == "mail", outbox_t.c.kind != "code",
                outbox_t.c.sent.is_(None), outbox_t.c.failed.is_(None),
                or_(outbox_t.c.claimed_until.is_(None), outbox_t.c.claimed_until < now, outbox_t.c.claim == claim)
            )).scalars())
        return self._take(claim, ids, now, mine=True)

    def _take(self, claim: str, ids: list[int], now: float, mine: bool = False) -> list[Row]:
        """Take each row nobody holds (``mine``: or that ``claim`` holds already)."""
        taken = []
        free = or_(outbox_t.c.claimed_until.is_(None), outbox_t.c.claimed_until < now,
                   outbox_t.c.claim == claim if mine else false())
        with self.engine.begin() as conn:
            for row_id in ids:
                won = conn.execute(update(outbox_t).where(outbox_t.c.id == row_id, outbox_t.c.sent.is_(None),
                                                          outbox_t.c.failed.is_(None), free)
                                   .values(claim=claim, claimed_until=now + CLAIM_SECONDS)).rowcount
                if won:
                    taken.append(row_id)
            rows = conn.execute(select(outbox_t).where(outbox_t.c.id.in_(taken))).all() if taken else []
        return [Row(r.id, r.account_id, r.channel, r.kind, json.loads(r.args), r.attempts, r.created) for r in rows]

    def sent(self, ids: list[int]) -> None:
        """Sent: marked so, its words forgotten (a code is a secret; the rest is in the player's mail)."""
        with self.engine.begin() as conn:
            conn.execute(update(outbox_t).where(outbox_t.c.id.in_(ids))
                         .values(sent=time.time(), args="{}", claim=None, claimed_until=None))

    def retry(self, ids: list[int], attempts: int, error: str) -> None:
        """Could not be sent: tried again after the next backoff, or given up after the last."""
        with self.engine.begin() as conn:
            if attempts >= len(BACKOFF):
                values: dict[str, Any] = {"failed": error[:200], "args": "{}"}
            else:
                values = {"due": time.time() + BACKOFF[attempts]}
            conn.execute(update(outbox_t).where(outbox_t.c.id.in_(ids))
                         .values(attempts=attempts + 1, claim=None, claimed_until=None, **values))

    def defer(self, ids: list[int], until: float) -> None:
        """Over the address's rate limit: back in the queue, due when the limit allows it."""
        with self.engine.begin() as conn:
            conn.execute(update(outbox_t).where(outbox_t.c.id.in_(ids))
                         .values(due=until, claim=None, claimed_until=None))

    def give_up(self, ids: list[int], why: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(outbox_t).where(outbox_t.c.id.in_(ids))
                         .values(failed=why, args="{}", claim=None, claimed_until=None))

    def mails_since(self, me: int, since: float) -> list[float]:
        """When the account's mails were sent since ``since`` (the per-address rate limit)."""
        with self.engine.connect() as conn:
            return list(conn.execute(select(outbox_t.c.sent).where(
                outbox_t.c.account_id == me, outbox_t.c.channel == "mail", outbox_t.c.sent >= since)
                .order_by(outbox_t.c.sent)).scalars())

    def purge(self) -> None:
        with self.engine.begin() as conn:
            old = time.time() - KEEP_SECONDS
            conn.execute(delete(outbox_t).where(or_(outbox_t.c.sent < old,
                                                    and_(outbox_t.c.failed.is_not(None), outbox_t.c.created < old))))


def _open(now: float) -> Any:
    return and_(outbox_t.c.sent.is_(None), outbox_t.c.failed.is_(None), outbox_t.c.due <= now,
                or_(outbox_t.c.claimed_until.is_(None), outbox_t.c.claimed_until < now))


def _queue(conn: Connection, me: int, channel: str, kind: str, key: str, args: dict[str, Any], due: float) -> int:
    """Insert one outbox row unless its key is there already (a savepoint: the transaction goes on)."""
    try:
        with conn.begin_nested():
            conn.execute(insert(outbox_t).values(account_id=me, channel=channel, kind=kind, key=key[:200],
                                                 args=json.dumps(args), created=time.time(), due=due, attempts=0))
        return 1
    except IntegrityError:
        return 0


def _digest_due(conn: Connection, me: int, now: float) -> float:
    """The digest goes a day after the first mail that waits for it."""
    waiting = conn.execute(select(func.min(outbox_t.c.due)).where(
        outbox_t.c.account_id == me, outbox_t.c.channel == "mail", outbox_t.c.kind != "code",
        outbox_t.c.sent.is_(None), outbox_t.c.failed.is_(None))).scalar()
    return float(waiting) if waiting is not None else now + DIGEST_SECONDS


def _drop_waiting(conn: Connection, me: int, channel: str) -> None:
    conn.execute(update(outbox_t).where(outbox_t.c.account_id == me, outbox_t.c.channel == channel,
                                        outbox_t.c.sent.is_(None), outbox_t.c.failed.is_(None))
                 .values(failed="stopped", args="{}"))


def _settings(conn: Connection, me: int) -> dict[str, bool]:
    row = conn.execute(select(settings_t).where(settings_t.c.account_id == me)).first()
    if row is None:
        return {**DEFAULTS, "mail_off": False}
    return {name: bool(getattr(row, name)) for name in (*DEFAULTS, "mail_off")}


def _save_settings(conn: Connection, me: int, values: dict[str, bool]) -> None:
    row = {name: int(values[name]) for name in (*DEFAULTS, "mail_off")}
    if conn.execute(update(settings_t).where(settings_t.c.account_id == me).values(**row)).rowcount == 0:
        conn.execute(insert(settings_t).values(account_id=me, **row))


# -- an account's data: its export and its deletion (``accounts.store.PARTS``) ----------------------------------
def export(conn: Connection, me: int) -> dict[str, Any]:
    """The address, the choices and the subscribed browsers (their push service's host only: the endpoint is a
    capability) for ``GET /api/me/data``; never the codes or tokens."""
    address = conn.execute(select(addresses_t).where(addresses_t.c.account_id == me)).first()
    browsers = conn.execute(select(push_t.c.endpoint, push_t.c.lang, push_t.c.created)
                            .where(push_t.c.account_id == me)).all()
    return {"notices": {
        "email": None if address is None else {"address": address.email, "verified": address.verified,
                                               "language": address.lang, "added": address.created},
        "settings": _settings(conn, me),
        "browsers": [{"push_service": b.endpoint.split("/")[2] if b.endpoint.count("/") >= 2 else "",
                      "language": b.lang, "added": b.created} for b in browsers],
        "waiting": conn.execute(select(func.count()).select_from(outbox_t).where(
            outbox_t.c.account_id == me, outbox_t.c.sent.is_(None), outbox_t.c.failed.is_(None))).scalar()}}


def forget(conn: Connection, me: int) -> None:
    for table in (outbox_t, push_t, settings_t, addresses_t):
        conn.execute(delete(table).where(table.c.account_id == me))


account_store.PARTS.append((export, forget))
