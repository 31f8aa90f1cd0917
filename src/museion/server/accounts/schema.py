"""The account tables as the code reads and writes them (their schema is migration ``0002_accounts``)."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table

from museion.server.storage import metadata

accounts_t = Table(
    "accounts", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(24), nullable=False),  # as the player wrote it (shown)
    Column("username_key", String(24), nullable=False, unique=True, index=True),  # lowercased: unique, looked up
    Column("password_hash", String(256), nullable=False),  # Argon2id, in argon2's encoded form (parameters, salt)
    Column("created", Float, nullable=False),
    Column("status", String(16), nullable=False),  # active | suspended
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
