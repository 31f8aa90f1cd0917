"""The friends tables as the code reads and writes them (their schema is migration ``0008_friends``).

Every row names accounts by id with ``ON DELETE CASCADE`` (PostgreSQL enforces it; on SQLite, where foreign keys
are not enforced, ``store.forget`` deletes the rows itself when an account is deleted)."""

from __future__ import annotations

from sqlalchemy import Column, Float, ForeignKey, Integer, String, Table, UniqueConstraint

from museion.server.accounts import schema as account_schema
from museion.server.storage.rows import metadata

ACCOUNT = "accounts.id"
assert account_schema.accounts_t is not None  # the foreign keys name it: declared first

friendships_t = Table(
    "friendships", metadata,  # two rows per friendship, one each way: "my friends" is one indexed read
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True),
    Column("friend_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True, index=True),
    Column("since", Float, nullable=False),
)

requests_t = Table(
    "friend_requests", metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("from_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False, index=True),
    # the account asked; null: a request that reaches nobody (an unknown name, a player who blocked the sender,
    # a request declined or beyond the receiver's cap): the sender sees it pending, like one not answered yet
    Column("to_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), index=True),
    Column("to_name", String(24), nullable=False),  # the name as the sender typed it (all the sender is shown)
    Column("to_key", String(24), nullable=False),  # lowercased
    Column("created", Float, nullable=False),
    UniqueConstraint("from_id", "to_key", name="uq_friend_requests_from_to"),
)

blocks_t = Table(
    "blocks", metadata,
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True),  # who blocked
    Column("blocked_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True, index=True),
    Column("created", Float, nullable=False),
)

invitations_t = Table(
    "seat_invitations", metadata,  # a free seat held for a friend's account until it is taken or declined
    Column("table_id", String(32), ForeignKey("tables.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False, index=True),
    Column("inviter_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False, index=True),
    Column("created", Float, nullable=False),
)

settings_t = Table(
    "friend_settings", metadata,  # absent: the defaults
    Column("account_id", Integer, ForeignKey(ACCOUNT, ondelete="CASCADE"), primary_key=True),
    Column("notify_invites", Integer, nullable=False),  # 1: invitations are announced (toast, notification)
)

