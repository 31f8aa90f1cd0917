"""Bot accounts, personal API tokens and challenges (issue 41 items 1-2).

Revision ID: 0017_bot_play
Revises: 0016_presence
Create Date: 2026-12-05
"""

from __future__ import annotations

revision = "0017_bot_play"
down_revision = "0016_presence"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Filled by the issue's work."""


def downgrade() -> None:
    """Filled by the issue's work."""
