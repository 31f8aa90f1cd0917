"""Reserved for issue 39 (old rows keep their games): filled in by that work.

Revision ID: 0010_keep_old_games
Revises: 0009_ratings
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0010_keep_old_games"
down_revision = "0009_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
