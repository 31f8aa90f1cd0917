"""Leases: which server process runs a table's bots and clocks on a site of many processes sharing one PostgreSQL
database (server/cluster.py; docs/operations.md). A lease names its owner and runs until a time on the database's
own clock; a process renews the leases it holds and takes over expired ones. A single-process site (SQLite) has
the table and never writes to it.

Revision ID: 0004_leases
Revises: 0003_chat
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_leases"
down_revision = "0003_chat"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("until", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("leases")
