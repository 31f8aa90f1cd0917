"""The whole suite leaves no process behind: the test run adopts every orphan of its descendants and checks at
the end that none is left.

On Linux the pytest process becomes a *child subreaper* (``PR_SET_CHILD_SUBREAPER``): a process whose parent
dies (a server killed by a test, with its bot workers) is re-parented to pytest instead of to init, so every
process descended from this run stays countable, and nothing started by other runs on the machine is. At the
end of the session the remaining descendants get a grace period to exit; any still alive fail the run and are
then ended (they are ours). With pytest-xdist (``make test`` runs the pure pass on both cores) every worker does
this for its own descendants, and each worker gets a PostgreSQL database of its own (``MUSEION_TEST_PG_URL`` names
the one CI started; the worker's is that name with ``_gw0``, ``_gw1`` ... appended, made empty at its start).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys

import pytest

PR_SET_CHILD_SUBREAPER = 36
GRACE = 15.0


def pytest_configure(config: pytest.Config) -> None:
    if sys.platform.startswith("linux"):
        with contextlib.suppress(Exception):
            ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1)
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if worker and os.environ.get("MUSEION_TEST_PG_URL"):
        os.environ["MUSEION_TEST_PG_URL"] = _worker_database(os.environ["MUSEION_TEST_PG_URL"], worker)


def _worker_database(url: str, worker: str) -> str:
    """A fresh, empty PostgreSQL database for one xdist worker, next to the one ``url`` names: its URL."""
    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    base = make_url(url)
    mine = base.set(database=f"{base.database}_{worker}")
    engine = create_engine(base.set(database="postgres"), isolation_level="AUTOCOMMIT")  # the maintenance db
    with engine.connect() as conn:
        conn.execute(text(f'DROP DATABASE IF EXISTS "{mine.database}" WITH (FORCE)'))
        conn.execute(text(f'CREATE DATABASE "{mine.database}"'))
    engine.dispose()
    return mine.render_as_string(hide_password=False)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Tests marked ``pure_only`` replace a method or function of the engines with a faulty one to prove a
    checker catches it; a compiled function or method cannot be replaced from Python (compiled callers keep calling
    the original), so they run in the pure pass of ``make test`` (``MUSEION_PURE=1``) and are skipped when this
    run uses the compiled build. (Subclassing is fine: core's ``Game`` and ``State`` accept subclasses written in
    Python, see examples/nim.)"""
    import museion

    if museion.BUILD != "compiled":
        return
    skip = pytest.mark.skip(reason="patches compiled engine code: runs in the pure pass (MUSEION_PURE=1)")
    for item in items:
        if "pure_only" in item.keywords:
            item.add_marker(skip)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    if session.config.pluginmanager.hasplugin("dsession"):
        return  # the xdist controller: its workers are its children (each checks its own descendants)
    try:
        import psutil
    except ImportError:
        return
    me = psutil.Process()
    left = [p for p in me.children(recursive=True) if p.pid != me.pid]
    _gone, alive = psutil.wait_procs(left, timeout=GRACE)
    alive = [p for p in alive if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]
    if not alive:
        return
    lines = []
    for proc in alive:
        with contextlib.suppress(psutil.Error):
            lines.append(f"  pid {proc.pid}: {' '.join(proc.cmdline())[:160]}")
        with contextlib.suppress(psutil.Error):
            proc.kill()
    psutil.wait_procs(alive, timeout=5)
    sys.stderr.write(f"\n{len(alive)} process(es) started by this test run were still running at its end "
                     "(ended now):\n" + "\n".join(lines) + "\n")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
