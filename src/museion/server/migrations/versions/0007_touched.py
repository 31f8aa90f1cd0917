"""When a move was last made at a table (issue 24): running tables without a clock where nobody moved for
``--idle-table-ttl`` expire, and a full server frees the stalest table of the network holding the most. Stored
by the sweep every few seconds, not with every move; ``NULL`` until then (the table's start or creation counts).

Revision ID: 0007_touched
Revises: 0006_seat_accounts
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_touched"
down_revision = "0006_seat_accounts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("touched", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("touched")
