"""The ``stream_events`` table (migration ``0017_bot_play``): what ``GET /api/stream`` tells each account."""

from __future__ import annotations

from sqlalchemy import JSON, Column, Float, ForeignKey, Index, Integer, Table

from museion.server.storage.rows import metadata

stream_events_t = Table(
    "stream_events", metadata,  # kept ``stream.hub.KEEP`` seconds: a reconnecting stream resumes from its last id
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("account_id", Integer, ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
    Column("created", Float, nullable=False),
    Column("event", JSON, nullable=False),  # {"type": ..., ...}: docs/bot-api.md "The stream"
    Index("ix_stream_events_account", "account_id", "id"),
)
