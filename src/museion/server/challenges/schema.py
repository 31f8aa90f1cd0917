"""The ``challenges`` table (migration ``0017_bot_play``)."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, String, Table

from museion.server.storage.rows import metadata

challenges_t = Table(
    "challenges", metadata,  # one account asks another for a game
    Column("id", String(32), primary_key=True),
    Column("challenger_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("challenged_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("game", String(32), nullable=False),
    Column("request", JSON, nullable=False),  # {"options", "clock", "rated"} as checked
    Column("network", String(64), nullable=False),  # the challenger's network (per-network cap, fair play)
    Column("status", String(16), nullable=False),  # pending, accepted, declined, cancelled, expired, failed
    Column("created", Float, nullable=False),
    Column("expires", Float, nullable=False),
    Column("table_id", String(32), nullable=True),  # accepted: the table both seats are bound at
    Index("ix_challenges_challenger", "challenger_id", "status"),
    Index("ix_challenges_challenged", "challenged_id", "status"),
)
