"""Friends' presence (issue 40 item 3): ``presence``, when each account was last seen (its friends learn whether
it is online; ``friends/presence.py``).

Revision ID: 0016_presence
Revises: 0015_seeks
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_presence"
down_revision = "0015_seeks"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "presence",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("presence")
