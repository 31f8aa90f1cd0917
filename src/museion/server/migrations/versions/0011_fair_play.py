"""Reserved for issue 38 items 2-5 (ratings between accounts, reserved names, accounts-only tables).

Revision ID: 0011_fair_play
Revises: 0010_keep_old_games
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0011_fair_play"
down_revision = "0010_keep_old_games"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
