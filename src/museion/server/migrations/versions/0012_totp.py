"""Reserved for issue 38 item 6 (a second factor).

Revision ID: 0012_totp
Revises: 0011_fair_play
Create Date: 2026-12-04
"""

from __future__ import annotations

revision = "0012_totp"
down_revision = "0011_fair_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    pass


def downgrade() -> None:
    pass
