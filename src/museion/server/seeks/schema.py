"""The ``seeks`` table (migration ``0015_seeks``) and the PostgreSQL index the player search reads."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table

from museion.server.accounts.schema import accounts_t
from museion.server.storage.rows import metadata

seeks_t = Table(
    "seeks", metadata,  # players waiting to be paired, and for minutes after, where they were seated
    Column("id", String(32), primary_key=True),  # a secret: whoever holds it learns the seat's token
    Column("key", String(64), nullable=False),  # what fits: sha256 of game, options, players, clock, rated
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("request", JSON, nullable=False),  # {"options", "clock", "rated"} as checked
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),  # None: a guest
    Column("network", String(64), nullable=False),  # IPv4 /24 or IPv6 /64: the per-network cap
    Column("status", String(16), nullable=False),  # waiting, pairing, paired, cancelled, expired, failed
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("table_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("token", String(64), nullable=True),  # the seat's token, kept until the row goes (an hour at most)
    Column("error", String(32), nullable=True),  # why a pairing failed
    Index("ix_seeks_waiting", "status", "key", "created"),
    Index("ix_seeks_network", "network", "status"),
)

username_prefix = Index("ix_accounts_username_prefix", accounts_t.c.username_key,
                        postgresql_ops={"username_key": "text_pattern_ops"})
"""``GET /api/players?prefix=``: on PostgreSQL a prefix ``LIKE`` uses this index whatever the database's collation
(SQLite compares bytes: the range query uses the unique index of ``username_key``)."""
