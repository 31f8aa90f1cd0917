"""Fair play between accounts (issue 38 items 2 and 3): ratings that cannot be farmed, names nobody can borrow.

* ``seat_networks`` (table, seat -> network): the network (IPv4 /24, IPv6 /64) from which an account took a seat
  of a rated table that has not started; a later joiner from the same network makes the table unrated. Rows go
  when every seat is taken.
* ``rating_history.counted``: 0 for a rated game that did not change the player's rating (a fourth game within
  24 hours against the same account); existing rows changed ratings: 1.
* ``ratings.opponents``: distinct opponents (accounts and bot levels) of the account's counted rated games of
  that game and player count, counted up to the leaderboard's threshold; filled here from the history.
* ``accounts.name_key``: the account's name folded as guests' names are compared with it (NFKC, confusables,
  case: ``names.name_key``), filled here; indexed, not unique (two older names may fold alike).
* ``tables.accounts_only``: 1: only signed-in accounts take its seats.

The downgrade drops what the upgrade added (the history's counted flags and the networks are lost).

Revision ID: 0011_fair_play
Revises: 0010_keep_old_games
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from museion.server.table.names import name_key

revision = "0011_fair_play"
down_revision = "0010_keep_old_games"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_networks",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("network", sa.String(64), nullable=False),
    )
    with op.batch_alter_table("rating_history") as batch:
        batch.add_column(sa.Column("counted", sa.Integer, nullable=False, server_default="1"))
    with op.batch_alter_table("ratings") as batch:
        batch.add_column(sa.Column("opponents", sa.Integer, nullable=False, server_default="0"))
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("name_key", sa.String(64), nullable=True))
    op.create_index("ix_accounts_name_key", "accounts", ["name_key"])
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("accounts_only", sa.Integer, nullable=True))
    _fill()


def _fill() -> None:
    """Each account's folded name; each rating's distinct opponents from the rated games already played."""
    conn = op.get_bind()
    accounts = sa.table("accounts", sa.column("id", sa.Integer), sa.column("username", sa.String),
                        sa.column("name_key", sa.String))
    for row in conn.execute(sa.select(accounts.c.id, accounts.c.username)).all():
        conn.execute(accounts.update().where(accounts.c.id == row.id).values(name_key=name_key(row.username)))
    ratings = sa.table("ratings", sa.column("account_id", sa.Integer), sa.column("game", sa.String),
                       sa.column("players", sa.Integer), sa.column("opponents", sa.Integer))
    history = sa.table("rating_history", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                       sa.column("account_id", sa.Integer), sa.column("game", sa.String),
                       sa.column("players", sa.Integer))
    seats = sa.table("seats", sa.column("table_id", sa.String), sa.column("seat", sa.Integer),
                     sa.column("account_id", sa.Integer), sa.column("bot", sa.String), sa.column("kind", sa.String))
    who = sa.case((seats.c.account_id.is_not(None), sa.literal("a") + sa.cast(seats.c.account_id, sa.String)),
                  else_=sa.literal("b") + seats.c.bot)
    count = (sa.select(sa.func.count(sa.distinct(who)))
             .select_from(history.join(seats, sa.and_(seats.c.table_id == history.c.table_id,
                                                      seats.c.seat != history.c.seat)))
             .where(history.c.account_id == ratings.c.account_id, history.c.game == ratings.c.game,
                    history.c.players == ratings.c.players,
                    sa.or_(seats.c.account_id.is_not(None), seats.c.kind == "bot"))
             .scalar_subquery())
    conn.execute(ratings.update().values(opponents=count))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("accounts_only")
    op.drop_index("ix_accounts_name_key", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("name_key")
    with op.batch_alter_table("ratings") as batch:
        batch.drop_column("opponents")
    with op.batch_alter_table("rating_history") as batch:
        batch.drop_column("counted")
    op.drop_table("seat_networks")
