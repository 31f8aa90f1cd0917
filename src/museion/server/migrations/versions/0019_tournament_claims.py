"""A tournament's claim of its next round expires (issue 41 item 4, follow-up): ``tournaments.claimed`` is when the
process that moved the tournament to its next round must have written that round's tables by. A process that died
between the claim and the tables leaves the round without games; once the time has passed another process takes the
round over (server/tournaments/store.py ``take_over``). NULL: no round is being made.

Revision ID: 0019_tournament_claims
Revises: 0018_tournaments
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_tournament_claims"
down_revision = "0018_tournaments"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.add_column(sa.Column("claimed", sa.Float, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tournaments") as batch:
        batch.drop_column("claimed")
