"""Schema migrations with Alembic, used as a library: the revisions ship in this package (``versions/``) and
:func:`upgrade` brings any database to the newest one. ``Store`` calls it when it opens a database, so
``museion serve`` upgrades at start-up; ``museion admin migrate --db URL`` does it alone (before starting several
servers on one database, or to see the revision: ``museion admin db-revision``).

A database made before migrations existed (no ``alembic_version`` table) is brought to the first revision by that
revision itself: it creates what is missing and adds the columns older versions lacked (see
``versions/0001_tables.py``), then every later revision runs as usual. A new revision: write
``versions/NNNN_name.py`` with ``down_revision`` set to the newest one (``alembic revision`` with
``-c src/museion/server/migrations/alembic.ini`` writes the skeleton), and add an upgrade test in
``tests/server/test_migrations.py``."""

from __future__ import annotations

import pathlib
import threading

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine

HERE = pathlib.Path(__file__).resolve().parent
ADVISORY_LOCK = 0x6D757365
"""The key ("muse") of the PostgreSQL advisory lock that ``env.py`` holds while it migrates."""
LOCK = threading.Lock()
"""Alembic's commands install module-level proxies (``alembic.op``, ``alembic.context``): one at a time per
process. Between processes (servers starting together on one PostgreSQL database) ``env.py`` takes an advisory
lock."""


def config(connection: Connection | None = None) -> Config:
    """Alembic's configuration for this package's revisions, without an ini file (``env.py`` takes the
    connection from ``attributes``)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(HERE))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision shipped."""
    found = ScriptDirectory.from_config(config()).get_current_head()
    assert found is not None
    return found


def revision(engine: Engine) -> str | None:
    """The revision the database is at (``None``: made before migrations, or empty)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def upgrade(engine: Engine, target: str = "head") -> None:
    """Run every revision the database lacks, up to ``target``, in one transaction where the database allows
    DDL in transactions (PostgreSQL; SQLite's DDL commits as it goes, each revision being written to be re-run)."""
    if target == "head" and revision(engine) == head():
        return
    with LOCK, engine.begin() as conn:
        command.upgrade(config(conn), target)
