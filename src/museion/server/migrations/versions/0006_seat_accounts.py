"""Your seats follow you: a seat may belong to an account (``seats.account_id``, nullable: guests' seats have
none). Bound at sign-in (the browser's guest seats) and when a signed-in player joins; set back to null, with
the seat's name replaced by "deleted player", when the account is deleted. No foreign-key constraint: SQLite
cannot add one to an existing table without copying it, and the deletion clears the column itself.

Revision ID: 0006_seat_accounts
Revises: 0005_undo
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_seat_accounts"
down_revision = "0005_undo"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("seats", sa.Column("account_id", sa.Integer, nullable=True))
    op.create_index("ix_seats_account_id", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_seats_account_id", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("account_id")
