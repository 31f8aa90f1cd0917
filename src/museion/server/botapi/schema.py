"""The ``api_tokens`` table (migration ``0017_bot_play``); ``accounts.bot`` is in ``accounts/schema.py``."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table

from museion.server.storage.rows import metadata

api_tokens_t = Table(
    "api_tokens", metadata,  # personal API tokens: only the SHA-256 of each is kept
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("hash", String(64), nullable=False),  # SHA-256 of the token (256 random bits: no salt or slow hash needed)
    Column("name", String(64), nullable=False),  # the owner's label ("my agent", "laptop")
    Column("scopes", JSON, nullable=False),  # a sorted list of botapi.tokens.SCOPES
    Column("created", Float, nullable=False),
    Column("last_used", Float, nullable=True),  # updated at most once a minute per token
    Index("ix_api_tokens_account_id", "account_id"),
    Index("ix_api_tokens_hash", "hash", unique=True),
)
