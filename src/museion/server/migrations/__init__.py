"""Schema migrations with Alembic, used as a library: the revisions ship in this package (``versions/``) and
:func:`upgrade` brings any database to the newest one. ``Store`` calls it when it opens a database, so
``museion serve`` upgrades at start-up; ``museion admin migrate --db URL`` does it alone (before starting several
servers on one database), ``museion admin revision --db URL`` says where a database is, and ``museion admin
downgrade REV --db URL`` steps back to an older revision (:func:`downgrade`), refusing a step that would drop
data unless ``--drop-data`` says so (:func:`losses`; the policy is in docs/operations.md, "Downgrades").

A database made before migrations existed (no ``alembic_version`` table) is brought to the first revision by that
revision itself: it creates what is missing and adds the columns older versions lacked (see
``versions/0001_tables.py``), then every later revision runs as usual. A new revision: write
``versions/NNNN_name.py`` with ``down_revision`` set to the newest one (``alembic revision`` with
``-c src/museion/server/migrations/alembic.ini`` writes the skeleton), and add an upgrade test in
``tests/server/test_migrations.py``."""

from __future__ import annotations

import io
import pathlib
import re
import threading
from dataclasses import dataclass

from alembic import command
from alembic.config import Config
from alembic.operations import Operations
from alembic.runtime.migration import MigrationContext
from alembic.script import Script, ScriptDirectory
from sqlalchemy import Connection, Engine, inspect, text

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


DROPPING = (re.compile(r'DROP TABLE (?:IF EXISTS )?"?(\w+)"?'),
            re.compile(r'ALTER TABLE "?(\w+)"? DROP COLUMN "?(\w+)"?'),
            re.compile(r'(?:DELETE FROM|UPDATE) "?(\w+)"?'))
"""What a downgrade's SQL may do to stored data: drop a table, drop a column, delete or change rows."""


@dataclass(frozen=True)
class Loss:
    """Data a downgrade step would drop: ``count`` rows of ``table`` (or values of its ``column``)."""

    revision: str
    table: str
    column: str | None
    count: int

    def __str__(self) -> str:
        what = f"values of {self.table}.{self.column}" if self.column else f"rows of {self.table}"
        return f"{self.revision}: drops {self.count} {what}"


def steps(engine: Engine, target: str) -> list[Script]:
    """The revisions whose downgrades take the database from where it is to ``target`` (newest first): a
    :class:`ValueError` for an unknown revision or one the database is not above."""
    scripts = ScriptDirectory.from_config(config())
    known = [s.revision for s in scripts.walk_revisions()]
    current = revision(engine)
    if target != "base" and target not in known:
        raise ValueError(f"no revision {target!r}; the revisions are base, {', '.join(reversed(known))}")
    if current is None:
        raise ValueError("the database has no revision (made before migrations, or empty): nothing to downgrade")
    if target == current:
        raise ValueError(f"the database is at {target} already")
    found: list[Script] = []
    step: Script | None = scripts.get_revision(current)
    while step is not None and step.revision != target:
        found.append(step)
        down = step.down_revision  # one parent each: museion's revisions never branch
        step = scripts.get_revision(down) if isinstance(down, str) else None
    if step is None and target != "base":
        raise ValueError(f"{target} is newer than the database's {current}: museion admin migrate upgrades")
    return found


def dropped(script: Script) -> list[tuple[str, str | None]]:
    """The tables and columns (table, column or None for the whole table) the revision's downgrade drops or
    changes, read from the SQL it writes offline (PostgreSQL's, which Alembic writes without a database)."""
    out = io.StringIO()
    context = MigrationContext.configure(dialect_name="postgresql", opts={"as_sql": True, "output_buffer": out})
    with LOCK, Operations.context(context):
        script.module.downgrade()
    sql = out.getvalue()
    found: list[tuple[str, str | None]] = [(m.group(1), None) for m in DROPPING[0].finditer(sql)]
    found += [(m.group(1), m.group(2)) for m in DROPPING[1].finditer(sql)]
    return found + [(m.group(1), None) for m in DROPPING[2].finditer(sql)]


def losses(engine: Engine, target: str) -> list[Loss]:
    """What downgrading to ``target`` would drop that holds data: the rows of each dropped table (or changed by
    a step), the values (not NULL) of each dropped column. Empty: every step keeps every stored value."""
    found = []
    tables = set(inspect(engine).get_table_names())
    with engine.connect() as conn:
        for script in steps(engine, target):
            for table, column in dropped(script):
                if table not in tables:
                    continue
                where = f' WHERE "{column}" IS NOT NULL' if column else ""
                count = conn.execute(text(f'SELECT count(*) FROM "{table}"{where}')).scalar_one()
                if count:
                    found.append(Loss(script.revision, table, column, int(count)))
    return found


def downgrade(engine: Engine, target: str) -> None:
    """Run the downgrades from the database's revision to ``target`` (callers check :func:`losses` first). On
    SQLite, foreign keys are not enforced meanwhile: a dropped column rebuilds its table (Alembic's batch mode),
    which the rows of other tables point at."""
    sqlite = engine.dialect.name == "sqlite"
    with LOCK, engine.connect() as conn:
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=OFF")  # outside a transaction, or SQLite ignores it
            conn.commit()
        with conn.begin():
            command.downgrade(config(conn), target)
        if sqlite:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()
