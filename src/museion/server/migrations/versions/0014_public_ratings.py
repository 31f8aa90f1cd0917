"""Public ratings (issue 40 item 2): ``profiles.show_ratings`` now says whether the account is listed on the
leaderboards (1, the default; 0: it chose to hide), no longer whether its ratings are shown (they are public on
its page, as on every rating site). Under the old opt-in a 0 was the default nobody chose, so every existing row
becomes 1: players enter the leaderboards by playing (once past the fair-play rules), and may hide again.

Revision ID: 0014_public_ratings
Revises: 0013_notices
Create Date: 2026-12-04
"""

from __future__ import annotations

from alembic import op

revision = "0014_public_ratings"
down_revision = "0013_notices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.execute("UPDATE profiles SET show_ratings = 1")


def downgrade() -> None:
    """The old meaning cannot be restored (who would have opted in is not known): the rows stay listed."""
