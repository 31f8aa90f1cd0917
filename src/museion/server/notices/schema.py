"""The notices' tables as the code reads and writes them (their schema is migration ``0013_notices``).

Rows naming an account use ``ON DELETE CASCADE`` (PostgreSQL enforces it; on SQLite ``store.forget`` deletes them
when the account is deleted)."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Index, Integer, String, Table, Text

from museion.server.accounts import schema as account_schema
from museion.server.storage.rows import metadata

ACCOUNT = "accounts.id"
assert account_schema.accounts_t is not None  # the foreign keys name it: declared first

addresses_t = Table(
    "notice_addresses", metadata,  # an account's one e-mail address (private: only its owner sees it)
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True),
    Column("email", String(254), nullable=False),
    Column("verified", Float),  # when the code was typed; null: no mail but the code's is sent
    Column("code_hash", String(64)),  # SHA-256 of the code waiting to be typed
    Column("code_expires", Float),
    Column("code_tries", Integer, nullable=False),
    Column("nonce", String(32), nullable=False),  # the unsubscribe token is HMAC(key, account.nonce)
    Column("unsub_hash", String(64), nullable=False, unique=True),  # SHA-256 of that token, to find the address
    Column("base_url", String(200), nullable=False),  # the site's address as the player used it (the mails' links)
    Column("lang", String(8), nullable=False),
    Column("created", Float, nullable=False),
)

settings_t = Table(
    "notice_settings", metadata,  # absent: the defaults (store.DEFAULTS)
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True),
    Column("turn", Integer, nullable=False),
    Column("invite", Integer, nullable=False),
    Column("friend", Integer, nullable=False),
    Column("digest", Integer, nullable=False),
    Column("mail_off", Integer, nullable=False),  # 1: unsubscribed in one click (no mail at all)
)

push_t = Table(
    "push_subscriptions", metadata,  # a browser that asked to be told (Web Push, RFC 8030/8291)
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False, index=True),
    Column("endpoint", String(1000), nullable=False, unique=True),
    Column("p256dh", String(200), nullable=False),
    Column("auth", String(100), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created", Float, nullable=False),
)

outbox_t = Table(
    "notice_outbox", metadata,  # every notice to send; a sent row is kept two days (the rate limit counts them)
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False, index=True),
    Column("channel", String(8), nullable=False),  # mail or push
    Column("kind", String(16), nullable=False),  # code, turn, invite, friend
    Column("key", String(200), nullable=False, unique=True),  # one notice per event and channel, ever
    Column("args", Text, nullable=False),  # JSON; emptied once sent (a code is a secret)
    Column("created", Float, nullable=False),
    Column("due", Float, nullable=False),
    Column("attempts", Integer, nullable=False),
    Column("claim", String(32)),  # the process sending it now
    Column("claimed_until", Float),
    Column("sent", Float),
    Column("failed", String(200)),  # why it was given up (after the last retry)
    Index("ix_notice_outbox_due", "sent", "due"),
)

keys_t = Table(
    "notice_keys", metadata,  # the server's own keys: the VAPID key pair, the unsubscribe tokens' HMAC key
    Column("name", String(32), primary_key=True),
    Column("value", Text, nullable=False),
)
