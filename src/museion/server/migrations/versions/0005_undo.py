"""Undo within a turn: whether a table lets a seat take back its own moves of the turn (chosen at creation, shown
to all). A take-back is an actions row of its own (``storage.TAKEBACK``), so no other column changes.

Revision ID: 0005_undo
Revises: 0004_leases
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_undo"
down_revision = "0004_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("undo", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("undo")
