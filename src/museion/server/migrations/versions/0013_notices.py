"""Notices while away (issue 40 item 1): an account's e-mail address and its choices, the browsers subscribed to
Web Push, the outbox every notice is sent from, and the server's keys (VAPID, the unsubscribe tokens' HMAC key).
Nothing is stored about an account until its player adds an address or a browser.

Revision ID: 0013_notices
Revises: 0012_totp
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_notices"
down_revision = "0012_totp"
branch_labels = None
depends_on = None


def _account(primary_key: bool = False) -> sa.Column:  # type: ignore[type-arg]
    return sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"),
                     primary_key=primary_key, nullable=False, index=not primary_key)


def upgrade() -> None:
    op.create_table(
        "notice_addresses", _account(True),
        sa.Column("email", sa.String(254), nullable=False),
        sa.Column("verified", sa.Float, nullable=True),
        sa.Column("code_hash", sa.String(64), nullable=True),
        sa.Column("code_expires", sa.Float, nullable=True),
        sa.Column("code_tries", sa.Integer, nullable=False),
        sa.Column("nonce", sa.String(32), nullable=False),
        sa.Column("unsub_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("base_url", sa.String(200), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "notice_settings", _account(True),
        *(sa.Column(name, sa.Integer, nullable=False) for name in ("turn", "invite", "friend", "digest", "mail_off")),
    )
    op.create_table(
        "push_subscriptions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _account(),
        sa.Column("endpoint", sa.String(1000), nullable=False, unique=True),
        sa.Column("p256dh", sa.String(200), nullable=False),
        sa.Column("auth", sa.String(100), nullable=False),
        sa.Column("lang", sa.String(8), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "notice_outbox",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        _account(),
        sa.Column("channel", sa.String(8), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("key", sa.String(200), nullable=False, unique=True),
        sa.Column("args", sa.Text, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False),
        sa.Column("claim", sa.String(32), nullable=True),
        sa.Column("claimed_until", sa.Float, nullable=True),
        sa.Column("sent", sa.Float, nullable=True),
        sa.Column("failed", sa.String(200), nullable=True),
    )
    op.create_index("ix_notice_outbox_due", "notice_outbox", ["sent", "due"])
    op.create_table(
        "notice_keys",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.Text, nullable=False),
    )


def downgrade() -> None:
    for name in ("notice_keys", "notice_outbox", "push_subscriptions", "notice_settings", "notice_addresses"):
        op.drop_table(name)
