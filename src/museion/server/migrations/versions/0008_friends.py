"""Friends (issue 26): friendships (two rows each, one each way), friend requests (a request that reaches nobody
has no receiver), blocks, seats held for an invited friend's account, and each account's notification setting.
New tables only: every existing row is kept as it is. See docs/friends.md.

Revision ID: 0008_friends
Revises: 0007_touched
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_friends"
down_revision = "0007_touched"
branch_labels = None
depends_on = None

ACCOUNT = "accounts.id"


def _account(name: str, *, primary_key: bool = False, nullable: bool | None = None) -> sa.Column[int]:
    """An account id column (a key part is not null, as a ``Column`` makes it by default)."""
    return sa.Column(name, sa.Integer, sa.ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=primary_key,
                     nullable=not primary_key if nullable is None else nullable)


def upgrade() -> None:
    op.create_table("friendships", _account("account_id", primary_key=True),
                    _account("friend_id", primary_key=True), sa.Column("since", sa.Float, nullable=False))
    op.create_index("ix_friendships_friend_id", "friendships", ["friend_id"])
    op.create_table("friend_requests",
                    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
                    _account("from_id", nullable=False), _account("to_id"),
                    sa.Column("to_name", sa.String(24), nullable=False),
                    sa.Column("to_key", sa.String(24), nullable=False),
                    sa.Column("created", sa.Float, nullable=False),
                    sa.UniqueConstraint("from_id", "to_key", name="uq_friend_requests_from_to"))
    op.create_index("ix_friend_requests_from_id", "friend_requests", ["from_id"])
    op.create_index("ix_friend_requests_to_id", "friend_requests", ["to_id"])
    op.create_table("blocks", _account("account_id", primary_key=True), _account("blocked_id", primary_key=True),
                    sa.Column("created", sa.Float, nullable=False))
    op.create_index("ix_blocks_blocked_id", "blocks", ["blocked_id"])
    op.create_table("seat_invitations",
                    sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
                    sa.Column("seat", sa.Integer, primary_key=True),
                    _account("account_id", nullable=False), _account("inviter_id", nullable=False),
                    sa.Column("created", sa.Float, nullable=False))
    op.create_index("ix_seat_invitations_account_id", "seat_invitations", ["account_id"])
    op.create_index("ix_seat_invitations_inviter_id", "seat_invitations", ["inviter_id"])
    op.create_table("friend_settings", _account("account_id", primary_key=True),
                    sa.Column("notify_invites", sa.Integer, nullable=False))


def downgrade() -> None:
    for table in ("friend_settings", "seat_invitations", "blocks", "friend_requests", "friendships"):
        op.drop_table(table)
