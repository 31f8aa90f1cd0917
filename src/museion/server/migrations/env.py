"""Alembic's environment: the revisions run on the connection :func:`museion.server.migrations.upgrade` hands
over (``config.attributes["connection"]``). On PostgreSQL a transaction-level advisory lock makes servers that
start together on one database run the migrations one after the other."""

from __future__ import annotations

from alembic import context
from sqlalchemy import text

from museion.server.migrations import ADVISORY_LOCK

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("museion's migrations run through museion.server.migrations.upgrade (or `museion admin "
                       "migrate`), which hands Alembic a connection")
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": ADVISORY_LOCK})
    context.run_migrations()
