"""Old rows keep their games (issue 39): an upgrade changes no table's fate. ``tables.touched`` came with idle
expiry (0007_touched) and was left ``NULL`` in the rows already there, so the 14 days of ``--idle-table-ttl``
were counted from ``started``: a game started 20 days before the upgrade expired at the first sweep after it. Every
row whose ``touched`` is ``NULL`` gets the time of this migration: unfinished tables have their whole
``--idle-table-ttl`` from the upgrade, open ones their ``--open-table-ttl`` (``Store.expire_open`` counts from
``touched`` when it is set), and finished or expired rows are not read by any expiry rule.

The downgrade keeps the values (the column stays; which rows had ``NULL`` is not known afterwards, and a time
there costs nothing): it drops no data.

Revision ID: 0010_keep_old_games
Revises: 0009_ratings
Create Date: 2026-12-04
"""

from __future__ import annotations

import time

import sqlalchemy as sa
from alembic import op

revision = "0010_keep_old_games"
down_revision = "0009_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    tables = sa.table("tables", sa.column("touched", sa.Float))
    op.execute(tables.update().where(tables.c.touched.is_(None)).values(touched=time.time()))


def downgrade() -> None:
    pass
