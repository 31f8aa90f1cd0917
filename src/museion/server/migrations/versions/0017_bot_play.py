"""Bot accounts, personal API tokens, challenges and the accounts' event stream (issue 41 items 1-2).

* ``accounts.bot``: 1 for a bot account (``POST /api/me/bot``): shown as a bot everywhere, never paired by quick
  pairing with people; NULL (every existing account) for a person, so a downgrade loses only which were bots.
* ``api_tokens``: personal API tokens (``server/botapi``): the SHA-256 of the token (never the token), its name,
  scopes, when it was made and last used.
* ``challenges``: one account asks another for a game (``server/challenges``): what, between whom, from which
  network, until when, and the table once accepted.
* ``stream_events``: what ``GET /api/stream`` tells an account (``server/stream``), kept minutes, read by every
  server process of a site (the way seeks and invitations reach other processes: rows in the database).

The downgrade drops all of it.

Revision ID: 0017_bot_play
Revises: 0016_presence
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0017_bot_play"
down_revision = "0016_presence"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("bot", sa.Integer, nullable=True))
    op.create_table(
        "api_tokens",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("scopes", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("last_used", sa.Float, nullable=True),
    )
    op.create_index("ix_api_tokens_account_id", "api_tokens", ["account_id"])
    op.create_index("ix_api_tokens_hash", "api_tokens", ["hash"], unique=True)
    op.create_table(
        "challenges",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("challenger_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("challenged_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("request", sa.JSON, nullable=False),
        sa.Column("network", sa.String(64), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
    )
    op.create_index("ix_challenges_challenger", "challenges", ["challenger_id", "status"])
    op.create_index("ix_challenges_challenged", "challenges", ["challenged_id", "status"])
    op.create_table(
        "stream_events",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("event", sa.JSON, nullable=False),
    )
    op.create_index("ix_stream_events_account", "stream_events", ["account_id", "id"])


def downgrade() -> None:
    op.drop_table("stream_events")
    op.drop_table("challenges")
    op.drop_table("api_tokens")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("bot")
