"""Accounts (optional: guests play by link as before), their server-side sessions and recovery codes.

Least data: a username, an Argon2id hash of the password, when the account was made and whether the operator
suspended it. A session is stored as the SHA-256 of the cookie's random value, a recovery code as the SHA-256 of
the code (both are random: 128 and 60 bits), so a copy of the database opens no session and resets no password.
Deleting an account deletes its sessions and codes with it (``ON DELETE CASCADE``, and the code deletes them
explicitly for SQLite databases opened without foreign keys). Later revisions hang ratings, profiles and seats
(``seats.account_id``) on ``accounts.id``.

Revision ID: 0002_accounts
Revises: 0001_tables
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_accounts"
down_revision = "0001_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(24), nullable=False),
        sa.Column("username_key", sa.String(24), nullable=False),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
    )
    op.create_index("ix_accounts_username_key", "accounts", ["username_key"], unique=True)
    op.create_table(
        "account_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
    )
    op.create_index("ix_account_sessions_account_id", "account_sessions", ["account_id"])
    op.create_table(
        "recovery_codes",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("code_hash", sa.String(64), primary_key=True),
    )


def downgrade() -> None:
    op.drop_table("recovery_codes")
    op.drop_index("ix_account_sessions_account_id", "account_sessions")
    op.drop_table("account_sessions")
    op.drop_index("ix_accounts_username_key", "accounts")
    op.drop_table("accounts")
