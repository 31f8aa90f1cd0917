"""Quick pairing (issue 40 item 3): ``seeks``, one row per request for a game (waiting, then where it was seated,
kept an hour), and on PostgreSQL an index for the player search's prefix ``LIKE`` whatever the collation.

Revision ID: 0015_seeks
Revises: 0014_public_ratings
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_seeks"
down_revision = "0014_public_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seeks",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True),
        sa.Column("network", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("error", sa.String(32), nullable=True),
    )
    op.create_index("ix_seeks_waiting", "seeks", ["status", "key", "created"])
    op.create_index("ix_seeks_network", "seeks", ["network", "status"])
    op.create_index("ix_accounts_username_prefix", "accounts", ["username_key"],
                    postgresql_ops={"username_key": "text_pattern_ops"})


def downgrade() -> None:
    op.drop_index("ix_accounts_username_prefix", "accounts")
    op.drop_table("seeks")
