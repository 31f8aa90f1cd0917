"""A second factor (issue 38 item 6): ``account_totp``, one row per account that set up TOTP (RFC 6238): its
secret, whether a first code confirmed it, and the time step of the last code accepted (a code works once).
No account has one until its player turns it on.

Revision ID: 0012_totp
Revises: 0011_fair_play
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_totp"
down_revision = "0011_fair_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "account_totp",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("secret", sa.String(64), nullable=False),
        sa.Column("confirmed", sa.Integer, nullable=False),
        sa.Column("last_step", sa.Integer, nullable=True),
        sa.Column("created", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("account_totp")
