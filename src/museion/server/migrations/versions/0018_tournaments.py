"""Tournaments (issue 41 item 4): ``tournaments`` (what, when, which round), ``tournament_players`` (who joined,
from where, withdrawn or not) and ``tournament_games`` (each round's tables, byes and absences, with their points
once played; server/tournaments).

Revision ID: 0018_tournaments
Revises: 0017_bot_play
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_tournaments"
down_revision = "0017_bot_play"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "tournaments",
        sa.Column("id", sa.String(16), primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("format", sa.String(8), nullable=False),
        sa.Column("rounds", sa.Integer, nullable=False),
        sa.Column("clock", sa.JSON),
        sa.Column("rated", sa.Integer, nullable=False),
        sa.Column("bots_allowed", sa.Integer, nullable=False),
        sa.Column("creator_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="SET NULL"), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("starts", sa.Float, nullable=False),
        sa.Column("ends", sa.Float),
    )
    op.create_index("ix_tournaments_status", "tournaments", ["status", "starts"])
    op.create_table(
        "tournament_players",
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                  primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("network", sa.String(64), nullable=False),
        sa.Column("withdrawn", sa.Integer, nullable=False),
    )
    op.create_table(
        "tournament_games",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("tournament_id", sa.String(16), sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("accounts", sa.JSON, nullable=False),
        sa.Column("points", sa.JSON),
        sa.Column("scores", sa.JSON),
    )
    op.create_index("ix_tournament_games", "tournament_games", ["tournament_id", "round"])


def downgrade() -> None:
    op.drop_table("tournament_games")
    op.drop_table("tournament_players")
    op.drop_table("tournaments")
