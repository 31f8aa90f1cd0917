"""Tournaments (issue 41 item 4).

Revision ID: 0018_tournaments
Revises: 0017_bot_play
Create Date: 2026-12-05
"""

from __future__ import annotations

revision = "0018_tournaments"
down_revision = "0017_bot_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Filled by the issue's work."""


def downgrade() -> None:
    """Filled by the issue's work."""
