"""The account tables as the code reads and writes them (their schema is migration ``0002_accounts``)."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table

from museion.server.storage.rows import metadata

accounts_t = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(24), nullable=False),  # as the player wrote it (shown)
    Column("username_key", String(24), nullable=False, unique=True, index=True),  # lowercased: unique, looked up
    Column("password_hash", String(256), nullable=False),  # Argon2id, in argon2's encoded form (parameters, salt)
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False),  # active | suspended
    Column("name_key", String(64), index=True),  # the name folded as guests' names are (names.name_key; 0011)
    Column("bot", Integer, nullable=True),  # 1: a bot account (server/botapi; 0017); NULL: a person
)

sessions_t = Table(
    "account_sessions", metadata,
    Column("id", String(64), primary_key=True),  # SHA-256 of the cookie's value
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
)

recovery_t = Table(
    "recovery_codes", metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("code_hash", String(64), primary_key=True),  # SHA-256 of the code (normalised); deleted once used
)

totp_t = Table(
    "account_totp", metadata,
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
    Column("secret", String(64), nullable=False),  # base32 (RFC 6238 key); never leaves the server once confirmed
    Column("confirmed", Integer, nullable=False),  # 0: set up, waiting for a first code; 1: asked at every sign-in
    Column("last_step", Integer, nullable=True),  # the 30-s step of the last code accepted: no code works twice
    Column("created", Float, nullable=False),
)
