"""Table chat: the players' channel of every table, kept with the table, and the messages players and spectators
reported (a copy of the reported line: the spectators' channel is stored nowhere else). See docs/chat.md.

Revision ID: 0003_chat
Revises: 0002_accounts
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_chat"
down_revision = "0002_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "chat",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64)),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_index("chat_table_at", "chat", ["table_id", "at"])
    op.create_table(
        "chat_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("message", sa.String(16), nullable=False),
        sa.Column("channel", sa.String(16), nullable=False),
        sa.Column("seat", sa.Integer),
        sa.Column("guest", sa.String(16)),
        sa.Column("name", sa.String(64)),
        sa.Column("text", sa.String(1200), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("reporter_seat", sa.Integer),
        sa.Column("reported", sa.Float, nullable=False),
        sa.Column("reporter", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("chat_reports")
    op.drop_index("chat_table_at", table_name="chat")
    op.drop_table("chat")
