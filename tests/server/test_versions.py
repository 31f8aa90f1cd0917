"""Mixed versions on one PostgreSQL database (issue 39, item 5; docs/operations.md, "Upgrading a site of several
processes"): a process refuses to start beside a live process of another version, naming both versions, and
starts once that process is gone. Every server connection names its version (``application_name``); a release
that named none is recognised by its listening connection. The older processes are simulated by connections
with their names (a real older release cannot be installed next to this one). The database is the test's own:
a simulated old process in a shared one would stop other tests' servers."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

import pytest

from museion.server.ops import processes
from museion.server.testing import ServerProcess
from museion.version import __version__

PG = os.environ.get("MUSEION_TEST_PG_URL")
pytestmark = pytest.mark.skipif(not PG, reason="needs PostgreSQL: set MUSEION_TEST_PG_URL")


@pytest.fixture(scope="module")
def database():
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(PG)
    mine = base.set(database=f"museion_versions_{uuid.uuid4().hex[:8]}")
    admin = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{mine.database}"'))
    try:
        yield mine.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{mine.database}" WITH (FORCE)'))
        admin.dispose()


def _connect(url: str, name: str):
    import psycopg
    from sqlalchemy.engine import make_url

    dsn = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    return psycopg.connect(dsn, autocommit=True, application_name=name)


def _serve(url: str) -> subprocess.CompletedProcess[str]:
    """``museion serve`` that must refuse before it listens (a timeout would mean it started)."""
    return subprocess.run([sys.executable, "-m", "museion.cli", "serve", "--db", url, "--port", "0"],
                          capture_output=True, text=True, timeout=60)


def test_a_process_refuses_to_start_beside_another_version_naming_both(database):
    with _connect(database, "museion/0.0.9"):  # a process of a named older version
        refused = _serve(database)
    assert refused.returncode != 0
    said = refused.stderr + refused.stdout
    assert f"museion {__version__} cannot start beside museion 0.0.9" in said, said
    assert "Upgrading a site of several processes" in said
    with _connect(database, "") as old:  # a release that named no version: its listening connection
        assert processes.refuse_other_versions(database) is None  # connected, not yet a server
        old.execute("LISTEN museion_tables")
        said = processes.refuse_other_versions(database)
    assert said is not None and f"museion {__version__} cannot start beside museion of an earlier release" in said


def test_a_running_server_admits_its_own_version_and_a_new_version_is_refused_beside_it(database, tmp_path,
                                                                                       monkeypatch):
    """(Two real processes of one version on one PostgreSQL: tests/server/test_site.py.)"""
    first = ServerProcess(tmp_path / "a.db", db_url=database, log_path=tmp_path / "a.log").start()
    try:
        assert processes.refuse_other_versions(database) is None  # its own version may start beside it
        monkeypatch.setattr(processes, "APPLICATION", "museion/99.0")  # a newer release, starting now
        monkeypatch.setattr(processes, "__version__", "99.0")
        refused = processes.refuse_other_versions(database)
        assert refused is not None and f"museion 99.0 cannot start beside museion {__version__}" in refused
    finally:
        first.stop()
    assert processes.refuse_other_versions(database) is None  # a stopped process holds no connection
