"""The schema of the tables, seats, actions and analyses as it was when migrations began (main 6fbf2f2).

On an empty database this creates exactly that schema. On a database made before migrations (no
``alembic_version``), possibly by a version older still, it creates the tables that are missing and adds the
columns and indexes older versions lacked, as ``Store._migrate`` used to: all of them nullable (an old table has no
clock, no notices, no creator token, no stand-ins), and when ``started`` is added every table counts as started
at its creation (such tables predate expiry: none of them expires).

Revision ID: 0001_tables
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0001_tables"
down_revision = None
branch_labels = None
depends_on = None


def _tables() -> list[tuple[str, list[sa.Column[Any]], list[tuple[str, list[str]]]]]:
    """(name, columns, indexes) of each table, frozen as of this revision (never the models of today's code)."""
    return [
        ("tables", [
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(32), nullable=False),
            sa.Column("options", sa.JSON, nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("creator", sa.String(64)),
            sa.Column("started", sa.Float),
            sa.Column("finished", sa.Float),
            sa.Column("scores", sa.JSON),
            sa.Column("winners", sa.JSON),
            sa.Column("clock", sa.JSON),
            sa.Column("clock_state", sa.JSON),
            sa.Column("notices", sa.JSON),
            sa.Column("creator_key", sa.String(64)),
            sa.Column("hints", sa.Integer),
        ], [("ix_tables_status", ["status"]), ("ix_tables_creator", ["creator"])]),
        ("seats", [
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
            sa.Column("seat", sa.Integer, primary_key=True),
            sa.Column("kind", sa.String(8), nullable=False),
            sa.Column("bot", sa.String(32)),
            sa.Column("name", sa.String(64)),
            sa.Column("token_hash", sa.String(64)),
            sa.Column("standin", sa.String(32)),
            sa.Column("forfeit", sa.Integer),
        ], []),
        ("analyses", [
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
            sa.Column("data", sa.JSON, nullable=False),
        ], []),
        ("actions", [
            sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
            sa.Column("seq", sa.Integer, primary_key=True),
            sa.Column("action", sa.Integer, nullable=False),
        ], []),
    ]


def upgrade() -> None:
    inspector = sa.inspect(op.get_bind())
    present = set(inspector.get_table_names())
    for name, columns, indexes in _tables():
        if name not in present:
            op.create_table(name, *columns)
        else:
            _complete(name, columns, inspector)
        have = {ix["name"] for ix in inspector.get_indexes(name)} if name in present else set()
        for index, on in indexes:
            if index not in have:
                op.create_index(index, name, on)


def _complete(name: str, columns: list[sa.Column[Any]], inspector: sa.Inspector) -> None:
    """Add the columns a table made by an older version lacks (every one of them nullable)."""
    have = {c["name"] for c in inspector.get_columns(name)}
    for column in columns:
        if column.name not in have:
            assert column.nullable, f"{name}.{column.name} cannot be added to rows that exist"
            op.add_column(name, sa.Column(column.name, column.type))
    if name == "tables" and "started" not in have:
        op.execute(sa.text("UPDATE tables SET started = created"))


def downgrade() -> None:
    for name, _columns, _indexes in reversed(_tables()):
        op.drop_table(name)
